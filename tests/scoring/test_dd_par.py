"""IMPs against the double-dummy par: a one-table game's third method.

NS's score at the table against the board's par (Pavlicek's, from NS's side), converted on the
WBF's IMP scale: Laws of Duplicate Bridge 2017, Law 78B ("20-40 1, 50-80 2, 90-120 3, 130-160 4,
... 750-890 13, 900-1090 14, ... 2000-2240 19"). Every expected value is worked by hand below
from Law 77's scoring table and that scale.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.one_table import DDParResult, dd_par_board

# (board, contract, declarer, tricks, par) -> (NS score, diff, NS IMPs)
EXAMPLES = [
    # Board 1, nobody vulnerable, par NS +1510 (7S by N or S). NS stop in 4S and take all 13:
    # 4 x 30 = 120 trick points + 300 game + 3 overtricks x 30 = 510; 510 - 1510 = -1000, and
    # 900-1090 is 14 IMPs: NS -14, EW +14.
    ((1, "4S", "N", 13, 1510), (510, -1000, -14)),
    # Board 2, NS vulnerable, par 0 (a passout): 1NT by N making 7 is 40 + 50 = 90; 90-120 is 3.
    ((2, "1NT", "N", 7, 0), (90, 90, 3)),
    # Board 3, EW vulnerable, par EW +2210 (7S by E or W). EW stop in 6S and take 13:
    # 180 + 500 game + 750 slam + 30 = 1460 to EW, NS -1460; -1460 + 2210 = 750: 13 IMPs to NS.
    ((3, "6S", "E", 13, -2210), (-1460, 750, 13)),
    # The same board passed out: NS 0, 0 + 2210 = 2210, 2000-2240 is 19 IMPs to NS.
    ((3, "PASS", "", 0, -2210), (0, 2210, 19)),
    # Board 5, NS vulnerable, par NS +620 (4S). EW, not vulnerable, sacrifice in 5DX down 3:
    # 100 + 200 + 200 = 500 to NS; 500 - 620 = -120, 90-120 is 3 IMPs to EW.
    ((5, "5DX", "W", 8, 620), (500, -120, -3)),
    # Board 1, par NS +420 (4S). NS play 3NT and take 10: 100 + 300 + 30 = 430; a difference
    # of 10 is 0 IMPs (0-10), and of 20 would be 1.
    ((1, "3NT", "S", 10, 420), (430, 10, 0)),
    ((1, "3NT", "S", 10, 410), (430, 20, 1)),
    # Board 4, both vulnerable, par 0. NS bid 3NT doubled and go down 4: 200 + 300 x 3 = 1100
    # to EW; -1100 is 15 IMPs (1100-1290) to EW.
    ((4, "3NTX", "N", 5, 0), (-1100, -1100, -15)),
]


@pytest.mark.parametrize(("hand", "expected"), EXAMPLES)
def test_ns_gets_the_imps_of_its_score_against_par_and_ew_the_opposite(hand, expected):
    result = dd_par_board(*hand)
    ns_score, diff, imps_ns = expected
    assert (result.ns_score, result.diff, result.imps_ns, result.imps_ew) == (
        ns_score, diff, imps_ns, -imps_ns,
    )  # fmt: skip


def test_the_result_names_the_contract_as_the_tally_prints_it():
    assert dd_par_board(1, "4s", "n", 13, 1510) == DDParResult(
        board=1,
        contract="4S",
        declarer="N",
        tricks=13,
        ns_score=510,
        par=1510,
        diff=-1000,
        imps_ns=-14,
        imps_ew=14,
    )


@pytest.mark.parametrize(
    ("hand", "message"),
    [((1, "4S", "", 10, 420), "declarer"), ((1, "4S", "N", 14, 420), "tricks"),
     ((1, "4S", "N", 10, None), "par"), ((1, "4S", "N", 10, 420.0), "par")],
)  # fmt: skip
def test_it_refuses_what_cannot_be_scored(hand, message):
    with pytest.raises(ValueError, match=message):
        dd_par_board(*hand)


@given(
    board=st.integers(1, 32),
    level=st.integers(1, 7),
    strain=st.sampled_from(["C", "D", "H", "S", "NT"]),
    declarer=st.sampled_from("NESW"),
    tricks=st.integers(0, 13),
    par=st.integers(-7600, 7600).map(lambda points: points * 10),
)
def test_the_two_sides_imps_always_cancel_and_par_itself_is_worth_nothing(
    board, level, strain, declarer, tricks, par
):
    result = dd_par_board(board, f"{level}{strain}", declarer, tricks, par)
    assert result.imps_ns + result.imps_ew == 0
    assert -24 <= result.imps_ns <= 24
    at_par = dd_par_board(board, f"{level}{strain}", declarer, tricks, result.ns_score)
    assert at_par.imps_ns == 0
