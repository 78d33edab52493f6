import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import hdb_imps, hdb_set_vps


def test_hdb_imps_count_from_the_lowest_score_in_the_direction():
    # Raw scores 490, 520, 0 and 1100 above the -100: Jette's table gives 10, 11, 0, 15.
    assert hdb_imps([390, 420, -100, 1000]) == [10, 11, 0, 15]


def test_hdb_jettes_examples_100_and_1000_above_the_lowest():
    assert hdb_imps([0, 100, 1000]) == [0, 3, 14]


@given(st.lists(st.integers(-760, 760).map(lambda n: n * 10), min_size=1, max_size=30))
def test_hdb_imps_are_never_negative(scores):
    assert all(imp >= 0 for imp in hdb_imps(scores))


def test_hdb_set_vps_compare_with_the_mean_of_the_others():
    # 4 boards a set. Pair A 12 vs mean(3, 0) = 1.5 -> +10.5 -> 11 -> 13 VPs;
    # B 3 vs 6 -> -3 -> 4 VPs; C 0 vs 7.5 -> -7.5 -> -8 -> 2 VPs.
    assert hdb_set_vps([12, 3, 0], 4) == [13, 4, 2]


def test_hdb_set_vps_need_two_pairs():
    with pytest.raises(ValueError, match="at least 2 pairs"):
        hdb_set_vps([5], 4)


@given(st.lists(st.integers(0, 60), min_size=2, max_size=12), st.integers(3, 8))
def test_hdb_set_vps_rank_like_the_imp_totals(totals, boards):
    vps = hdb_set_vps(totals, boards)
    for a, b in zip(totals, vps, strict=True):
        for c, d in zip(totals, vps, strict=True):
            if a > c:
                assert b >= d
