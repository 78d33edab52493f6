"""One room's results at a time (`entry.save_room`, what a room's phone saves through): half a
board waits for its other room, both rooms score the match, bad input stores nothing, the
match's lock and a result saved meanwhile; and the director's form beside half boards.

Expected values come from written sources, as in test_scoring.py:
- Law 77 scores and the Law 78B IMP scale (Laws of Duplicate Bridge 2017): board 1 (none
  vulnerable) 4S N = is +420 and 4S S -1 is -50, 470 → 10 IMPs; board 2 (NS vulnerable)
  3NT E -2 is +100 to NS against a pass-out, 100 → 3 IMPs.
- WBF 2013 continuous VPs for 2 boards, the Danish table in tests/scoring/data: a 13 IMP
  margin is 17.69–2.31.
"""

from decimal import Decimal

import pytest

from events.teams import draw, entry
from events.teams.models import MatchBoard
from events.teams.standings import scorecard
from tests.events.teams.factories import make_teams_event

pytestmark = pytest.mark.django_db

OPEN_ROOM = {1: "4S N =", 2: "3NT E -2"}
CLOSED_ROOM = {1: "4S S -1", 2: "PASS"}


@pytest.fixture
def match(club):
    event = make_teams_event(club)
    draw.draw_next_round(event)
    return event.matches.get(table=1)


def score(match):
    match.refresh_from_db()
    return (match.boards_entered, match.home_imps, match.away_imps, match.home_vps, match.away_vps)


def test_one_room_in_is_half_a_board_and_scores_nothing_yet(match):
    entry.save_room(match, "open", OPEN_ROOM)
    boards = match.boards.values_list("number", "open_ns_score", "closed_ns_score", "home_imps")
    assert list(boards) == [(1, 420, None, 0), (2, 100, None, 0)]
    assert score(match) == (0, 0, 0, None, None)
    assert [row.running for row in scorecard(match)] == [None, None]


def test_both_rooms_in_give_the_match_its_imps_and_vps(match):
    entry.save_room(match, "closed", CLOSED_ROOM)  # either room may finish first
    entry.save_room(match, "open", {1: OPEN_ROOM[1]})
    assert score(match) == (1, 10, 0, None, None)  # board 2 is still half
    entry.save_room(match, "open", {2: OPEN_ROOM[2]})
    assert score(match) == (2, 13, 0, Decimal("17.69"), Decimal("2.31"))
    assert [row.running for row in scorecard(match)] == [(10, 0), (13, 0)]


def test_a_room_saved_as_the_director_saves_scores_the_same(match, club):
    entry.save_room(match, "open", OPEN_ROOM)
    entry.save_room(match, "closed", CLOSED_ROOM)
    other = make_teams_event(club, name="Typed")
    draw.draw_next_round(other)
    typed = other.matches.get(table=1)
    entry.save_boards(typed, [entry.BoardRow(n, OPEN_ROOM[n], CLOSED_ROOM[n]) for n in (1, 2)])
    assert score(match) == score(typed)


def test_a_bad_result_stores_nothing_and_says_which_board(match):
    match.event.refresh_from_db()
    version = match.event.version
    with pytest.raises(entry.MatchEntryError) as error:
        entry.save_room(match, "open", {1: "4S N =", 2: "3NT E"})
    assert error.value.problems == {
        2: "Board 2, open room: 3NT E: add the result, e.g. 3NT E = or 3NT E -1."
    }
    assert not MatchBoard.objects.exists()
    match.event.refresh_from_db()
    assert match.event.version == version


@pytest.mark.parametrize(
    "room,results,message",
    [
        ("open", {3: "4S N ="}, "Board 3 is not one of this match's boards."),
        ("closed", {1: "A+"}, "Board 1, closed room: A+ is an adjusted score"),
        ("closed", {1: "4S N 4"}, "Board 1, closed room: 4S N 4: 4 tricks is down 6"),
    ],
)
def test_bad_results_are_named(match, room, results, message):
    with pytest.raises(entry.MatchEntryError) as error:
        entry.save_room(match, room, results)
    number = next(iter(results))
    assert message in error.value.problems[number]
    assert not MatchBoard.objects.exists()


def test_a_room_is_open_or_closed(match):
    with pytest.raises(entry.TeamsError, match="No such room: lounge"):
        entry.save_room(match, "lounge", OPEN_ROOM)


def test_a_board_with_the_directors_artificial_score_is_the_directors(match):
    entry.save_boards(match, [entry.BoardRow(1, "", "", "ave")])
    with pytest.raises(entry.MatchEntryError) as error:
        entry.save_room(match, "open", {1: "4S N =", 2: "3NT E -2"})
    assert "artificial score from the director" in error.value.problems[1]
    assert list(match.boards.values_list("number", "open_result")) == [(1, "")]


def test_each_save_takes_the_events_lock(match):
    match.event.refresh_from_db()
    before = match.event.version
    entry.save_room(match, "open", OPEN_ROOM)
    match.event.refresh_from_db()
    assert match.event.version == before + 1


def test_a_result_saved_meanwhile_in_that_room_is_not_replaced(match):
    entry.save_room(match, "open", {1: "4S N ="})
    with pytest.raises(entry.MatchConflict) as conflict:
        # The other phone saw no result on board 1 and saves its own over it.
        entry.save_room(match, "open", {1: "4S N +1", 2: "PASS"}, seen={1: "", 2: ""})
    assert list(conflict.value.problems) == [1]
    assert "open room 4S N =" in conflict.value.problems[1]
    assert list(match.boards.values_list("number", "open_result")) == [(1, "4S N =")]


def test_a_room_cleared_takes_its_result_off_and_an_empty_board_goes(match):
    entry.save_room(match, "open", OPEN_ROOM)
    entry.save_room(match, "closed", {1: CLOSED_ROOM[1]})
    entry.save_room(match, "open", {1: "", 2: ""})
    assert list(match.boards.values_list("number", "open_result", "closed_result")) == [
        (1, "", "4S S -1")
    ]
    assert score(match) == (0, 0, 0, None, None)


def test_the_directors_form_leaves_half_boards_shown_as_they_were(match):
    entry.save_room(match, "open", OPEN_ROOM)
    shown = {row.number: row for row in entry.board_rows(match)}
    rows = [shown[1], entry.BoardRow(2, OPEN_ROOM[2], CLOSED_ROOM[2])]  # board 2 completed
    entry.save_boards(match, rows, seen=shown)
    assert score(match) == (1, 3, 0, None, None)
    assert list(match.boards.values_list("number", "closed_result")) == [(1, ""), (2, "PASS")]


def test_the_director_corrects_the_room_in_while_the_other_room_still_plays(match):
    """A queried phone result is corrected on the form before the other room is in: the
    board stays half entered, with no IMPs until the closed room's result arrives."""
    entry.save_room(match, "open", OPEN_ROOM)
    shown = {row.number: row for row in entry.board_rows(match)}
    entry.save_boards(match, [entry.BoardRow(1, "4S N -1", ""), shown[2]], seen=shown)
    board = match.boards.get(number=1)
    assert (board.open_result, board.open_ns_score, board.closed_result) == ("4S N -1", -50, "")
    assert score(match) == (0, 0, 0, None, None)
    entry.save_room(match, "closed", CLOSED_ROOM)
    # -50 in both rooms is 0 IMPs on board 1 (Law 78B); board 2 still gives 3 to home.
    assert score(match)[:3] == (2, 3, 0)


def test_the_directors_form_still_wants_both_rooms_of_a_board_it_changes(match):
    """A board the form showed empty (or whole) needs both rooms, or an artificial score."""
    entry.save_room(match, "open", OPEN_ROOM)
    shown = {row.number: row for row in entry.board_rows(match)}
    with pytest.raises(entry.MatchEntryError) as error:
        entry.save_boards(match, [entry.BoardRow(1, "", "4S S -1"), shown[2]], seen=shown)
    assert list(error.value.problems) == [1]
    assert "the open room's result is missing" in error.value.problems[1]
    assert match.boards.get(number=1).open_result == "4S N ="
    entry.save_room(match, "open", {1: ""})
    shown = {row.number: row for row in entry.board_rows(match)}
    with pytest.raises(entry.MatchEntryError) as error:
        entry.save_boards(match, [entry.BoardRow(1, "4S N +1", ""), shown[2]], seen=shown)
    assert "the closed room's result is missing" in error.value.problems[1]
