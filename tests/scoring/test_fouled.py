"""The fouled-board mark (Law 87) at the end of a traveller line: "4S N = F2"."""

import re

from hypothesis import given
from hypothesis import strategies as st

from scoring import split_foul_group
from tests.hang_guard import finishes_within

# The mark as a regular expression, as it was read before: the reference for what the mark
# means. It backtracked over runs of spaces (seconds for a line of 8,000), so it is used here
# on short lines only.
_REFERENCE = re.compile(r"^(?P<text>.*?)\s*\bF(?:OUL)?\s*(?P<group>[0-9])$", re.IGNORECASE)


def reference(text: str) -> tuple[str, int | None]:
    match = _REFERENCE.match(str(text).strip())
    if match is None or not match["text"]:
        return str(text), None
    return match["text"], int(match["group"])


def test_marked_lines_name_their_group():
    assert split_foul_group("4S N = F2") == ("4S N =", 2)
    assert split_foul_group("4S N =F2") == ("4S N =", 2)
    assert split_foul_group("3NT S -1 foul 1") == ("3NT S -1", 1)
    assert split_foul_group("  PASS F 3  ") == ("PASS", 3)


def test_unmarked_lines_are_left_as_they_are():
    for text in ("4S N =", "4S N 10", "4SF2", "F2", "4S N = FOO2", "4S N = F", "-100"):
        assert split_foul_group(text) == (text, None)


@given(st.text(alphabet="FfOoUuLl 4SNX=+-_\n\t2ßﬀé", max_size=14))
def test_the_mark_reads_as_the_regular_expression_did(text):
    assert split_foul_group(text) == reference(text)


def test_a_line_of_spaces_is_read_in_linear_time():
    # 8,000 spaces held the old reading 3.6 s; 400,000 would hold it for hours.
    with finishes_within():
        assert split_foul_group("a" + " " * 400_000 + "a")[1] is None
        assert split_foul_group("a" + " " * 400_000 + "F2")[1] == 2
