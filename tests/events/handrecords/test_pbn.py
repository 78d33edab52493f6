"""The PBN reader under hand records and results files (events.handrecords.pbn): comments,
and files built to be slow or big."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.handrecords.pbn import PBNError, read_games, read_pbn, without_comments
from tests.events.test_par_commands import ONE_SUIT_EACH
from tests.hang_guard import finishes_within

# PBN 2.1 section 2.2's {comment} as a regular expression, as it was read before: the
# reference for what a comment is. Every unclosed `{` started a scan to the end of the text,
# so it is used here on short texts only.
_REFERENCE = re.compile(r"\{.*?\}", re.DOTALL)


def reference(text: str) -> str:
    return _REFERENCE.sub(lambda comment: "\n" * comment[0].count("\n"), text)


@given(st.text(alphabet='{}\n\r a[]"', max_size=30))
def test_comments_are_removed_as_the_regular_expression_did(text):
    assert without_comments(text) == reference(text)


def test_a_comment_keeps_its_line_breaks_so_problems_name_the_right_line():
    games = list(read_games(f'{{two\nlines}}[Board "1"]\n[Deal "{ONE_SUIT_EACH}"] {{note}}\n'))
    assert [(tag.name, tag.line) for tag in games[0]] == [("Board", 2), ("Deal", 3)]


def test_a_file_of_unclosed_braces_is_read_in_linear_time():
    # 200,000 of them held the old reading for minutes; 2,000,000 would take hours.
    with finishes_within():
        assert list(read_games("{" * 2_000_000)) == []
        assert without_comments("{" * 2_000_000 + "}") == ""


def test_a_table_of_more_rows_than_any_session_has_results_stops_the_reading():
    text = '[Board "1"]\n[Play "W"]\n' + "SA SK SQ SJ\n" * 20_000
    with pytest.raises(PBNError, match=r"^line 10003: the Play table has more than 10,000 rows"):
        read_pbn(text)


def test_a_file_of_more_games_than_any_session_has_stops_the_reading():
    text = "".join(f'[Board "{n % 36 + 1}"]\n\n' for n in range(13_000))
    with pytest.raises(PBNError, match=r"^line 25202: the file has more than 12,600 games"):
        read_pbn(text)


def test_a_board_number_of_thousands_of_digits_is_refused_in_words():
    # Python refuses to read an integer of over 4,300 digits: a server error, not a message.
    text = f'[Board "{"1" * 5_000}"]\n[Deal "{ONE_SUIT_EACH}"]\n'
    with pytest.raises(PBNError, match=r"the Board tag must be a board number, got '1{30}'…"):
        read_pbn(text)
