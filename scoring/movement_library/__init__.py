"""The movements clubs print and buy cards for, by name, as their sources publish them.

Clubscore's own `howell` is a cyclic construction of its own: a club's printed Howell cards
are some other Howell; a club's hesitation, bump or web Mitchell is no plain Mitchell either
(`mitchells.py`). Each movement here is typed from a published source (the module of its
family cites it, per movement) and built into the same `Movement` the rest of Clubscore runs:
check_movement checks it, the table and guide cards print it, an import is matched against it.
A half table is the highest pair missing (in a Mitchell variant, the pair its source names):
whoever it would meet sits out.
"""

from functools import cache

from scoring.domain import MovementKind
from scoring.movement_library.howells import HOWELLS, HowellEntry
from scoring.movement_library.mitchells import (
    MITCHELLS,
    MitchellEntry,
    mitchell_variant,
    variant_choices,
    variants_for_pairs,
    variants_for_sides,
)
from scoring.movement_library.typed import typed_movement
from scoring.movements import Movement, Pair, Seating, _check_boards_per_round

__all__ = [
    "LIBRARY", "VARIANTS", "library_movement", "library_choices", "library_for_pairs",
    "variant_choices", "variants_for_pairs", "variants_for_sides", "typed_movement",
]  # fmt: skip

LIBRARY: dict[str, HowellEntry] = {entry.key: entry for entry in HOWELLS}
# The published Mitchell variants (hesitation, bump, web), by key.
VARIANTS: dict[str, MitchellEntry] = {entry.key: entry for entry in MITCHELLS}


def _places(shorthand: str) -> list[tuple[int, int] | None]:
    """McKinnon's shorthand as places: (NS, EW) for a table, None for a relay."""
    places: list[tuple[int, int] | None] = []
    for word in shorthand.split():
        if word.endswith("R"):
            places += [None] * int(word[:-1] or 1)
        else:
            ns, ew = word.split("-")
            places.append((int(ns), int(ew)))
    return places


def _tables_of(entry: HowellEntry) -> int:
    return sum(1 for place in _places(entry.shorthand) if place is not None)


def _cycle_of(entry: HowellEntry) -> int:
    """The moving pairs' cycle, its rounds and sets: a Howell's places (2T-1 for a complete
    one, the highest pair staying put; fewer for a 3/4 Howell, whose pairs numbered above its
    places all stay put); 2T-1 for the endless and barometer Howells."""
    if entry.rule == "howell":
        return len(_places(entry.shorthand))
    if entry.rule == "typed":
        return max(row[0] for row in entry.rows)
    return 2 * _tables_of(entry) - 1


def library_choices(tables: int | None = None) -> list[tuple[str, str]]:
    """(key, name) of the library's Howells, those for `tables` tables if given (a half
    table rounds up: 3½ tables play a 4-table movement); the Mitchell variants'
    are `variant_choices`."""
    return [
        (entry.key, entry.label)
        for entry in HOWELLS
        if tables is None or _tables_of(entry) == tables
    ]


def library_for_pairs(pairs: int) -> list[str]:
    """The keys of the Howells `pairs` pairs can play (an odd number: the highest missing);
    the Mitchell variants' are `variants_for_pairs` and `variants_for_sides`."""
    return [entry.key for entry in HOWELLS if 2 * _tables_of(entry) - pairs in (0, 1)]


def library_movement(key: str, boards_per_round: int, missing_highest: bool = False) -> Movement:
    """The library's movement `key`; `missing_highest` makes its highest pair absent (a half
    table; in a Mitchell variant the pair its source leaves out)."""
    if key not in LIBRARY and key not in VARIANTS:
        known = ", ".join([*LIBRARY, *VARIANTS])
        raise ValueError(f"{key!r} is not a movement of the library: one of {known}")
    _check_boards_per_round(boards_per_round)
    return _build(key, boards_per_round, bool(missing_highest))


@cache
def _build(key: str, boards_per_round: int, missing_highest: bool) -> Movement:
    if key in VARIANTS:
        return mitchell_variant(VARIANTS[key], boards_per_round, missing_highest)
    entry = LIBRARY[key]
    cycle = _cycle_of(entry)
    missing = 2 * _tables_of(entry) if missing_highest else None
    seatings: list[Seating] = []
    for r in range(cycle):
        if entry.rule == "typed":
            seatings += _typed_round(entry, r, missing)
        elif entry.rule == "endless":
            seatings += _endless_round(entry, r, cycle, missing)
        else:
            seatings += _howell_round(entry, r, cycle, missing)
    return Movement(
        MovementKind.HOWELL,
        _tables_of(entry),
        cycle,
        boards_per_round,
        max(s.board_set for s in seatings),
        tuple(seatings),
        library=key,
        label=entry.label,
    )


def _numbered(number: int, r: int, cycle: int, missing: int | None) -> Pair | None:
    """Who sits, in round r (from 0), where pair `number` sat in round 1: McKinnon's rule;
    pairs numbered above the cycle stay put, `missing` (the highest, if absent) is empty."""
    if number > cycle:
        return None if number == missing else Pair(number)
    return Pair((number - 1 + r) % cycle + 1)


def _howell_round(entry: HowellEntry, r: int, cycle: int, missing: int | None) -> list[Seating]:
    """Round r (from 0): the place of round 1's set n plays set n + r (boards down a place);
    a barometer's tables all play set r + 1."""
    tables = [(n, place) for n, place in enumerate(_places(entry.shorthand)) if place is not None]
    return [
        Seating(
            r + 1,
            table,
            _numbered(ns, r, cycle, missing),
            _numbered(ew, r, cycle, missing),
            r + 1 if entry.rule == "barometer" else (n + r) % cycle + 1,
        )
        for table, (n, (ns, ew)) in enumerate(tables, 1)
    ]


def _typed_round(entry: HowellEntry, r: int, missing: int | None) -> list[Seating]:
    """Round r (from 0) as the source prints it, `missing` left empty."""

    def seat(number: int) -> Pair | None:
        return None if number == missing else Pair(number)

    return [
        Seating(round_, table, seat(ns), seat(ew), board_set)
        for round_, table, ns, ew, board_set in entry.rows
        if round_ == r + 1
    ]


def _endless_round(entry: HowellEntry, r: int, cycle: int, missing: int | None) -> list[Seating]:
    """Round r (from 0) of McKinnon's endless Howell: the moving pairs go round a circuit of
    seats, EW 1, NS 2 ... NS T, EW T ... EW 2, one seat a round; each table plays its sets
    in order from its first."""
    places = [place for place in _places(entry.shorthand) if place is not None]
    tables = len(places)
    circuit = [(1, 1)] + [(t, 0) for t in range(2, tables + 1)]
    circuit += [(t, 1) for t in range(tables, 1, -1)]
    seats = {(1, 0): _numbered(places[0][0], 0, cycle, missing)}  # the stationary pair
    for index, where in enumerate(circuit):
        t, side = circuit[(index - r) % cycle]  # who sat at `where` r rounds ago
        seats[where] = Pair(places[t - 1][side])
    return [
        Seating(r + 1, t, seats[(t, 0)], seats[(t, 1)], (entry.boards[t - 1] - 1 + r) % cycle + 1)
        for t in range(1, tables + 1)
    ]
