import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import butler, cross_imps, imps
from scoring.field_imps import butler_datum

scores_on_a_board = st.lists(st.integers(-760, 760).map(lambda n: n * 10), min_size=2, max_size=40)


def test_cross_imps_average_the_imps_against_every_other_result():
    # 420: -1 against 450, 0 against 420, +10 against -50, over 3 comparisons.
    assert cross_imps([420, 450, 420, -50]) == pytest.approx([9 / 3, 13 / 3, 9 / 3, -31 / 3])


@given(scores_on_a_board)
def test_cross_imps_equal_the_plain_quadratic_definition(scores):
    n = len(scores)
    plain = [
        sum(imps(s - o) for j, o in enumerate(scores) if j != i) / (n - 1)
        for i, s in enumerate(scores)
    ]
    assert cross_imps(scores) == pytest.approx(plain)


@given(scores_on_a_board)
def test_cross_imps_on_a_board_sum_to_zero(scores):
    assert sum(cross_imps(scores)) == pytest.approx(0, abs=1e-9)


def test_cross_imps_need_two_results():
    with pytest.raises(ValueError, match="at least 2"):
        cross_imps([100])


@pytest.mark.parametrize(
    "scores,datum",
    [
        ([420, 450, 420, -50], 420),  # drop 450 and -50: mean 420
        ([100, 200, 300], 200),  # three or fewer: plain mean
        ([110, 120], 120),  # 115 rounds half away from zero
        # -115 rounds away from zero too, so EW's datum mirrors NS's: Compscore3's published
        # Butler results (tests/events/real_events, Sunshine Coast BC 2026-03-09) round
        # -445 to -450.
        ([-110, -120], -120),
        ([100, 110, 100], 100),  # 103.3 -> 100
        (list(range(0, 110, 10)) + [5000], 60),  # 12 results: drop 2 at each end
    ],
)
def test_butler_datum_trims_and_rounds_to_ten(scores, datum):
    assert butler_datum(scores) == datum


def test_butler_imps_each_result_against_the_datum():
    assert butler([420, 450, 420, -50]) == (420, [0, 1, 0, -10])


def test_butler_takes_a_fixed_trim_or_a_fixed_datum():
    assert butler([0, 100, 200, 300, 1000], drop=0)[0] == 320
    assert butler([0, 100, 200, 300, 1000], drop=2)[0] == 200
    assert butler([420, 450], datum=400) == (400, [1, 2])


@pytest.mark.parametrize(
    "kwargs,message",
    [({"drop": 2}, "cannot drop 2"), ({"drop": -1}, "drop must be"), ({"datum": 1.5}, "datum")],
)
def test_butler_refuses_bad_options(kwargs, message):
    with pytest.raises(ValueError, match=message):
        butler([1, 2, 3], **kwargs)


def test_butler_needs_two_results_without_a_datum():
    with pytest.raises(ValueError, match="at least 2"):
        butler([100])
