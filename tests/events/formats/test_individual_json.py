"""The clubscore-individual/1 reader on any file at all: it returns what it read or refuses in
words (ImportProblems), and never fails otherwise."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from events.formats import ImportProblems, IndividualFile
from events.formats.individual_json import FORMAT, read_individual_json

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=20,
)
FIELDS = ("name", "date", "movement", "tables", "boards_per_round", "player", "rank",
          "percentage", "board", "table", "round", "north", "south", "east", "west", "text",
          "ns_score", "lead", "kind")  # fmt: skip


def read(document) -> IndividualFile | None:
    try:
        return read_individual_json(json.dumps(document).encode())
    except ImportProblems as problems:
        assert problems.problems and all(message for _, message in problems.problems)
        return None


@given(JSON_VALUES)
def test_any_json_is_read_or_refused_in_words(document):
    read(document)


@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused_in_words(data):
    try:
        read_individual_json(data)
    except ImportProblems:
        pass


@settings(max_examples=200)
@given(st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=6))
def test_any_value_in_any_field_is_read_or_named_as_a_problem(changes):
    line = {"table": 1, "round": 1, "north": 1, "south": 11, "east": 6, "west": 16,
            "text": "4S N =", "ns_score": 420, "lead": "SK", "kind": "played"}  # fmt: skip
    standing = {"player": 1, "name": "Ann", "rank": "1", "percentage": 55.0}
    head = {"name": "Party", "date": "2026-12-18", "movement": "rainbow", "tables": 5,
            "boards_per_round": 2}  # fmt: skip
    board = {"board": 1, "results": [line]}
    for field, value in changes.items():
        for part in (line, standing, head, board):
            if field in part:
                part[field] = value
    parsed = read({"format": FORMAT, "individual": head, "standings": [standing],
                   "boards": [board]})  # fmt: skip
    if parsed is not None and not parsed.problems:
        assert len(parsed.lines) == 1 and parsed.names
