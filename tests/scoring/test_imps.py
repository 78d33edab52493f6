import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import imps

# Law 78B's table, as the one-table tally sheet and Jette's *Scoring for Home Duplicate Bridge*
# print it: (lowest difference, highest difference, IMPs).
IMP_ROWS = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip


@pytest.mark.parametrize("low,high,expected", IMP_ROWS)
def test_it_follows_the_pavlicek_table_at_both_ends_of_each_row(low, high, expected):
    assert imps(low) == expected
    assert imps(high) == expected
    assert imps(-low) == -expected
    assert imps(-high) == -expected


@pytest.mark.parametrize(
    "difference,expected",
    # The One-Table Duplicate-Style Par Scoring Tally Sheet's example: the Diff column and the IMPs
    # it earned.
    [(20, 1), (140, 4), (-270, -7), (40, 1), (-160, -4), (-200, -5), (220, 6), (-80, -2),
     (-140, -4), (0, 0), (80, 2), (-330, -8), (-580, -11), (-100, -3), (-600, -12),
     (-400, -9),
     # Jette: "3 imps for a raw score of 100, 14 imps for 1000".
     (100, 3), (1000, 14)],
)  # fmt: skip
def test_it_reproduces_the_tally_sheets_and_jettes_examples(difference, expected):
    assert imps(difference) == expected


@pytest.mark.parametrize("bad", [1.5, "100", None, True])
def test_it_refuses_non_integer_differences(bad):
    with pytest.raises(ValueError, match="not a whole number"):
        imps(bad)


@given(st.integers(min_value=-10_000, max_value=10_000))
def test_it_is_symmetric(difference):
    assert imps(-difference) == -imps(difference)


@given(st.integers(min_value=-10_000, max_value=10_000), st.integers(0, 500))
def test_it_is_monotone(difference, step):
    assert imps(difference + step) >= imps(difference)


@given(st.integers(min_value=-100_000, max_value=100_000))
def test_it_stays_within_24(difference):
    assert -24 <= imps(difference) <= 24
