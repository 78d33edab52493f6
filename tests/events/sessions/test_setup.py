import pytest

from events.models import Board, Pair
from events.sessions.setup import movement_error
from tests.factories import make_session


def test_a_mitchell_session_has_its_pairs_and_boards(club):
    event = make_session(club, tables=7, boards_per_round=3)
    section = event.sections.get()
    assert Pair.objects.filter(section=section, direction="NS").count() == 7
    assert Pair.objects.filter(section=section, direction="EW").count() == 7
    boards = Board.objects.filter(section=section)
    assert [b.number for b in boards] == list(range(1, 22))
    assert {b.expected_results for b in boards} == {7}
    assert [b.board_set for b in boards[:4]] == [1, 1, 1, 2]


def test_a_howell_session_has_one_list_of_pairs(club):
    event = make_session(club, movement="howell", tables=4, boards_per_round=2)
    section = event.sections.get()
    assert sorted(p.number for p in section.pairs.all()) == list(range(1, 9))
    assert {p.direction for p in section.pairs.all()} == {""}
    assert section.boards.count() == 14
    assert {b.expected_results for b in section.boards.all()} == {4}


def test_a_half_table_leaves_out_the_phantom_pair(club):
    event = make_session(club, tables=5, phantom="EW", boards_per_round=2)
    section = event.sections.get()
    assert not section.pairs.filter(number=5, direction="EW").exists()
    assert {b.expected_results for b in section.boards.all()} == {4}


@pytest.mark.parametrize(
    "args,message",
    [
        (("mitchell", 2, "", 3, "matchpoints"), "3-30 tables"),
        (("howell", 9, "", 2, "matchpoints"), "4-16 pairs"),
        (("mitchell", 7, "any", 3, "matchpoints"), "sits NS or EW"),
        (("mitchell", 7, "", 2, "hdb"), "3-8 boards per round"),
    ],
)
def test_movement_error_explains_what_cannot_be_run(args, message):
    assert message in movement_error(*args)


def test_movement_error_is_none_for_a_good_setup():
    assert movement_error("howell", 3, "any", 3, "hdb") is None
