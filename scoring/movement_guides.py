"""What the players and the director need to run a movement: where everyone goes next.

A table card says, for each round, who sits where, which boards are played, where the EW
pair goes and where the boards go afterwards, with the skip, the relay and the bye stand
spelt out. A pair's guide card (a Howell's players need one: every pair moves) lists each
round's table, seat, opponents and boards. The director needs to know how many copies of
each board set must exist at once (tables playing the same set in the same round).
"""

from dataclasses import dataclass

from scoring.movements import Movement, Pair, Seating

__all__ = [
    "TableGuide", "PairStop", "table_guides", "pair_guide", "board_copies", "bye_stand",
    "board_circuit",
]  # fmt: skip

NS, EW = "NS", "EW"


@dataclass(frozen=True)
class PairStop:
    """Where one pair plays one round. `opponents` None: the pair sits out."""

    round: int
    table: int
    seat: str  # NS or EW
    opponents: Pair | None
    boards: range


@dataclass(frozen=True)
class TableGuide:
    """One round at one table, with the moves that follow it (None/() after the last round)."""

    seating: Seating
    boards: range
    ns_next: tuple[int, str] | None  # (table, seat) of the NS pair next round
    ew_next: tuple[int, str] | None
    boards_next: tuple[int, ...]  # tables playing this set next round; () = bye stand
    shares_with: tuple[int, ...]  # other tables playing the same set this round
    skip: bool = False  # the EW pair skips a table (a skip Mitchell, halfway)
    switched: bool = False  # arrow switch: the pairs play the other direction's cards
    last_round: bool = False

    @property
    def round(self) -> int:
        return self.seating.round

    @property
    def table(self) -> int:
        return self.seating.table

    @property
    def ns_stays(self) -> bool:
        return self.ns_next is not None and self.ns_next == (self.table, NS)


def _stops(movement: Movement) -> dict[tuple[int, Pair], tuple[int, str]]:
    stops = {}
    for s in movement.seatings:
        for pair, seat in ((s.ns, NS), (s.ew, EW)):
            if pair is not None:
                stops[(s.round, pair)] = (s.table, seat)
    return stops


def bye_stand(movement: Movement) -> tuple[int, int] | None:
    """The tables the bye stand stands between (a relay-and-bye-stand Mitchell)."""
    if movement.variant != "relay":
        return None
    return movement.tables // 2, movement.tables // 2 + 1


def board_circuit(movement: Movement, table: int) -> int:
    """Which circuit a table's boards go round: a web Mitchell's two halves of the room, each
    with its own copy of every set (Ian McKinnon, Bridge Central "Web Mitchell"); else one."""
    return int(movement.variant == "web" and table > movement.tables // 2)


def table_guides(movement: Movement) -> list[TableGuide]:
    """Every table's every round, ordered by table then round."""
    stops = _stops(movement)
    by_round_set: dict[tuple[int, int], list[int]] = {}
    for s in movement.seatings:
        by_round_set.setdefault((s.round, s.board_set), []).append(s.table)

    def half(table: int) -> int:
        return board_circuit(movement, table)

    guides = []
    for s in sorted(movement.seatings, key=lambda s: (s.table, s.round)):
        later = s.round < movement.rounds
        ns_next = stops.get((s.round + 1, s.ns)) if later and s.ns else None
        ew_next = stops.get((s.round + 1, s.ew)) if later and s.ew else None
        next_tables = by_round_set.get((s.round + 1, s.board_set), ()) if later else ()
        boards_next = tuple(t for t in next_tables if half(t) == half(s.table))
        here = by_round_set[(s.round, s.board_set)]
        shares = tuple(t for t in here if t != s.table and half(t) == half(s.table))
        skip = (
            movement.skip_after_round == s.round
            and ew_next is not None
            and ew_next[0] != s.table % movement.tables + 1
        )
        switched = movement.kind == "mitchell" and s.ns is not None and s.ns.direction == EW
        switched = switched or (
            movement.kind == "mitchell" and s.ew is not None and s.ew.direction == NS
        )
        guides.append(
            TableGuide(
                s,
                movement.boards_of_set(s.board_set),
                ns_next,
                ew_next,
                boards_next,
                shares,
                skip=skip,
                switched=switched,
                last_round=not later,
            )
        )
    return guides


def pair_guide(movement: Movement, pair: Pair) -> list[PairStop]:
    """One pair's evening, round by round (a Howell's guide card)."""
    stops = []
    for s in sorted(movement.seatings, key=lambda s: s.round):
        if s.ns == pair:
            stops.append(PairStop(s.round, s.table, NS, s.ew, movement.boards_of_set(s.board_set)))
        elif s.ew == pair:
            stops.append(PairStop(s.round, s.table, EW, s.ns, movement.boards_of_set(s.board_set)))
    return stops


def board_copies(movement: Movement) -> dict[int, int]:
    """How many copies of each board set must exist at once: the most tables that play it in
    one round. The relay tables of a relay-and-bye-stand Mitchell (1 and N) pass one copy
    between them, as the movement intends, so they count once."""
    shared = {1, movement.tables} if movement.variant == "relay" else set()
    at_once: dict[tuple[int, int], set] = {}
    for s in movement.seatings:
        if s.is_played:
            place = "relay" if s.table in shared else s.table
            at_once.setdefault((s.round, s.board_set), set()).add(place)
    copies = dict.fromkeys(range(1, movement.board_sets + 1), 1)
    for (_, board_set), places in at_once.items():
        copies[board_set] = max(copies[board_set], len(places))
    return copies
