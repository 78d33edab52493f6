"""A member's federation number against the federation's written format.

Sources:
- ACBL: "ACBL Handbook, I. The Player Number" (American Contract Bridge League, acbl.org): a
  seven-digit number; a Life Master's first digit becomes a letter, J for 1 to R for 9.
- ABF: "How are the player numbers checked" (ASE Computing's help for the ABF masterpoint
  software, asecomputing.com): seven digits, the seventh a check digit from weights 7 to 2 and
  the remainder modulo 11; its worked example is player number 0041475 (check digit 5).
- CBAI: "New Bridge ID number" (Contract Bridge Association of Ireland, cbai.ie): the NBID is a
  five-digit number; the old CBAI number, which holds a letter, stays valid.
- EBU, SBU, NZ Bridge: no written format found, so any number of letters and digits is taken.
"""

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.player_numbers import FEDERATIONS, abf_check_digit, number_problem


def test_the_abf_worked_example_has_check_digit_five():
    # ASE Computing: 0x7 + 0x6 + 4x5 + 1x4 + 4x3 + 7x2 = 50; 50 = 4x11 + 6; 11 - 6 = 5.
    assert abf_check_digit("004147") == 5
    assert number_problem("ABF", "0041475") is None


@pytest.mark.parametrize("typed", ["0041474", "0041476", "0014475", "0041457"])
def test_a_mistyped_abf_number_fails_its_check_digit(typed):
    # One digit changed, or two neighbours swapped: the weighted sum modulo 11 catches both.
    problem = number_problem("ABF", typed)
    assert problem is not None and "check digit" in problem


def test_an_abf_remainder_below_two_is_the_check_digit_itself():
    # ASE Computing: "If the remainder is less than 2 the remainder is used as a check digit
    # else the remainder is subtracted from eleven". 000000: sum 0, remainder 0 -> 0;
    # 000006: 6 x 2 = 12, remainder 1 -> 1; 000001: 1 x 2 = 2, remainder 2 -> 11 - 2 = 9.
    assert abf_check_digit("000000") == 0
    assert abf_check_digit("000006") == 1
    assert abf_check_digit("000001") == 9


@pytest.mark.parametrize(
    "typed,expected",
    [
        ("004147", "seven digits, the last a check digit"),
        ("00414755", "seven digits"),
        ("A041475", "seven digits"),
    ],
)
def test_an_abf_number_of_the_wrong_shape_is_told_the_format(typed, expected):
    problem = number_problem("ABF", typed)
    assert problem is not None and expected in problem and "ABF" in problem


@pytest.mark.parametrize("typed", ["1234567", "J123456", "R999999", "j123456", "0123456"])
def test_acbl_numbers_of_seven_digits_or_a_life_masters_letter_are_taken(typed):
    # ACBL Handbook: seven digits; a Life Master's first digit 1 to 9 becomes J to R.
    assert number_problem("ACBL", typed) is None


@pytest.mark.parametrize("typed", ["123456", "12345678", "S123456", "A123456", "JJ12345"])
def test_other_acbl_numbers_are_told_the_format(typed):
    problem = number_problem("ACBL", typed)
    assert problem == (
        f"“{typed}” is not an ACBL number: seven characters: seven digits, or for a Life "
        "Master a letter J to R and six digits."
    )


def test_a_cbai_nbid_has_five_digits_and_the_old_number_a_letter():
    assert number_problem("CBAI", "12345") is None
    assert number_problem("CBAI", "D1234") is None  # an old number: its shape is unwritten
    assert "five-digit NBID" in (number_problem("CBAI", "1234") or "")


@pytest.mark.parametrize("federation", ["", "EBU", "SBU", "NZB"])
def test_a_federation_with_no_written_format_takes_any_letters_and_digits(federation):
    for typed in ("12345", "J123456", "A-12"):
        assert number_problem(federation, typed) is None
    assert number_problem(federation, "Jones") == (
        "“Jones” is not a member number (letters and digits, at least one digit)."
    )


def test_an_unknown_federation_is_named():
    assert number_problem("XYZ", "12345") == "“XYZ” is not a federation Clubscore knows."


def test_every_federation_with_a_format_names_its_source():
    for fed in FEDERATIONS.values():
        assert fed.pattern is None or fed.source


@given(st.text(alphabet=string.digits, min_size=6, max_size=6))
def test_every_six_digits_have_exactly_one_abf_number(first_six):
    valid = [d for d in string.digits if number_problem("ABF", first_six + d) is None]
    assert valid == [str(abf_check_digit(first_six))]


@given(st.text(alphabet=string.digits, min_size=6, max_size=6), st.integers(0, 5), st.data())
def test_one_mistyped_digit_moves_the_abf_remainder(first_six, place, data):
    # Weights 7 to 2 are below 11 and not 0, so changing one digit changes the weighted sum
    # modulo 11. (Remainders 1 and 10 both give check digit 1, so a few typos still pass.)
    def remainder(digits):
        return sum(int(d) * w for d, w in zip(digits, (7, 6, 5, 4, 3, 2), strict=True)) % 11

    other = data.draw(st.sampled_from([d for d in string.digits if d != first_six[place]]))
    typo = first_six[:place] + other + first_six[place + 1 :]
    assert remainder(typo) != remainder(first_six)
    right = str(abf_check_digit(first_six))
    if number_problem("ABF", typo + right) is None:
        assert right == "1"
