"""A table's round at its phone: what the table sees, and its results going through the
director's save path.

Expected scores are Law 77's (Laws of Duplicate Bridge 2017); the movement's moves are the
Mitchell's (bridgecentral.com, *The Mitchell movement*: NS stay, EW move up one table, boards
move down one) for a 3-table, 3-round, 2-boards-a-round Mitchell:
round 1 table t plays boards 2t-1 and 2t, NS t against EW t.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring
from events.entry.errors import EntryConflict, EntryError
from events.entry.saving import RowState, save_result
from events.entry.saving import fill_result as fill_from_entry  # exactly what the save path stores
from events.models import Board, Result, ResultChange
from events.phone import links as table_links
from events.phone import table_round as phone
from events.sessions.grid import table_round_grid
from tests.events.phone.helpers import board, confirm, enter, pair
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def test_the_table_sees_its_round_pairs_boards_dealer_and_vulnerability(section, links):
    shown = phone.table_round(links[2])
    assert shown.round == 1
    assert (shown.ns.number, shown.ns.direction) == (2, "NS")
    assert (shown.ew.number, shown.ew.direction) == (2, "EW")
    # Law 2: dealer N, E, S, W in turn; vulnerability None, NS, EW, Both for boards 1-4.
    assert [(b.board.number, b.dealer, b.vulnerability) for b in shown.boards] == [
        (3, "S", "EW"),
        (4, "W", "Both"),
    ]
    assert [b.status for b in shown.boards] == ["missing", "missing"]


def test_a_result_from_the_table_goes_through_the_save_path(section, links):
    result = enter(links[2], 3, "4S N +1", lead="HK")
    # Law 77, NS not vulnerable on board 3: 4 × 30 + 300 game + 30 overtrick = 450.
    assert result.ns_score == 450
    result.refresh_from_db()
    assert result.ns_points is not None  # rescored like the director's entry
    change = ResultChange.objects.get(board=result.board)
    assert (change.source, change.changed_by, change.new_text) == ("table 2", None, "4S N +1")
    at_table = phone.table_round(links[2]).boards[0]
    assert (at_table.status, at_table.entry.lead, at_table.contract_shown) == (
        "entered",
        "HK",
        "4♠ by N +1",
    )
    assert at_table.score_shown == "NS +450"


def test_a_mistake_is_fixed_in_place_before_confirming(section, links):
    first = enter(links[1], 1, "3NT S =")
    second = enter(links[1], 1, "3NT S +1", expected_version=first.version)
    assert second.pk == first.pk
    # Law 77, board 1 nobody vulnerable: 40 + 2 × 30 + 300 game, + one 30 overtrick.
    assert second.ns_score == 430
    assert Result.objects.filter(board__section=section).count() == 1


def test_after_confirming_only_the_director_changes_it(section, links, director):
    enter(links[1], 1, "3NT S =")
    confirm(links[1], 1)
    assert phone.table_round(links[1]).boards[0].status == "confirmed"
    stored = Result.objects.get(board__number=1, board__section=section)
    with pytest.raises(EntryError, match="only the director"):
        enter(links[1], 1, "3NT S +1", expected_version=stored.version)
    save_result(
        stored.board,
        stored.ns_pair,
        stored.ew_pair,
        "3NT S +1",
        director,
        row=RowState(version=stored.version),
    )
    assert Result.objects.get(pk=stored.pk).text == "3NT S +1"


def test_a_result_the_director_changed_is_locked_for_the_table(section, links, director):
    entered = enter(links[1], 1, "3NT S =")
    save_result(
        entered.board,
        entered.ns_pair,
        entered.ew_pair,
        "3NT S -1",
        director,
        row=RowState(version=entered.version),
    )
    at_table = phone.table_round(links[1]).boards[0]
    assert (at_table.status, at_table.by_director) == ("confirmed", True)


def test_two_phones_entering_the_same_board_do_not_overwrite_each_other(section, links):
    enter(links[1], 1, "3NT S =")
    with pytest.raises(EntryConflict, match="3NT S ="):
        enter(links[1], 1, "4S N =", expected_version=0)
    assert Result.objects.get(board__number=1, board__section=section).text == "3NT S ="


def test_a_duplicate_of_a_result_already_stored_is_refused(section, links, director):
    # The director put EW 2 against NS 1 on board 3 (off the movement); EW 2 cannot have a
    # second result on the board from table 2.
    b3 = board(section, 3)
    save_result(b3, pair(section, "NS", 1), pair(section, "EW", 2), "PASS", director, override=True)
    with pytest.raises(EntryError, match="Board 3 already has a result for EW 2"):
        enter(links[2], 3, "4S N =")
    assert Result.objects.filter(board=b3).count() == 1


def test_a_link_cannot_enter_another_table_s_boards(section, links):
    with pytest.raises(EntryError, match="Board 3 is not played at this table this round"):
        enter(links[1], 3, "4S N =")
    assert not Result.objects.exists()


def test_a_link_cannot_enter_a_later_round_s_boards(section, links):
    with pytest.raises(EntryError, match="Board 5 is not played at this table this round"):
        enter(links[1], 5, "4S N =")  # table 1 plays boards 5-6 in round 3


def test_a_link_cannot_enter_another_session_s_boards(club, links):
    other = make_session(club, name="Thursday pairs")
    elsewhere = Board.objects.get(section__event=other, number=1)
    with pytest.raises(EntryError, match="not played at this table"):
        phone.enter_result(links[1], elsewhere.pk, "4S N =")
    assert not Result.objects.exists()


def test_a_confirmed_round_moves_the_table_on_and_says_where_everyone_goes(section, links):
    enter(links[1], 1, "3NT S =")
    enter(links[1], 2, "PASS")
    confirm(links[1], 1)
    assert phone.table_round(links[1]).round == 1  # board 2 still unconfirmed
    confirm(links[1], 2)
    shown = phone.table_round(links[1])
    assert shown.round == 2
    assert (shown.ns.number, shown.ew.number) == (1, 3)
    assert [b.board.number for b in shown.boards] == [3, 4]
    assert shown.previous.round == 1
    assert shown.previous.moves == ["NS stay", "EW go to table 2", "Boards go to table 3"]


def test_the_opponents_may_query_a_result(section, links):
    enter(links[3], 5, "2H E -1")
    b = board(section, 5)
    phone.query(links[3], b.pk, Result.objects.get(board=b).version)
    assert phone.table_round(links[3]).boards[0].status == "queried"
    assert table_round_grid(section, phone=True).rows[0][1][2].queried


def test_confirming_a_result_that_changed_meanwhile_is_refused(section, links):
    first = enter(links[1], 1, "3NT S =")
    enter(links[1], 1, "3NT S -1", expected_version=first.version)
    with pytest.raises(EntryError, match="changed meanwhile"):
        phone.confirm(links[1], first.board_id, first.version)


def test_the_traveller_shows_only_when_allowed_and_confirmed(mitchell_session, section, links):
    enter(links[1], 1, "3NT S =")
    assert phone.table_round(links[1]).boards[0].traveller is None
    table_links.set_show_travellers(mitchell_session, True)
    assert phone.table_round(links[1]).boards[0].traveller is None  # not confirmed yet
    confirm(links[1], 1)
    lines = phone.table_round(links[1]).boards[0].traveller
    assert [line.text for line in lines] == ["3NT S ="]
    table_links.set_show_travellers(mitchell_session, False)
    assert phone.table_round(links[1]).boards[0].traveller is None


@pytest.mark.parametrize(
    "taps,text",
    [
        (("4", "S", "", "N", "+1"), "4S N +1"),
        (("3", "NT", "XX", "S", "-2"), "3NTXX S -2"),
        (("1", "C", "X", "W", "="), "1CX W ="),
        (("P", "", "", "", ""), "PASS"),
    ],
)
def test_taps_make_the_traveller_line(taps, text):
    assert phone.entry_text(*taps) == text


@pytest.mark.parametrize(
    "typed,lead", [("sk", "SK"), ("♥10", "HT"), ("D7", "D7"), ("ca", "CA"), (" ", "")]
)
def test_an_opening_lead_is_read(typed, lead):
    assert phone.lead_text(typed) == lead


@pytest.mark.parametrize("typed", ["K", "S1", "XK", "SKQ"])
def test_a_bad_opening_lead_is_named(typed):
    with pytest.raises(ValueError, match="Opening lead"):
        phone.lead_text(typed)


@st.composite
def taps(draw):
    """Any result a table can tap: a contract and a trick count it can have, or a pass."""
    if draw(st.booleans()) and draw(st.booleans()):
        return ("P", "", "", "", "")
    level = draw(st.integers(1, 7))
    made = draw(st.integers(-(level + 6), 7 - level))  # 0 to 13 tricks
    return (
        str(level),
        draw(st.sampled_from(["C", "D", "H", "S", "NT"])),
        draw(st.sampled_from(["", "X", "XX"])),
        draw(st.sampled_from("NESW")),
        "=" if made == 0 else f"{made:+d}",
    )


@given(tapped=taps(), number=st.integers(1, 32))
def test_a_stored_result_shows_the_taps_it_was_entered_with(tapped, number):
    # The "Change" form starts from what the table tapped, whatever was stored.
    result = Result(kind=Result.PLAYED)
    fill_from_entry(result, scoring.parse_entry(phone.entry_text(*tapped), number))
    shown = phone.BoardAtTable(Board(number=number), result).taps
    level, strain, doubled, declarer, made = tapped
    expected = {"level": "P"} if level == "P" else {
        "level": level, "strain": strain, "doubled": doubled, "declarer": declarer,
        "made": made, "lead": "",
    }  # fmt: skip
    assert shown == expected


def query(link, number):
    b = board(link.section, number)
    version = Result.objects.get(board=b, ns_pair__number=link.table).version
    phone.query(link, b.pk, version)


def director_saves(number, text, director, section, **kwargs):
    stored = Result.objects.get(board=board(section, number))
    return save_result(
        stored.board,
        stored.ns_pair,
        stored.ew_pair,
        text,
        director,
        row=RowState(version=stored.version),
        **kwargs,
    )


def test_a_table_that_queries_a_board_carries_on_with_its_next_round(section, links):
    enter(links[1], 1, "3NT S =")
    enter(links[1], 2, "2H E -1")
    confirm(links[1], 1)
    query(links[1], 2)
    shown = phone.table_round(links[1])
    assert shown.round == 2
    assert [b.board.number for b in shown.boards] == [3, 4]
    assert [(b.board.number, b.status) for b in shown.rulings] == [(2, "queried")]
    assert shown.previous.round == 1  # and where everyone goes now


def test_a_queried_board_is_the_director_s_to_change(section, links):
    enter(links[1], 1, "3NT S =")
    query(links[1], 1)
    stored = Result.objects.get(board__number=1, board__section=section)
    with pytest.raises(EntryError, match="Board 1: the director has been called"):
        enter(links[1], 1, "3NT S +1", expected_version=stored.version)
    assert Result.objects.get(pk=stored.pk).text == "3NT S ="


def test_the_director_lets_a_queried_result_stand(mitchell_session, section, links, director):
    enter(links[1], 1, "3NT S =")
    query(links[1], 1)
    before = type(mitchell_session).objects.get(pk=mitchell_session.pk).version
    director_saves(1, "3NT S =", director, section)  # the same line: the result stands
    at_table = phone.table_round(links[1]).boards[0]
    assert (at_table.status, at_table.ruling) == ("confirmed", "stands")
    entry = Result.objects.get(board__number=1, board__section=section).table_entry
    assert (entry.ruling, entry.ruled_by, entry.ruled_at is not None) == ("stands", director, True)
    change = ResultChange.objects.filter(board__number=1).first()
    assert (change.action, change.changed_by, change.source) == ("upheld", director, "table 1")
    assert (change.old_text, change.new_text) == ("3NT S =", "3NT S =")
    assert not table_round_grid(section, phone=True).rows[0][1][0].queried
    # The session's version moves on, so the phone and the director's grid refresh.
    assert type(mitchell_session).objects.get(pk=mitchell_session.pk).version > before


def test_the_director_changes_a_queried_result(section, links, director):
    enter(links[1], 1, "3NT S =")
    query(links[1], 1)
    director_saves(1, "3NT S -1", director, section)
    at_table = phone.table_round(links[1]).boards[0]
    assert (at_table.status, at_table.ruling) == ("confirmed", "changed")
    assert at_table.contract_shown == "3NT by S −1"
    change = ResultChange.objects.filter(board__number=1).first()
    assert (change.action, change.changed_by, change.source) == ("ruled", director, "table 1")
    assert (change.old_text, change.new_text) == ("3NT S =", "3NT S -1")
    assert ResultChange.objects.filter(action="corrected").count() == 0  # one line, not two
    # A later correction is an ordinary one: the query was ruled on.
    director_saves(1, "3NT S -2", director, section)
    assert ResultChange.objects.filter(board__number=1).first().action == "corrected"


def test_a_save_on_an_unqueried_result_is_no_ruling(section, links, director):
    enter(links[1], 1, "3NT S =")
    director_saves(1, "3NT S =", director, section)
    assert Result.objects.get(board__number=1).table_entry.ruling == ""
    assert list(ResultChange.objects.values_list("action", flat=True)) == ["created"]


def test_the_table_hears_of_a_ruling_after_it_moved_on(section, links, director):
    enter(links[1], 1, "3NT S =")
    enter(links[1], 2, "2H E -1")
    confirm(links[1], 1)
    query(links[1], 2)
    director_saves(2, "2H E =", director, section)
    shown = phone.table_round(links[1])
    assert shown.round == 2
    ruled = shown.rulings[0]
    assert (ruled.board.number, ruled.ruling, ruled.contract_shown) == (2, "changed", "2♥ by E =")
    # Law 77: 2♥ made by EW, not vulnerable on board 2: 60 + 50 for a part score.
    assert ruled.score_shown == "EW +110"


def test_a_ruling_changes_what_the_phone_is_told(section, links, director):
    enter(links[1], 1, "3NT S =")
    query(links[1], 1)
    stamp = phone.table_round(links[1]).stamp
    director_saves(1, "3NT S =", director, section)
    assert phone.table_round(links[1]).stamp != stamp


def test_a_passed_out_board_keeps_no_opening_lead(section, links):
    enter(links[1], 1, "PASS", lead="SK")
    assert Result.objects.get().table_entry.lead == ""
