import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import vp_harris, vp_wbf
from scoring.vps import HARRIS_SCALES, round_half_away


@pytest.mark.parametrize("margin,vp", [(0, 10.0), (1, 10.28), (2, 10.55)])
def test_wbf_matches_the_published_check_for_20_boards(margin, vp):
    assert vp_wbf(margin, 20) == vp


def test_wbf_gives_20_at_and_beyond_the_blitz():
    # 15 * sqrt(16) = 60 IMPs over 16 boards.
    assert vp_wbf(60, 16) == 20.0
    assert vp_wbf(200, 16) == 20.0
    assert vp_wbf(59, 16) < 20.0


def test_wbf_interpolates_fractional_margins():
    # Half way between 10.28 and 10.55 is 10.415, which rounds half up to 10.42.
    assert vp_wbf(1.5, 20) == 10.42
    assert vp_wbf(0.25, 20) == 10.07


@given(st.integers(1, 64))
def test_wbf_whole_imp_steps_never_grow(boards):
    values = [vp_wbf(m, boards) for m in range(0, 130)]
    steps = [round(b - a, 2) for a, b in zip(values, values[1:])]
    assert all(10 <= v <= 20 for v in values)
    assert all(step >= 0 for step in steps)
    assert all(later <= earlier for earlier, later in zip(steps, steps[1:]))


@given(st.floats(0, 200, allow_nan=False), st.integers(1, 64))
def test_wbf_has_two_decimals_within_10_and_20(margin, boards):
    vp = vp_wbf(margin, boards)
    assert 10 <= vp <= 20
    assert round(vp, 2) == vp


@pytest.mark.parametrize("margin,boards", [(-1, 20), (1, 0), ("3", 20), (1, 2.5)])
def test_wbf_refuses_bad_input(margin, boards):
    with pytest.raises(ValueError):
        vp_wbf(margin, boards)


def harris_rows():
    """Every row of seed 004's tables, both ends of each range, ahead and behind."""
    cases = []
    for boards, rows in HARRIS_SCALES.items():
        low = 0
        for high, ahead, behind in rows:
            for difference in {low, high if high is not None else low + 20}:
                cases.append((boards, difference, ahead))
                if difference:
                    cases.append((boards, -difference, behind))
            low = (high or 0) + 1
    return cases


@pytest.mark.parametrize("boards,difference,vp", harris_rows())
def test_harris_scales_follow_seed_004(boards, difference, vp):
    assert vp_harris(difference, boards) == vp


@pytest.mark.parametrize(
    "difference,boards,vp",
    [
        # Spot checks typed straight from seed 004.
        (0, 3, 5), (1, 3, 6), (-3, 3, 3), (10, 3, 10), (-6, 4, 3), (13, 4, 14), (-16, 5, 0),
        (11, 6, 17), (-20, 6, 0), (9, 7, 19), (-23, 7, 0), (25, 8, 25), (-26, 8, 0),
        # Halves round away from zero before the look-up.
        (0.5, 4, 8), (-0.5, 4, 6), (2.5, 4, 10), (0.49, 4, 7),
    ],
)  # fmt: skip
def test_harris_spot_checks(difference, boards, vp):
    assert vp_harris(difference, boards) == vp


@given(st.integers(3, 8), st.integers(-60, 60))
def test_harris_plus_and_minus_add_up_to_the_scale(boards, difference):
    full = HARRIS_SCALES[boards][-1][1]
    assert vp_harris(difference, boards) + vp_harris(-difference, boards) == full


@pytest.mark.parametrize("boards", [2, 9, "4"])
def test_harris_covers_3_to_8_boards_only(boards):
    with pytest.raises(ValueError, match="3-8 boards"):
        vp_harris(1, boards)


@pytest.mark.parametrize("value,rounded", [(2.5, 3), (-2.5, -3), (2.4, 2), (-0.5, -1), (0, 0)])
def test_round_half_away_from_zero(value, rounded):
    assert round_half_away(value) == rounded
