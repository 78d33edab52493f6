"""Invisible characters in names: refused when typed, removed from files.

They are the control characters (Unicode category Cc: tabs, line breaks, escapes), the format
characters (Cf: the bidi overrides U+202A-U+202E and isolates U+2066-U+2069 that make a name
read backwards on the page, zero-width spaces and joiners, the soft hyphen, a byte-order mark)
and the line and paragraph separators (Zl, Zp). None belongs in a player's, team's, club's or
session's name or a penalty's reason; they come with text pasted from web pages and documents,
or are put there to make one name look like another. Accented letters and the suit symbols
♠♥♦♣ are letters and symbols, and are kept.

A name typed into a form (or on the command line) is refused, saying which character and
where: the director can type it again. A name read from a file (a results file, a roster
list) loses them, and the import says how many names it changed: the director cannot see
them to correct the file, and they carry nothing a name needs.
"""

import unicodedata

from django.core.exceptions import ValidationError

__all__ = ["INVISIBLE_CATEGORIES", "invisible_problem", "validate_visible", "without_invisible"]

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
_CALLED = {"\t": "a tab", "\n": "a line break", "\r": "a line break"}


def _invisible(character: str) -> bool:
    return unicodedata.category(character) in INVISIBLE_CATEGORIES


def invisible_problem(text: str, subject: str = "it") -> str | None:
    """What is wrong with a typed text that holds an invisible character, in words ("it has
    ...", or `subject` for "it"), or None."""
    text = str(text)
    for index, character in enumerate(text):
        if _invisible(character):
            before = text[:index].strip()[-20:]
            where = f" after “{before}”" if before else " at the start"
            return (
                f"{subject} has an invisible character ({_describe(character)}){where}: type it "
                "again without it (such characters come with text copied from web pages and "
                "documents)"
            )
    return None


def _describe(character: str) -> str:
    code = f"U+{ord(character):04X}"
    name = unicodedata.name(character, "")
    return _CALLED.get(character) or (f"{code} {name}" if name else f"{code}, a control character")


def validate_visible(value: str) -> None:
    """A form's and model's validator: a typed name with an invisible character is refused."""
    problem = invisible_problem(value)
    if problem:
        raise ValidationError(f"{problem[0].upper()}{problem[1:]}.", code="invisible_character")


def without_invisible(text: str) -> str:
    """The text with its invisible characters removed; a tab or line break becomes a space, so
    the words either side stay apart. Text without any comes back as it was."""
    text = str(text)
    if not any(_invisible(character) for character in text):
        return text
    kept = "".join(
        " " if character.isspace() else "" if _invisible(character) else character
        for character in text
    )
    return " ".join(kept.split())
