"""The `par` and `par_stats` commands: double-dummy tables by endplay's DDS, par after Pavlicek."""

import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from events.handrecords.pbn import PBNError, read_pbn
from events.handrecords.stats import ParDistribution, random_deals
from scoring.deal import parse_deal

# Board 1: each player holds one whole suit, N spades, E hearts, S diamonds, W clubs. In a
# suit contract the side holding the trumps wins all 13 tricks (their holder follows to trump
# leads and ruffs everything else); in notrump the opening leader, declarer's left-hand
# opponent, runs a 13-card suit, so declarer takes none.
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
ONE_SUIT_EACH_DD = {
    "N": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0},
    "E": {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0},
    "S": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0},
    "W": {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0},
}
# Board 2: Pavlicek's deal 5 (*Par Zero Deals*), every hand the same four holdings turned round the
# table (10 8 / A 5 4 / Q J 3 2 / K 9 7 6, suits in the diagram's order S, H, D, C). His table:
# everybody makes 1NT and six tricks in every suit, so both sides' highest make is 1NT and par is
# zero, a passout (DDS's own par would give the dealer's side +90).
SYMMETRIC = "N:T8.A54.QJ32.K976 K976.T8.A54.QJ32 QJ32.K976.T8.A54 A54.QJ32.K976.T8"
SYMMETRIC_DD = {seat: {"C": 6, "D": 6, "H": 6, "S": 6, "NT": 7} for seat in "NESW"}
# Board 3: one suit each again, turned: N clubs, E diamonds, S hearts, W spades.
TURNED = "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."
TURNED_DD = {
    "N": {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0},
    "E": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0},
    "S": {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0},
    "W": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0},
}

HAND_RECORD = f"""% Three boards
[Event "Par test"]
[Board "1"]
[Vulnerable "All"]
[Deal "{ONE_SUIT_EACH}"]

[Board "2"]
[Vulnerable "None"]
[Deal "{SYMMETRIC}"]

[Board "3"]
[Dealer "S"]
[Deal "{TURNED}"]
"""


def run(*args):
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def hand_record(tmp_path):
    path = tmp_path / "boards.pbn"
    path.write_text(HAND_RECORD)
    return path


def test_it_prints_each_boards_dd_table_and_pavlicek_par_as_json(hand_record):
    out, _ = run("par", str(hand_record), "--json")
    assert json.loads(out) == [
        # Both vul (the "All" tag): NS's highest make 7S outranks EW's 7H. EW's only
        # higher bid, 7NT, takes no tricks: 7NTX vul down 13 costs 3800, more than 7S's
        # 210 + 500 + 1500 = 2210. Par NS +2210, by North or South.
        {"board": 1, "dd": ONE_SUIT_EACH_DD, "par_score": 2210,
         "par_contracts": ["7S N", "7S S"]},
        {"board": 2, "dd": SYMMETRIC_DD, "par_score": 0, "par_contracts": []},
        # No Vulnerable tag: board 3 is EW vul by its number. EW's 7S outranks NS's 7H;
        # NS's 7NTX non-vul down 13 costs 3500 > 2210. Par EW +2210 by East or West.
        {"board": 3, "dd": TURNED_DD, "par_score": -2210,
         "par_contracts": ["7S E", "7S W"]},
    ]  # fmt: skip


def test_it_prints_a_readable_report_board_by_board(hand_record):
    out, _ = run("par", str(hand_record))
    boards = out.strip().split("\n\n")
    assert len(boards) == 3
    assert boards[0] == (
        "Board 1  Vul Both\n"
        "       C  D  H  S NT\n"
        "  N    0 13  0 13  0\n"
        "  E   13  0 13  0  0\n"
        "  S    0 13  0 13  0\n"
        "  W   13  0 13  0  0\n"
        "Par: NS +2210: 7S N, 7S S"
    )
    assert boards[1].splitlines()[-1] == "Par: Zero, Passout"
    assert boards[2].splitlines()[0] == "Board 3  Vul EW"
    assert boards[2].splitlines()[-1] == "Par: EW +2210: 7S E, 7S W"


DUPLICATED_ACE = "N:AKQJT98765432... A.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.mark.parametrize(
    "deal_tags, message",
    [
        (f'[Board "4"]\n[Deal "{DUPLICATED_ACE}"]', r"board 4: E's hand .*: ♠A is dealt twice"),
        ('[Board "4"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.."]', r"board 4: .*four hands"),
        (f'[Board "4"]\n[Deal "{ONE_SUIT_EACH[:-1]}"]', r"board 4: .* has 12 cards; a hand has 13"),
        ('[Board "4"]\n[Deal "N:AKQJT98765432... - - -"]', r"board 4: .*52 cards"),
        (f'[Board "4"]\n[Vulnerable "Red"]\n[Deal "{ONE_SUIT_EACH}"]', r"board 4: Vulnerable"),
        (f'[Board "four"]\n[Deal "{ONE_SUIT_EACH}"]', r"game 4: the Board tag"),
    ],
)
def test_it_refuses_a_malformed_file_naming_the_board_and_prints_nothing(
    tmp_path, deal_tags, message
):
    path = tmp_path / "bad.pbn"
    path.write_text(HAND_RECORD + "\n" + deal_tags + "\n")
    out = StringIO()
    with pytest.raises(CommandError, match=message):
        call_command("par", str(path), stdout=out)
    assert out.getvalue() == ""


def test_it_refuses_a_file_without_deals(tmp_path):
    path = tmp_path / "empty.pbn"
    path.write_text("this is not PBN\n")
    with pytest.raises(CommandError, match="no deals found"):
        run("par", str(path))


@pytest.mark.parametrize(
    "tag, vulnerability",
    [("None", "None"), ("Love", "None"), ("-", "None"), ("NS", "NS"), ("EW", "EW"),
     ("All", "Both"), ("Both", "Both")],
)  # fmt: skip
def test_it_reads_pbns_vulnerability_names(tag, vulnerability):
    (record,) = read_pbn(f'[Board "1"]\n[Vulnerable "{tag}"]\n[Deal "{SYMMETRIC}"]\n')
    assert record.vulnerability == vulnerability


def test_it_repeats_the_previous_games_value_for_a_hash_tag():
    text = f'[Board "5"]\n[Vulnerable "NS"]\n[Deal "{SYMMETRIC}"]\n\n[Board "6"]\n'
    text += f'[Vulnerable "#"]\n[Deal "{TURNED}"]\n'
    assert [record.vulnerability for record in read_pbn(text)] == ["NS", "NS"]


def test_a_missing_file_is_explained(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        run("par", str(tmp_path / "none.pbn"))


def test_random_deals_are_full_deals_the_seed_repeats():
    deals = random_deals(5, seed=1)
    assert deals == random_deals(5, seed=1)
    assert deals != random_deals(5, seed=2)
    assert len(set(deals)) == 5
    for deal in deals:
        hands = parse_deal(deal)  # raises on a card twice or a hand without 13 cards
        assert sum(len("".join(suits)) for suits in hands.values()) == 52


def test_the_distribution_follows_pavlicek_statistics_columns():
    scores = (100, -100, 420, -420, 420, 0, -1520)
    rows = ParDistribution(scores).rows()
    assert [row[:2] for row in rows] == [(0, 1), (100, 2), (420, 3), (1520, 1)]
    score, deals, specific, at_least, at_most = rows[1]
    assert (specific, at_least, at_most) == pytest.approx((200 / 7, 600 / 7, 300 / 7))
    summary = dict(ParDistribution(scores).summary())
    assert summary["Par plus N-S"] == "3"
    assert summary["Par plus E-W"] == "3"
    assert summary["Par zero"] == "1"
    assert (summary["Mode"], summary["Median"]) == ("420", "420")


@pytest.mark.slow
def test_par_stats_prints_a_distribution_that_passes_pavlicek_statistics_check():
    out, _ = run("par_stats", "--deals", "40", "--seed", "1")
    assert out.startswith("Par scores of 40 random deals, None vul, seed 1\n")
    rows = [line.split() for line in out.splitlines() if re.fullmatch(r" *\d+( +[\d.,]+){4}", line)]
    assert sum(int(row[1]) for row in rows) == 40
    unique = len(rows)
    # Pavlicek's *Par Score Stats*: "total of At Least + At Most columns = 100(U+1)", up to the
    # 4-decimal rounding.
    check = sum(float(row[3]) + float(row[4]) for row in rows)
    assert check == pytest.approx(100 * (unique + 1), abs=unique * 0.0001)
    assert re.search(rf"^ *U = {unique} +40 +100\.0000 +{100 * (unique + 1)}\.0000$", out, re.M)
    for label in (
        "Mean",
        "Median",
        "Mode",
        "Standard deviation",
        "Par plus N-S",
        "Par plus E-W",
        "Par zero",
        "Elapsed",
    ):
        assert re.search(rf"^{label}\b", out, re.M), label


def test_par_stats_refuses_no_deals():
    with pytest.raises(CommandError, match="at least 1"):
        run("par_stats", "--deals", "0")


def test_an_unreadable_deal_is_a_pbn_error():
    with pytest.raises(PBNError, match="board 1"):
        read_pbn('[Board "1"]\n[Deal "X:AKQ"]\n')
