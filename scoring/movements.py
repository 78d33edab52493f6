"""Movements: which pairs sit where and which boards they play, round by round.

Mitchell (3-30 tables): NS pairs stay put, EW pairs move up a table and boards move down one
each round. With an even number of tables either the EW pairs skip a table halfway (a skip
Mitchell: tables-1 rounds), or tables 1 and N share boards and one set rests on a bye stand
between tables N/2 and N/2+1 (a relay-and-bye-stand Mitchell: N rounds, N sets). Howell (4-16
pairs): every pair meets every other pair once over pairs-1 rounds and plays every board set
once; fewer rounds make a partial Howell (a 6-table "3/4 Howell" of 9 rounds). A half table is
a phantom pair: whoever it would meet sits out that round.
"""

from dataclasses import dataclass
from functools import cache
from typing import cast

from scoring.domain import Direction, MovementKind

__all__ = [
    "Pair", "Seating", "Movement", "mitchell", "howell", "mitchell_rounds", "howell_lengths"
]  # fmt: skip

NS, EW = Direction.NS, Direction.EW


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
    # A Mitchell's "skip" or "relay" (bye stand), "web" (boards round each half apart); or ""
    variant: str = ""
    library: str = ""  # the key of a published movement (scoring.movement_library), if one
    label: str = ""  # a published movement's name

    @property
    def name(self) -> str:
        """How a director calls it: "7-table Mitchell", "6-table relay-and-bye-stand Mitchell"."""
        if self.label:
            return self.label
        if self.kind == MovementKind.HOWELL:
            full = 2 * self.tables - 1
            partial = "" if self.rounds == full else f" ({self.rounds} of {full} rounds)"
            return f"{self.tables}-table Howell{partial}"
        variant = {"skip": " skip", "relay": " relay-and-bye-stand"}.get(self.variant, "")
        return f"{self.tables}-table{variant} Mitchell, {self.rounds} rounds"

    @property
    def skip_after_round(self) -> int | None:
        """The round after which the EW pairs skip a table (a skip Mitchell), if they do."""
        if self.variant == "skip" and self.rounds > self.tables // 2:
            return self.tables // 2
        return None

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
    relay: bool = False,
) -> Movement:
    """A Mitchell; `phantom` ("NS" or "EW") makes the highest pair of that direction absent.

    In the `arrow_switch` rounds the pairs swap seats: the NS pairs play the EW cards, which
    makes a two-winner Mitchell one field (the usual choice: the last round). `relay` asks for
    the relay-and-bye-stand Mitchell instead of the skip when the tables are even.
    """
    if isinstance(tables, bool) or not isinstance(tables, int) or not 3 <= tables <= 30:
        raise ValueError(f"a Mitchell needs 3-30 tables, got {tables!r}")
    _check_boards_per_round(boards_per_round)
    if phantom not in (None, NS, EW):
        raise ValueError(f"the phantom pair must sit NS or EW, got {phantom!r}")
    if relay and tables % 2:
        raise ValueError(
            f"a relay-and-bye-stand Mitchell is for an even number of tables; {tables} tables "
            "play a plain Mitchell"
        )
    most_rounds = mitchell_rounds(tables, relay)
    rounds = most_rounds if rounds is None else rounds
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most_rounds:
        article = "an" if str(tables).startswith("8") or tables in (11, 18) else "a"
        raise ValueError(
            f"{article} {tables}-table Mitchell plays 1-{most_rounds} rounds, not {rounds}"
        )
    if relay and rounds != most_rounds:
        # Cut short, the shared set is played twice a round and the bye-stand set never: the
        # board sets would be played unequally often.
        raise ValueError(
            f"a relay-and-bye-stand Mitchell plays all {tables} rounds; for fewer rounds "
            "choose the skip Mitchell"
        )
    switched = tuple(sorted(set(arrow_switch)))
    if any(not isinstance(r, int) or not 1 <= r <= rounds for r in switched):
        raise ValueError(f"arrow-switch rounds must be among rounds 1-{rounds}")
    return _mitchell(tables, boards_per_round, phantom, rounds, switched, relay)


def mitchell_rounds(tables: int, relay: bool = False) -> int:
    """The most rounds a Mitchell can play without any EW pair meeting an NS pair twice."""
    return tables if relay or tables % 2 else tables - 1


@cache  # Movements are immutable; a session's is rebuilt on every save.
def _mitchell(
    tables: int,
    boards_per_round: int,
    phantom: str | None,
    rounds: int,
    switched=(),
    relay: bool = False,
) -> Movement:
    skip = tables % 2 == 0 and not relay
    seatings = []
    for r in range(rounds):
        skipped = 1 if skip and r >= tables // 2 else 0
        for t in range(tables):
            ew_number = (t - r - skipped) % tables
            ns = None if phantom == NS and t == tables - 1 else Pair(t + 1, NS)
            ew = None if phantom == EW and ew_number == tables - 1 else Pair(ew_number + 1, EW)
            board_set = (_relay_position(t, tables) if relay else t) + r
            if r + 1 in switched:
                ns, ew = ew, ns
            seatings.append(Seating(r + 1, t + 1, ns, ew, board_set % tables + 1))
    variant = "relay" if relay else "skip" if skip else ""
    return Movement(
        MovementKind.MITCHELL, tables, rounds, boards_per_round, tables, tuple(seatings), variant
    )


def _relay_position(table: int, tables: int) -> int:
    """Where a table (from 0) sits in the boards' cycle of a relay-and-bye-stand Mitchell.

    Sets 1..N/2 start on tables 1..N/2, the next on the bye stand, the rest on tables
    N/2+1..N-1, and table N shares table 1's set; boards move down one place, through the
    bye stand (bridgecentral.com, "Share and relay Mitchell movement").
    """
    if table == tables - 1:
        return 0
    return table if table < tables // 2 else table + 1


def howell(pairs: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A Howell for 4-16 pairs; with an odd number one pair a round sits out.

    `rounds` below pairs-1 (odd pairs: pairs) plays the first rounds of the complete Howell
    with the boards rearranged so that every set is still played equally often and no pair
    meets a set twice; a length that cannot be arranged so is refused.
    """
    if isinstance(pairs, bool) or not isinstance(pairs, int) or not 4 <= pairs <= 16:
        raise ValueError(f"a Howell needs 4-16 pairs (2-8 tables), got {pairs!r}")
    _check_boards_per_round(boards_per_round)
    full = pairs - 1 + pairs % 2
    if rounds is None or rounds == full:
        return _howell(pairs, boards_per_round)
    if rounds not in howell_lengths(pairs):
        # Shorter than half a Howell is hardly a Howell; other lengths may be impossible to
        # arrange with every board played equally often.
        choices = ", ".join(map(str, howell_lengths(pairs)))
        raise ValueError(f"a Howell of {pairs} pairs plays {choices} rounds, not {rounds}")
    # howell_lengths found this length arrangeable: its arrangement is there.
    return cast(Movement, _partial_howell(pairs, boards_per_round, rounds))


@cache
def howell_lengths(pairs: int) -> tuple[int, ...]:
    """The numbers of rounds a Howell of `pairs` pairs can be played in (longest last)."""
    full = pairs - 1 + pairs % 2
    shortest = max(2, full // 2)
    found = [r for r in range(shortest, full) if _partial_howell(pairs, 1, r) is not None]
    return (*found, full)


@cache
def _partial_howell(pairs: int, boards_per_round: int, rounds: int) -> Movement | None:
    """The complete Howell's first `rounds` rounds, table k playing set (round + a[k]) mod
    rounds: each table plays each set once, so every set is played as often as the others;
    the offsets a[k] are searched so that no pair meets a set twice."""
    complete = _howell(pairs, boards_per_round)
    tables = complete.tables
    seats = [[s for s in complete.seatings if s.round == r + 1] for r in range(rounds)]
    by_table = [[seats[r][k] for r in range(rounds)] for k in range(tables)]
    offsets = _set_offsets(by_table, rounds, distinct=rounds >= tables) or _set_offsets(
        by_table, rounds, distinct=False
    )
    if offsets is None:
        return None
    seatings = tuple(
        Seating(r + 1, k + 1, s.ns, s.ew, (r + offsets[k]) % rounds + 1)
        for r in range(rounds)
        for k, s in enumerate(seats[r])
    )
    return Movement(MovementKind.HOWELL, tables, rounds, boards_per_round, rounds, seatings)


def _set_offsets(by_table, rounds: int, distinct: bool, budget: int = 200_000):
    """Backtracking search for the tables' board-set offsets (None when there are none, or
    when the search runs past its budget: a movement nobody can wait for)."""
    used: dict[Pair, set[int]] = {}
    chosen: list[int] = []
    steps = 0

    def sets_of(k, offset):
        return [((s.ns, s.ew), (r + offset) % rounds) for r, s in enumerate(by_table[k])]

    def place(k):
        nonlocal steps
        if k == len(by_table):
            return True
        for offset in range(rounds) if k else (0,):
            steps += 1
            if steps > budget:
                return False
            if distinct and offset in chosen:
                continue
            plays = sets_of(k, offset)
            if any(p is not None and b in used.get(p, ()) for ps, b in plays for p in ps):
                continue
            for ps, b in plays:
                for p in ps:
                    if p is not None:
                        used.setdefault(p, set()).add(b)
            chosen.append(offset)
            if place(k + 1):
                return True
            chosen.pop()
            for ps, b in plays:
                for p in ps:
                    if p is not None:
                        used[p].discard(b)
        return False

    return tuple(chosen) if place(0) else None


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
        first: tuple[Pair | None, Pair | None] = (fixed, mover) if r % 2 == 0 else (mover, fixed)
        seatings.append(Seating(r + 1, 1, *first, (r + adders[0]) % cycle + 1))
        for table, ((ns, ew), adder) in enumerate(zip(matches, adders[1:], strict=True), 2):
            board_set = (r + adder) % cycle + 1
            seatings.append(
                Seating(
                    r + 1, table, Pair((r + ns) % cycle + 1), Pair((r + ew) % cycle + 1), board_set
                )
            )
    return Movement(MovementKind.HOWELL, tables, cycle, boards_per_round, cycle, tuple(seatings))


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
