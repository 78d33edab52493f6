import itertools

import pytest

from scoring import Contract, contract_score, parse_contract

LEVELS = range(1, 8)
STRAINS = ("C", "D", "H", "S", "NT")

# Published penalty tables, written as cumulative totals for 1..13 down, so this reference
# shares no arithmetic with the code under test.
UNDOUBLED = {False: [50 * k for k in range(1, 14)], True: [100 * k for k in range(1, 14)]}
DOUBLED = {
    False: [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    True: [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
}


def reference_score(level, strain, doubled, vulnerable, tricks):
    needed = level + 6
    if tricks < needed:
        down = needed - tricks
        if doubled == 0:
            return -UNDOUBLED[vulnerable][down - 1]
        return -DOUBLED[vulnerable][down - 1] * doubled
    first, rest = {"C": (20, 20), "D": (20, 20), "H": (30, 30), "S": (30, 30), "NT": (40, 30)}[
        strain
    ]
    below_line = (first + rest * (level - 1)) * [1, 2, 4][doubled]
    bonus = {True: 500, False: 300}[vulnerable] if below_line >= 100 else 50
    slam = {6: {False: 500, True: 750}, 7: {False: 1000, True: 1500}}.get(level, {})
    insult = [0, 50, 100][doubled]
    over = tricks - needed
    each = rest if doubled == 0 else [0, 100, 200][doubled] * (2 if vulnerable else 1)
    return below_line + bonus + slam.get(vulnerable, 0) + insult + over * each


ALL_CASES = list(itertools.product(LEVELS, STRAINS, (0, 1, 2), (False, True), range(14)))


def test_it_covers_all_2940_cases():
    assert len(ALL_CASES) == 2940


@pytest.mark.parametrize("level,strain,doubled,vulnerable,tricks", ALL_CASES)
def test_it_scores_every_contract_like_the_published_tables(
    level, strain, doubled, vulnerable, tricks
):
    text = f"{level}{strain}{['', 'X', 'XX'][doubled]}"
    assert contract_score(text, vulnerable, tricks) == reference_score(
        level, strain, doubled, vulnerable, tricks
    )


@pytest.mark.parametrize(
    "contract,vulnerable,tricks,score",
    [
        # Thompson's worked scores (esther-bridge.com).
        ("1NT", False, 7, 90),
        ("1NT", True, 8, 120),
        ("4H", False, 10, 420),
        ("4H", False, 11, 450),
        ("4S", True, 10, 620),
        ("4S", True, 12, 680),
        ("4H", False, 9, -50),
        ("4H", True, 8, -200),
        ("4HX", True, 9, -200),
        ("4HX", True, 8, -500),
        ("4H", False, 12, 480),
        ("4H", True, 11, 650),
        ("6DX", True, 8, -1100),
        # The one-table tally sheet's example, declarer's score column.
        ("2S", False, 7, -50),
        ("2S", False, 10, 170),
        ("5D", True, 11, 600),
        ("2NT", False, 6, -100),
        ("2NT", False, 10, 180),
        ("2D", True, 11, 150),
        ("3NT", True, 9, 600),
        ("6NT", False, 13, 1020),
        ("5NT", False, 13, 520),
        ("4SX", False, 7, -500),
        # Landmarks of Law 77.
        ("7NTXX", True, 13, 2980),
        ("7NTXX", True, 0, -7600),
        ("1CXX", False, 7, 230),
        ("2HX", False, 8, 470),
        ("1NTXX", True, 9, 1560),
        ("PASS", True, 0, 0),
    ],
)
def test_it_matches_worked_examples(contract, vulnerable, tricks, score):
    assert contract_score(contract, vulnerable, tricks) == score


@pytest.mark.parametrize(
    "text,expected",
    [
        ("1C", Contract(1, "C", 0)),
        ("3NT", Contract(3, "NT", 0)),
        ("3N", Contract(3, "NT", 0)),
        ("3n", Contract(3, "NT", 0)),
        ("4sx", Contract(4, "S", 1)),
        ("7NTXX", Contract(7, "NT", 2)),
        (" 7 nt xx ", Contract(7, "NT", 2)),
        ("PASS", Contract(0)),
        ("pass", Contract(0)),
    ],
)
def test_it_parses_contracts(text, expected):
    assert parse_contract(text) == expected


@pytest.mark.parametrize(
    "text,message",
    [
        ("8S", "8S: level must be 1-7"),
        ("0H", "0H: level must be 1-7"),
        ("4Z", "not a contract"),
        ("", "empty"),
        ("4SXXX", "not a contract"),
        ("S4", "not a contract"),
    ],
)
def test_it_refuses_what_is_not_a_contract(text, message):
    with pytest.raises(ValueError, match=message):
        parse_contract(text)


@pytest.mark.parametrize("tricks", [-1, 14, 2.5, "10", True])
def test_it_refuses_impossible_tricks(tricks):
    with pytest.raises(ValueError, match="tricks must be a whole number 0-13"):
        contract_score("4S", False, tricks)


def test_it_writes_a_contract_back_as_text():
    assert [str(parse_contract(t)) for t in ("3n", "4sx", "7ntxx", "pass")] == [
        "3NT",
        "4SX",
        "7NTXX",
        "PASS",
    ]
