"""One-table par scoring against the par table of the One-Table Duplicate-Style Par Scoring
Tally Sheet and its 16-hand worked example."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.boards import board_dealer, board_vulnerability
from scoring.one_table import (
    OneTableResult,
    one_table_board,
    one_table_par,
    parse_fit,
    scoring_line_pair,
    tally,
)

# The sheet's par table, cell by cell as printed: (HCP, fit, vulnerable, par). Every column's
# first and last row, and the cells its worked example reads.
PAR_CELLS = [
    (20, "8H", False, 30), (20, "8H", True, 10), (40, "8S", False, 1610), (40, "8S", True, 2360),
    (20, "9S", False, 90), (20, "9S", True, 70), (40, "9H", False, 1710), (40, "9H", True, 2510),
    (20, "10H", False, 120), (20, "10H", True, 120), (40, "12S", False, 1810),
    (40, "10S", True, 2660),
    (20, "8C", False, -20), (20, "8D", True, -40), (40, "8D", False, 1540), (40, "8C", True, 2290),
    (20, "9D", False, -40), (20, "9C", True, -60), (40, "9C", False, 1640), (40, "9D", True, 2440),
    (20, "10C", False, -60), (20, "10D", True, -70), (40, "11C", False, 1740),
    (40, "13D", True, 2590),
    (20, None, False, 20), (20, "NF", True, -10), (40, "none", False, 1520), (40, "NF", True, 2220),
    # Rows the example uses (the sheet's example hands 1-16).
    (21, "8C", False, 30), (24, "10S", True, 510), (22, "11C", True, 100), (26, "11D", True, 560),
    (22, "8D", False, 60), (21, "NF", True, 20), (21, "8D", False, 30), (24, "8S", True, 310),
    (28, "NF", True, 600), (24, "10H", False, 370), (23, "10H", True, 380), (26, "NF", True, 480),
    (36, "NF", False, 1120), (31, "8H", True, 900),
    # A walk through the middle of the table.
    (29, "9S", True, 860), (30, "10H", False, 920), (32, "9D", True, 1330), (33, "NF", False, 820),
    (35, "10C", True, 1840), (27, "8H", False, 400), (25, "9C", False, 260), (37, "8D", True, 1840),
]  # fmt: skip


@pytest.mark.parametrize(("hcp", "fit", "vulnerable", "par"), PAR_CELLS)
def test_it_reads_the_par_table_of_the_tally_sheet(hcp, fit, vulnerable, par):
    assert one_table_par(hcp, fit, vulnerable) == par


@pytest.mark.parametrize(
    ("fit", "parsed"),
    [("9H", (9, "H")), ("10s", (10, "S")), (" 8 C ", (8, "C")), ("13D", (13, "D")),
     (None, None), ("NF", None), ("nf", None), ("none", None), ("None", None)],
)  # fmt: skip
def test_it_reads_the_fit_column_as_the_tally_sheet_writes_it(fit, parsed):
    assert parse_fit(fit) == parsed


@pytest.mark.parametrize(
    ("fit", "message"),
    [("7H", "under 8 cards"), ("14S", "at most 13"), ("8NT", "length and suit"),
     ("H8", "length and suit"), ("", "length and suit"), (8, "not text")],
)  # fmt: skip
def test_it_refuses_a_malformed_fit(fit, message):
    with pytest.raises(ValueError, match=message):
        one_table_par(24, fit, False)


@pytest.mark.parametrize("hcp", [19, 41, 0, True, 20.5, "24"])
def test_it_refuses_hcp_outside_the_par_table(hcp):
    with pytest.raises(ValueError, match="20-40"):
        one_table_par(hcp, "8H", False)


def tricks_taken(contract: str, made: str) -> int:
    """The sheet's "Md" column is the level made ("5" for 11 tricks) or the undertricks ("-1")."""
    level = int(contract[0])
    return 6 + level + int(made) if made.startswith("-") else 6 + int(made)


# The sheet's example, row by row: #, Bid, By, Md, Decl'r Score, HCP NS, HCP EW, Pair, Fit, ±,
# SL, Par, Diff, IMPs NS, IMPs EW, Total NS, Total EW.
EXAMPLE = [
    (1, "2S", "N", "-1", -50, 19, 21, "EW", "8C", "-", 50, 30, 20, 0, 1, 0, 1),
    (2, "4H", "S", "5", 650, 24, 16, "NS", "10S", "+", 650, 510, 140, 4, 0, 4, 1),
    (3, "2S", "S", "4", 170, 18, 22, "EW", "11C", "-", -170, 100, -270, 7, 0, 11, 1),
    (4, "5D", "N", "5", 600, 26, 14, "NS", "11D", "+", 600, 560, 40, 1, 0, 12, 1),
    (5, "2NT", "W", "-2", -100, 18, 22, "EW", "8D", "+", -100, 60, -160, 4, 0, 16, 1),
    (6, "2NT", "S", "4", 180, 19, 21, "EW", "NF", "-", -180, 20, -200, 5, 0, 21, 1),
    (7, "2D", "W", "5", 150, 20, 20, "EW", "10D", "+", 150, -70, 220, 0, 6, 21, 7),
    (8, "3H", "N", "-1", -50, 21, 19, "NS", "8D", "+", -50, 30, -80, 0, 2, 21, 9),
    (9, "3S", "E", "4", 170, 16, 24, "EW", "8S", "+", 170, 310, -140, 4, 0, 25, 9),
    (10, "3NT", "N", "3", 600, 28, 12, "NS", "NF", "+", 600, 600, 0, 0, 0, 25, 9),
    (11, "4H", "N", "5", 450, 24, 16, "NS", "10H", "+", 450, 370, 80, 2, 0, 27, 9),
    (12, "2D", "W", "-1", -50, 23, 17, "NS", "10H", "-", 50, 380, -330, 0, 8, 27, 17),
    (13, "3NT", "S", "-1", -100, 26, 14, "NS", "NF", "+", -100, 480, -580, 0, 11, 27, 28),
    (14, "6NT", "W", "7", 1020, 4, 36, "EW", "NF", "+", 1020, 1120, -100, 3, 0, 30, 28),
    (15, "5NT", "W", "7", 520, 4, 36, "EW", "NF", "+", 520, 1120, -600, 12, 0, 42, 28),
    (16, "4S-X", "N", "-3", -500, 9, 31, "EW", "8H", "-", 500, 900, -400, 9, 0, 45, 28),
]

# The sheet's note 7: "With the HCPs split 20-20, I chose to make declarer the scoring line,
# rather than dealer" - the dealer of hand 7 is South, so the example overrides the rule.
SCORING_LINE_CHOSEN = {7: "EW"}


def play(row: tuple) -> OneTableResult:
    board, bid, by, made, _, hcp_ns, _, _, fit = row[:9]
    contract = bid.replace("-", "")  # the sheet writes the double as "4S-X"
    return one_table_board(
        board, contract, by, tricks_taken(bid, made), hcp_ns, fit, SCORING_LINE_CHOSEN.get(board)
    )


@pytest.mark.parametrize("row", EXAMPLE, ids=[f"hand {row[0]}" for row in EXAMPLE])
def test_it_scores_each_hand_of_the_tally_sheets_example(row):
    result = play(row)
    assert (
        result.declarer_score,
        result.hcp_ns,
        result.hcp_ew,
        result.sl_pair,
        result.fit,
        result.sign,
        result.sl_score,
        result.par,
        result.diff,
        result.imps_ns,
        result.imps_ew,
    ) == row[4:15]


def test_it_keeps_the_dealer_and_vulnerability_of_the_example_sheet():
    # The sheet's Dlr and Vul columns for hands 1-16.
    dealers = "NESWNESWNESWNESW"
    vulnerability = "None NS EW Both NS EW Both None EW Both None NS Both None NS EW".split()
    results = [play(row) for row in EXAMPLE]
    assert [r.dealer for r in results] == list(dealers)
    assert [r.vulnerability for r in results] == vulnerability


def test_the_running_totals_follow_the_tally_sheet_except_its_last_sum():
    totals = tally(play(row) for row in EXAMPLE)
    assert totals[:15] == [(row[15], row[16]) for row in EXAMPLE[:15]]
    # The sheet prints 45 for NS after hand 16, but its own row gives NS 9 IMPs (Diff -400 is 9
    # on its IMP table) on top of 42: the sheet's addition slipped, 42 + 9 = 51.
    assert EXAMPLE[-1][15:] == (45, 28)
    assert totals[-1] == (51, 28)


def test_tally_of_no_boards_is_empty():
    assert tally([]) == []


@pytest.mark.parametrize(
    ("board", "contract", "declarer", "tricks", "hcp_ns", "fit", "imps_ns", "imps_ew", "diff"),
    [
        # The sheet's note 14: "If she had continued to 7, it would have been +400 for 9".
        (14, "7NT", "W", 13, 4, "NF", 0, 9, 400),
        # Note 16: "If they bid and make 5H, they only get +650 for -6 IMPs" (par is 900).
        (16, "5H", "E", 11, 9, "8H", 6, 0, -250),
        # Note 3: "Even going down 1 at 3-4C would have been better" than the 7 IMPs lost:
        # EW vulnerable -100 against par 100 is -200, 5 IMPs.
        (3, "4C", "E", 9, 18, "11C", 5, 0, -200),
    ],
)
def test_the_alternatives_in_the_tally_sheets_notes(
    board, contract, declarer, tricks, hcp_ns, fit, imps_ns, imps_ew, diff
):
    result = one_table_board(board, contract, declarer, tricks, hcp_ns, fit)
    assert (result.diff, result.imps_ns, result.imps_ew) == (diff, imps_ns, imps_ew)


def test_on_20_20_the_dealers_side_is_the_scoring_line():
    # The sheet's instruction 9a. Hand 7 (dealer S, both vulnerable) without the note's choice:
    # NS with no fit has par -10, and EW's +150 is -150 for NS: -140 is 4 IMPs to EW.
    result = one_table_board(7, "2D", "W", 11, 20, "NF")
    assert (result.sl_pair, result.sign, result.par, result.diff) == ("NS", "-", -10, -140)
    assert (result.imps_ns, result.imps_ew) == (0, 4)


@pytest.mark.parametrize(
    ("board", "hcp_ns", "override", "pair"),
    [(1, 20, None, "NS"), (2, 20, None, "EW"), (3, 20, None, "NS"), (4, 20, None, "EW"),
     (2, 21, None, "NS"), (1, 19, None, "EW"), (1, 20, "ew", "EW"), (2, 20, " NS", "NS")],
)  # fmt: skip
def test_the_scoring_line_pair(board, hcp_ns, override, pair):
    assert scoring_line_pair(board, hcp_ns, override) == pair


def test_a_passed_out_board_scores_zero_against_par():
    # The sheet's instruction 2a: passed-out hands are scored, awarding zero. Board 1, NS 24 HCP
    # without a fit, not vulnerable: par 160, so -160 is 4 IMPs to EW.
    result = one_table_board(1, "PASS", "", 0, 24, "NF")
    assert (result.declarer, result.sign, result.declarer_score, result.sl_score) == ("", "", 0, 0)
    assert (result.par, result.diff, result.imps_ns, result.imps_ew) == (160, -160, 0, 4)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((1, "4S", "X", 10, 24, "8S"), "declarer must be N, E, S or W"),
        ((1, "4S", "", 10, 24, "8S"), "declarer must be N, E, S or W"),
        ((1, "4S", "N", 10, 24, "8S", "NE"), "scoring line must be NS or EW"),
        ((1, "4S", "N", 10, 24, "8S", "EW"), "EW holds 16 HCP"),
        ((1, "4S", "N", 10, 41, "8S"), "0-40"),
        ((1, "4S", "N", 14, 24, "8S"), "tricks"),
        ((0, "4S", "N", 10, 24, "8S"), "board number"),
        ((1, "8S", "N", 10, 24, "8S"), "level"),
        ((1, "4S", "N", 10, 24, "7S"), "under 8 cards"),
    ],
)
def test_it_refuses_impossible_boards(args, message):
    with pytest.raises(ValueError, match=message):
        one_table_board(*args)


contracts = st.builds(
    "{}{}{}".format,
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
)
fits = st.one_of(
    st.none(),
    st.builds("{}{}".format, st.integers(8, 13), st.sampled_from(["C", "D", "H", "S"])),
)
boards = st.integers(1, 48)
seats = st.sampled_from("NESW")


@given(boards, contracts, seats, st.integers(0, 13), st.integers(0, 40), fits)
def test_imps_go_to_one_side_only(board, contract, declarer, tricks, hcp_ns, fit):
    result = one_table_board(board, contract, declarer, tricks, hcp_ns, fit)
    assert min(result.imps_ns, result.imps_ew) == 0
    # The sheet's IMP table: a difference of 0-10 is 0 IMPs, anything more at least 1.
    assert (result.imps_ns + result.imps_ew == 0) == (abs(result.diff) <= 10)
    sl_won = result.imps_ns if result.sl_pair == "NS" else result.imps_ew
    assert (sl_won > 0) == (result.diff > 10)


_CLOCKWISE = {"N": "E", "E": "S", "S": "W", "W": "N"}
_OTHER = {"None": "None", "Both": "Both", "NS": "EW", "EW": "NS"}


def _rotated_board(board: int) -> int:
    """The board of the 16 whose dealer sits one seat on and whose vulnerability is swapped."""
    wanted = (_CLOCKWISE[board_dealer(board)], _OTHER[board_vulnerability(board)])
    return next(n for n in range(1, 17) if (board_dealer(n), board_vulnerability(n)) == wanted)


@given(boards, contracts, seats, st.integers(0, 13), st.integers(0, 40), fits)
def test_turning_the_table_mirrors_the_result(board, contract, declarer, tricks, hcp_ns, fit):
    # Every seat moves one place clockwise: NS's cards go to EW, and the board with the matching
    # dealer and vulnerability is played. The same play must give the mirror-image IMPs.
    result = one_table_board(board, contract, declarer, tricks, hcp_ns, fit)
    turned = one_table_board(
        _rotated_board(board), contract, _CLOCKWISE[declarer], tricks, 40 - hcp_ns, fit
    )
    assert turned.sl_pair != result.sl_pair
    assert (turned.sl_score, turned.par, turned.diff) == (result.sl_score, result.par, result.diff)
    assert (turned.imps_ns, turned.imps_ew) == (result.imps_ew, result.imps_ns)


@given(st.sampled_from([None, "8H", "9S", "10H", "8C", "9D", "10C"]), st.booleans())
def test_each_column_of_the_par_table_never_falls_as_hcp_rise(fit, vulnerable):
    # True of every column the sheet prints; a transcription slip would likely break it.
    column = [one_table_par(hcp, fit, vulnerable) for hcp in range(20, 41)]
    assert column == sorted(column)


@given(st.integers(10, 13), st.sampled_from("CDHS"), st.integers(20, 40), st.booleans())
def test_fits_of_ten_cards_or_more_share_the_10_column(length, suit, hcp, vulnerable):
    assert one_table_par(hcp, f"{length}{suit}", vulnerable) == one_table_par(
        hcp, f"10{suit}", vulnerable
    )
