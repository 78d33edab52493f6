"""Adjusted (artificial) scores: Average 50%, Average-plus 60%, Average-minus 40%."""

__all__ = ["adjusted_imps", "adjusted_matchpoints", "ADJUSTED_CODES"]

# ACBL default percentages of the top; in IMP scoring Ave is 0, Ave+ +3 and Ave- -3 IMPs.
ADJUSTED_CODES = {"A": 50, "AVE": 50, "A+": 60, "AVE+": 60, "A-": 40, "AVE-": 40}


def adjusted_matchpoints(percent: int, top: float) -> float:
    return percent * top / 100


def adjusted_imps(percent: int) -> float:
    """IMPs for an adjusted percentage: 50% is 0, each 10% either side is 3 IMPs."""
    return (percent - 50) * 3 / 10
