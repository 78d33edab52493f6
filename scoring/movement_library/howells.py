"""Published Howell movements, typed from their sources: each is its first round, written as
the source writes it, and the rule the source gives for the rounds after.

Ian McKinnon's shorthand (Bridge Central, "Movements" pages, bridgecentral.com/MvtHTML) lists
the 2T-1 places of a T-table Howell in order: a pair number pair "8-1" is a table (NS first,
EW second), "R" a relay place holding a set of boards, "2R" two relay places. In round 1 the
set of a place is its number. After each round every pair but the highest moves to the spot
the pair numbered one below it left (pair 1 to pair 2T-1's), and the boards move to the next
lower place, through the relays (McKinnon, "Reduced Howell": "After each round, each pair
(except the highest numbered pair) moves to the spot vacated by the pair with the number
immediately below their own ... The boards also move ... to the next lower numbered table,
except where there is a relay table, when the boards are placed there").

The complete Howells for 5, 6 and 7 tables are typed from the movement files shipped with The
Bridge Scorekeeper (github.com/thebridsk/bridgescorer, MIT licence): their first round, written
in McKinnon's shorthand, gives every later round of those files by McKinnon's rule. Howells for
3 and 8-10 tables and the published 3/4 Howells are not here: no source with their cards could
be read (docs/rules.md lists what is missing).
"""

from dataclasses import dataclass

__all__ = ["HowellEntry", "HOWELLS"]


@dataclass(frozen=True)
class HowellEntry:
    key: str
    label: str  # how the set-up page names it
    shorthand: str  # McKinnon's first round, places in order
    source: str  # title and author of what it was typed from
    # "howell": McKinnon's rule; "endless": the endless Howell's; "barometer": McKinnon's
    # pair rule with every table on the same set, set r in round r
    rule: str = "howell"
    boards: tuple[int, ...] = ()  # "endless": each table's first set (else the place's)


_FOUR_TABLES = (
    'Ian McKinnon, Bridge Central "4 Table Howell" (all the 4-table Howells, base skeleton '
    '(a) 8-1 2-7 3-6 5-4), and "Producing Howell movements" (worked to this line)'
)

_SCOREKEEPER = (
    "The Bridge Scorekeeper (github.com/thebridsk/bridgescorer, MIT licence), movement file "
    "server/src/main/resources/com/github/thebridsk/bridge/server/backend/Movement.{}.yaml"
)

HOWELLS = (
    # bridgescoreplus.com, "Recommended movements" (compiled with ACBL tournament and club
    # directors), 2 tables: "a Howell movement of 3 long rounds ... one stationary pair, #4 at
    # table 1 NS ... Standard (in round one, pair 3 is NS, pair 2 EW) ... both tables sharing
    # boards in each round". Pair 1 is then EW at table 1; the rounds after follow
    # McKinnon's pair rule.
    HowellEntry(
        "acbl-2-standard",
        "2-table Howell, 3 rounds, boards shared (ACBL standard: 4-1 3-2)",
        "4-1 3-2",
        'bridgescoreplus.com, "Recommended movements" (with ACBL directors), 2 tables, '
        "Standard; the rounds after by Ian McKinnon's Howell rule",
        rule="barometer",
    ),
    # McKinnon, "Producing Howell movements": skeleton (b) on base (a) gives
    # "8-1 4-2 7-3 6-5 / 1 3 5 2 ... Or in the shorthand method: 8-1 6-5 4-2 R 7-3 2R".
    HowellEntry(
        "mckinnon-4-ab",
        "4-table Howell, 7 rounds (McKinnon: 8-1 6-5 4-2 R 7-3 2R)",
        "8-1 6-5 4-2 R 7-3 2R",
        _FOUR_TABLES,
    ),
    # McKinnon, "4 Table Howell": base (a), super-skeleton (c).
    HowellEntry(
        "mckinnon-4-ac",
        "4-table Howell, 7 rounds (McKinnon: 8-1 2R 6-2 R 7-5 4-3)",
        "8-1 2R 6-2 R 7-5 4-3",
        'Ian McKinnon, Bridge Central "4 Table Howell", base (a) with super-skeleton (c)',
    ),
    # McKinnon, "4 Table Howell": base (b) 8-1 4-2 3-7 6-5, super-skeleton (c). The page:
    # "the only unique cases are (b) and (c) on (a), and (c) on (b)".
    HowellEntry(
        "mckinnon-4-bc",
        "4-table Howell, 7 rounds (McKinnon: 8-1 2R 7-5 R 4-3 2-6)",
        "8-1 2R 7-5 R 4-3 2-6",
        'Ian McKinnon, Bridge Central "4 Table Howell", base (b) with super-skeleton (c)',
    ),
    # McKinnon, "Endless Howell movement" (also called Flower Howell): "Player starting
    # positions 8-1 7-2 6-3 5-4 / Board sets round 1: 1 3 5 2". The NS pair at table 1 stays;
    # NS pairs move up a table, EW pairs down; EW at table 1 go to NS at table 2, NS at the
    # top table turn to EW there; each table plays its sets in order ("table 2 might start
    # with set 3 and on subsequent rounds the boards played are sets 4, 5, 6, 7, 1, 2").
    HowellEntry(
        "mckinnon-4-endless",
        "4-table endless (Flower) Howell, 7 rounds (McKinnon: 8-1 7-2 6-3 5-4)",
        "8-1 7-2 6-3 5-4",
        'Ian McKinnon, Bridge Central "Endless Howell movement"',
        rule="endless",
        boards=(1, 3, 5, 2),
    ),
    # The Bridge Scorekeeper, "Movement.Howell10T5B18.yaml": round 1 table 1 7-3 on boards 1-2
    # (set 1), table 2 5-2 on set 2, table 3 10-1 on set 3, table 4 9-8 on set 4, table 5 4-6
    # on set 5; sets 6-9 wait between tables 5 and 1 (as a club's sheet has it: "5 tables
    # Howell, 9 rounds ... 4 relays between tables 5 & 1", Exeter Bridge Club, info page).
    HowellEntry(
        "howell-5-complete",
        "5-table Howell (complete, 9 rounds; pair 10 stays at table 3)",
        "7-3 5-2 10-1 9-8 4-6 4R",
        _SCOREKEEPER.format("Howell10T5B18"),
    ),
    # "Movement.Howell12T6B22.yaml": round 1 table 1 12-1 on set 1, table 2 6-7 on set 4,
    # table 3 11-4 on set 6, table 4 3-9 on set 8, table 5 2-5 on set 9, table 6 10-8 on set 11.
    HowellEntry(
        "howell-6-complete",
        "6-table Howell (complete, 11 rounds; pair 12 stays at table 1)",
        "12-1 2R 6-7 R 11-4 R 3-9 2-5 R 10-8",
        _SCOREKEEPER.format("Howell12T6B22"),
    ),
    # "Movement.Howell14T7B26.yaml": round 1 tables 1-7 on sets 1-7: 5-12, 2-4, 9-10, 14-1,
    # 8-13, 7-11, 6-3; sets 8-13 wait between tables 7 and 1 ("7 tables Howell, 13 rounds ...
    # 6 relays between tables 7 & 1", Exeter Bridge Club). Table 1's card as BridgeHands prints
    # it ("Guide Card"): round 1 pair 5 NS against 12 on boards 1-2, round 2 6 against 13 on
    # boards 3-4, pair 5 then to table 2 EW.
    HowellEntry(
        "howell-7-complete",
        "7-table Howell (complete, 13 rounds; pair 14 stays at table 4)",
        "5-12 2-4 9-10 14-1 8-13 7-11 6-3 6R",
        _SCOREKEEPER.format("Howell14T7B26"),
    ),
)
