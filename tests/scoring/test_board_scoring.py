from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import BoardPoints, ScoringOptions, parse_entry, possible_ns_scores, score_board


def entries(*texts, board=1):
    return [parse_entry(text, board) for text in texts]


def test_a_full_board_scores_plain_matchpoints():
    points = score_board("matchpoints", entries("4H N +2", "4H N +1", "4H N =", "4H N -1"), 4)
    assert points == [
        BoardPoints(3.0, 0.0, 3),
        BoardPoints(2.0, 1.0, 3),
        BoardPoints(1.0, 2.0, 3),
        BoardPoints(0.0, 3.0, 3),
    ]


def test_ebu_matchpoints_use_a_top_of_twice_the_comparisons():
    points = score_board("ebu-matchpoints", entries("420", "420", "-50"), 3)
    assert [(p.ns, p.ew, p.top) for p in points] == [(3.0, 1.0, 4), (3.0, 1.0, 4), (0.0, 4.0, 4)]


def test_adjusted_scores_are_fixed_awards_and_not_comparisons():
    points = score_board("matchpoints", entries("420", "450", "-50", "A+/A-"), 4)
    # Three comparable results of four due: Neuberg (MP + 1/2) * 4/3 - 1/2.
    assert points[0].ns == pytest.approx((1 + 0.5) * 4 / 3 - 0.5)
    assert points[1].ns == pytest.approx((2 + 0.5) * 4 / 3 - 0.5)
    # A+/A-: 60% and 40% of a top of 3, exactly.
    assert points[3] == BoardPoints(Fraction(9, 5), Fraction(6, 5), 3)


def test_not_played_earns_nothing():
    points = score_board("matchpoints", entries("420", "450", "NP"), 3)
    assert points[2] == BoardPoints(None, None)


def test_a_single_result_so_far_earns_an_average():
    (only,) = score_board("matchpoints", entries("420"), 5)
    assert only == BoardPoints(2.0, 2.0, 4)


@pytest.mark.parametrize(
    "method,ns,ew",
    [
        ("cross-imps", [9 / 3, 13 / 3, 9 / 3, -31 / 3], [-9 / 3, -13 / 3, -9 / 3, 31 / 3]),
        ("butler", [0, 1, 0, -10], [0, -1, 0, 10]),
        ("hdb", [10, 11, 10, 0], [1, 0, 1, 11]),
    ],
)
def test_imp_methods(method, ns, ew):
    points = score_board(method, entries("420", "450", "420", "-50"), 4)
    assert [p.ns for p in points] == pytest.approx(ns)
    assert [p.ew for p in points] == pytest.approx(ew)


@pytest.mark.parametrize("drop", ["1", "2", "49%"])
def test_a_butler_drop_larger_than_the_board_allows_keeps_the_middle_results(drop):
    """A director's drop of 1 must not stop entry on a board with two results so far: the
    datum is then the mean of both, (420 + 450) / 2 = 435, rounded to 440 (halves away from
    zero). 420 - 440 = -20 is 1 IMP and 450 - 440 = +10 is 0 on the WBF scale (Law 78B)."""
    options = ScoringOptions(butler_drop=drop)
    points = score_board("butler", entries("420", "450"), 2, options)
    assert [p.ns for p in points] == [-1, 0]


def test_imp_methods_give_plus_and_minus_three_for_ave_plus_and_minus():
    points = score_board("cross-imps", entries("420", "450", "A+/A-"), 3)
    assert points[2] == BoardPoints(3.0, -3.0)


def test_it_refuses_an_unknown_method():
    with pytest.raises(ValueError, match="unknown scoring method"):
        score_board("rubber", entries("420", "450"), 2)


@given(
    st.lists(st.sampled_from(sorted(possible_ns_scores("None"))), min_size=1, max_size=20),
    st.integers(0, 5),
)
def test_matchpoints_ns_plus_ew_is_the_top_and_neuberg_keeps_the_average(scores, missing):
    points = score_board("matchpoints", entries(*map(str, scores)), len(scores) + missing)
    top = len(scores) + missing - 1
    assert all(p.ns + p.ew == pytest.approx(top) for p in points)
    assert sum(p.ns for p in points) / len(points) == pytest.approx(top / 2)
