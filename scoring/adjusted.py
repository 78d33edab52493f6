"""Adjusted (artificial) scores: Average 50%, Average-plus 60%, Average-minus 40%."""

from fractions import Fraction

__all__ = ["adjusted_imps", "adjusted_matchpoints", "ADJUSTED_CODES", "AVE_PLUS", "AVE_MINUS"]

# Law 12C2 of the 2017 Laws: average minus at most 40%, average 50%, average plus at least
# 60% in pairs; ACBL's and the EBU's default percentages of the top. "A=" is Ruter's average.
ADJUSTED_CODES = {"A": 50, "AVE": 50, "A=": 50, "A+": 60, "AVE+": 60, "A-": 40, "AVE-": 40}
AVE_PLUS, AVE_MINUS = 60, 40


def adjusted_matchpoints(percent: int, top) -> Fraction:
    return Fraction(percent, 100) * top


def adjusted_imps(percent: int, ave_plus=3) -> Fraction:
    """IMPs for an adjusted percentage: 50% is 0, Ave+ (60%) is `ave_plus` IMPs, and each 10% either
    side is that much again (Law 12C2(b) of the 2017 Laws, Law 86A in the 2007 Laws: Ave+ is +3 IMPs
    at IMP play). `ave_plus` may be a decimal (JFR Pary's director gives 1.2)."""
    return Fraction(percent - 50, 10) * Fraction(ave_plus)
