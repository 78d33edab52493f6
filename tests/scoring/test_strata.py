"""Stratified places (scoring/strata.py), against the clubs' published descriptions:

- The Twin Cities Bridge Center's "Questions and answers" (tcbridgecenter.com, ?p=163):
  "A = 1500+ masterpoints, B = 500 - 1499 and C = 0-499".
- Vallarta Bridge, "About Masterpoints and Stratification" (vallartabridge.com): with strata
  Open/500/100, "a pair with both players having fewer than 100 Masterpoints competes in all
  three strata"; "a pair with neither partner having over 500 points and one or both having
  over 100 points, competes in Strat B as well as Strat A".
- Las Candelas Duplicate Bridge Club (bridgewebs.com/lascandelas, "Stratified & Handicap
  Games"): a pair's stratum "usually ... depends on the points held by the more accomplished
  player", but "some events permit point totals between partners to be averaged".
- Bridge Base Online's help, "How does ACBL stratification work?": "a pair who is in B has
  2 chances to win (A, B). A pair in C has 3 chances (A, B, C)".
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Strata, StratifyBy, pair_holding, strata_of, stratum_places

TWIN_CITIES = Strata((1500, 500))
VALLARTA = Strata((500, 100))


@pytest.mark.parametrize(
    "holding, strata", [(0, "ABC"), (499, "ABC"), (500, "AB"), (1499, "AB"), (1500, "A")]
)
def test_the_twin_cities_bands(holding, strata):
    assert strata_of(Fraction(holding), TWIN_CITIES) == strata


def test_vallarta_both_players_under_the_lowest_limit_compete_in_all_three():
    holding = pair_holding([Fraction(60), Fraction(99)], StratifyBy.HIGHER)
    assert strata_of(holding, VALLARTA) == "ABC"


def test_vallarta_one_player_over_the_lowest_limit_takes_the_pair_to_b():
    holding = pair_holding([Fraction(450), Fraction(80)], StratifyBy.HIGHER)
    assert holding == 450
    assert strata_of(holding, VALLARTA) == "AB"


def test_averaged_holdings_as_some_events_permit():
    # 700 and 100 average 400: under B's 500, though the better player alone is not.
    holdings = [Fraction(700), Fraction(100)]
    assert strata_of(pair_holding(holdings, StratifyBy.HIGHER), VALLARTA) == "A"
    assert pair_holding(holdings, StratifyBy.AVERAGE) == 400
    assert strata_of(pair_holding(holdings, StratifyBy.AVERAGE), VALLARTA) == "AB"


def test_a_player_of_unknown_holding_keeps_the_pair_in_a():
    assert pair_holding([Fraction(10), None], StratifyBy.HIGHER) is None
    assert strata_of(None, VALLARTA) == "A"


def test_each_stratum_ranks_its_own_pairs():
    # Five pairs by percentage; pairs 3 and 5 are C, pair 2 is B, pairs 1 and 4 are A only.
    figures = {1: Fraction(62), 2: Fraction(58), 3: Fraction(55), 4: Fraction(51), 5: Fraction(55)}
    strata = {1: "A", 2: "AB", 3: "ABC", 4: "A", 5: "ABC"}
    assert stratum_places(figures, strata) == {
        1: {"A": "1"},
        2: {"A": "2", "B": "1"},
        3: {"A": "3=", "B": "2=", "C": "1="},
        4: {"A": "5"},
        5: {"A": "3=", "B": "2=", "C": "1="},
    }


def test_a_pair_in_b_has_two_chances_and_one_in_c_three():
    strata = Strata((750, 300))
    assert len(strata_of(Fraction(400), strata)) == 2
    assert len(strata_of(Fraction(120), strata)) == 3


@pytest.mark.parametrize(
    "limits, words",
    [
        ((), "one limit"),
        ((500, 200, 100), "one limit"),
        ((200, 500), "below the one above"),
        ((300, 300), "below the one above"),
        ((0,), "at least 1"),
    ],
)
def test_limits_that_make_no_strata_are_refused_in_words(limits, words):
    with pytest.raises(ValueError, match=words):
        Strata(limits)


holdings = st.fractions(min_value=0, max_value=20_000)
limit_pairs = st.tuples(
    st.integers(min_value=2, max_value=10_000), st.integers(min_value=1, max_value=9_999)
).filter(lambda pair: pair[0] > pair[1])


@given(holdings, limit_pairs)
def test_strata_nest(holding, limits):
    """A pair under C's limit is under B's: its strata are always A, AB or ABC."""
    assert strata_of(holding, Strata(limits)) in ("A", "AB", "ABC")


@given(st.lists(st.tuples(st.fractions(0, 100), holdings), min_size=1, max_size=20), limit_pairs)
def test_a_lower_stratum_never_gives_a_worse_place(field, limits):
    strata = Strata(limits)
    figures = {pair: figure for pair, (figure, _) in enumerate(field)}
    of = {pair: strata_of(holding, strata) for pair, (_, holding) in enumerate(field)}
    places = stratum_places(figures, of)
    for pair, by_stratum in places.items():
        assert set(by_stratum) == set(of[pair])
        numbers = [int(by_stratum[name].rstrip("=")) for name in of[pair]]
        assert numbers == sorted(numbers, reverse=True)
