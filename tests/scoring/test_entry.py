import pytest

from scoring import parse_entry
from scoring.entry import ADJUSTED, NOT_PLAYED, PLAYED


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
