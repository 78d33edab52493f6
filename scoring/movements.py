"""Movements: which pairs sit where and which boards they play, round by round.

Mitchell (3-30 tables): NS pairs stay put, EW pairs move up a table and boards move down one
each round. With an even number of tables the EW pairs skip a table halfway, which lets them
meet tables-1 NS pairs without meeting anyone twice. Howell (4-16 pairs): a complete Howell,
every pair meets every other pair once over pairs-1 rounds and plays every board set once.
A half table is a phantom pair: whoever it would meet sits out that round.
"""

from dataclasses import dataclass
from functools import cache

__all__ = ["Pair", "Seating", "Movement", "mitchell", "howell"]

NS, EW = "NS", "EW"


@dataclass(frozen=True, order=True)
class Pair:
    number: int
    direction: str | None = None  # NS or EW in a Mitchell, None in a Howell

    def __str__(self) -> str:
        return f"{self.number} {self.direction}" if self.direction else str(self.number)


@dataclass(frozen=True)
class Seating:
    """One table in one round. A None pair is the phantom: the other pair sits out."""

    round: int
    table: int
    ns: Pair | None
    ew: Pair | None
    board_set: int

    @property
    def is_played(self) -> bool:
        return self.ns is not None and self.ew is not None


@dataclass(frozen=True)
class Movement:
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    board_sets: int
    seatings: tuple[Seating, ...]

    @property
    def boards(self) -> range:
        return range(1, self.board_sets * self.boards_per_round + 1)

    def boards_of_set(self, board_set: int) -> range:
        first = (board_set - 1) * self.boards_per_round + 1
        return range(first, first + self.boards_per_round)

    def set_of_board(self, board: int) -> int:
        return (board - 1) // self.boards_per_round + 1

    @property
    def pairs(self) -> list[Pair]:
        found = {pair for s in self.seatings for pair in (s.ns, s.ew) if pair is not None}
        return sorted(found, key=lambda pair: (pair.direction or "", pair.number))

    def plays_of_board(self, board: int) -> list[Seating]:
        board_set = self.set_of_board(board)
        return [s for s in self.seatings if s.board_set == board_set and s.is_played]

    def seating(self, round_number: int, table: int) -> Seating:
        for seating in self.seatings:
            if seating.round == round_number and seating.table == table:
                return seating
        raise ValueError(f"there is no table {table} in round {round_number}")


def _check_boards_per_round(boards_per_round: int) -> None:
    if isinstance(boards_per_round, bool) or not isinstance(boards_per_round, int):
        raise ValueError("boards per round must be a whole number")
    if not 1 <= boards_per_round <= 8:
        raise ValueError(f"boards per round must be 1-8, got {boards_per_round}")


def mitchell(
    tables: int,
    boards_per_round: int,
    phantom: str | None = None,
    rounds: int | None = None,
    arrow_switch: tuple[int, ...] = (),
) -> Movement:
    """A Mitchell; `phantom` ("NS" or "EW") makes the highest pair of that direction absent.

    In the `arrow_switch` rounds the pairs swap seats: the NS pairs play the EW cards, which
    makes a two-winner Mitchell one field (the usual choice: the last round).
    """
    if isinstance(tables, bool) or not isinstance(tables, int) or not 3 <= tables <= 30:
        raise ValueError(f"a Mitchell needs 3-30 tables, got {tables!r}")
    _check_boards_per_round(boards_per_round)
    if phantom not in (None, NS, EW):
        raise ValueError(f"the phantom pair must sit NS or EW, got {phantom!r}")
    skip = tables % 2 == 0
    most_rounds = tables - 1 if skip else tables
    rounds = most_rounds if rounds is None else rounds
    if not 1 <= rounds <= most_rounds:
        raise ValueError(f"a {tables}-table Mitchell plays 1-{most_rounds} rounds, not {rounds}")
    switched = tuple(sorted(set(arrow_switch)))
    if any(not isinstance(r, int) or not 1 <= r <= rounds for r in switched):
        raise ValueError(f"arrow-switch rounds must be among rounds 1-{rounds}")
    return _mitchell(tables, boards_per_round, phantom, rounds, switched)


@cache  # Movements are immutable; a session's is rebuilt on every save.
def _mitchell(
    tables: int, boards_per_round: int, phantom: str | None, rounds: int, switched=()
) -> Movement:
    skip = tables % 2 == 0
    seatings = []
    for r in range(rounds):
        skipped = 1 if skip and r >= tables // 2 else 0
        for t in range(tables):
            ew_number = (t - r - skipped) % tables
            ns = None if phantom == NS and t == tables - 1 else Pair(t + 1, NS)
            ew = None if phantom == EW and ew_number == tables - 1 else Pair(ew_number + 1, EW)
            board_set = (t + r) % tables + 1
            if r + 1 in switched:
                ns, ew = ew, ns
            seatings.append(Seating(r + 1, t + 1, ns, ew, board_set))
    return Movement("mitchell", tables, rounds, boards_per_round, tables, tuple(seatings))


def howell(pairs: int, boards_per_round: int) -> Movement:
    """A complete Howell for 4-16 pairs; with an odd number one pair a round sits out."""
    if isinstance(pairs, bool) or not isinstance(pairs, int) or not 4 <= pairs <= 16:
        raise ValueError(f"a Howell needs 4-16 pairs (2-8 tables), got {pairs!r}")
    _check_boards_per_round(boards_per_round)
    return _howell(pairs, boards_per_round)


@cache
def _howell(pairs: int, boards_per_round: int) -> Movement:
    tables = (pairs + 1) // 2
    cycle = 2 * tables - 1  # rounds, and board sets
    stationary = 2 * tables  # the pair that never moves; the phantom when pairs is odd
    matches, adders = _howell_pattern(cycle)

    seatings = []
    for r in range(cycle):
        mover = Pair(r + 1)
        fixed = None if pairs < stationary else Pair(stationary)
        first = (fixed, mover) if r % 2 == 0 else (mover, fixed)
        seatings.append(Seating(r + 1, 1, *first, (r + adders[0]) % cycle + 1))
        for table, ((ns, ew), adder) in enumerate(zip(matches, adders[1:], strict=True), 2):
            board_set = (r + adder) % cycle + 1
            seatings.append(
                Seating(r + 1, table, Pair((r + ns) % cycle + 1), Pair((r + ew) % cycle + 1),
                        board_set)
            )  # fmt: skip
    return Movement("howell", tables, cycle, boards_per_round, cycle, tuple(seatings))


@cache
def _howell_pattern(cycle: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The first round of a cyclic Howell and the board-set shift of each of its tables.

    Round r seats pairs r + x against r + y for each starting match (x, y), and the fixed
    pair against r; table k plays set r + a[k]. Every pair meets every other once when the
    matches' differences are all different (a "starter"); every pair plays every set once when
    the sets each pair reaches, x + a[0] and -x + a[k], -y + a[k], cover them all (an "adder").
    Distinct shifts keep two tables from sharing boards in a round: that is a Room square,
    which exists for 8+ pairs; with 4 or 6 pairs the tables of a round share the boards.
    """
    everything = frozenset(range(cycle))
    half = (cycle - 1) // 2

    def starters(matches, free, differences):
        if not free:
            yield tuple(matches)
            return
        x = min(free)
        for y in sorted(free - {x}):
            difference = min((y - x) % cycle, (x - y) % cycle)
            if difference not in differences:
                yield from starters([*matches, (x, y)], free - {x, y}, differences | {difference})

    def adders(matches, chosen, reached, distinct):
        if len(chosen) == len(matches):
            (first,) = everything - reached
            if distinct and first in chosen:
                return None
            return (first, *chosen)
        x, y = matches[len(chosen)]
        for adder in range(cycle):
            if distinct and adder in chosen:
                continue
            sets = {(adder - x) % cycle, (adder - y) % cycle}
            if sets & reached:
                continue
            found = adders(matches, [*chosen, adder], reached | sets, distinct)
            if found:
                return found
        return None

    for distinct in (True, False):
        for matches in starters([], everything - {0}, frozenset()):
            assert len(matches) == half
            found = adders(matches, [], frozenset(), distinct)
            if found:
                return matches, found
    raise AssertionError(f"no Howell pattern for {cycle + 1} pairs")
