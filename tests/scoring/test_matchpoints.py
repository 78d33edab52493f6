import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import matchpoints, neuberg

scores_on_a_board = st.lists(st.integers(-760, 760).map(lambda n: n * 10), min_size=2, max_size=60)


@pytest.mark.parametrize(
    "ns_scores,expected",
    [
        # Thompson (*How Duplicate Pair Competition Board Matchpoints ... Are Computed*),
        # board 1 and board 2, and "all four made 420".
        ([480, 450, 420, -50], [3.0, 2.0, 1.0, 0.0]),
        ([650, 620, 620, -1100], [3.0, 1.5, 1.5, 0.0]),
        ([420, 420, 420, 420], [1.5, 1.5, 1.5, 1.5]),
        # Law 78A worked by hand: three tied over 16, 14, 12 (2/1 units) each get 14.
        ([100, 100, 100, 50, 0, 0, -50, -100, -200], [7.0, 7.0, 7.0, 5.0, 3.5, 3.5, 2.0, 1.0, 0.0]),
    ],
)
def test_it_reproduces_thompsons_boards_on_the_acbl_scale(ns_scores, expected):
    assert matchpoints(ns_scores) == expected


def test_it_gives_two_and_one_on_the_ebu_scale():
    assert matchpoints([650, 620, 620, -1100], scale="ebu") == [6.0, 3.0, 3.0, 0.0]


def test_three_tied_at_the_top_of_nine_share_sixteen_fourteen_twelve():
    points = matchpoints([500, 500, 500, 1, 2, 3, 4, 5, 6], scale="ebu")
    assert points[:3] == [14.0, 14.0, 14.0]


def test_thompsons_percentage_of_tom_and_holland():
    # 3 NS pairs, 20 boards: top 2 a board, so 29.5 of 40 is 73.75%.
    assert 29.5 / (20 * 2) * 100 == 73.75


@given(scores_on_a_board)
def test_acbl_matchpoints_on_a_board_sum_to_n_n_minus_1_over_2(scores):
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1) / 2


@given(scores_on_a_board, st.sampled_from(["acbl", "ebu"]))
def test_ns_plus_ew_is_the_top_for_every_result(scores, scale):
    top = (len(scores) - 1) * (1 if scale == "acbl" else 2)
    ns = matchpoints(scores, scale)
    ew = matchpoints([-s for s in scores], scale)
    assert all(a + b == top for a, b in zip(ns, ew, strict=True))


@given(scores_on_a_board)
def test_a_better_score_never_earns_fewer_matchpoints(scores):
    points = dict(zip(scores, matchpoints(scores), strict=True))
    ordered = sorted(points)
    assert all(points[a] <= points[b] for a, b in zip(ordered, ordered[1:]))


@pytest.mark.parametrize(
    "bad,message",
    [([420], "at least 2"), ([], "at least 2"), ([420, 420.5], "not a whole number"),
     ([420, "x"], "not a whole number")],
)  # fmt: skip
def test_it_refuses_what_it_cannot_compare(bad, message):
    with pytest.raises(ValueError, match=message):
        matchpoints(bad)


def test_it_refuses_an_unknown_scale():
    with pytest.raises(ValueError, match="unknown matchpoint scale"):
        matchpoints([1, 2], scale="imps")


@pytest.mark.parametrize(
    "mp,results,expected_results,scale,factored",
    [
        # 7 comparable results of 8 due, top of 6 factored up to a top of 7.
        (6, 7, 8, "acbl", (6.5 * 8 / 7) - 0.5),
        (0, 7, 8, "acbl", (0.5 * 8 / 7) - 0.5),
        (12, 7, 8, "ebu", 13 * 8 / 7 - 1),
        (3, 4, 4, "acbl", 3.0),
        # One result alone earns an average of the expected top.
        (0, 1, 5, "acbl", 2.0),
    ],
)
def test_neuberg_factors_to_the_expected_top(mp, results, expected_results, scale, factored):
    assert neuberg(mp, results, expected_results, scale) == pytest.approx(factored)


@given(st.integers(2, 40), st.integers(0, 10), st.data())
def test_neuberg_keeps_the_sum_of_a_board_at_the_expected_total(results, missing, data):
    scores = data.draw(st.lists(st.integers(-50, 50), min_size=results, max_size=results))
    expected = results + missing
    factored = [neuberg(mp, results, expected) for mp in matchpoints(scores)]
    # Over the results present, the average stays at half the expected top.
    assert sum(factored) / results == pytest.approx((expected - 1) / 2)


@pytest.mark.parametrize(
    "args,message",
    [((1, 0, 4), "results must be"), ((1, 3, 0), "expected must be"),
     ((9, 3, 4), "outside"), ((1, 3, 4, "x"), "unknown matchpoint scale")],
)  # fmt: skip
def test_neuberg_refuses_nonsense(args, message):
    with pytest.raises(ValueError, match=message):
        neuberg(*args)
