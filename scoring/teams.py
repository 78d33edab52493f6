"""Team match arithmetic: IMPs per board between the two rooms, match totals, IMP penalties."""

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Real

from scoring.imps import imps

__all__ = ["AVERAGE_PLUS_IMPS", "board_imps", "match_imps"]

# Law 12C2(b) (2017 Laws): an artificial adjusted score of average plus or average minus "at
# IMP play" is plus 3 or minus 3 IMPs, unless the Regulating Authority approves otherwise.
AVERAGE_PLUS_IMPS = 3


def _check_score(name: str, score: int) -> None:
    if isinstance(score, bool) or not isinstance(score, Integral):
        raise ValueError(f"{name} must be a whole number of points, got {score!r}")
    if score % 10:
        raise ValueError(f"{name} {score} is not a bridge score (scores are multiples of 10)")


def board_imps(open_ns_score: int, closed_ns_score: int) -> int:
    """IMPs to the team sitting NS in the open room (and so EW in the closed room).

    That team scores `open_ns_score` in the open room and minus `closed_ns_score` in the
    closed room; the IMP scale reads the sum. Negative when that team loses the board.
    """
    _check_score("open room NS score", open_ns_score)
    _check_score("closed room NS score", closed_ns_score)
    return imps(open_ns_score - closed_ns_score)


def _imps(name: str, value: float):
    """The value as a number we can add exactly (a Decimal from the database as a Fraction)."""
    if isinstance(value, Decimal) and value.is_finite():
        return Fraction(value)
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{name} must be a number of IMPs, got {value!r}")
    return value


def _penalty(name: str, value: float):
    penalty = _imps(name, value)
    if penalty < 0:
        raise ValueError(f"{name} must be at least 0, got {value!r}")
    return penalty


def match_imps(
    board_imps_list: Iterable[float], imp_penalty_a: float = 0, imp_penalty_b: float = 0
) -> tuple[float, float]:
    """IMPs for and against team A over a match: positive board IMPs go to A, negative to B.

    An IMP penalty comes off the penalised team's total. A penalty larger than the team's own
    IMPs is credited to its opponents instead, so neither total goes below zero and the margin
    the VP scale reads is the same as if the total had gone negative. Decimals (as stored by
    the database) are added exactly, as Fractions.
    """
    imps_a = imps_b = 0
    for number, board in enumerate(board_imps_list, start=1):
        board = _imps(f"board {number}'s IMPs", board)
        if board > 0:
            imps_a += board
        else:
            imps_b -= board
    penalty_a = _penalty("team A's IMP penalty", imp_penalty_a)
    penalty_b = _penalty("team B's IMP penalty", imp_penalty_b)
    imps_a -= penalty_a
    imps_b -= penalty_b
    if imps_a < 0:
        imps_a, imps_b = 0, imps_b - imps_a
    if imps_b < 0:
        imps_a, imps_b = imps_a - imps_b, 0
    return imps_a, imps_b
