"""Fouled boards (Law 87): results of a board played in different forms are scored apart.

On a traveller the director marks a result's group by ending the line with F and the group's
number ("4S N = F2"); unmarked results are group 0, the board as it was dealt.
"""

__all__ = ["split_foul_group"]

_MARKS = ("FOUL", "F")  # the longer first: "FOUL2" is not read as an F after "FOU"


def split_foul_group(text: str) -> tuple[str, int | None]:
    """The line without its fouled-board mark, and the group it names (None when unmarked).

    Read from the end of the line, in one pass: a regular expression that looked for the
    mark from the start backtracked over every run of spaces, so a line of thousands of
    spaces took seconds.
    """
    line = str(text).strip()
    if len(line) < 2 or line[-1] not in "0123456789":
        return str(text), None
    before_group = line[:-1].rstrip()
    for mark in _MARKS:
        if before_group[-len(mark) :].upper() == mark:
            start = len(before_group) - len(mark)
            # The mark is a word of its own: "4SF2" is no mark, "4S N =F2" is.
            if start > 0 and _is_word_character(before_group[start - 1]):
                return str(text), None
            rest = before_group[:start].rstrip()
            if not rest or "\n" in rest:
                return str(text), None
            return rest, int(line[-1])
    return str(text), None


def _is_word_character(character: str) -> bool:
    return character.isalnum() or character == "_"
