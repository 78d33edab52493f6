"""The international match point (IMP) scale."""

from bisect import bisect_left
from numbers import Integral

__all__ = ["imps", "IMP_UPPER_BOUNDS"]

# Each entry is the largest difference worth that many IMPs (Law 78B; the "Up To" column of
# the One-Table Duplicate-Style Par Scoring Tally Sheet prints the same bounds):
# a difference up to 10 is 0 IMPs, up to 40 is 1, ... above 3990 is 24.
IMP_UPPER_BOUNDS = (
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740,
    890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990,
)  # fmt: skip


def imps(difference: int) -> int:
    """Signed IMPs for a difference in points."""
    if isinstance(difference, bool) or not isinstance(difference, Integral):
        raise ValueError(f"difference {difference!r} is not a whole number of points")
    magnitude = bisect_left(IMP_UPPER_BOUNDS, abs(difference))
    return magnitude if difference >= 0 else -magnitude
