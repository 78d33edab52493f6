"""Matchpoints on one board, and Neuberg factoring for boards with fewer results than due."""

from bisect import bisect_left, bisect_right
from fractions import Fraction

from scoring._checks import known_scale, whole_scores

__all__ = ["matchpoints", "neuberg", "top"]


def top(results: int, scale: str = "acbl") -> int:
    """The most matchpoints one of `results` comparable results can earn."""
    known_scale(scale)
    beaten = results - 1
    return beaten if scale == "acbl" else 2 * beaten


def matchpoints(ns_scores, scale: str = "acbl") -> list[float]:
    """NS matchpoints of each result; EW gets top minus NS.

    ACBL: 1 per score beaten and 1/2 per equal score. Law 78A (EBU): 2 and 1.
    Sorting once makes a board of n results O(n log n).
    """
    known_scale(scale)
    scores = whole_scores(ns_scores, minimum=2, what="results on a board to compare")
    ordered = sorted(scores)
    points = []
    for score in scores:
        beaten = bisect_left(ordered, score)
        tied = bisect_right(ordered, score) - beaten - 1
        halves = 2 * beaten + tied  # in EBU units: exact with integers
        points.append(halves / 2 if scale == "acbl" else float(halves))
    return points


def neuberg(mp, results: int, expected: int, scale: str = "acbl") -> Fraction:
    """Factor `mp`, earned among `results` comparable results, up to `expected` results.

    ACBL form (MP + 1/2)·E/A − 1/2; EBU form (MP + 1)·E/A − 1. Exact: the result is a Fraction
    (ties between pairs must survive the division, so no float rounding here).
    """
    known_scale(scale)
    if isinstance(results, bool) or not isinstance(results, int) or results < 1:
        raise ValueError(f"results must be a whole number of at least 1, got {results!r}")
    if isinstance(expected, bool) or not isinstance(expected, int) or expected < 1:
        raise ValueError(f"expected must be a whole number of at least 1, got {expected!r}")
    if not 0 <= mp <= top(results, scale):
        raise ValueError(f"{mp} matchpoints is outside 0-{top(results, scale)} for {results}")
    shift = Fraction(1, 2) if scale == "acbl" else Fraction(1)
    return (Fraction(mp) + shift) * expected / results - shift
