"""Masterpoint awards by the ACBL's rule for regular club games.

Every expected value comes from the American Contract Bridge League's *ACBL Handbook*,
Chapter 4, Section Three: Masterpoint Award Regulations, "I. Calculating the Awards"
(acbl.org), quoted where it is used. The page states no tie rule and no rounding; the tests of
ties check the equal share Clubscore applies and says it applies (docs/rules.md).
"""

from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scoring import (
    ACBL_INVITATIONAL,
    ACBL_OPEN,
    MASTERPOINT_RULES,
    AcblRule,
    Field,
    award_depth,
    comparison_groups,
    masterpoint_awards,
    masterpoint_scale,
    place_share,
    rank,
)


@pytest.mark.parametrize(
    "tables,howell,groups",
    [
        # "an eight-table Mitchell movement is two groups of 8 pairs"
        (8, False, [8, 8]),
        # "A five-table Howell movement is one group of 10 pairs"
        (5, True, [10]),
        # "7 1/2 tables would be 8 pairs in each group"
        (Fraction(15, 2), False, [8, 8]),
        # "a 5 1/2 table Howell is 11 pairs in the comparison group"
        (Fraction(11, 2), True, [11]),
    ],
)
def test_the_handbooks_comparison_groups(tables, howell, groups):
    assert comparison_groups(tables, howell) == groups


@pytest.mark.parametrize("tables", [0, -1, Fraction(1, 3), Fraction(29, 4)])
def test_a_section_has_a_whole_or_half_number_of_tables(tables):
    with pytest.raises(ValueError, match="whole or half"):
        comparison_groups(tables, False)


@pytest.mark.parametrize(
    "pairs,depth",
    # "Depth of awards is 40% times the number of pairs in the comparison group, rounded to
    # the nearest whole number with .5 rounded up": 40% of 8 is 3.2, of 9 is 3.6, of 10 is 4,
    # of 11 is 4.4, of 14 is 5.6, of 3 is 1.2, of 1 is 0.4.
    [(8, 3), (9, 4), (10, 4), (11, 4), (14, 6), (3, 1), (1, 0), (5, 2)],
)
def test_the_depth_of_awards_is_40_percent_to_the_nearest(pairs, depth):
    assert award_depth(pairs) == depth


def test_the_place_shares_of_first():
    # "The second place award is 70% of 1st, third is 50% of 1st, fourth is 35%, fifth is 1/5
    # and sixth is 1/6, etc."
    assert [place_share(place) for place in range(1, 8)] == [
        1,
        Fraction(7, 10),
        Fraction(1, 2),
        Fraction(35, 100),
        Fraction(1, 5),
        Fraction(1, 6),
        Fraction(1, 7),
    ]


def test_an_eight_table_mitchell_open_game():
    # "Open games award .10 MP per table for first place in each group": 8 tables, 0.80 for
    # each direction's winners; 70% is 0.56, 50% is 0.40; depth 3 (40% of 8 pairs).
    scale = masterpoint_scale(ACBL_OPEN, 8)
    assert scale.awards == (Fraction(8, 10), Fraction(56, 100), Fraction(40, 100))
    assert scale.working == "0.1 × 8 pairs in the group = 0.8; awards to 3 places (40% of 8 pairs)"


def test_the_open_maximum_is_one_and_a_half():
    # "Maximum award is 1.50 masterpoints": 16 pairs would make 1.60.
    scale = masterpoint_scale(ACBL_OPEN, 16)
    assert scale.first == Fraction(3, 2)
    assert scale.awards[1] == Fraction(3, 2) * Fraction(7, 10)
    assert "capped at the maximum 1.5" in scale.working


def test_invitational_clubs_award_eight_hundredths_a_pair_to_at_most_1_20():
    # "Invitational clubs award .08 masterpoint per pair for first place in each group ...
    # The maximum award is 1.20 masterpoints."
    assert masterpoint_scale(ACBL_INVITATIONAL, 10).first == Fraction(80, 100)
    assert masterpoint_scale(ACBL_INVITATIONAL, 20).first == Fraction(120, 100)
    assert {"acbl-open", "acbl-invitational"} <= set(MASTERPOINT_RULES)


def test_each_pair_gets_its_places_award_and_the_working():
    awards = masterpoint_awards(ACBL_OPEN, 10, ["3", "1", "2", "4", "5"])
    assert [award.points for award in awards] == [
        Fraction(1, 2),
        Fraction(1),
        Fraction(7, 10),
        Fraction(35, 100),
        Fraction(0),
    ]
    assert awards[0].working[-1] == "place 3: 50% of first = 0.5"
    assert awards[4].working[-1] == "place 5: beyond the 4 places awarded, 0"


def test_a_tie_shares_the_places_it_covers_and_says_so():
    awards = masterpoint_awards(ACBL_OPEN, 8, ["1", "2=", "2=", "4"])
    assert awards[1].points == (Fraction(56, 100) + Fraction(40, 100)) / 2
    assert awards[1].working[-1].startswith("2 pairs tie: 0.96 shared equally = 0.48")


def test_a_place_that_does_not_fit_the_group_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        masterpoint_awards(ACBL_OPEN, 3, ["1", "3=", "3="])


totals_strategy = st.lists(st.integers(0, 12), min_size=1, max_size=40)
rules = st.sampled_from(list(MASTERPOINT_RULES.values()))
boards_strategy = st.integers(1, 40)


# Every rule, the ACBL's, the ABF's and the EBU's: a Mitchell direction or a one-winner field,
# a short session or a long one.
@given(totals_strategy, rules, st.booleans(), boards_strategy)
def test_awards_never_increase_as_the_place_worsens(totals, rule, one_winner, boards):
    places = rank(totals)
    awards = masterpoint_awards(rule, len(totals), places, one_winner, boards)
    ordered = sorted(zip(totals, awards, strict=True), key=lambda pair: -pair[0])
    points = [award.points for _total, award in ordered]
    assert points == sorted(points, reverse=True)


@given(totals_strategy, rules, st.booleans(), boards_strategy)
def test_a_tie_shares_the_awards_of_the_places_it_covers(totals, rule, one_winner, boards):
    assume(rule.refusal(Field(len(totals), one_winner, boards)) is None)
    places = rank(totals)
    scale = masterpoint_scale(rule, len(totals), one_winner, boards)
    awards = masterpoint_awards(rule, len(totals), places, one_winner, boards)
    for place, award in zip(places, awards, strict=True):
        first = int(place.rstrip("="))
        covered = range(first, first + places.count(place))
        total = sum(scale.at(each) for each in covered)
        assert award.points == (rule.tie(total, len(covered))[0] if len(covered) > 1 else total)


@given(totals_strategy, rules, st.booleans(), boards_strategy)
def test_no_award_beyond_the_depth_and_nothing_more_than_first(totals, rule, one_winner, boards):
    places = rank(totals)
    awards = masterpoint_awards(rule, len(totals), places, one_winner, boards)
    refusal = rule.refusal(Field(len(totals), one_winner, boards))
    if refusal:
        assert all(award.points == 0 and award.working == (refusal,) for award in awards)
        return
    scale = masterpoint_scale(rule, len(totals), one_winner, boards)
    for place, award in zip(places, awards, strict=True):
        if int(place.rstrip("=")) > scale.depth:
            assert award.points == 0
        assert award.points <= scale.first
    if isinstance(rule, AcblRule):
        assert scale.first <= rule.maximum
        # Shared exactly, a tie gives out what its places are worth.
        assert sum(award.points for award in awards) == sum(scale.awards[: len(totals)])
