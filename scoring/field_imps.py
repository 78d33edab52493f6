"""IMPs across the field: cross-IMPs (every result against every other) and Butler (a datum)."""

from bisect import bisect_left, bisect_right
from fractions import Fraction
from math import ceil, floor

from scoring._checks import whole_scores
from scoring.imps import IMP_UPPER_BOUNDS, imps

__all__ = ["cross_imps", "cross_imp_totals", "butler", "butler_datum", "drop_count"]


def cross_imp_totals(ns_scores) -> list[int]:
    """Each result's IMPs summed over every other result (ACBLscore "total IMPs", Ruter).

    IMPs(d) for d > 0 is the number of table bounds below d, so the IMPs a score s wins from
    the whole field is, for each bound t, how many scores lie below s - t, less how many lie
    above s + t. That turns the O(n^2) comparison into 24 bisections per result.
    """
    scores = whole_scores(ns_scores, minimum=2, what="results on a board to compare")
    ordered = sorted(scores)
    count = len(ordered)
    totals = []
    for score in scores:
        won = sum(bisect_left(ordered, score - bound) for bound in IMP_UPPER_BOUNDS)
        lost = sum(count - bisect_right(ordered, score + bound) for bound in IMP_UPPER_BOUNDS)
        totals.append(won - lost)
    return totals


def cross_imps(ns_scores) -> list[float]:
    """Each result's mean IMPs against every other result (sum divided by n-1), unrounded."""
    totals = cross_imp_totals(ns_scores)
    return [total / (len(totals) - 1) for total in totals]


def drop_count(count: int, drop: "int | Fraction | None") -> int:
    """How many results a Butler datum drops at each end of `count`.

    None: ceil((n-10)/15)+1 when n > 3 (the bridge-scorer rule); an int: that many; a Fraction
    share (5% is 1/20): that share of n, rounded to the nearest result (halves up).
    """
    if drop is None:
        return ceil((count - 10) / 15) + 1 if count > 3 else 0
    if isinstance(drop, Fraction):
        return floor(drop * count + Fraction(1, 2))
    return drop


def butler_datum(ns_scores, drop: "int | Fraction | None" = None, rounding: int = 10) -> int:
    """The mean NS score after dropping extremes, rounded to the nearest `rounding` points
    (halves away from zero); `drop` as drop_count reads it.
    """
    scores = sorted(whole_scores(ns_scores, minimum=1, what="results"))
    count = len(scores)
    drop = drop_count(count, drop)
    if isinstance(drop, bool) or not isinstance(drop, int) or drop < 0:
        raise ValueError(f"drop must be a whole number of at least 0, got {drop!r}")
    if count - 2 * drop < 1:
        raise ValueError(f"cannot drop {drop} from each end of {count} results")
    kept = scores[drop : count - drop]
    mean = Fraction(sum(kept), len(kept))
    # Halves away from zero, so the datum for EW is exactly minus the datum for NS (as
    # Compscore3 rounds: its published Butler results show -445 -> -450).
    magnitude = floor(abs(mean) / rounding + Fraction(1, 2)) * rounding
    return magnitude if mean >= 0 else -magnitude


def butler(
    ns_scores, drop: "int | Fraction | None" = None, datum: int | None = None, rounding: int = 10
) -> tuple[int, list[int]]:
    """The datum and each result's NS IMPs against it.

    `drop` trims that many scores from each end instead of the default; `datum` fixes it.
    """
    scores = whole_scores(ns_scores, minimum=1 if datum is not None else 2, what="results")
    if datum is None:
        datum = butler_datum(scores, drop, rounding)
    elif isinstance(datum, bool) or not isinstance(datum, int):
        raise ValueError(f"datum {datum!r} is not a whole number of points")
    return datum, [imps(score - datum) for score in scores]
