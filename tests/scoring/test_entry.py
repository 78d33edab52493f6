import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring.entry as entry_module
from scoring import board_vulnerability, parse_entry, possible_ns_scores
from scoring.entry import ADJUSTED, NOT_PLAYED, PLAYED, WEIGHTED, NeedsConfirmation


@pytest.mark.parametrize(
    "text,board,ns_score,shown",
    [
        ("4S N =", 1, 420, "4S N ="),
        ("4s n=", 1, 420, "4S N ="),
        ("3NTX S -2", 1, -300, "3NTX S -2"),
        ("3NT X S -2", 2, -500, "3NTX S -2"),  # NS vulnerable on board 2
        ("4H E 11", 1, -450, "4H E +1"),
        ("4H W 9", 3, 100, "4H W -1"),  # EW vulnerable on board 3
        ("PASS", 5, 0, "PASS"),
        ("-100", 1, -100, "-100"),
        ("+420", 1, 420, "+420"),
        ("7NTXX N =", 4, 2980, "7NTXX N ="),
    ],
)
def test_it_reads_contract_lines_and_bare_scores(text, board, ns_score, shown):
    entry = parse_entry(text, board)
    assert (entry.kind, entry.ns_score, str(entry)) == (PLAYED, ns_score, shown)


# Law 77's table. Board 1: nobody vulnerable; board 2: NS; board 3: EW (the standard board
# rotation). 5D doubled two down: 100 + 200 not vulnerable, 200 + 300 vulnerable; 2D doubled
# +1 not vulnerable: 80 + 50 part score + 50 for the double + 100 overtrick; 6H vulnerable:
# 180 + 500 game + 750 small slam.
@pytest.mark.parametrize(
    "text,board,ns_score,shown",
    [
        ("5D E X -2", 1, 300, "5DX E -2"),  # doubled after the declarer, as some slips have it
        ("5d e x -2", 3, 500, "5DX E -2"),
        ("5D E XX 11", 1, -800, "5DXX E ="),  # 5DXX made: 400 + 300 game + 100 for the XX
        ("4♠ N =", 1, 420, "4S N ="),
        ("4♠️ N =", 1, 420, "4S N ="),  # ♠ followed by the emoji variation selector U+FE0F
        ("4♠︎N=", 1, 420, "4S N ="),  # ... and by the text one, U+FE0E
        ("4♤ n =", 1, 420, "4S N ="),  # the white suits: ♤ ♡ ♢ ♧
        ("3♥ S -1", 2, -100, "3H S -1"),
        ("6♡ N =", 2, 1430, "6H N ="),
        ("2♦X W +1", 1, -280, "2DX W +1"),
        ("3♢ n +1", 1, 130, "3D N +1"),
        ("1♣ E 7", 1, -70, "1C E ="),
        ("5♧ s =", 1, 400, "5C S ="),
        ("3 ♣ x e -1", 1, 100, "3CX E -1"),  # ACBL slips' spaced contract, with the symbol
    ],
)
def test_it_reads_a_late_double_suit_symbols_and_any_case(text, board, ns_score, shown):
    entry = parse_entry(text, board)
    assert (entry.kind, entry.ns_score, str(entry)) == (PLAYED, ns_score, shown)


@pytest.mark.parametrize(
    "text,message",
    [("5DX E X -2", "5DX E X -2: doubled twice; write the X once, e.g. 5DX E -2"),
     ("5D E X", "5D E X: add the result, e.g. 5D E X = or 5D E X -1"),
     ("4♠ N", "4S N: add the result, e.g. 4S N = or 4S N -1"),
     ("4♠♥ N =", "4SH N =: write contract, declarer, result")],
)  # fmt: skip
def test_a_late_double_or_a_symbol_still_explains_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_entry(text, 1)


@pytest.mark.parametrize(
    "text,shown",
    [("A+/A-", "A+/A-"), ("a+ / a-", "A+/A-"), ("A-/A+", "A-/A+"), ("A+", "A+"), ("a", "A"),
     ("A=", "A="), ("Ave-", "AVE-"), ("AVE+/A", "AVE+/A"), ("60/40", "60/40%"),
     ("50%/50%", "50/50%")],
)  # fmt: skip
def test_an_adjusted_score_reads_back_as_typed(text, shown):
    entry = parse_entry(text, 1)
    assert str(entry) == shown
    assert parse_entry(shown, 1) == entry  # what is shown reads back to the same score


@pytest.mark.parametrize(
    "text,ns,ew",
    [("A", 50, 50), ("A+", 60, 60), ("a-", 40, 40), ("A+/A-", 60, 40), ("A-/A+", 40, 60),
     ("60/40", 60, 40), ("50%/50%", 50, 50), ("AVE+", 60, 60)],
)  # fmt: skip
def test_it_reads_adjusted_scores_as_ns_and_ew_percentages(text, ns, ew):
    entry = parse_entry(text, 1)
    assert (entry.kind, entry.ns_percent, entry.ew_percent) == (ADJUSTED, ns, ew)
    assert not entry.is_comparable


@pytest.mark.parametrize("text", ["NP", "np", "not played"])
def test_it_reads_not_played(text):
    assert parse_entry(text, 1).kind == NOT_PLAYED


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty"),
        ("8S N =", "8S: level must be 1-7"),
        ("4Q N =", "not a contract"),
        ("4S Q =", "declarer 'Q': must be N, E, S or W"),
        ("4H E 14", "14 tricks: there are only 13"),
        ("6S N +2", "cannot take 14 tricks"),
        ("1C N -8", "down 7 is the most"),
        ("4S N ?", "result '\\?'"),
        ("4S", "add the declarer and the result"),
        ("4S N", "add the result"),
        ("10", r"\+10 is not a possible NS score"),
        ("425", r"\+425 is not a possible NS score"),
        ("A++", "not a contract"),
        ("A/B", "adjusted scores are"),
        ("120/40", "0-100"),
        ("PASS N =", "type PASS"),
        ("4S N = extra", "write contract, declarer, result"),
    ],
)
def test_it_explains_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_entry(text, 1)


def test_a_bare_score_must_be_possible_at_the_boards_vulnerability():
    # 620 is a vulnerable game; nobody is vulnerable on board 1, NS are on board 2.
    assert parse_entry("620", 2).ns_score == 620
    with pytest.raises(ValueError, match="not a possible NS score on board 1"):
        parse_entry("620", 1)


# --- Notations from slips and other programs ("real slip notations") ---------------------------
# Expected scores are worked by hand from Law 77; boards 1-4 are None, NS, EW, Both (Law 2).


@pytest.mark.parametrize(
    "text,board,ns_score,shown",
    [
        # ACBL pickup slips / ACBLscore write level, strain and doubling as separate words.
        ("3 NT S =", 1, 400, "3NT S ="),  # 40+30+30 = 100, game 300
        ("2 C x E -1", 1, 100, "2CX E -1"),  # doubled nonvul 1st undertrick 100
        ("2 C X E -1", 3, 200, "2CX E -1"),  # doubled vul 1st undertrick 200
        ("4 S xx N 10", 1, 880, "4SXX N ="),  # 120x4 = 480, game 300, insult 100
        ("3 N S 9", 1, 400, "3NT S ="),  # N straight after a level is notrump
        ("3 n s 9", 2, 600, "3NT S ="),  # 100 + vulnerable game 500
        # Contract and result glued, then the declarer.
        ("4SX-2 N", 1, -300, "4SX N -2"),  # 100 + 200
        ("4SX-2 N", 2, -500, "4SX N -2"),  # 200 + 300
        ("3NT+1 N", 1, 430, "3NT N +1"),  # 400 + 30
        ("3NT+1 N", 4, 630, "3NT N +1"),  # 100 + 500 + 30
        ("4S=N", 1, 420, "4S N ="),  # 120 + 300
        ("4H= E", 1, -420, "4H E ="),
        ("6NT-1 W", 3, 100, "6NT W -1"),  # EW vulnerable, undoubled: 100 a trick
        # Declarer glued to the contract: the strain always comes right after the level.
        ("4SN =", 1, 420, "4S N ="),
        ("4SN=", 1, 420, "4S N ="),
        ("4sn10", 1, 420, "4S N ="),
        ("3NN =", 1, 400, "3NT N ="),
        ("1NS-1", 1, -50, "1NT S -1"),
        # Lower case, extra spaces, x written as a multiplication sign or a star.
        ("  4s   n   = ", 1, 420, "4S N ="),
        ("4S* S -1", 1, -100, "4SX S -1"),
        ("4S× N -3", 1, -500, "4SX N -3"),  # 100 + 200 + 200
        ("4S** N =", 1, 880, "4SXX N ="),
        ("4S N –1", 1, -50, "4S N -1"),  # an en dash pasted from a word processor
        # The one-table tally sheet's example, board 16 (NS not vulnerable): "4S-X", by N, Md -3,
        # -500.
        ("4S-X N -3", 16, -500, "4SX N -3"),  # 100 + 200 + 200
    ],
)
def test_it_reads_the_notations_of_slips_and_other_programs(text, board, ns_score, shown):
    entry = parse_entry(text, board)
    assert (entry.kind, entry.ns_score, str(entry)) == (PLAYED, ns_score, shown)


@pytest.mark.parametrize(
    "text",
    # Slips fill the declarer and tricks boxes of a passed-out board with "-" or "0"; bidding
    # boxes and other programs say "All pass" (AP), "Passed out" (PO).
    ["PASS N 0", "Pass - -", "PASS - 0", "PASS 0", "P", "p", "AP", "ALL PASS", "all pass",
     "ALLPASS", "PASSED OUT", "Passed out", "PASSED", "PO", "po"],
)  # fmt: skip
def test_it_reads_every_way_of_writing_a_passed_out_board(text):
    entry = parse_entry(text, 1)
    assert (entry.kind, entry.ns_score, entry.contract.is_pass, str(entry)) == (
        PLAYED,
        0,
        True,
        "PASS",
    )


@pytest.mark.parametrize(
    "text,ns,ew",
    # Ruter (Norwegian notation) writes Average as A=, next to A+ and A-.
    [("A=", 50, 50), ("a =", 50, 50), ("A=/A+", 50, 60), ("A+/A=", 60, 50)],
)
def test_it_reads_a_equals_as_average(text, ns, ew):
    entry = parse_entry(text, 1)
    assert (entry.kind, entry.ns_percent, entry.ew_percent) == (ADJUSTED, ns, ew)


@pytest.mark.parametrize(
    "text,message",
    [
        ("4SX-2", "4SX-2: add the declarer .*the sign and the vulnerability"),
        ("4S =", "add the declarer"),
        ("4s 10", "add the declarer"),
        ("3N =", r"add the declarer .*\(3N is 3NT\)"),
        ("3 N 9", "add the declarer"),  # 3NT with no declarer, never "3-something by North"
        ("3 NT S", "add the result"),
        ("2 C x", "add the declarer and the result"),
        ("4S 10 N", "write the declarer before the tricks, e.g. 4S N 10"),
    ],
)
def test_it_explains_what_a_slip_notation_lacks(text, message):
    with pytest.raises(ValueError, match=message):
        parse_entry(text, 1)


@pytest.mark.parametrize("text", ["PASS N =", "PASS N 3", "ALL PASS N -1", "PO 4S"])
def test_a_passed_out_board_has_no_result(text):
    with pytest.raises(ValueError, match="a passed-out board has no declarer or result"):
        parse_entry(text, 1)


# --- A bare trick count that means down 4 or more asks first -----------------------------------


@pytest.mark.parametrize(
    "text,board,ns_score,shown,message",
    [
        # The one-table tally sheet's "Md" column writes the level made, so "4" on a 4S line means
        # made 4.
        ("4S N 4", 1, -300, "4S N -6",
         "4S N 4: 4 tricks is down 6 (-300). If you meant made 4, type 4S N =."),  # 6 x 50
        ("4S E 5", 1, 250, "4S E -5", "down 5 (-250). If you meant made 5, type 4S E +1."),
        ("3NTX S 3", 2, -1700, "3NTX S -6", "If you meant made 3, type 3NTX S =."),  # 200+5x300
        ("1C W 1", 1, 300, "1C W -6", "1 trick is down 6 (-300). If you meant made 1"),
        ("4 S N 5", 1, -250, "4S N -5", "If you meant made 5, type 4S N +1."),
        # 9 cannot be a level made, so there is no other reading to offer.
        ("7NT N 9", 4, -400, "7NT N -4", "down 4 (-400). Check the slip."),
        ("4S N 0", 1, -500, "4S N -10", "down 10 (-500). Check the slip."),
    ],
)  # fmt: skip
def test_a_bare_count_meaning_down_4_or_more_needs_confirmation(
    text, board, ns_score, shown, message
):
    with pytest.raises(NeedsConfirmation, match=re.escape(message)) as asked:
        parse_entry(text, board)
    assert (asked.value.entry.ns_score, str(asked.value.entry)) == (ns_score, shown)
    assert parse_entry(text, board, confirmed=True) == asked.value.entry


@pytest.mark.parametrize(
    "text,ns_score",
    [
        ("4S N 7", -150),  # down 3 from a count is believable
        ("4S N -6", -300),  # an explicit -6 is no slip error
        ("4S N -4", -200),
        ("4H E 11", -450),
    ],
)
def test_results_that_are_not_doubtful_are_stored_at_once(text, ns_score):
    assert parse_entry(text, 1).ns_score == ns_score


def test_needs_confirmation_is_a_value_error_and_confirmed_is_keyword_only():
    assert issubclass(NeedsConfirmation, ValueError)
    assert {"NeedsConfirmation", "WEIGHTED"} <= set(entry_module.__all__)
    with pytest.raises(TypeError):
        parse_entry("4S N 4", 1, True)


def test_other_errors_stay_plain_value_errors_even_unconfirmed():
    with pytest.raises(ValueError) as error:
        parse_entry("4S N 14", 1)
    assert type(error.value) is ValueError


# --- Weighted adjusted scores, Law 12C1(c) of the 2017 Laws of Duplicate Bridge ----------------


@pytest.mark.parametrize(
    "text,board,parts,shown",
    [
        ("60% 4S N = + 40% 4S N -1", 1, [(60, 420), (40, -50)], "60% 4S N = + 40% 4S N -1"),
        ("60% 4S N =, 40% 4S N -1", 1, [(60, 420), (40, -50)], "60% 4S N = + 40% 4S N -1"),
        ("60% 4S N =; 40% 4S N -1", 1, [(60, 420), (40, -50)], "60% 4S N = + 40% 4S N -1"),
        ("60% of 4S N = + 40% of 4S N -1", 1, [(60, 420), (40, -50)],
         "60% 4S N = + 40% 4S N -1"),
        ("60%4S N=+40%4S N-1", 1, [(60, 420), (40, -50)], "60% 4S N = + 40% 4S N -1"),
        ("60 % 4s n = + 40 % 4s n -1", 1, [(60, 420), (40, -50)], "60% 4S N = + 40% 4S N -1"),
        # Three parts; a bare NS score is a result too.
        ("50% 3NT S +1 + 30% 4S N -2 + 20% -100", 1, [(50, 430), (30, -100), (20, -100)],
         "50% 3NT S +1 + 30% 4S N -2 + 20% -100"),
        # EW vulnerable on board 3: 4HX down 2 is 200 + 300 to NS.
        ("75% 4HX E -2 + 25% PASS", 3, [(75, 500), (25, 0)], "75% 4HX E -2 + 25% PASS"),
        ("40% 3 NT S 9 + 60% 4SX-1 N", 2, [(40, 600), (60, -200)],
         "40% 3NT S = + 60% 4SX N -1"),
    ],
)  # fmt: skip
def test_it_reads_weighted_scores(text, board, parts, shown):
    entry = parse_entry(text, board)
    assert (entry.kind, entry.is_weighted, entry.is_comparable) == (WEIGHTED, True, False)
    assert [(weight, part.ns_score) for weight, part in entry.components] == parts
    assert all(part.kind == PLAYED for _, part in entry.components)
    assert str(entry) == shown
    assert parse_entry(shown, board) == entry


@pytest.mark.parametrize(
    "text,message",
    [
        ("100% 4S N =", "a weighted score has two or more parts"),
        ("60%", "60%: of which result"),
        ("60% 4S N = + 30% 4S N -1", "the weights add up to 90%, not 100%"),
        ("60% 4S N = + 30% 4S N -1 + 20% PASS", "add up to 110%"),
        ("100% 4S N = + 0% 4S N -1", "100%: each weight must be 1-99%"),
        ("62.5% 4S N = + 37.5% 4S N -1", "weights are whole percents"),
        ("4S N = + 60% 4S N -1", "start each part with its weight"),
        ("60% + 40% 4S N -1", "60%: of which result"),
        ("60% A + 40% 4S N =", "60% A: only played results .* A is an adjusted score"),
        ("60% A+/A- + 40% 4S N =", "A\\+/A- is an adjusted score"),
        ("60% NP + 40% 4S N =", "NP is a board not played"),
        ("60% 4S N ? + 40% 4S N -1", "60% 4S N \\?: result '\\?'"),
        ("60% 4SX-2 + 40% 4S N -1", "60% 4SX-2: 4SX-2: add the declarer"),
        ("60% 425 + 40% 4S N -1", r"\+425 is not a possible NS score"),
    ],
)
def test_it_explains_what_is_wrong_with_a_weighted_score(text, message):
    with pytest.raises(ValueError, match=message):
        parse_entry(text, 1)


def test_a_doubtful_part_makes_the_whole_weighted_score_ask():
    with pytest.raises(NeedsConfirmation, match="60% 4S N 4: 4 tricks is down 6") as asked:
        parse_entry("60% 4S N 4 + 40% 4S N -1", 1)
    assert str(asked.value.entry) == "60% 4S N -6 + 40% 4S N -1"
    assert parse_entry("60% 4S N 4 + 40% 4S N -1", 1, confirmed=True) == asked.value.entry


# --- Invariants: every entry's text reads back as the same entry ------------------------------

LEVELS, STRAINS, DOUBLINGS = range(1, 8), ("C", "D", "H", "S", "NT"), ("", "X", "XX")
boards = st.integers(min_value=1, max_value=36)


@st.composite
def contract_lines(draw):
    """(board, level, strain, doubling, declarer, tricks) of any result a table can reach."""
    return (
        draw(boards),
        draw(st.sampled_from(LEVELS)),
        draw(st.sampled_from(STRAINS)),
        draw(st.sampled_from(DOUBLINGS)),
        draw(st.sampled_from("NESW")),
        draw(st.integers(min_value=0, max_value=13)),
    )


def _signed(level, tricks):
    over = tricks - level - 6
    return "=" if over == 0 else f"{over:+d}"


@given(contract_lines())
def test_every_played_entry_reads_back_from_its_own_text(line):
    board, level, strain, doubling, seat, tricks = line
    entry = parse_entry(f"{level}{strain}{doubling} {seat} {tricks}", board, confirmed=True)
    assert entry.tricks == tricks
    assert parse_entry(str(entry), board) == entry


@given(contract_lines())
def test_every_notation_of_one_result_reads_the_same(line):
    board, level, strain, doubling, seat, tricks = line
    result, contract = _signed(level, tricks), f"{level}{strain}{doubling}"
    expected = parse_entry(f"{contract} {seat} {result}", board)
    spaced_strain = "N" if strain == "NT" else strain  # N right after a level is notrump
    notations = [
        f"{level} {strain} {doubling} {seat} {result}".lower(),  # ACBL spaced words
        f"{level} {spaced_strain} {doubling} {seat} {result}",
        f"{contract}{result} {seat}",  # contract and result glued
        f"{contract}{seat}{result}",  # all glued
        f"{level}{spaced_strain}{doubling}{seat}{result}",
        f"{level}{spaced_strain}{doubling}{result} {seat}",
        f"{contract}{seat}{tricks}",
        f"{level}{strain}{doubling.replace('X', '*')} {seat} {result}",
        f"{contract} {seat} {tricks}",  # a bare trick count, confirmed
    ]
    for text in notations:
        assert parse_entry(text, board, confirmed=True) == expected, text


@given(contract_lines())
def test_a_bare_count_asks_exactly_when_it_means_down_4_or_more(line):
    board, level, strain, doubling, seat, tricks = line
    text = f"{level}{strain}{doubling} {seat} {tricks}"
    confirmed = parse_entry(text, board, confirmed=True)
    if level + 6 - tricks >= 4:
        with pytest.raises(NeedsConfirmation) as asked:
            parse_entry(text, board)
        assert asked.value.entry == confirmed
    else:
        assert parse_entry(text, board) == confirmed


@st.composite
def played_texts(draw, board):
    kind = draw(st.sampled_from(["contract", "score", "pass"]))
    if kind == "pass":
        return draw(st.sampled_from(["PASS", "AP", "PASS - -"]))
    if kind == "score":
        vulnerability = board_vulnerability(board)
        return str(draw(st.sampled_from(sorted(possible_ns_scores(vulnerability)))))
    _, level, strain, doubling, seat, tricks = draw(contract_lines())
    return f"{level}{strain}{doubling} {seat} {_signed(level, tricks)}"


@st.composite
def weighted_texts(draw):
    board = draw(boards)
    count = draw(st.integers(min_value=2, max_value=4))
    cuts = sorted(draw(st.sets(st.integers(1, 99), min_size=count - 1, max_size=count - 1)))
    weights = [high - low for low, high in zip([0, *cuts], [*cuts, 100])]
    parts = [f"{weight}% {draw(played_texts(board))}" for weight in weights]
    return board, draw(st.sampled_from([" + ", ", ", "; "])).join(parts)


@given(weighted_texts())
def test_every_weighted_entry_reads_back_from_its_own_text(board_and_text):
    board, text = board_and_text
    entry = parse_entry(text, board)
    assert sum(weight for weight, _ in entry.components) == 100
    assert parse_entry(str(entry), board) == entry


@given(
    boards,
    st.one_of(
        st.sampled_from(["A", "A=", "A+", "A-", "A+/A-", "AVE", "NP", "PASS", "PO"]),
        st.tuples(st.integers(0, 100), st.integers(0, 100)).map(lambda p: f"{p[0]}/{p[1]}"),
    ),
)
def test_every_other_entry_reads_back_from_its_own_text(board, text):
    entry = parse_entry(text, board)
    assert parse_entry(str(entry), board) == entry


@given(boards, st.data())
def test_every_bare_score_reads_back_from_its_own_text(board, data):
    score = data.draw(st.sampled_from(sorted(possible_ns_scores(board_vulnerability(board)))))
    entry = parse_entry(str(score), board)
    assert parse_entry(str(entry), board) == entry
