"""Published Mitchell variants, built by the rule their sources state.

- **Hesitation Mitchell** (E. E. Blandon, Bridge Magazine, Feb. 1973, as Ian McKinnon's
  Bridge Central page "Hesitation Mitchell" describes it; John Pain, "Unusual Movements for
  Clubs - 1", EBU Club Newsletter): T tables, T+1 rounds, T+1 board sets. The moving pairs
  play EW up one table a round, then, after EW at the last table, NS at that same table (the
  hesitation table) for one round before EW at table 1. The boards move down one place,
  through a relay at the middle: with an odd T one set after table (T-1)/2 (McKinnon: "with 3
  tables ... between tables 1 and 2; with 5 tables between 2 and 3"); with an even T two sets
  between tables T/2 and T/2+1 and the last table sharing table 1's set (Exeter Bridge Club's
  movement list: 8 tables "2 relays between 4 & 5, tables 8 & 1 share, swival at table 8";
  12 tables "2 relays between 6 & 7, tables 12 & 1 share"). Pairs are numbered as Pain's
  7-table card: NS 1..T, EW T+1..2T in round 1; the NS pairs of tables 1..T-1 stay put. It is
  a one-winner movement: arrow switches at every table but the hesitation table in the last
  round (Pain), and also round 12 but at tables 5, 6 and 12 with 12 tables (Exeter).
- **Bump (displacement) Mitchell** (McKinnon, "Displacement Mitchell": "also known as the
  bump Mitchell"): a Mitchell (a skip Mitchell for an even T) and one extra pair, NS T+1. It
  sits out round 1, then replaces NS 1 at table 1 for good; NS 1 sits out round 2, then
  replaces NS 2 at table 2, and so on, every pair keeping its number. "The last round ...
  cannot be played": one round fewer than the Mitchell.
- **Web Mitchell** (McKinnon, "Web Mitchell", devised by John "Spider" Harris as George Coffin
  supplied it): an even number of tables 2M in two groups for the boards, one for the pairs;
  NS stay put, EW move up one table round the whole room and never skip; an odd number S of
  sets, two copies of each. Group 1 (tables 1..M) starts sets 1..M, the rest on a relay;
  group 2 starts set S on table 2M, set 1 on 2M-1, set 2 on 2M-2 ..., the rest on its relay;
  in both the boards move down one table, so group 1 plays its sets ascending and group 2
  descending. S rounds.

The share-and-relay Mitchell (McKinnon, "Share and relay Mitchell movement") is Clubscore's
relay-and-bye-stand Mitchell (`scoring.mitchell(..., relay=True)`), not repeated here.
"""

from dataclasses import dataclass

from scoring.domain import Direction, MovementKind
from scoring.movements import Movement, Pair, Seating, mitchell, mitchell_rounds

__all__ = [
    "MitchellEntry", "MITCHELLS", "mitchell_variant", "variant_choices", "variants_for_pairs",
    "variants_for_sides",
]  # fmt: skip

NS, EW = Direction.NS, Direction.EW

_PAIN = 'John Pain, "Unusual Movements for Clubs - 1: Hesitation Mitchell", EBU Club Newsletter'
_MCKINNON_HESITATION = 'Ian McKinnon, Bridge Central "Hesitation Mitchell"'
_EXETER = "Exeter Bridge Club, movement list (bridgewebs.com/exeter/info.html)"


@dataclass(frozen=True)
class MitchellEntry:
    key: str
    label: str  # how the set-up page names it
    family: str  # "hesitation", "bump" or "web"
    tables: int
    source: str  # title and author of the rule and card it follows
    sets: int = 0  # a web Mitchell's board sets (and rounds)
    # A hesitation Mitchell's arrow-switched rounds: (round, tables not switched)
    switches: tuple[tuple[int, tuple[int, ...]], ...] = ()
    half_table_pair: int = 0  # the pair missing at a half table (0: no source gives one)

    @property
    def kind(self) -> str:
        # A hesitation Mitchell has one winner and pairs numbered once, as a Howell.
        return MovementKind.HOWELL if self.family == "hesitation" else MovementKind.MITCHELL

    @property
    def pairs(self) -> int:
        return 2 * self.tables + (1 if self.family == "bump" else 0)


def _hesitation(tables: int, source: str, switches=None, half: int = 0) -> MitchellEntry:
    last = tables + 1
    if switches is None:  # Pain: the last round, every table but the hesitation table
        switches = ((last, (tables,)),)
    return MitchellEntry(
        f"hesitation-{tables}",
        f"{tables}-table hesitation Mitchell, {last} rounds (one winner)",
        "hesitation",
        tables,
        source,
        switches=switches,
        half_table_pair=half,
    )


def _bump(tables: int) -> MitchellEntry:
    rounds = mitchell_rounds(tables) - 1
    return MitchellEntry(
        f"bump-{tables}",
        f"{tables}-table bump Mitchell and an extra NS pair, {rounds} rounds",
        "bump",
        tables,
        'Ian McKinnon, Bridge Central "Displacement Mitchell" (the bump Mitchell)',
    )


def _web(tables: int, sets: int) -> MitchellEntry:
    return MitchellEntry(
        f"web-{tables}-{sets}",
        f"{tables}-table web Mitchell, {sets} rounds ({sets} sets, two copies)",
        "web",
        tables,
        'Ian McKinnon, Bridge Central "Web Mitchell" (John Harris, via George Coffin)',
        sets=sets,
    )


MITCHELLS = (
    # Pain's card is the 7-table one ("seven tables playing eight rounds ... or 11 tables
    # playing 12 rounds"); McKinnon's rule gives the other odd sizes.
    *(_hesitation(t, f"{_MCKINNON_HESITATION}; {_PAIN}") for t in (7, 9, 11, 13)),
    # Exeter's list: 8 tables, "for 7 1/2 tables there should be no pair at 1 N/S. Arrow
    # switch on last round all except table 8"; 12 tables "Arrow switch on round 12 except
    # tables 5, 6 & 12. Last round all except table 12".
    _hesitation(8, f"{_EXETER}; {_PAIN}", half=1),
    _hesitation(12, _EXETER, switches=((12, (5, 6, 12)), (13, (12,))), half=1),
    *(_bump(t) for t in range(6, 16)),
    # McKinnon's example is 10 tables and 7 sets; his sets are "for example 7 sets of 3 or 4
    # boards, 9 sets of 3 boards, 11 sets of 2 boards, 13 sets of 2 boards".
    *(
        _web(t, s)
        for t in range(8, 27, 2)
        for s in (7, 9, 11, 13)
        if t // 2 < s < t  # more sets than a group's tables; fewer than the room's
    ),
)


def variant_choices(tables: int | None = None) -> list[tuple[str, str]]:
    """(key, name) of the variants, those for `tables` tables if given."""
    return [(e.key, e.label) for e in MITCHELLS if tables is None or e.tables == tables]


def variants_for_pairs(pairs: int) -> list[str]:
    """The keys of the one-field variants (hesitation Mitchells) `pairs` pairs can play (one
    fewer: the half table its source shows)."""
    return [
        entry.key
        for entry in MITCHELLS
        if entry.kind == MovementKind.HOWELL
        and (entry.pairs == pairs or (entry.half_table_pair and entry.pairs - 1 == pairs))
    ]


def variants_for_sides(ns: int, ew: int) -> list[str]:
    """The keys of the two-field variants (bump, web) `ns` NS and `ew` EW pairs can play."""
    return [
        entry.key
        for entry in MITCHELLS
        if entry.kind == MovementKind.MITCHELL
        and (ns, ew) == (entry.pairs - entry.tables, entry.tables)
    ]


def mitchell_variant(entry: MitchellEntry, boards_per_round: int, half_table: bool) -> Movement:
    """The entry's movement; `half_table` leaves out the pair its source names."""
    if half_table and not entry.half_table_pair:
        raise ValueError(f"no published card shows the {entry.label} with a half table")
    build = {"hesitation": _hesitation_seatings, "bump": _bump_seatings, "web": _web_seatings}
    rounds, seatings = build[entry.family](entry)
    if half_table:
        missing = Pair(entry.half_table_pair)
        seatings = [
            Seating(
                s.round,
                s.table,
                None if s.ns == missing else s.ns,
                None if s.ew == missing else s.ew,
                s.board_set,
            )
            for s in seatings
        ]
    board_sets = max(s.board_set for s in seatings)
    # The guides read the variant: a bump Mitchell's EW skip as a skip Mitchell's (even
    # tables); a web Mitchell's boards go round each half of the room apart.
    variant = {"bump": "skip" if entry.tables % 2 == 0 else "", "web": "web"}
    return Movement(
        entry.kind,
        entry.tables,
        rounds,
        boards_per_round,
        board_sets,
        tuple(seatings),
        variant=variant.get(entry.family, ""),
        library=entry.key,
        label=entry.label,
    )


def _hesitation_seatings(entry: MitchellEntry) -> tuple[int, list[Seating]]:
    tables = entry.tables
    cycle = tables + 1  # rounds, board sets, the moving pairs' seats and the boards' places
    half = tables // 2
    # The boards' places in order: tables 1..half, the relay set(s), the rest of the tables;
    # with an even T the last table shares table 1's place.
    if tables % 2:
        place = {t: t - 1 if t <= half else t for t in range(1, tables + 1)}
    else:
        place = {t: t - 1 if t <= half else t + 1 for t in range(1, tables)}
        place[tables] = 0
    # The moving pairs' seats: EW at tables 1..T, then NS at table T. Round 1: EW pair T+t
    # at table t, NS pair T at table T.
    first = [tables + t for t in range(1, tables + 1)] + [tables]
    switched = dict(entry.switches)
    seatings = []
    for r in range(cycle):
        at = [first[(seat - r) % cycle] for seat in range(cycle)]
        for t in range(1, tables + 1):
            ns = at[tables] if t == tables else t
            ew = at[t - 1]
            if r + 1 in switched and t not in switched[r + 1]:
                ns, ew = ew, ns
            seatings.append(Seating(r + 1, t, Pair(ns), Pair(ew), (place[t] + r) % cycle + 1))
    return cycle, seatings


def _bump_seatings(entry: MitchellEntry) -> tuple[int, list[Seating]]:
    tables = entry.tables
    rounds = mitchell_rounds(tables) - 1
    base = mitchell(tables, 1, rounds=rounds)  # a skip Mitchell when the tables are even
    extra = tables + 1
    seatings = []
    for s in base.seatings:
        # Round r: NS r-2 (the extra pair for r = 2) has replaced NS r-1 at table r-1; the
        # tables below keep the pair that bumped their own.
        ns_number = s.table
        if s.table < s.round:
            ns_number = extra if s.table == 1 else s.table - 1
        seatings.append(Seating(s.round, s.table, Pair(ns_number, NS), s.ew, s.board_set))
    return rounds, seatings


def _web_seatings(entry: MitchellEntry) -> tuple[int, list[Seating]]:
    tables, sets = entry.tables, entry.sets
    group = tables // 2
    seatings = []
    for r in range(sets):
        for t in range(1, tables + 1):
            if t <= group:  # sets 1..M ascending
                board_set = (t - 1 + r) % sets + 1
            else:  # table 2M-j starts set j (table 2M: set S) and plays them descending
                board_set = (tables - t - 1 - r) % sets + 1
            ew = (t - 1 - r) % tables + 1
            seatings.append(Seating(r + 1, t, Pair(t, NS), Pair(ew, EW), board_set))
    return sets, seatings
