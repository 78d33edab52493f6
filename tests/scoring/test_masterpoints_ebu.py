"""Local points on the EBU's club scale for a one-winner pairs field.

The English Bridge Union's *Licensing and Master Points Handbook* itself was not reached. Its
tables are quoted on the EBU's own forum (forums.ebu.co.uk, "Eligibility for Masterpoints -
rounding up or down" and "Master Points and Individual Events", on the 2021 edition): "13
tables 13 awards if 1/2, 19 tables 13 awards if 1/3, 25-26 tables 13 awards if 1/4", "The
regulations are based on number of FULL tables", the columns by boards ("18-35 Board Events
... the top third"), and "an over-riding minimum of 6 points for any club award". The rest of
the club scale (6 local points an award, each place 6 fewer, the caps 75, 100 and 300, at least
12 boards, ties rounded up) is as Salliere reproduces it (Matthew Johnson,
*Salliere Duplicate Bridge Scorer*, MasterPointScale.java and Salliere.java, GPL 2,
github.com/mjj29/salliere). The EBU's White Book, section 143.4: "Tied contestants always
share equally any master-points". The forum quotes the Handbook's clause 3.1.1 too ("Minimum
Tables for Masterpoints Requirement").
"""

from fractions import Fraction

import pytest

from scoring import EBU_CLUB, masterpoint_awards, masterpoint_scale


@pytest.mark.parametrize(
    "pairs,boards",
    [
        (26, 36),  # 13 tables, 36 boards or more: a half
        (27, 40),  # 13½ tables: "number of FULL tables", still 13 awards
        (38, 24),  # 19 tables, 18 to 35 boards: a third of 38 is 12.67, 13
        (50, 16),  # 25 tables, fewer than 18 boards: a quarter of 50 is 12.5, 13
        (52, 12),  # 26 tables: a quarter of 52, 13
    ],
)
def test_the_handbooks_tables_give_13_awards(pairs, boards):
    assert masterpoint_scale(EBU_CLUB, pairs, True, boards).depth == 13


def test_three_complete_tables_are_the_least_that_earn_points():
    # Handbook 3.1.1 (b): "3 complete tables in a single-winner pairs event": 6 pairs, 24
    # boards, a third of 6 is 2 awards, 12 and 6.
    assert masterpoint_scale(EBU_CLUB, 6, True, 24).awards == (12, 6)


def test_a_seven_table_howell_of_24_boards():
    # A third of 14 pairs is 4.67, 5 awards; 6 a place: 30, 24, 18, 12, 6 (Salliere's scale).
    assert masterpoint_scale(EBU_CLUB, 14, True, 24).awards == (30, 24, 18, 12, 6)


def test_no_club_award_is_below_six():
    # 9 full tables of 36 boards: 9 awards, 54 down to 6; 10 of 16 boards: 5 awards.
    for pairs, boards in ((18, 36), (20, 16), (12, 24)):
        assert min(masterpoint_scale(EBU_CLUB, pairs, True, boards).awards) == 6


def test_the_top_awards_stop_at_the_cap_for_the_boards():
    # 30 tables of 24 boards: 20 awards, 120 at the top, capped at 100 (Salliere's caps).
    awards = masterpoint_scale(EBU_CLUB, 60, True, 24).awards
    assert awards[:5] == (100, 100, 100, 100, 96)


def test_a_tie_shares_equally_rounded_up_and_at_least_the_minimum():
    # 14 pairs, 24 boards: 30, 24, 18, 12, 6. Second and third tie: (24 + 18) / 2 = 21.
    awards = masterpoint_awards(EBU_CLUB, 14, ["1", "2=", "2=", "4", "5", "6"], True, 24)
    assert [award.points for award in awards] == [30, 21, 21, 12, 6, 0]
    # Fourth and fifth tie three ways with sixth: (12 + 6 + 0) / 3 = 6.
    awards = masterpoint_awards(EBU_CLUB, 14, ["1", "2", "3", "4=", "4=", "4="], True, 24)
    assert [award.points for award in awards][3:] == [6, 6, 6]
    # Fifth and sixth: (6 + 0) / 2 = 3, raised to the minimum 6.
    awards = masterpoint_awards(EBU_CLUB, 14, ["1", "2", "3", "4", "5=", "5="], True, 24)
    assert awards[4].points == Fraction(6)
    assert awards[4].working[-1] == "2 pairs tie: 6 shared equally = 3, raised to the minimum 6"


def test_the_working_names_the_count_and_the_band():
    award = masterpoint_awards(EBU_CLUB, 14, ["1"], True, 24)[0]
    assert award.working == (
        "6 × 5 places = 30 local points; awards to 5 places (a third of the 14 pairs of "
        "7 full tables, rounded up: 18 to 35 boards)",
        "place 1: 30",
    )


@pytest.mark.parametrize(
    "pairs,one_winner,boards,why",
    [
        (14, False, 24, "two-winner (Mitchell) scale was not reached"),
        (14, True, 10, "fewer than 12 boards"),
        # Handbook 3.1.1 (forum "Minimum Tables for Masterpoints Requirement"): "(b) 3 complete
        # tables in a single-winner pairs event"; 5 pairs are 2 complete tables.
        (5, True, 24, "fewer than 3 complete tables"),
    ],
)
def test_fields_the_scale_does_not_cover_get_no_award_and_say_why(pairs, one_winner, boards, why):
    awards = masterpoint_awards(EBU_CLUB, pairs, ["1", "2"], one_winner, boards)
    assert [award.points for award in awards] == [0, 0]
    assert why in awards[0].working[0]
