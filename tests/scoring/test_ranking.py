import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import rank


@pytest.mark.parametrize(
    "totals,places",
    [
        ([60, 55, 55, 40], ["1", "2=", "2=", "4"]),
        ([40, 60, 55, 55], ["4", "1", "2=", "2="]),
        ([50, 50], ["1=", "1="]),
        ([70.5], ["1"]),
        ([], []),
    ],
)
def test_it_ranks_higher_first_with_shared_places(totals, places):
    assert rank(totals) == places


@given(st.lists(st.integers(0, 20), max_size=30))
def test_a_place_is_one_more_than_the_number_strictly_better(totals):
    for total, place in zip(totals, rank(totals), strict=True):
        assert int(place.rstrip("=")) == 1 + sum(other > total for other in totals)
        assert place.endswith("=") == (totals.count(total) > 1)
