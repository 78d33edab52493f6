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

A 3/4 (reduced) Howell is written the same way with fewer places than 2T-1: its places are
its rounds and its sets, the pairs numbered up to that many move by the rule above and the
pairs numbered above it stay put (howellki's reader of KoPS's Howell file, below, in Polish:
"as many moving pairs as rounds ... the remaining pairs: stationary").

The complete Howells for 5, 6 and 7 tables are typed from the movement files shipped with The
Bridge Scorekeeper (github.com/thebridsk/bridgescorer, MIT licence): their first round, written
in McKinnon's shorthand, gives every later round of those files by McKinnon's rule. The Howells
of KoPS, a Polish pairs scoring program, complete and 3/4 for 4-10 tables, are typed from its
HOWELL.DAT as Michal Klichowicz's "howellki" reads it into movements.json (github.com/emkael/
howellki, GPL-2.0): "positions", the pairs of round 1 table by table (NS, EW), and "sets", the
table each set starts at (0: a relay), are McKinnon's shorthand in another spelling, and its
animation moves pairs and sets by his rule. The 3-table Howell, whose sets do not follow the
rule, is typed round by round from The Bridge Scorekeeper's file.
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
    # pair rule with every table on the same set, set r in round r; "typed": `rows` as printed
    rule: str = "howell"
    boards: tuple[int, ...] = ()  # "endless": each table's first set (else the place's)
    rows: tuple[tuple[int, int, int, int, int], ...] = ()  # "typed": round, table, NS, EW, set


_FOUR_TABLES = (
    'Ian McKinnon, Bridge Central "4 Table Howell" (all the 4-table Howells, base skeleton '
    '(a) 8-1 2-7 3-6 5-4), and "Producing Howell movements" (worked to this line)'
)

_SCOREKEEPER = (
    "The Bridge Scorekeeper (github.com/thebridsk/bridgescorer, MIT licence), movement file "
    "server/src/main/resources/com/github/thebridsk/bridge/server/backend/Movement.{}.yaml"
)

_KOPS_SOURCE = (
    'KoPS (Polish pairs scoring program), HOWELL.DAT, movement "{}", as read into '
    "movements.json by Michal Klichowicz's howellki (github.com/emkael/howellki, GPL-2.0)"
)

# KoPS's Howells in McKinnon's shorthand: (tables, rounds, round 1), from movements.json's
# "positions" (NS, EW of tables 1, 2 ...) and "sets" (the table set n starts at, 0 a relay).
_KOPS = (
    (4, 7, "8-1 5-4 2-7 R 3-6 2R"),
    (5, 7, "10-1 6-3 9-5 2-7 4-8 2R"),
    (5, 9, "3-7 2-5 10-1 8-9 6-4 4R"),
    (6, 8, "12-1 5-11 7-10 9-2 4-6 3-8 2R"),
    (6, 9, "2-6 9-8 3-5 7-12 11-4 10-1 3R"),
    (6, 10, "12-1 R 6-8 2R 5-2 4-11 10-9 3-7 R"),
    (6, 11, "12-1 R 6-11 3R 5-9 2-3 10-8 R 4-7"),
    (7, 9, "14-1 8-13 6-4 9-12 7-3 11-5 10-2 2R"),
    (7, 10, "14-1 8-7 4-13 6-2 12-9 5-3 10-11 3R"),
    (7, 11, "14-1 4-6 9-10 7-3 2-13 11-12 8-5 4R"),
    (7, 12, "14-1 9-5 7-4 12-2 10-11 3-8 6-13 5R"),
    (8, 10, "16-1 8-15 14-7 2-13 12-6 5-9 4-11 10-3 2R"),
    (8, 11, "16-1 4-15 14-11 10-13 9-8 5-7 12-3 2-6 3R"),
    (8, 12, "16-1 15-11 9-14 5-6 3-8 10-13 12-2 4-7 4R"),
    (8, 13, "16-1 15-4 13-11 7-14 9-10 5-12 3-8 2-6 5R"),
    (8, 14, "16-1 3-4 14-9 7-13 12-10 R 11-15 6-2 8-5 5R"),
    (8, 15, "16-1 14-5 11-4 10-6 9-12 15-2 R 13-3 8-7 6R"),
    (9, 11, "18-1 17-5 11-16 10-2 9-15 7-8 14-6 4-13 12-3 2R"),
    (9, 12, "18-1 12-17 6-8 3-10 7-16 2-15 14-11 9-5 13-4 3R"),
    (9, 13, "18-1 12-17 8-5 2-10 9-13 16-7 15-6 4-11 3-14 4R"),
    (9, 14, "18-1 8-17 10-5 3-13 6-9 2-14 4-12 16-11 7-15 5R"),
    (9, 15, "18-1 12-5 10-11 15-2 6-9 17-8 13-4 7-16 3-14 6R"),
    (9, 16, "1-11 3-8 18-14 2-9 7-4 15-13 10-17 16-12 5-6 7R"),
    (9, 17, "1-7 16-9 2-6 12-13 10-15 8-17 5-3 R 18-4 14-11 7R"),
    (10, 12, "20-1 5-10 7-9 3-19 12-18 8-17 16-4 15-6 14-2 11-13 2R"),
    (10, 13, "20-1 6-19 8-18 13-17 7-3 16-12 15-2 11-5 10-14 9-4 3R"),
    (10, 14, "20-1 10-19 18-7 13-3 17-8 12-4 9-16 5-15 14-2 6-11 4R"),
    (10, 15, "20-1 12-3 11-15 9-2 8-7 10-13 6-19 14-18 5-17 16-4 5R"),
    (10, 16, "20-1 19-12 14-10 8-3 6-18 4-17 9-15 11-13 2-5 7-16 6R"),
    (10, 17, "1-2 11-15 8-13 6-12 16-9 5-3 10-20 19-14 4-7 18-17 7R"),
    (10, 18, "1-9 4-3 10-16 20-18 R 15-11 17-6 12-14 2-7 13-19 8-5 7R"),
    (10, 19, "1-7 20-10 14-5 17-18 12-8 15-4 19-3 R 13-6 9-11 2-16 8R"),
)

HOWELLS = (
    # The Bridge Scorekeeper, "Movement.Howell06T3B15Relay.yaml" (the same in its 20, 25 and
    # 30-board files): pair 6 stays NS at table 1 and meets pairs 1-5 on sets 1-5; the other
    # pairs follow McKinnon's rule, but the sets do not move down places: tables 2 and 3 trade
    # sets 1-4 between them and all three tables share set 5 in the last round (as Magic
    # Contest's help, "How do I score a 2-evening event with 12 pairs", says of the 3-table
    # Howell of Jannersten's orange book "Movements": "board sharing between all tables in
    # the last round"). Typed as its file prints it.
    HowellEntry(
        "scorekeeper-3-5",
        "3-table Howell (complete, 5 rounds, last round shared; Bridge Scorekeeper cards)",
        "6-1 4-3 2-5",
        _SCOREKEEPER.format("Howell06T3B15Relay"),
        rule="typed",
        rows=(
            (1, 1, 6, 1, 1),
            (1, 2, 4, 3, 2),
            (1, 3, 2, 5, 4),
            (2, 1, 6, 2, 2),
            (2, 2, 5, 4, 3),
            (2, 3, 3, 1, 4),
            (3, 1, 6, 3, 3),
            (3, 2, 1, 5, 2),
            (3, 3, 4, 2, 1),
            (4, 1, 6, 4, 4),
            (4, 2, 2, 1, 3),
            (4, 3, 5, 3, 1),
            (5, 1, 6, 5, 5),
            (5, 2, 3, 2, 5),
            (5, 3, 1, 4, 5),
        ),  # fmt: skip
    ),
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
        "scorekeeper-5-9",
        "5-table Howell (complete, 9 rounds; Bridge Scorekeeper cards)",
        "7-3 5-2 10-1 9-8 4-6 4R",
        _SCOREKEEPER.format("Howell10T5B18"),
    ),
    # "Movement.Howell12T6B22.yaml": round 1 table 1 12-1 on set 1, table 2 6-7 on set 4,
    # table 3 11-4 on set 6, table 4 3-9 on set 8, table 5 2-5 on set 9, table 6 10-8 on set 11.
    HowellEntry(
        "scorekeeper-6-11",
        "6-table Howell (complete, 11 rounds; Bridge Scorekeeper cards)",
        "12-1 2R 6-7 R 11-4 R 3-9 2-5 R 10-8",
        _SCOREKEEPER.format("Howell12T6B22"),
    ),
    # "Movement.Howell14T7B26.yaml": round 1 tables 1-7 on sets 1-7: 5-12, 2-4, 9-10, 14-1,
    # 8-13, 7-11, 6-3; sets 8-13 wait between tables 7 and 1 ("7 tables Howell, 13 rounds ...
    # 6 relays between tables 7 & 1", Exeter Bridge Club). Table 1's card as BridgeHands prints
    # it ("Guide Card"): round 1 pair 5 NS against 12 on boards 1-2, round 2 6 against 13 on
    # boards 3-4, pair 5 then to table 2 EW. KoPS's 7-table Howell is the same movement
    # ("7-13": positions 5,12,2,4,9,10,14,1,8,13,7,11,6,3; sets 1-7 at tables 1-7).
    HowellEntry(
        "howell-7-13",
        "7-table Howell (complete, 13 rounds)",
        "5-12 2-4 9-10 14-1 8-13 7-11 6-3 6R",
        _SCOREKEEPER.format("Howell14T7B26") + "; and " + _KOPS_SOURCE.format("7-13"),
    ),
) + tuple(
    HowellEntry(
        f"kops-{tables}-{rounds}",
        f"{tables}-table Howell (complete, {rounds} rounds; KoPS cards)"
        if rounds == 2 * tables - 1
        else f"3/4 Howell, {tables} tables, {rounds} rounds (KoPS cards)",
        shorthand,
        _KOPS_SOURCE.format(f"{tables}-{rounds}"),
    )
    for tables, rounds, shorthand in _KOPS
)
