"""Green points by the ABF's rule for a club session.

Expected values come from the Australian Bridge Federation's *ABF Masterpoint Manual* (online
edition, abfmasterpoints.com.au/mpmanual): clause 3.1.1 "Session awards" gives the winners'
award as 0.02WT (two winners, T up to 30 tables) or W[1-exp(-T/32)] above, 0.04WT (one
winner, T up to 15) or W[1-exp(-T/16)] above; clause 3.1.3 counts "half tables rounded up to
the next whole number"; clause 4.2 "Session awards" gives the depth and the places' shares;
clause 2.2 gives supervised play (Grade F) "half of the Grade E rate"; Appendix A defines a
session as "not less than 24 boards", fewer being "factored down accordingly (ref. clause
4.4.7)". Each value below is worked by hand from those words. Appendix B's worked examples, the
Tables 1A-2C themselves and the ties clause 4.4.6 were not reached (docs/rules.md).
"""

from fractions import Fraction

import pytest

from scoring import (
    ABF_GREEN_CLUB,
    ABF_GREEN_SUPERVISED,
    ABF_GREEN_WEIGHT_ONE,
    masterpoint_awards,
    masterpoint_scale,
)

FULL_SESSION = 24


def test_awards_go_to_the_top_half_of_the_field_rounded_down():
    # Clause 4.2: "in a field of 9, awards are made to the 4th position".
    assert ABF_GREEN_CLUB.depth(9) == 4
    assert ABF_GREEN_CLUB.depth(10) == 5


def test_runners_up_get_70_percent_and_later_places_first_over_one_less_than_the_place():
    # Clause 4.2: "Runners-up in any field receive 70% of the winners' award ... 3rd place
    # receives half the winners' award, 4th place receives one third".
    assert [ABF_GREEN_CLUB.share(place) for place in (1, 2, 3, 4, 5)] == [
        1,
        Fraction(7, 10),
        Fraction(1, 2),
        Fraction(1, 3),
        Fraction(1, 4),
    ]


def test_a_club_mitchell_winner_earns_three_hundredths_a_table():
    # Clause 3.1.1, 0.02WT at the club session weight 1.5: 0.02 × 1.5 × 10 = 0.30 for a
    # 10-table direction; "the allocation of each winning pair in a club Mitchell movement is
    # three times the number of tables" (in hundredths: NSW Bridge Association, Affiliated
    # Clubs Handbook, Masterpoints > Basics).
    scale = masterpoint_scale(ABF_GREEN_CLUB, 10, boards=FULL_SESSION)
    assert scale.first == Fraction(30, 100)
    # 5 places: 0.30, 70% 0.21, half 0.15, a third 0.10, a quarter 0.075.
    assert scale.awards == (
        Fraction(30, 100),
        Fraction(21, 100),
        Fraction(15, 100),
        Fraction(10, 100),
        Fraction(75, 1000),
    )


def test_a_howell_winner_earns_four_hundredths_a_table_of_the_weight():
    # Clause 3.1.1, 0.04WT: a 7-table Howell (14 pairs) at weight 1.0 is 0.04 × 7 = 0.28.
    assert masterpoint_scale(ABF_GREEN_WEIGHT_ONE, 14, True, FULL_SESSION).first == Fraction(
        28, 100
    )


def test_a_half_table_counts_as_a_whole_one():
    # Clause 3.1.3: "half tables rounded up": a 5½-table Howell (11 pairs) is T = 6, so 0.04 ×
    # 1.5 × 6 = 0.36; its 11 pairs take 5 awards (the top half, rounded down).
    scale = masterpoint_scale(ABF_GREEN_CLUB, 11, True, FULL_SESSION)
    assert scale.first == Fraction(36, 100)
    assert scale.depth == 5


def test_large_fields_follow_the_exponential_formula():
    # Clause 3.1.1 above 30 tables (two winners) or 15 (one winner): W[1-exp(-T/32)] and
    # W[1-exp(-T/16)]; at T = 32 and T = 16, with W = 1, both are 1 - 1/e = 0.63212...
    mitchell = masterpoint_scale(ABF_GREEN_WEIGHT_ONE, 32, False, FULL_SESSION).first
    howell = masterpoint_scale(ABF_GREEN_WEIGHT_ONE, 32, True, FULL_SESSION).first
    assert round(float(mitchell), 5) == round(float(howell), 5) == 0.63212
    # At 30 tables the linear formula still holds: 0.02 × 30 = 0.60.
    assert masterpoint_scale(ABF_GREEN_WEIGHT_ONE, 30, False, FULL_SESSION).first == Fraction(
        60, 100
    )


@pytest.mark.parametrize("pairs,one_winner", [(8, False), (14, True), (40, False), (40, True)])
def test_supervised_play_earns_half_the_club_rate(pairs, one_winner):
    # Clause 2.2: Grade F players "receive green points at half of the Grade E rate".
    club = masterpoint_scale(ABF_GREEN_CLUB, pairs, one_winner, FULL_SESSION)
    supervised = masterpoint_scale(ABF_GREEN_SUPERVISED, pairs, one_winner, FULL_SESSION)
    assert supervised.awards == tuple(award / 2 for award in club.awards)


def test_each_pair_gets_its_places_award_and_the_working():
    awards = masterpoint_awards(ABF_GREEN_CLUB, 10, ["2", "1", "3", "6"], boards=FULL_SESSION)
    assert [award.points for award in awards] == [
        Fraction(21, 100),
        Fraction(30, 100),
        Fraction(15, 100),
        0,
    ]
    assert awards[1].working[0].startswith("0.02 × weight 1.5 × 10 tables = 0.3")
    assert awards[2].working[-1] == "place 3: first's award ÷ 2 = 0.15"
    assert awards[3].working[-1] == "place 6: beyond the 5 places awarded, 0"


def test_a_tie_shares_its_places_and_says_the_tie_clause_was_not_read():
    awards = masterpoint_awards(ABF_GREEN_CLUB, 10, ["1", "2=", "2=", "4"], boards=FULL_SESSION)
    assert awards[1].points == (Fraction(21, 100) + Fraction(15, 100)) / 2
    assert "4.4.6 was not reached" in awards[1].working[-1]


def test_a_short_session_gets_no_award_and_says_why():
    # Appendix A: fewer than 24 boards are "factored down accordingly (ref. clause 4.4.7)",
    # a clause not reached: no figure is invented for it.
    awards = masterpoint_awards(ABF_GREEN_CLUB, 10, ["1", "2"], boards=22)
    assert [award.points for award in awards] == [0, 0]
    assert "4.4.7" in awards[0].working[0]
