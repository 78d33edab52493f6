"""Reading a PBN deal, and the high-card points and longest fit that the One-Table
Duplicate-Style Par Scoring Tally Sheet needs."""

import pytest

from scoring.deal import hcp, longest_fit, parse_deal

# Pavlicek's deal 5 (*Par Score Calculation*): every hand holds the same four holdings turned round
# the table (10 8 / A 5 4 / Q J 3 2 / K 9 7 6): an ace, a king, a queen and a jack, 10 HCP a hand.
SYMMETRIC = "N:T8.A54.QJ32.K976 K976.T8.A54.QJ32 QJ32.K976.T8.A54 A54.QJ32.K976.T8"
# Each player holds one whole suit: N spades, E hearts, S diamonds, W clubs.
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_work_count_gives_each_side_of_the_symmetric_deal_20_points():
    hands = parse_deal(SYMMETRIC)
    assert (hcp(hands, "NS"), hcp(hands, "EW")) == (20, 20)


def test_a_side_without_eight_cards_in_a_suit_has_no_fit():
    # NS hold 2 + 4 spades, 3 + 4 hearts, 4 + 2 diamonds and 4 + 3 clubs: no 8-card fit.
    assert longest_fit(parse_deal(SYMMETRIC), "NS") is None


def test_equal_fits_give_the_higher_ranking_suit():
    """The tally sheet: "If they have a two-suit fit of the same length, enter the higher ranking
    suit." NS hold 13 spades and 13 diamonds; EW 13 hearts and 13 clubs."""
    hands = parse_deal(ONE_SUIT_EACH)
    assert (longest_fit(hands, "NS"), longest_fit(hands, "EW")) == ("13S", "13H")
    assert (hcp(hands, "NS"), hcp(hands, "EW")) == (20, 20)  # AKQJ of one suit in each hand


@pytest.mark.parametrize(
    ("deal", "fit"),
    [
        # NS: spades 4 + 4, hearts 3 + 2, diamonds 3 + 4, clubs 3 + 3: an 8-card spade fit.
        ("N:AKQ2.KJ3.Q54.A32 T86.T864.J93.J97 J543.A2.K762.Q54 97.Q975.AT8.KT86", "8S"),
        # Clubs 5 + 4 beat hearts 4 + 4: the longer fit, whatever its rank.
        ("N:A2.KQ32.54.AKJ32 KJ97.T86.KJ97.Q5 543.AJ54.32.T987 QT86.97.AQT86.64", "9C"),
    ],
)
def test_the_longest_fit_wins(deal, fit):
    assert longest_fit(parse_deal(deal), "NS") == fit


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        # South's hand repeats North's ten of spades (the deal's N and S swapped one card).
        (
            SYMMETRIC.replace("QJ32.K976.T8.A54", "QJT.K976.T8.A54"),
            "S's hand 'QJT.K976.T8.A54': ♠10 is dealt twice",
        ),
        (SYMMETRIC.replace("K976.T8", "K97.T8"), "E's hand 'K97.T8.A54.QJ32' has 12 cards; a hand"),
    ],
)
def test_a_broken_deal_says_which_card_or_how_many(deal, message):
    with pytest.raises(ValueError, match=message):
        parse_deal(deal)
