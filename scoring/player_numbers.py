"""A player's number at their national bridge federation, checked against its written format.

Each federation's rule and its source are in docs/rules.md ("Player numbers"). Where no written
format was found, the number is taken as typed (letters, digits and hyphens) and the rule says
so: a format is never guessed.
"""

import re
from dataclasses import dataclass

__all__ = [
    "CLUB",
    "FEDERATIONS",
    "Federation",
    "abf_check_digit",
    "number_problem",
]

CLUB = ""  # a number the club gives, or a federation's with no written format


@dataclass(frozen=True)
class Federation:
    key: str
    name: str
    expected: str  # the format in words, for the message a malformed number gets
    pattern: re.Pattern | None  # None: no written format found, taken as typed
    source: str


# ACBL Handbook, chapter I "The Player Number": seven digits; a Life Master's first digit
# 1 to 9 becomes a letter, J for 1 to R for 9.
ACBL_NUMBER = re.compile(r"[0-9J-R][0-9]{6}", re.IGNORECASE)
# ASE Computing's help "How are the player numbers checked": seven digits, the last a check.
ABF_NUMBER = re.compile(r"[0-9]{7}")
# CBAI "New Bridge ID number": the NBID is five digits (the old CBAI number, which has a
# letter, stays valid; its shape is not written, so it is taken as typed: see number_problem).
CBAI_NBID = re.compile(r"[0-9]{5}")
# A number the club gives, or one whose federation's format is unwritten: what the roster has
# always taken (events/club/roster.py NUMBER): letters, digits and hyphens, at least one digit.
FREE_FORM = re.compile(r"[A-Za-z-]*[0-9][A-Za-z0-9-]*")
FREE_FORM_WORDS = "letters and digits, at least one digit"

FEDERATIONS: dict[str, Federation] = {
    fed.key: fed
    for fed in (
        Federation(CLUB, "Club number", FREE_FORM_WORDS, None, "the club's own"),
        Federation(
            "ACBL",
            "ACBL (American Contract Bridge League)",
            "seven characters: seven digits, or for a Life Master a letter J to R and six digits",
            ACBL_NUMBER,
            "ACBL Handbook, I. The Player Number (ACBL)",
        ),
        Federation(
            "ABF",
            "ABF (Australian Bridge Federation)",
            "seven digits, the last a check digit",
            ABF_NUMBER,
            "How are the player numbers checked (ASE Computing, ABF masterpoint software help)",
        ),
        Federation(
            "CBAI",
            "CBAI (Contract Bridge Association of Ireland)",
            "the five-digit NBID, or the old CBAI number with its letter",
            None,
            "New Bridge ID number (CBAI)",
        ),
        Federation("EBU", "EBU (English Bridge Union)", FREE_FORM_WORDS, None, ""),
        Federation("SBU", "SBU (Scottish Bridge Union)", FREE_FORM_WORDS, None, ""),
        Federation("NZB", "NZ Bridge (New Zealand)", FREE_FORM_WORDS, None, ""),
    )
}

# The ABF check digit's weights, for the first six digits from the left.
ABF_WEIGHTS = (7, 6, 5, 4, 3, 2)


def abf_check_digit(first_six: str) -> int:
    """The ABF check digit of a number's first six digits: their weighted sum modulo 11; a
    remainder of 0 or 1 is the digit itself, any other is taken from 11."""
    remainder = sum(int(d) * w for d, w in zip(first_six, ABF_WEIGHTS, strict=True)) % 11
    return remainder if remainder < 2 else 11 - remainder


def number_problem(federation: str, number: str) -> str | None:
    """What is wrong with `number` as a member number of `federation`, in words; None if
    nothing is. An unknown federation is a problem too."""
    fed = FEDERATIONS.get(federation)
    if fed is None:
        return f"“{federation}” is not a federation Clubscore knows."
    if not FREE_FORM.fullmatch(number):
        return f"“{number}” is not a member number ({FREE_FORM_WORDS})."
    if fed.key == "CBAI" and not CBAI_NBID.fullmatch(number) and number.isdigit():
        return f"“{number}” is not a CBAI number: {fed.expected}."
    if fed.pattern is None:
        return None
    if not fed.pattern.fullmatch(number):
        return f"“{number}” is not an {fed.key} number: {fed.expected}."
    if fed.key == "ABF" and abf_check_digit(number[:6]) != int(number[6]):
        return (
            f"“{number}” is not an ABF number: its last digit should be "
            f"{abf_check_digit(number[:6])}, the check digit of {number[:6]} (a digit "
            "mistyped?)."
        )
    return None
