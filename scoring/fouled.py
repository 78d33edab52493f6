"""Fouled boards (Law 87): results of a board played in different forms are scored apart.

On a traveller the director marks a result's group by ending the line with F and the group's
number ("4S N = F2"); unmarked results are group 0, the board as it was dealt.
"""

import re

__all__ = ["split_foul_group"]

_MARK = re.compile(r"^(?P<text>.*?)\s*\bF(?:OUL)?\s*(?P<group>[0-9])$", re.IGNORECASE)


def split_foul_group(text: str) -> tuple[str, int | None]:
    """The line without its fouled-board mark, and the group it names (None when unmarked)."""
    match = _MARK.match(str(text).strip())
    if match is None or not match["text"]:
        return str(text), None
    return match["text"], int(match["group"])
