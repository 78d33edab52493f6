"""Board-a-match and Patton: a team match scored board by board, won, tied or lost, not by
the margin (docs/rules.md, "Board-a-match and Patton").

Board-a-match (the ACBL Handbook, *Types of team events*): the team whose two pairs' net score
on a board is the better wins it, 1 point; equal net scores tie, ½ each. The smallest
difference wins (Larry Cohen, *Board-A-Match*: +130 against 120 is a full win).

Patton (Paul Hackett, *Patton Teams (Hybrid Teams)*, EBU Tournament Focus, Winter 2009): each
board is 2 points for a win, 1 for a draw, 0 for a loss, and the match's aggregate (the net
total points of all its boards) is worth as many points again.

An artificial score on a board not played in both rooms shares the board as Law 12C2(a) shares
a pairs board: Ave 50%, Ave+ 60%, Ave− 40%. It takes no part in the aggregate.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from scoring.teams import _check_score

__all__ = ["AVERAGE_MINUS_SHARE", "AVERAGE_PLUS_SHARE", "PATTON_BOARD", "PattonScore",
           "bam_board", "bam_match", "board_net", "patton_match"]  # fmt: skip

# Law 12C2(a) (2017 Laws): average plus is at least 60% of the points available, average minus
# at most 40%; a board-a-match board has one point available.
AVERAGE_PLUS_SHARE = Fraction(3, 5)
AVERAGE_MINUS_SHARE = Fraction(2, 5)
# Hackett's Patton: 2 points for a board won, 1 for a draw.
PATTON_BOARD = 2


def board_net(open_ns_score: int, closed_ns_score: int) -> int:
    """The net score on a board of the team sitting NS in the open room (and so EW in the
    closed room): its NS score in the open room less its opponents' NS score in the closed
    room."""
    _check_score("open room NS score", open_ns_score)
    _check_score("closed room NS score", closed_ns_score)
    return open_ns_score - closed_ns_score


def bam_board(open_ns_score: int, closed_ns_score: int) -> tuple[Fraction, Fraction]:
    """(home, away) board points: 1 to the team with the better net score, ½ each on a tie."""
    net = board_net(open_ns_score, closed_ns_score)
    if net == 0:
        return Fraction(1, 2), Fraction(1, 2)
    return (Fraction(1), Fraction(0)) if net > 0 else (Fraction(0), Fraction(1))


def _share(name: str, value) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise ValueError(f"{name} must be a whole number or a fraction, got {value!r}")
    if not 0 <= value <= 1:
        raise ValueError(f"{name} is {value}: a board's points are from 0 to 1")
    return Fraction(value)


def bam_match(boards: Iterable[tuple[Fraction, Fraction]]) -> tuple[Fraction, Fraction]:
    """(home, away) board points over a match: each board's points summed."""
    home = away = Fraction(0)
    for number, (board_home, board_away) in enumerate(boards, start=1):
        home += _share(f"board {number}'s home points", board_home)
        away += _share(f"board {number}'s away points", board_away)
    return home, away


@dataclass(frozen=True)
class PattonScore:
    """A Patton match: each team's board points and aggregate points."""

    boards: tuple[Fraction, Fraction]
    aggregate: tuple[Fraction, Fraction]

    @property
    def home(self) -> Fraction:
        return self.boards[0] + self.aggregate[0]

    @property
    def away(self) -> Fraction:
        return self.boards[1] + self.aggregate[1]


def patton_match(
    boards: Iterable[tuple[Fraction, Fraction]], aggregate: int, board_count: int
) -> PattonScore:
    """A Patton match of `board_count` boards: each board's board-a-match points doubled (2, 1,
    0), and 2 points a board for the aggregate, all to the team whose net total points over the
    match (`aggregate`, the home team's) is the better, shared when the totals are equal."""
    if isinstance(board_count, bool) or not isinstance(board_count, int) or board_count < 1:
        raise ValueError(f"a match has at least one board, not {board_count!r}")
    _check_score("the aggregate", aggregate)
    home, away = bam_match(boards)
    at_stake = Fraction(PATTON_BOARD * board_count)
    if aggregate == 0:
        share = (at_stake / 2, at_stake / 2)
    else:
        share = (at_stake, Fraction(0)) if aggregate > 0 else (Fraction(0), at_stake)
    return PattonScore((PATTON_BOARD * home, PATTON_BOARD * away), share)
