"""Cliff Hancock's HCP-par points (*How to score duplicate style in a one table situation*):
every example of the article, then the club options."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.hancock import (
    GAME,
    GRAND_SLAM,
    PART_SCORE,
    SMALL_SLAM,
    contract_type,
    hancock_points,
    par_interval,
)

# (contract, tricks, HCP, 7+ trumps in one hand, side-suit voids, points), quoted from Hancock.
HANCOCK_EXAMPLES = [
    # "2 hearts made 8 tricks with 19 HCP would score +2 points"
    ("2H", 8, 19, False, 0, 2),
    # "3NT made 9 tricks with 29 HCP would score -1 point"
    ("3NT", 9, 29, False, 0, -1),
    # "2 hearts made 9 tricks with 22 HCP would score +1 point"
    ("2H", 9, 22, False, 0, 1),
    # "4 spades made 9 tricks with 26 HCP scores -1 point"
    ("4S", 9, 26, False, 0, -1),
    # "4 spades made 11 tricks with 29 HCP scores -1 (29 HCP) + 1 (overtrick) = 0 points"
    ("4S", 11, 29, False, 0, 0),
    # "2 diamonds made 6 tricks with 24 HCP scores -1 (24 HCP) - 2(undertricks) = -3 points"
    ("2D", 6, 24, False, 0, -3),
    # "4 spades made 10 tricks with 23 HCP with declarer holding 7 spades and dummy with a club
    # void scores +2 (23 HCP) - 1 (7 spades) - 1 (club void) = 0 points"
    ("4S", 10, 23, True, 1, 0),
    # "3 spades made 7 tricks with 16 HCP scores -2 (undertricks) +3 (16 HCP) = +1 point"
    ("3S", 7, 16, False, 0, 1),
    # "5 hearts made 8 tricks with 14 HCP scores -3 (undertricks) + 5 (14 HCP) = +2 points"
    ("5H", 8, 14, False, 0, 2),
    # "6 hearts made 4 tricks with 14 HCP scores -8 (undertricks) + 6 (14 HCP) = -2 points"
    ("6H", 4, 14, False, 0, -2),
    # "making two overtricks in (say) 3NT is good play but 3 overtricks would be bad bidding"
    # (the game limit of 2), with HCP inside 3NT's interval 25-28
    ("3NT", 11, 26, False, 0, 2),
    ("3NT", 12, 26, False, 0, 2),
    # "Each one counts -1 - but with no lower limit (go 6 off, you'll score -6)"
    ("4S", 4, 26, False, 0, -6),
]


@pytest.mark.parametrize(
    ("contract", "tricks", "hcp", "trump_length_7", "side_voids", "points"), HANCOCK_EXAMPLES
)
def test_it_scores_every_example_of_hancocks(
    contract, tricks, hcp, trump_length_7, side_voids, points
):
    assert hancock_points(contract, tricks, hcp, trump_length_7, side_voids) == points


# Hancock's table of contract types: part score 21-23, game 25-28, small slam 31-33 minors,
# 32-34 majors, 33-35 NT, grand slam 36-40; a game is a contract worth a game bonus.
@pytest.mark.parametrize(
    ("contract", "kind", "interval"),
    [("1NT", PART_SCORE, (21, 23)), ("2NT", PART_SCORE, (21, 23)), ("3NT", GAME, (25, 28)),
     ("3H", PART_SCORE, (21, 23)), ("4H", GAME, (25, 28)), ("4S", GAME, (25, 28)),
     ("4D", PART_SCORE, (21, 23)), ("5C", GAME, (25, 28)), ("5D", GAME, (25, 28)),
     ("4NT", GAME, (25, 28)), ("5S", GAME, (25, 28)),
     ("6C", SMALL_SLAM, (31, 33)), ("6D", SMALL_SLAM, (31, 33)), ("6H", SMALL_SLAM, (32, 34)),
     ("6S", SMALL_SLAM, (32, 34)), ("6NT", SMALL_SLAM, (33, 35)),
     ("7C", GRAND_SLAM, (36, 40)), ("7NT", GRAND_SLAM, (36, 40)), ("7SXX", GRAND_SLAM, (36, 40))],
)  # fmt: skip
def test_contract_types_and_their_par_intervals(contract, kind, interval):
    assert contract_type(contract) == kind
    assert par_interval(contract) == interval


# Hancock's "Upper limit on counting overtricks": 1, 2, 1, 0. All 13 tricks, HCP inside the
# interval so only the overtricks count.
@pytest.mark.parametrize(
    ("contract", "hcp", "points"),
    [("1S", 22, 1), ("3NT", 26, 2), ("6H", 33, 1), ("7NT", 37, 0)],
)
def test_overtricks_count_up_to_hancocks_limit(contract, hcp, points):
    assert hancock_points(contract, 13, hcp) == points


@pytest.mark.parametrize(
    ("contract", "tricks", "hcp", "points"),
    [
        # The fewer-points bonus is for made contracts: Hancock's sacrifice examples add only
        # the sacrifice bonus ("3 spades made 7 tricks with 16 HCP ... = +1", not +6).
        ("4S", 9, 22, -1),
        ("2H", 7, 20, -1),  # 20 HCP is no minority: no sacrifice bonus either
        ("1C", 6, 19, 0),  # one HCP under 20, at most the level 1: -1 + 1
        ("7NT", 0, 2, -6),  # 18 under 20, capped at the level 7: -13 + 7
        ("3NT", 12, 40, -10),  # 12 over the game interval, two counted overtricks
    ],
)
def test_failing_contracts_and_extremes(contract, tricks, hcp, points):
    assert hancock_points(contract, tricks, hcp) == points


def test_no_trumps_ignore_long_suits_and_voids():
    # Hancock: "there is no penalty for holding a long suit (or a void) in no trumps".
    assert hancock_points("3NT", 9, 26, trump_length_7=True, side_voids=2) == 0


def test_shape_adjustments_apply_to_a_failing_trump_contract_too():
    # "Any declaring side which has one hand with 7 or more cards in the trump suit scores -1"
    assert hancock_points("4S", 9, 26, trump_length_7=True, side_voids=1) == -3


def test_a_passed_out_board_scores_nothing():
    assert hancock_points("PASS", 0, 20) == 0


@pytest.mark.parametrize(
    ("contract", "tricks", "hcp", "rule", "points"),
    [
        ("4SX", 9, 26, "ignore", -1),
        ("2HXX", 9, 22, "ignore", 1),
        # "into-game": 2HX is 120 trick points, a game: 25-28 and two overtricks count.
        ("2HX", 10, 22, "into-game", 5),
        ("2CX", 9, 22, "into-game", 1),  # 80 trick points: still a part score
        ("1NTXX", 8, 26, "into-game", 1),  # 160 trick points: a game
        ("2H", 10, 22, "into-game", 1),
        # "multiply": as into-game, and tricks weigh 2 doubled, 4 redoubled.
        ("3SX", 7, 16, "multiply", -1),  # -2 x 2 undertricks + 3 sacrifice
        ("4HXX", 11, 26, "multiply", 4),
        ("2HX", 10, 22, "multiply", 7),  # +3 HCP under the game interval, 2 overtricks x 2
    ],
)
def test_doubled_rules(contract, tricks, hcp, rule, points):
    assert hancock_points(contract, tricks, hcp, doubled_rule=rule) == points


@pytest.mark.parametrize(
    ("vulnerable", "rule", "points"),
    [(False, "ignore", -2), (True, "ignore", -2), (False, "double-undertricks", -2),
     (True, "double-undertricks", -4)],
)  # fmt: skip
def test_vulnerable_rules(vulnerable, rule, points):
    # 4S two down with 26 HCP; the rule touches only undertricks.
    assert hancock_points("4S", 8, 26, vulnerable=vulnerable, vulnerable_rule=rule) == points
    assert hancock_points("4S", 11, 26, vulnerable=vulnerable, vulnerable_rule=rule) == 1


def test_redoubled_vulnerable_undertricks_multiply_both_ways():
    # One undertrick: x4 redoubled under "multiply", x2 vulnerable under "double-undertricks".
    options = {"doubled_rule": "multiply", "vulnerable_rule": "double-undertricks"}
    assert hancock_points("4SXX", 9, 26, vulnerable=True, **options) == -8


@pytest.mark.parametrize(
    ("args", "options", "message"),
    [
        (("4S", 14, 26), {}, "tricks"),
        (("4S", 10, 41), {}, "HCP"),
        (("4S", 10, True), {}, "HCP"),
        (("4S", 10, 26, False, 7), {}, "side-suit voids"),
        (("8S", 10, 26), {}, "level"),
        (("4S", 10, 26), {"doubled_rule": "double"}, "unknown doubled rule"),
        (("4S", 10, 26), {"vulnerable_rule": "yes"}, "unknown vulnerable rule"),
    ],
)
def test_it_refuses_impossible_input(args, options, message):
    with pytest.raises(ValueError, match=message):
        hancock_points(*args, **options)


contracts = st.builds(
    "{}{}{}".format,
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
)
rules = st.sampled_from(["ignore", "into-game", "multiply"])


@given(contracts, st.integers(0, 12), st.integers(0, 40), rules)
def test_another_trick_never_costs(contract, tricks, hcp, rule):
    assert hancock_points(contract, tricks + 1, hcp, doubled_rule=rule) >= hancock_points(
        contract, tricks, hcp, doubled_rule=rule
    )


@given(contracts, st.integers(0, 13), st.integers(0, 39), rules)
def test_more_points_never_score_more(contract, tricks, hcp, rule):
    # Holding more HCP for the same result means doing less with more.
    assert hancock_points(contract, tricks, hcp + 1, doubled_rule=rule) <= hancock_points(
        contract, tricks, hcp, doubled_rule=rule
    )


@given(contracts, st.integers(0, 13), st.integers(0, 40))
def test_by_default_doubling_changes_nothing(contract, tricks, hcp):
    undoubled = contract.rstrip("X")
    assert hancock_points(contract, tricks, hcp) == hancock_points(undoubled, tricks, hcp)


@given(contracts, st.integers(0, 13), st.integers(0, 40), st.booleans(), st.integers(0, 6))
def test_each_long_suit_or_void_costs_one_point_in_a_suit(
    contract, tricks, hcp, trump_length_7, side_voids
):
    plain = hancock_points(contract, tricks, hcp)
    shaped = hancock_points(contract, tricks, hcp, trump_length_7, side_voids)
    expected = 0 if "NT" in contract else int(trump_length_7) + side_voids
    assert plain - shaped == expected
