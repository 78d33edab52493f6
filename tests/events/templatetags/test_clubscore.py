"""The results pages' hand-written rows print exactly what the template filters they replace
printed (Django's own floatformat is the reference)."""

from django.template.defaultfilters import floatformat
from hypothesis import given
from hypothesis import strategies as st

from events.templatetags.clubscore import two_places

# Standings hold totals and percentages: exact fractions (a factored total's denominator is a
# product of small counts) stored as floats. floatformat gives up on floats below about 1e-100
# (its Decimal context overflows) and returns them unrounded; no standing is one.
STANDING_VALUES = st.fractions(min_value=-(10**6), max_value=10**6, max_denominator=10**5)


@given(STANDING_VALUES.map(float))
def test_two_places_prints_what_floatformat_2_prints(value):
    assert two_places(value) == floatformat(value, 2)


def test_two_places_rounds_ties_up_and_drops_the_minus_of_a_zero_as_floatformat_does():
    # 0.125 and 2.675 are ties in their shortest forms; half up gives 0.13 and 2.68 where
    # rounding the binary float would give 0.12 and 2.67.
    examples = [(0.125, "0.13"), (2.675, "2.68"), (-0.001, "0.00"), (57.5, "57.50"),
                (-12.345, "-12.35"), (0, "0.00"), (1234567.891, "1234567.89")]  # fmt: skip
    for value, printed in examples:
        assert two_places(value) == printed == floatformat(value, 2)
