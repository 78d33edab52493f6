"""Home Duplicate Bridge scoring, as David Jette's *Scoring for Home Duplicate Bridge* (2009)
sets it out: IMPs above the direction's lowest score, then VPs per set against the field."""

from fractions import Fraction

from scoring._checks import whole_scores
from scoring.imps import imps
from scoring.vps import vp_harris

__all__ = ["hdb_imps", "hdb_set_vps"]


def hdb_imps(direction_scores) -> list[int]:
    """IMPs of each pair's score above the lowest score in its direction on the board."""
    scores = whole_scores(direction_scores, minimum=1, what="results")
    lowest = min(scores)
    return [imps(score - lowest) for score in scores]


def hdb_set_vps(imp_totals, boards_per_set: int) -> list[int]:
    """VPs of each pair's IMP total for a set against the mean of the other pairs' totals."""
    totals = [Fraction(total) for total in imp_totals]
    if len(totals) < 2:
        raise ValueError(f"need at least 2 pairs in a direction to compare, got {len(totals)}")
    grand_total = sum(totals)
    others = len(totals) - 1
    return [vp_harris(total - (grand_total - total) / others, boards_per_set) for total in totals]
