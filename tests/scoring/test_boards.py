import pytest

from scoring import board_dealer, board_vulnerability, is_vulnerable

# The One-Table Duplicate-Style Par Scoring Tally Sheet's Dlr and Vul columns for boards 1-16,
# the same as Law 2's table.
TALLY_SHEET_HANDS = [
    ("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "Both"), ("N", "NS"), ("E", "EW"),
    ("S", "Both"), ("W", "None"), ("N", "EW"), ("E", "Both"), ("S", "None"), ("W", "NS"),
    ("N", "Both"), ("E", "None"), ("S", "NS"), ("W", "EW"),
]  # fmt: skip


@pytest.mark.parametrize("number", range(1, 49))
def test_dealer_and_vulnerability_follow_the_16_board_cycle(number):
    dealer, vulnerability = TALLY_SHEET_HANDS[(number - 1) % 16]
    assert board_dealer(number) == dealer
    assert board_vulnerability(number) == vulnerability


@pytest.mark.parametrize(
    "number,seat,vulnerable",
    [(1, "N", False), (2, "S", True), (2, "E", False), (3, "W", True), (4, "N", True)],
)
def test_is_vulnerable_by_seat(number, seat, vulnerable):
    assert is_vulnerable(number, seat) is vulnerable


@pytest.mark.parametrize("bad", [0, -1, 1.0, "3"])
def test_it_refuses_board_numbers_below_one(bad):
    with pytest.raises(ValueError, match="board number"):
        board_dealer(bad)
