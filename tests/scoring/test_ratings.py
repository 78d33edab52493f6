"""Grades after the English Bridge Union's National Grading Scheme (NGS Working Group: Mike
Christie et al., *English Bridge Union National Grading Scheme, Full description*, Version 16,
April 2018). The full description's own worked examples were out of reach; the examples below
are those the EBU and clubs publish about the same scheme, each cited where it is used."""

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.handicaps import grade_handicap, pair_handicap
from scoring.ratings import (
    MATURE_BOARDS,
    NEW_PLAYER_GRADE,
    Grader,
    PairSession,
    Played,
    Record,
    boards_of,
    decay,
    grade_of,
    imps_percentage,
    par,
    session_grade,
)

DAY = datetime.date(2026, 11, 24)


def test_par_is_fifty_plus_the_pairs_mean_grade_less_the_oppositions_strength():
    # XG Grades Explained, Example 1 (Julie S, "Bridge Handicaps Explained", Mount Maunganui
    # Bridge Club, 2021, an adaptation of the NGS): grades 55 and 61 against opponents
    # averaging 52 are expected to score 50 + (55 + 61)/2 - 52 = 56%.
    assert par(55, 61, 52) == 56


def test_a_pair_one_point_above_par_raises_the_grade():
    # The same example: scoring 57% against an expected 56% is 1% above expectation, "so
    # this has a positive effect on your NG".
    assert session_grade(55, 61, 52, 57) > 55
    assert session_grade(61, 55, 52, 57) > 61


def test_a_weak_partner_lowers_par():
    # English Bridge, August 2014, EBU News ("Myth 1: You're disadvantaged when you play with
    # a weak partner"): graded 50 with Mr P graded 30 in a field of average strength (50), the
    # expected score is 40%; "eking out a well-earned 42%" improves both grades.
    assert par(50, 30, 50) == 40
    assert session_grade(50, 30, 50, 42) > 50
    assert session_grade(30, 50, 50, 42) > 30


def test_a_stronger_field_lowers_par_point_for_point():
    # Mike Christie, "National Grading Scheme", English Bridge, October 2012: with a partner
    # of a different grade take the mean of the two; in a session three points stronger than
    # the EBU average, par is three points lower.
    assert par(53, 49, 50) == 51
    assert par(53, 49, 53) == 51 - 3


def test_a_new_player_starts_at_42():
    # EBU blog 57 ("Catch up... and Seasons Greetings", December 2012): "New players' grades
    # will be set at 42".
    assert NEW_PLAYER_GRADE == 42
    assert Grader().grade("newcomer", DAY) == 42


def test_the_gain_doubles_a_players_share_of_the_margin():
    # A player's own grade is half of par (Christie, above); EBU blog 57 gives the gain as 2.
    assert session_grade(50, 50, 50, 53) == 56


def test_a_handicap_from_grades_is_fifty_less_their_mean():
    # Newcastle-under-Lyme & District Bridge Club, "The EBU Grading System" (BridgeWebs),
    # on handicapped events: "a partnership's handicap is the average of the two grades
    # subtracted from 50%".
    from fractions import Fraction

    grades = [Fraction(55), Fraction(49)]
    assert pair_handicap([grade_handicap(grade) for grade in grades]) == 50 - 52


def test_an_imp_a_board_counts_six_and_a_half_percent():
    # Stroud Bridge Club, "Notes on IMP scored pairs": the NGS counts 1 IMP a board as 6.5%,
    # so +27 IMPs over 27 boards as 56.5% and -27 IMPs as 43.5%.
    assert imps_percentage(27 / 27) == pytest.approx(56.5)
    assert imps_percentage(-27 / 27) == pytest.approx(43.5)
    assert imps_percentage(0) == 50


def test_one_session_gives_its_own_session_grade():
    assert grade_of([Played(DAY, 24, 57.5)], DAY) == pytest.approx(57.5)


def test_sessions_older_than_three_years_are_left_out():
    # EBU blog 59 ("Another NGS Update", March 2013): only events of the last three years.
    old = Played(DAY.replace(year=2023), 24, 70.0)
    recent = Played(DAY.replace(month=1), 24, 50.0)
    assert grade_of([old, recent], DAY) == pytest.approx(50.0)
    assert grade_of([old], DAY) is None


def test_a_mature_grade_does_not_move_with_a_partner_new_to_grading():
    # EBU, Club Management Focus, Summer 2018 ("A reminder of changes to the NGS"): players
    # with mature grades do not change at all when they partner players with fewer than 150
    # graded boards.
    grader = Grader()
    sessions = MATURE_BOARDS // 25 + 1
    for day in range(sessions):
        when = DAY - datetime.timedelta(days=sessions - day)
        grader.add_session(when, _two_pairs(("ann", "bob"), ("cat", "dan"), 60.0))
    before = grader.grade("ann", DAY)
    grader.add_session(DAY, _two_pairs(("ann", "newcomer"), ("cat", "dan"), 30.0))
    assert grader.grade("ann", DAY) == before
    assert grader.grade("newcomer", DAY) != NEW_PLAYER_GRADE


def _two_pairs(first, second, percentage):
    return [
        PairSession(first, percentage, 25, (1,)),
        PairSession(second, 100 - percentage, 25, (0,)),
    ]


def test_a_pair_of_one_named_player_is_not_graded_but_is_opposition():
    # EBU blog 63 (March 2014): both members of a partnership must be members for a session
    # to count for them.
    grader = Grader()
    grader.add_session(
        DAY, [PairSession(("ann",), 60.0, 24, (1,)), *_two_pairs(("b", "c"), ("d", "e"), 40.0)[1:]]
    )
    assert "ann" not in grader.players


def test_a_partnership_has_its_own_grade():
    # XG Grades Explained: "An NG is calculated for all individual players and for pair
    # combinations." Equal grades (42) against equal opposition (42) scoring 60%: the pair
    # showed 60 - 50 + 42 = 52.
    grader = Grader()
    grader.add_session(DAY, _two_pairs(("ann", "bob"), ("cat", "dan"), 60.0))
    assert grader.partnership_grade(["bob", "ann"], DAY) == pytest.approx(52)
    assert grader.partnership_grade(["ann", "cat"], DAY) is None


percentages = st.floats(min_value=0, max_value=100)
grades = st.floats(min_value=20, max_value=80)


@given(grades, grades, grades, percentages, percentages)
def test_a_better_result_never_lowers_the_new_grade(grade, partner, opposition, low, high):
    low, high = sorted((low, high))
    history = [Played(DAY.replace(month=1), 200, grade)]
    worse = [*history, Played(DAY, 24, session_grade(grade, partner, opposition, low))]
    better = [*history, Played(DAY, 24, session_grade(grade, partner, opposition, high))]
    assert grade_of(better, DAY) >= grade_of(worse, DAY)


@given(st.integers(min_value=0, max_value=5000), st.integers(min_value=1, max_value=500))
def test_a_boards_weight_shrinks_as_more_are_played(since, more):
    assert 0 < decay(since + more) < decay(since) <= 1


@given(grades, grades, st.integers(min_value=1, max_value=60))
def test_an_old_sessions_effect_fades_with_later_ones(old, new, count):
    start = DAY - datetime.timedelta(days=count + 1)
    history = [Played(start, 24, old)]
    distances = []
    for day in range(1, count + 1):
        history.append(Played(start + datetime.timedelta(days=day), 24, new))
        distances.append(abs(grade_of(history, DAY) - new))
    assert all(later <= earlier + 1e-9 for earlier, later in zip(distances, distances[1:]))


sessions = st.lists(
    st.tuples(st.integers(min_value=0, max_value=60), st.integers(1, 40), grades), max_size=40
)


@given(sessions)
def test_the_kept_sums_give_the_grade_the_history_gives(steps):
    """A Record keeps its sums as sessions come (old ones leaving after three years); its grade
    is always the weighted average of the history's sessions."""
    record, history = Record(), []
    when = datetime.date(2020, 1, 1)
    for gap_weeks, boards, grade in steps:
        when += datetime.timedelta(weeks=gap_weeks)
        played = Played(when, boards, grade)
        record.add(played)
        history.append(played)
        found, boards_kept = record.standing(when)
        assert found == pytest.approx(grade_of(history, when))
        assert boards_kept == boards_of(history, when)
