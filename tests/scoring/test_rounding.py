"""The one rounding rule of every page, PDF and export: halves away from zero, exactly.

The ties are the ones a results page meets: ACBLscore printed Livermore's factored totals of
177.125, 157.625 and 141.375 as 177.13, 157.63 and 141.38, and Stoneridge Creek's 32.625 as
32.63 (tests/events/test_real_events.py has their files); a results.csv printed 136.125,
107.625 and 104.625 as 136.12, 107.62 and 104.62 where the pages said 136.13, 107.63 and
104.63. A negative tie goes away from zero, the project's rule (scoring/rounding.py): NS's
+0.125 IMPs a board and EW's -0.125 print as +0.13 and -0.13.
"""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import printed, round_half_away, rounded

TIES = [
    (Fraction(1089, 8), "136.13"), (Fraction(861, 8), "107.63"), (Fraction(837, 8), "104.63"),
    (Fraction(1417, 8), "177.13"), (Fraction(261, 8), "32.63"), (Fraction(1131, 8), "141.38"),
    (Fraction(-1, 8), "-0.13"), (Fraction(-5, 8), "-0.63"), (Fraction(-1131, 8), "-141.38"),
    (Fraction(201, 200), "1.01"),  # 1.005: a tie in decimal, not in binary
    (Fraction(-201, 200), "-1.01"),
]  # fmt: skip


@pytest.mark.parametrize("value, shown", TIES)
def test_a_tie_at_the_third_decimal_goes_away_from_zero_from_a_fraction(value, shown):
    assert printed(value) == shown


@pytest.mark.parametrize("value, shown", TIES)
def test_a_decimal_and_a_float_of_the_same_value_print_the_same(value, shown):
    as_decimal = Decimal(value.numerator) / Decimal(value.denominator)  # all end within 3 places
    assert printed(as_decimal) == shown
    # The float of 1.005 is 1.00499999999999989...: it stands for 1.005, its shortest form.
    assert printed(float(value)) == shown


def test_fractions_and_decimals_are_rounded_exactly_never_through_a_float():
    # 2**60 + 0.125: as a float the eighth is lost (the nearest float is 2**60 itself).
    huge = Fraction(2**60) + Fraction(1, 8)
    assert float(huge) == 2**60
    assert printed(huge) == f"{2**60}.13"
    assert printed(Decimal(f"{2**60}.125")) == f"{2**60}.13"
    # Just below a half stays below, however close: a float could not tell these apart.
    assert printed(Fraction(1089, 8) - Fraction(1, 10**30)) == "136.12"
    assert printed(Fraction(-1, 8) + Fraction(1, 10**30)) == "-0.12"


def test_a_zero_has_no_minus_sign_and_values_keep_their_places():
    assert [printed(value) for value in (Fraction(-1, 1000), -0.001, Decimal("-0.004"), -0.0,
                                         0, 57.5, Fraction(2, 3), -5)] == [
        "0.00", "0.00", "0.00", "0.00", "0.00", "57.50", "0.67", "-5.00"
    ]  # fmt: skip


def test_other_places_and_trimmed_trailing_zeros():
    assert printed(Fraction(1089, 8), 0) == "136"
    assert printed(Fraction(5, 2), 0) == "3" and printed(Fraction(-5, 2), 0) == "-3"
    assert printed(Fraction(1, 20), 1) == "0.1" and printed(Fraction(-1, 20), 1) == "-0.1"
    assert printed(Fraction(10001, 80000), 4) == "0.1250"  # 0.1250125
    assert [printed(value, trim=True) for value in (5, 5.5, Fraction(16, 3), Decimal("1E+1"),
                                                    Decimal("-0.001"))] == [
        "5", "5.5", "5.33", "10", "0"
    ]  # fmt: skip
    assert printed(Decimal("12.0"), 1, trim=True) == "12"


def test_rounded_is_a_decimal_with_exactly_the_places_asked():
    assert rounded(Fraction(1089, 8)) == Decimal("136.13")
    assert str(rounded(Fraction(1089, 8))) == "136.13"
    assert str(rounded(12, 2)) == "12.00"
    assert str(rounded(Fraction(-5, 2), 1)) == "-2.5"


@pytest.mark.parametrize("value, whole", [(2.5, 3), (-2.5, -3), (2.4, 2), (-0.5, -1), (0, 0),
                                          (Fraction(7, 2), 4), (Decimal("-3.5"), -4)])  # fmt: skip
def test_round_half_away_is_the_same_rule_to_whole_numbers(value, whole):
    assert round_half_away(value) == whole


def test_what_is_not_a_number_is_refused():
    with pytest.raises(TypeError, match="not a number"):
        rounded("1.5")


@given(st.fractions(min_value=-(10**6), max_value=10**6, max_denominator=10**5))
def test_printing_is_symmetric_and_the_nearest_hundredth(value):
    text = printed(value)
    opposite = text[1:] if text.startswith("-") else "-" + text
    assert printed(-value) == ("0.00" if text == "0.00" else opposite)
    shown = Fraction(text)
    assert abs(shown - value) <= Fraction(1, 200)
    if abs(shown - value) == Fraction(1, 200):  # a tie: away from zero
        assert abs(shown) > abs(value)
