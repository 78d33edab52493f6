"""The domain's enums: each member is the word stored in the database and written in the
clubscore-results/1 export and USEBIO files (docs/formats.md lists them), with its page label."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import domain
from scoring.domain import Direction, Method, MovementKind, OneTableMethod, TeamsKind

ENUMS = [getattr(domain, name) for name in domain.__all__ if name != "Choice"]


def test_the_stored_words_are_the_published_ones():
    # The words of the JSON export's "scoring", "movement" and "kind" fields (docs/formats.md).
    assert [m.value for m in Method] == [
        "matchpoints", "ebu-matchpoints", "cross-imps", "butler", "hdb"
    ]  # fmt: skip
    assert [m.value for m in MovementKind] == ["mitchell", "howell"]
    assert [m.value for m in OneTableMethod] == ["par-imps", "hancock", "dd-par"]
    assert [m.value for m in TeamsKind] == ["swiss", "round-robin", "ko"]
    assert [m.value for m in Direction] == ["NS", "EW"]


def test_a_member_is_its_text_everywhere_text_is_used():
    assert Method.HDB == "hdb" and "hdb" == Method.HDB
    assert {Method.BUTLER: 1}["butler"] == 1
    assert json.dumps({"scoring": Method.CROSS_IMPS}) == '{"scoring": "cross-imps"}'
    assert f"{MovementKind.HOWELL}" == "howell" and str(Direction.NS) == "NS"


def test_parse_takes_typed_text_and_refuses_with_the_choices():
    assert Method.parse(" Butler ") is Method.BUTLER
    assert Direction.parse("ew") is Direction.EW
    with pytest.raises(ValueError, match="'swis' is not a known TeamsKind: one of swiss, "):
        TeamsKind.parse("swis")


def test_choices_pair_the_word_with_the_label():
    assert MovementKind.choices() == [("mitchell", "Mitchell"), ("howell", "Howell")]
    assert Method.HDB.label == "Home Duplicate Bridge (IMPs to VPs)"
    assert Direction.NS.other is Direction.EW and Direction.EW.other is Direction.NS


@pytest.mark.parametrize("enum", ENUMS, ids=lambda e: e.__name__)
def test_every_member_has_a_label_and_a_unique_word(enum):
    words = [member.value for member in enum]
    assert len(set(words)) == len(words)
    assert all(member.label and member.label.strip() == member.label for member in enum)


@given(
    st.sampled_from([member for enum in ENUMS for member in enum]),
    st.sampled_from([str.upper, str.lower, lambda text: f"  {text}\t"]),
)
def test_parse_inverts_the_stored_word_whatever_its_case_and_spaces(member, disguise):
    assert type(member).parse(disguise(member.value)) is member
