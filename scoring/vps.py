"""Victory points: the WBF 2013 continuous scale and the Harris club scales of seed 004."""

import math
from fractions import Fraction
from functools import cache
from numbers import Real

__all__ = ["vp_wbf", "vp_harris", "round_half_away", "HARRIS_SCALES"]

_TAU = (math.sqrt(5) - 1) / 2


def _check_boards(boards: int) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ValueError(f"boards must be a whole number of at least 1, got {boards!r}")


@cache
def _wbf_table(boards: int) -> tuple[int, ...]:
    """Winner's VPs in hundredths for margins 0, 1, 2, ... up to the blitz."""
    blitz = 15 * math.sqrt(boards)
    hundredths = []
    margin = 0
    while margin < blitz:
        exact = 10 + 10 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU**3)
        hundredths.append(math.floor(exact * 100 + 0.5))
        margin += 1
    hundredths.append(2000)
    # WBF: rounding can make a 1-IMP step larger than the step before it; where it does,
    # the lower value goes up by 0.01 so the scale stays concave.
    changed = True
    while changed:
        changed = False
        for k in range(2, len(hundredths)):
            if hundredths[k] - hundredths[k - 1] > hundredths[k - 1] - hundredths[k - 2]:
                hundredths[k - 1] += 1
                changed = True
    return tuple(hundredths)


def vp_wbf(imp_margin: float, boards: int) -> float:
    """The winner's VPs on the WBF 2013 20-point scale; the loser gets 20 minus this.

    Fractional margins (cross-IMP averages) interpolate between the whole-IMP values.
    """
    _check_boards(boards)
    if isinstance(imp_margin, bool) or not isinstance(imp_margin, Real) or imp_margin < 0:
        raise ValueError(
            f"margin must be a number of IMPs at least 0, got {imp_margin!r} "
            "(the loser's VPs are 20 minus the winner's)"
        )
    table = _wbf_table(boards)
    lower = math.floor(imp_margin)
    if lower >= len(table) - 1:
        return 20.0
    fraction = imp_margin - lower
    hundredths = table[lower] + fraction * (table[lower + 1] - table[lower])
    return math.floor(hundredths + 0.5) / 100


# Seed 004 (Harris, Bridge Director's Companion): for each boards-per-set, rows of
# (largest IMP difference of the row, VPs when ahead, VPs when behind); the last row is open.
HARRIS_SCALES = {
    3: ((0, 5, 5), (1, 6, 4), (3, 7, 3), (6, 8, 2), (9, 9, 1), (None, 10, 0)),
    4: ((0, 7, 7), (1, 8, 6), (2, 9, 5), (4, 10, 4), (6, 11, 3), (9, 12, 2), (12, 13, 1),
        (None, 14, 0)),
    5: ((0, 8, 8), (1, 9, 7), (2, 10, 6), (4, 11, 5), (6, 12, 4), (9, 13, 3), (12, 14, 2),
        (15, 15, 1), (None, 16, 0)),
    6: ((0, 10, 10), (1, 11, 9), (2, 12, 8), (3, 13, 7), (5, 14, 6), (7, 15, 5), (10, 16, 4),
        (13, 17, 3), (16, 18, 2), (19, 19, 1), (None, 20, 0)),
    7: ((0, 12, 12), (1, 13, 11), (2, 14, 10), (3, 15, 9), (4, 16, 8), (6, 17, 7), (8, 18, 6),
        (10, 19, 5), (13, 20, 4), (16, 21, 3), (19, 22, 2), (22, 23, 1), (None, 24, 0)),
    8: ((0, 13, 13), (1, 14, 12), (2, 15, 11), (3, 16, 10), (4, 17, 9), (6, 18, 8), (8, 19, 7),
        (10, 20, 6), (13, 21, 5), (16, 22, 4), (19, 23, 3), (22, 24, 2), (25, 25, 1),
        (None, 26, 0)),
}  # fmt: skip


def round_half_away(value: Real) -> int:
    """Round to a whole number, halves away from zero (2.5 -> 3, -2.5 -> -3)."""
    exact = Fraction(value)
    magnitude = math.floor(abs(exact) + Fraction(1, 2))
    return magnitude if exact >= 0 else -magnitude


def vp_harris(imp_difference: float, boards_per_set: int) -> int:
    """VPs for an IMP difference on seed 004's club scale for 3-8 boards per set."""
    if boards_per_set not in HARRIS_SCALES:
        raise ValueError(f"the club VP scales cover 3-8 boards per set, not {boards_per_set!r}")
    if isinstance(imp_difference, bool) or not isinstance(imp_difference, Real):
        raise ValueError(f"IMP difference {imp_difference!r} is not a number")
    difference = round_half_away(imp_difference)
    for largest, ahead, behind in HARRIS_SCALES[boards_per_set]:
        if largest is None or abs(difference) <= largest:
            return ahead if difference >= 0 else behind
    raise AssertionError("every scale ends with an open row")
