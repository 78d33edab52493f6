from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import AVERAGE_PLUS_IMPS, board_imps, match_imps


@pytest.mark.parametrize(
    "open_ns,closed_ns,expected",
    [
        # Differences read on the IMP scale of Law 78B (Laws of Duplicate Bridge 2017).
        (620, 170, 10),  # 4S made in one room, 3S+1 in the other: 450 -> 10 IMPs
        (-100, 620, -12),  # the team went one off while its team-mates' opponents made game: -720
        (420, 420, 0),
        (-50, -50, 0),
        (110, 100, 0),  # 10 is a push
        (140, 120, 1),  # 20 -> 1
        (-1430, 100, -17),  # -1530 lies in 1500-1740 -> 17 IMPs to the other team
    ],
)
def test_board_imps_go_to_the_team_sitting_ns_in_the_open_room(open_ns, closed_ns, expected):
    assert board_imps(open_ns, closed_ns) == expected


@given(st.integers(-800, 800), st.integers(-800, 800))
def test_board_imps_are_zero_sum_between_the_two_teams(open_score, closed_score):
    open_ns, closed_ns = open_score * 10, closed_score * 10
    # The other team sits NS in the closed room: its view swaps the rooms.
    assert board_imps(open_ns, closed_ns) == -board_imps(closed_ns, open_ns)


@pytest.mark.parametrize(
    "args,message",
    [
        ((625, 0), "open room NS score 625 is not a bridge score"),
        ((0, "420"), "closed room NS score must be a whole number"),
        ((4.2, 0), "must be a whole number"),
    ],
)
def test_board_imps_refuse_what_is_not_a_score(args, message):
    with pytest.raises(ValueError, match=message):
        board_imps(*args)


def test_average_plus_is_three_imps():
    # Law 12C2(b), Laws of Duplicate Bridge 2017: "average plus or average minus at IMP play
    # ... is plus 3 IMPs or minus 3 IMPs respectively".
    assert AVERAGE_PLUS_IMPS == 3


def test_match_imps_add_the_boards_won_by_each_team():
    boards = [10, -12, 0, 3, AVERAGE_PLUS_IMPS, -AVERAGE_PLUS_IMPS, 1]
    assert match_imps(boards) == (17, 15)


def test_fractional_board_imps_stay_exact():
    # Butler or weighted adjusted scores give fractional IMPs.
    assert match_imps([Fraction(7, 2), Fraction(-5, 4), 2]) == (Fraction(11, 2), Fraction(5, 4))


@pytest.mark.parametrize(
    "penalty_a,penalty_b,expected",
    [
        (3, 0, (19, 25)),  # the penalty comes off the offending team's IMPs
        (0, 2, (22, 23)),
        (3, 2, (19, 23)),
        # Beyond the team's own IMPs, the rest goes to the opponents: the margin stays 30 + 3.
        (30, 0, (0, 33)),
    ],
)
def test_match_imps_take_penalties_off_the_offending_team(penalty_a, penalty_b, expected):
    assert match_imps([12, 10, -25], penalty_a, penalty_b) == expected


@given(
    st.lists(st.integers(-24, 24), max_size=30),
    st.integers(0, 40),
    st.integers(0, 40),
)
def test_match_imps_keep_the_margin_and_never_go_negative(boards, penalty_a, penalty_b):
    imps_a, imps_b = match_imps(boards, penalty_a, penalty_b)
    assert imps_a >= 0 and imps_b >= 0
    assert imps_a - imps_b == sum(boards) - penalty_a + penalty_b


@pytest.mark.parametrize(
    "boards,penalty_a,penalty_b,message",
    [
        ([1, "2"], 0, 0, "board 2's IMPs must be a number"),
        ([1], -3, 0, "team A's IMP penalty must be at least 0"),
        ([1], 0, None, "team B's IMP penalty must be a number"),
    ],
)
def test_match_imps_refuse_bad_input(boards, penalty_a, penalty_b, message):
    with pytest.raises(ValueError, match=message):
        match_imps(boards, penalty_a, penalty_b)


def test_decimals_from_the_database_add_exactly():
    imps = match_imps([Decimal("2.5"), -3, Decimal("-0.5")], Fraction(1, 2), Decimal("0"))
    assert imps == (2, Fraction(7, 2))
