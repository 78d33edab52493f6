"""Barometer movements: every table plays the same board set in a round, so the standings can
be published after each round with every table's results of it in.

Ian McKinnon (Bridge Central, "Barometer and round robin movements") calls these "a type of
a Howell, with the base skeleton superimposed upon itself, so that all the tables play the
same boards on each round"; the boards of the round are passed round the tables (or
duplicated) until every table has played them, then the pairs move and a new set comes in.
The barometer Howell here is Clubscore's own Howell for the same pairs, its pairings kept,
with set r played by every table in round r. For a Mitchell McKinnon ("Barometers for few
tables") shares one set among all tables: "the E-W pairs move up one table and all tables
play the next set of boards", so an even number of tables needs no skip: T tables play T
rounds and every EW pair meets every NS pair once. ASE Computing's help ("Running a barometer
pairs' event") describes the same: "the boards are shared across all tables on each round",
and the results "published after each round".
"""

from dataclasses import replace
from functools import cache

from scoring.domain import Direction, MovementKind
from scoring.movements import Movement, Pair, Seating, _check_boards_per_round, howell

__all__ = ["barometer_howell", "barometer_mitchell", "barometer_relaid"]

BAROMETER = "barometer"  # the Movement's variant


def barometer_relaid(movement: Movement) -> Movement:
    """The movement with its pairings kept and every table on set r in round r."""
    seatings = tuple(
        Seating(s.round, s.table, s.ns, s.ew, s.round)
        for s in sorted(movement.seatings, key=lambda s: (s.round, s.table))
    )
    return replace(movement, seatings=seatings, board_sets=movement.rounds, variant=BAROMETER)


def barometer_howell(pairs: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A barometer Howell for 4-16 pairs (`rounds` as Clubscore's Howell allows)."""
    movement = barometer_relaid(howell(pairs, boards_per_round, rounds))
    full = 2 * movement.tables - 1
    partial = "" if movement.rounds == full else f", {movement.rounds} of {full} rounds"
    return replace(movement, label=f"{movement.tables}-table barometer Howell{partial}")


def barometer_mitchell(
    tables: int,
    boards_per_round: int,
    phantom: str | None = None,
    rounds: int | None = None,
    arrow_switch: tuple[int, ...] = (),
) -> Movement:
    """A barometer Mitchell of 3-30 tables: NS stay, EW move up one table a round, no skip;
    `phantom` ("NS" or "EW") makes the highest pair of that direction absent."""
    if isinstance(tables, bool) or not isinstance(tables, int) or not 3 <= tables <= 30:
        raise ValueError(f"a barometer Mitchell needs 3-30 tables, got {tables!r}")
    _check_boards_per_round(boards_per_round)
    if phantom not in (None, Direction.NS, Direction.EW):
        raise ValueError(f"the phantom pair must sit NS or EW, got {phantom!r}")
    rounds = tables if rounds is None else rounds
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= tables:
        raise ValueError(
            f"a {tables}-table barometer Mitchell plays 1-{tables} rounds, not {rounds}"
        )
    switched = tuple(sorted(set(arrow_switch)))
    if any(not isinstance(r, int) or not 1 <= r <= rounds for r in switched):
        raise ValueError(f"arrow-switch rounds must be among rounds 1-{rounds}")
    return _mitchell(tables, boards_per_round, phantom, rounds, switched)


@cache
def _mitchell(
    tables: int, boards_per_round: int, phantom: str | None, rounds: int, switched: tuple
) -> Movement:
    ns_phantom, ew_phantom = phantom == Direction.NS, phantom == Direction.EW
    seatings = []
    for r in range(rounds):
        for t in range(tables):
            ew_number = (t - r) % tables  # EW up one table a round
            ns = None if ns_phantom and t == tables - 1 else Pair(t + 1, Direction.NS)
            ew = (
                None
                if ew_phantom and ew_number == tables - 1
                else Pair(ew_number + 1, Direction.EW)
            )
            if r + 1 in switched:
                ns, ew = ew, ns
            seatings.append(Seating(r + 1, t + 1, ns, ew, r + 1))
    return Movement(
        MovementKind.MITCHELL,
        tables,
        rounds,
        boards_per_round,
        rounds,
        tuple(seatings),
        BAROMETER,
        label=f"{tables}-table barometer Mitchell, {rounds} rounds",
    )
