"""A movement changed after results are in: which results still fit the new movement.

A director who adds a table for a late pair, fills a half table, switches to a bigger movement
or cuts rounds (ACBLscore's LATE command; Jannersten's BridgeTab: the late pair takes its pair
number from the round the change takes effect, and no pair may replay a board) keeps every
result the new movement still seats: the same NS pair against the same EW pair, in the same
directions, on the same board. Any other result would stand where the new movement sends
nobody; the director is told which ones before anything changes.
"""

from dataclasses import dataclass

from scoring.movements import Movement, Pair

__all__ = ["Play", "MovementChange", "movement_change", "plays", "seats_of_board"]


@dataclass(frozen=True, order=True)
class Play:
    """One board played at one table in one round: what a result line records."""

    round: int
    table: int
    board: int
    ns: Pair
    ew: Pair


@dataclass(frozen=True)
class MovementChange:
    """The old movement's plays the new one keeps (each with where the new one seats it) and
    those it drops."""

    kept: dict[Play, Play]  # old play -> the new movement's play of the same pairs and board
    removed: frozenset[Play]

    @property
    def keeps_everything(self) -> bool:
        return not self.removed


def plays(movement: Movement) -> frozenset[Play]:
    """Every board every played table of the movement plays, round by round."""
    return frozenset(
        Play(s.round, s.table, board, s.ns, s.ew)
        for s in movement.seatings
        if s.ns is not None and s.ew is not None  # a phantom's table plays nothing
        for board in movement.boards_of_set(s.board_set)
    )


def seats_of_board(movement: Movement, board: int) -> dict[tuple[Pair, Pair], Play]:
    """(NS pair, EW pair) -> the play in which the movement seats them on `board`."""
    if board not in movement.boards:
        return {}
    return {
        (s.ns, s.ew): Play(s.round, s.table, board, s.ns, s.ew)
        for s in movement.plays_of_board(board)
        if s.ns is not None and s.ew is not None
    }


def fits(movement: Movement, board: int, ns: Pair, ew: Pair) -> Play | None:
    """Where `movement` seats NS `ns` against EW `ew` on `board`, or None when it does not."""
    return seats_of_board(movement, board).get((ns, ew))


def movement_change(old: Movement, new: Movement) -> MovementChange:
    """Which of the old movement's plays the new movement keeps, and which it drops.

    A play is kept when the new movement seats the same NS pair against the same EW pair on
    the same board (in whatever round and at whatever table: a late table may renumber the
    rounds a match falls in); the boards per round must agree, as a board's number names it.
    """
    if old.boards_per_round != new.boards_per_round:
        raise ValueError(
            f"the movements play {old.boards_per_round} and {new.boards_per_round} boards a "
            "round: a board's number would name another board"
        )
    kept, removed = {}, set()
    by_board: dict[int, dict[tuple[Pair, Pair], Play]] = {}
    for play in plays(old):
        seats = by_board.setdefault(play.board, seats_of_board(new, play.board))
        found = seats.get((play.ns, play.ew))
        if found is None:
            removed.add(play)
        else:
            kept[play] = found
    return MovementChange(kept, frozenset(removed))
