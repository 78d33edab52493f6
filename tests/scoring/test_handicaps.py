"""Handicapped results (scoring/handicaps.py), against the clubs' published methods:

- Perth Bridge Club (bridgewebs.com/perth, "Handicap System Explained"): a player averaging
  55.2% has a handicap of (50 - 55.2) = -5.2, a partner averaging 48.1% has +1.9; their pair's
  handicap is (-5.2 + 1.9) / 2 = -1.65; scoring 57.6% scratch, they score 57.6 - 1.65 = 55.95
  in the handicapped competition.
- Slams Bridge (bridgewebs.com/slams, "The Handicap System"): players averaging 44% and 46%
  are a 45% partnership with a handicap of +5%; their exact average, 45%, counts 50%, and 49%
  counts 54%; a pair averaging 55% gets -5%.
- Queenstown Bridge Club (queenstownbridgeclub.com, "Handicaps Explained"): 50 less the
  player's average; 48% gives +2.
"""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring import HANDICAP_SHARES, Handicapping, handicapped, pair_handicap, player_handicap


def test_perths_worked_example():
    first = player_handicap([Fraction("55.2")])
    second = player_handicap([Fraction("48.1")])
    assert (first, second) == (Fraction("-5.2"), Fraction("1.9"))
    pair = pair_handicap([first, second])
    assert pair == Fraction("-1.65")
    assert handicapped({"NS 1": Fraction("57.6")}, {"NS 1": pair}, Fraction(1)) == {
        "NS 1": (Fraction("55.95"), "1")
    }


def test_slams_partnership_of_44_and_46():
    pair = pair_handicap([player_handicap([Fraction(44)]), player_handicap([Fraction(46)])])
    assert pair == 5
    scores = handicapped({"at average": Fraction(45), "above": Fraction(49)},
                         {"at average": pair, "above": pair}, Fraction(1))  # fmt: skip
    assert scores == {"at average": (Fraction(50), "2"), "above": (Fraction(54), "1")}
    assert player_handicap([Fraction(55)]) == -5


def test_queenstowns_48_percent_player():
    # An average over several sessions: 47, 49 and 48 average 48.
    assert player_handicap([Fraction(47), Fraction(49), Fraction(48)]) == 2


def test_a_player_with_no_results_has_no_handicap():
    assert player_handicap([]) == 0
    assert pair_handicap([]) == 0


def test_half_the_handicap_added():
    # Perth's pair at half its handicap: 57.6 - 1.65 / 2 = 56.775.
    share = HANDICAP_SHARES[Handicapping.HALF]
    scores = handicapped({"p": Fraction("57.6")}, {"p": Fraction("-1.65")}, share)
    assert scores["p"][0] == Fraction("56.775")


def test_the_handicap_lifts_a_weaker_pair_past_a_stronger():
    # Scratch 57.6 (Perth's pair, -1.65) against Slams' 54% pair at +5: 55.95 against 59.
    scores = handicapped(
        {"perth": Fraction("57.6"), "slams": Fraction(54)},
        {"perth": Fraction("-1.65"), "slams": Fraction(5)},
        Fraction(1),
    )
    assert [scores["slams"][1], scores["perth"][1]] == ["1", "2"]


percentages = st.fractions(min_value=0, max_value=100)


@given(st.lists(percentages, min_size=1, max_size=30))
def test_a_player_who_scores_their_average_counts_fifty(results):
    """The handicap's purpose (Slams: "if they scored their exact average ... 50%")."""
    average = sum(results, Fraction(0)) / len(results)
    handicap = player_handicap(results)
    assert average + handicap == 50


@given(st.dictionaries(st.integers(0, 20), st.tuples(percentages, percentages), min_size=1))
def test_equal_handicaps_keep_the_scratch_order(field):
    scratch = {pair: value for pair, (value, _) in field.items()}
    same = {pair: Fraction(3) for pair in field}
    scores = handicapped(scratch, same, Fraction(1))
    for a in field:
        for b in field:
            if scratch[a] > scratch[b]:
                assert scores[a][0] > scores[b][0]
