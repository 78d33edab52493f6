"""Numbers as people and files read them: the one rounding rule of every page, PDF and export.

Scores are computed exactly (Fractions) and rounded only where they are shown or written out,
as Magic Contest's manual puts it (Tomas Brenning, *Magic Contest: Scoring: Rounding*: "The
scoring, however, is always exact no matter how many decimals you choose to show"). Where a
value lies exactly halfway, it is rounded **half away from zero**: 136.125 prints 136.13 and
-0.125 prints -0.13. No scoring manual we could find writes a rule down, so this is the
project's. Positive halves go up as ACBLscore prints them (its published results of real
sessions show factored totals of 177.125 and 32.625 as 177.13 and 32.63; see
tests/events/test_real_events.py), as Django's `floatformat` and Python's
`decimal.ROUND_HALF_UP` do and the results pages always did. Negative halves go away from zero
so that opposite numbers stay opposite: a board's +0.125 IMPs for NS and -0.125 for EW print
as +0.13 and -0.13, where rounding every half upwards would print +0.13 and -0.12. A zero
prints without a minus sign.

Fractions, Decimals and integers are rounded exactly, never through a float. A float (the
points stored with each result are floats) stands for the shortest decimal that reads back as
it, its repr: the decimal it was stored from when that had one, so the float of 1.005 rounds
as 1.005 does, to 1.01, not as the binary value just below it would.
"""

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from numbers import Rational

_STEPS = {places: Decimal(1).scaleb(-places) for places in range(9)}


def rounded(value, places: int = 2) -> Decimal:
    """`value` rounded to `places` decimals (0-8), halves away from zero, with exactly that
    many."""
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, (Decimal, int)):
        # Exact: a quantize loses digits only by the rounding it is given (a score has far
        # fewer than the context's 28).
        result = Decimal(value).quantize(_STEPS[places], ROUND_HALF_UP)
        return result.copy_abs() if result.is_zero() else result
    if not isinstance(value, Rational):
        raise TypeError(f"cannot round {value!r}: not a number")
    value = Fraction(value)
    scaled = abs(value.numerator) * 10**places
    magnitude = (2 * scaled + value.denominator) // (2 * value.denominator)
    return Decimal(magnitude if value >= 0 else -magnitude).scaleb(-places)


def exact(value) -> Fraction:
    """`value` as a Fraction to add up exactly; a float as the decimal it stands for."""
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def printed(value, places: int = 2, trim: bool = False) -> str:
    """`value` as printed: rounded to `places` decimals ("136.13", "57.50", "0.00"); with
    `trim`, at most that many, without trailing zeros ("5", "5.5", "5.33")."""
    text = f"{rounded(value, places):f}"
    if trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def round_half_away(value) -> int:
    """`value` rounded to a whole number, halves away from zero (2.5 -> 3, -2.5 -> -3)."""
    return int(rounded(value, 0))
