"""Finalising a session (what is asked first, what it closes) and correcting its results
afterwards: only with a reason, kept in the history, and shown to players.

The session is a 3-table Mitchell of 2 boards a round (3 rounds): in round 1 table t plays
boards 2t-1 and 2t, NS t against EW t; then EW move up a table and the boards down one.
Matchpoints are Law 78A's, counted ACBL style (1 for each score beaten, ½ for each tie).
"""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events.entry.changes import Correction, rescore_event
from events.entry.deleting import delete_result
from events.entry.errors import CorrectionNeeded, EntryError, SessionFinal
from events.entry.saving import RowState, save_result
from events.formats.json_results import results_document
from events.models import Board, Event, Penalty, Result, ResultChange
from events.phone import links as table_links
from events.phone import table_round as phone
from events.sessions.finalising import corrections, finalise_session, outstanding
from events.sessions.lifecycle import MovementChangeRefused, change_rounds
from tests.events.entry.test_saving import seats
from tests.factories import make_session


def fill_every_board(event, director, *, leave=()):
    """A result at every table of every round, but on the boards numbered in `leave`."""
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    for board in Board.objects.filter(section=section).exclude(number__in=leave):
        for seating in section.movement().plays_of_board(board.number):
            save_result(board, pairs[seating.ns], pairs[seating.ew], "4S N =", director)


@pytest.fixture
def board_one(club, director):
    """Board 1 of a 3-table, one-board-a-round Mitchell, played by NS 1 v EW 1, NS 3 v EW 2
    and NS 2 v EW 3: NS +420, +450 and -50, so 1, 2 and 0 matchpoints of a top of 2."""
    event = make_session(club, tables=3, boards_per_round=1)
    board, tables = seats(event, 1)
    for (ns, ew), text in zip(tables, ["420", "450", "-50"], strict=True):
        save_result(board, ns, ew, text, director)
    return board, tables


def points(board):
    return {r.ns_pair.number: r.ns_points for r in Result.objects.for_board(board).order_by("pk")}


def test_before_finalising_the_director_is_told_every_result_missing_and_every_query(
    mitchell_session, director
):
    fill_every_board(mitchell_session, director, leave=(3, 4, 6))
    section = mitchell_session.sections.get()
    links = {link.table: link for link in table_links.ensure_links(section)}
    # Table 2 enters board 3 in round 1; its opponents press "Not agreed". Board 4 is not
    # entered, nor is board 6 at table 3.
    phone.enter_result(links[2], Board.objects.get(section=section, number=3).pk, "3NT S =")
    queried = Result.objects.get(board__section=section, board__number=3)
    phone.query(links[2], queried.board_id, queried.version)

    found = outstanding(mitchell_session)

    missing = [
        (gap.table, gap.round, gap.ns.number, gap.ew.number, gap.boards) for gap in found.rounds
    ]
    # Boards 3 and 4 go to tables 2, 1 and 3 in rounds 1-3, board 6 to tables 3, 2 and 1.
    assert missing == [
        (2, 1, 2, 2, [4]), (3, 1, 3, 3, [6]),
        (1, 2, 1, 3, [3, 4]), (2, 2, 2, 1, [6]),
        (1, 3, 1, 2, [6]), (3, 3, 3, 1, [3, 4]),
    ]  # fmt: skip
    assert found.missing == 8
    assert found.rounds[0].url == f"/sections/{section.pk}/tables/2/rounds/1/"
    assert [(q.result.board.number, q.table, q.result.text) for q in found.queried] == [
        (3, 2, "3NT S =")
    ]


def test_a_query_the_director_has_settled_is_no_longer_asked_about(mitchell_session, director):
    section = mitchell_session.sections.get()
    link = table_links.ensure_links(section)[0]
    b = Board.objects.get(section=section, number=1)
    result = phone.enter_result(link, b.pk, "4H E -1")
    phone.query(link, b.pk, result.version)
    assert len(outstanding(mitchell_session).queried) == 1
    save_result(b, result.ns_pair, result.ew_pair, "4H E =", director, row=RowState(result.ns_pair))
    assert outstanding(mitchell_session).queried == []


def test_a_session_without_a_movement_counts_the_results_each_board_lacks(board_one):
    board, _ = board_one
    event = board.section.event
    Event.objects.filter(pk=event.pk).update(movement="mitchell")
    event.sections.update(has_movement=False)
    found = outstanding(Event.objects.get(pk=event.pk))
    assert found.rounds == []
    # Boards 2 and 3 have no results of the 3 the movement sent each of them.
    assert [(b.number, lacking) for b, lacking in found.boards] == [(2, 3), (3, 3)]
    assert found.missing == 6


def test_finalising_closes_the_table_links_and_moves_the_version_on(mitchell_session):
    link = table_links.ensure_links(mitchell_session.sections.get())[0]
    version = mitchell_session.version
    assert finalise_session(mitchell_session) is True
    assert mitchell_session.finalised and mitchell_session.version == version + 1
    assert mitchell_session.state == "final"
    with pytest.raises(table_links.LinkClosed):
        table_links.link_for_token(link.token)
    assert finalise_session(mitchell_session) is False  # final already: nothing moves


def test_a_final_result_changes_only_with_a_reason(board_one, director):
    board, [(ns, ew), *_] = board_one
    event = board.section.event
    finalise_session(event)
    version, history = event.version, ResultChange.objects.count()
    with pytest.raises(CorrectionNeeded, match=r"final.*it was \+420, now 4S N \+1"):
        save_result(board, ns, ew, "4S N +1", director)
    with pytest.raises(CorrectionNeeded):
        save_result(board, ns, ew, "4S N +1", director, correction=Correction("   "))
    event.refresh_from_db()
    assert Result.objects.get(board=board, ns_pair=ns).text == "+420"
    assert (event.version, event.corrected_at, event.state) == (version, None, "final")
    assert ResultChange.objects.count() == history


def test_a_correction_keeps_its_reason_rescores_and_marks_the_session_corrected(
    board_one, director
):
    board, [(ns, ew), *_] = board_one
    event = board.section.event
    finalise_session(event)
    save_result(
        board,
        ns,
        ew,
        "4S N +2",
        director,
        correction=Correction(" The slip said 4S +2 ", public=True),
    )
    # +680 now beats +450 and -50: 2 matchpoints; +450 beats -50 only: 1.
    assert points(board) == {1: 2.0, 3: 1.0, 2: 0.0}
    change = ResultChange.objects.filter(board=board).first()  # the latest
    assert (change.action, change.old_text, change.new_text) == ("corrected", "+420", "4S N +2")
    assert (change.reason, change.reason_public) == ("The slip said 4S +2", True)
    event.refresh_from_db()
    assert event.state == "corrected" and event.corrected_at is not None


def test_deleting_a_final_result_is_a_correction_too(board_one, director):
    board, [_, _, (ns, ew)] = board_one
    event = board.section.event
    finalise_session(event)
    result = Result.objects.get(board=board, ns_pair=ns)
    with pytest.raises(CorrectionNeeded, match="it was -50, now deleted"):
        delete_result(result, director)
    assert Result.objects.filter(pk=result.pk).exists()
    delete_result(result, director, correction=Correction("Not played: a late arrival"))
    assert not Result.objects.filter(pk=result.pk).exists()
    change = ResultChange.objects.filter(board=board).first()
    assert (change.action, change.old_text, change.reason) == (
        "deleted",
        "-50",
        "Not played: a late arrival",
    )
    assert not change.reason_public
    assert Event.objects.get(pk=event.pk).state == "corrected"


def test_a_reason_given_before_finalising_is_not_a_correction(board_one, director):
    board, [(ns, ew), *_] = board_one
    save_result(board, ns, ew, "430", director, correction=Correction("early"))
    assert ResultChange.objects.filter(board=board).first().reason == ""
    assert Event.objects.get(pk=board.section.event_id).state == "provisional"


def test_a_table_whose_link_was_read_before_finalising_stores_nothing_after(mitchell_session):
    section = mitchell_session.sections.get()
    link = table_links.link_for_token(table_links.ensure_links(section)[0].token)
    finalise_session(mitchell_session)
    with pytest.raises(EntryError, match="final"):
        phone.enter_result(link, Board.objects.get(section=section, number=1).pk, "3NT S =")
    assert not Result.objects.filter(board__section=section).exists()


def test_final_results_are_not_rescored_for_new_options_or_penalties(board_one, director):
    board, [(ns, _), *_] = board_one
    event = board.section.event
    finalise_session(event)
    with pytest.raises(SessionFinal, match="final"):
        rescore_event(event)
    Penalty.objects.create(pair=ns, amount=1)
    with pytest.raises(SessionFinal, match="no penalties now"):
        rescore_event(event, refusal="no penalties now")
    assert points(board) == {1: 1.0, 3: 2.0, 2: 0.0}


def test_the_rounds_of_a_final_session_do_not_change(mitchell_session):
    finalise_session(mitchell_session)
    with pytest.raises(MovementChangeRefused, match="final"):
        change_rounds(mitchell_session.sections.get(), 2)
    assert mitchell_session.sections.get().rounds is None
    assert Board.objects.filter(section__event=mitchell_session).count() == 6


def test_players_see_every_correction_the_latest_first_and_published_reasons_only(
    board_one, director
):
    board, [(ns, ew), (ns2, ew2), _] = board_one
    event = board.section.event
    assert corrections(event) == []
    finalise_session(event)
    save_result(board, ns, ew, "4S N +2", director, correction=Correction("Misread slip"))
    save_result(
        board, ns2, ew2, "4S N =", director, correction=Correction("The wrong board", public=True)
    )
    event.refresh_from_db()
    lines = corrections(event)
    assert [(line.where, line.was, line.now, line.reason) for line in lines] == [
        ("board 1, NS 3 v EW 2", "+450", "4S N =", "The wrong board"),
        ("board 1, NS 1 v EW 1", "+420", "4S N +2", ""),
    ]
    assert corrections(event, director=True)[1].reason == "Misread slip"


def test_a_save_before_finalising_makes_no_query_for_corrections(club, director):
    """A correction costs one query more than a save before finalising (the session marked
    corrected): so the save path of a club night is untouched."""
    counts = {}
    for state in ("provisional", "final"):
        event = make_session(club, name=state, tables=3, boards_per_round=1)
        board, [(ns, ew), *_] = seats(event, 1)
        save_result(board, ns, ew, "420", director)
        if state == "final":
            finalise_session(event)
        with CaptureQueriesContext(connection) as queries:
            save_result(
                board, ns, ew, "450", director, row=RowState(ns), correction=Correction("slip")
            )
        counts[state] = len(queries)
    assert counts["final"] == counts["provisional"] + 1


def test_the_json_export_says_the_state_and_lists_the_corrections(board_one, director):
    board, [(ns, ew), (ns2, ew2), _] = board_one
    event = board.section.event
    assert results_document(event)["session"]["state"] == "provisional"
    assert results_document(event)["corrections"] == []
    finalise_session(event)
    save_result(board, ns, ew, "430", director, correction=Correction("private"))
    save_result(board, ns2, ew2, "460", director, correction=Correction("shown", public=True))
    event.refresh_from_db()
    document = json.loads(json.dumps(results_document(event)))
    assert document["session"]["state"] == "corrected"
    rows = [{k: v for k, v in row.items() if k != "at"} for row in document["corrections"]]
    assert rows == [
        {"section": "A", "board": 1, "ns": 3, "ew": 2, "was": "+450", "now": "+460",
         "reason": "shown"},
        {"section": "A", "board": 1, "ns": 1, "ew": 1, "was": "+420", "now": "+430",
         "reason": None},
    ]  # fmt: skip
