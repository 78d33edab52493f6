import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events.entry.deleting import delete_result
from events.entry.errors import EntryConflict, EntryError, MovementWarning
from events.entry.saving import RowState, save_result
from events.models import Board, Event, Pair, Result, ResultChange
from tests.factories import make_session


def seats(event, board_number):
    """The (board, NS, EW) the movement sends to `board_number`, table by table."""
    section = event.sections.get()
    board = Board.objects.get(section=section, number=board_number)
    pairs = {p.key: p for p in section.pairs.all()}
    return board, [
        (pairs[s.ns], pairs[s.ew]) for s in section.movement().plays_of_board(board_number)
    ]


def test_a_saved_line_is_scored_with_the_whole_board(mitchell_session, director):
    board, tables = seats(mitchell_session, 1)
    for (ns, ew), line in zip(tables, ["4S N =", "4S N +1", "3NTX S -2"]):
        save_result(board, ns, ew, line, director)
    results = list(Result.objects.filter(board=board).order_by("pk"))
    assert [(r.ns_score, r.ns_points, r.ew_points) for r in results] == [
        (420, 1.0, 1.0),
        (450, 2.0, 0.0),
        (-300, 0.0, 2.0),
    ]
    assert sum(r.ns_points for r in results) == 3  # n(n-1)/2 with n = 3


def test_a_partly_entered_board_is_factored_to_its_expected_top(mitchell_session, director):
    board, tables = seats(mitchell_session, 1)
    (ns, ew) = tables[0]
    save_result(board, ns, ew, "4S N =", director)
    result = Result.objects.get(board=board)
    assert (result.ns_points, result.top) == (1.0, 2)


def test_a_correction_rescores_and_is_kept_in_the_history(mitchell_session, director):
    board, tables = seats(mitchell_session, 1)
    (ns, ew), (ns2, ew2) = tables[0], tables[1]
    save_result(board, ns, ew, "4S N =", director)
    save_result(board, ns2, ew2, "4S N +1", director)
    save_result(board, ns, ew, "4S N +2", director)
    # Beats the one other result of the three due: Neuberg (1 + 1/2) * 3/2 - 1/2.
    assert Result.objects.get(board=board, ns_pair=ns).ns_points == 1.75
    changes = list(ResultChange.objects.filter(board=board).order_by("pk"))
    assert [(c.action, c.old_text, c.new_text) for c in changes] == [
        ("created", "", "4S N ="),
        ("created", "", "4S N +1"),
        ("corrected", "4S N =", "4S N +2"),
    ]
    assert changes[-1].changed_by == director
    assert (changes[-1].old_ns_score, changes[-1].new_ns_score) == (420, 480)


def test_saving_the_same_line_again_adds_no_history(mitchell_session, director):
    board, [(ns, ew), *_] = seats(mitchell_session, 1)
    save_result(board, ns, ew, "4S N =", director)
    save_result(board, ns, ew, "4s n =", director)
    assert ResultChange.objects.filter(board=board).count() == 1


def test_deleting_keeps_a_record_and_rescores(mitchell_session, director):
    board, tables = seats(mitchell_session, 1)
    first = save_result(board, *tables[0], "4S N =", director)
    save_result(board, *tables[1], "4S N +1", director)
    delete_result(first, director)
    (left,) = Result.objects.filter(board=board)
    assert left.ns_points == 1.0  # alone on the board: an average of the top of 2
    assert ResultChange.objects.filter(action="deleted", old_text="4S N =").exists()


@pytest.mark.parametrize(
    "line,message",
    [("4Z N =", "not a contract"), ("4S Q =", "must be N, E, S or W"), ("4H E 14", "only 13"),
     ("8S N =", "level must be 1-7"), ("", "empty")],
)  # fmt: skip
def test_bad_lines_are_explained_and_nothing_is_stored(mitchell_session, director, line, message):
    board, [(ns, ew), *_] = seats(mitchell_session, 1)
    with pytest.raises(EntryError, match=message):
        save_result(board, ns, ew, line, director)
    assert not Result.objects.exists()
    assert not ResultChange.objects.exists()


def test_a_pair_entered_twice_on_a_board_is_refused(mitchell_session, director):
    board, tables = seats(mitchell_session, 1)
    (ns1, ew1), (ns2, _) = tables[0], tables[1]
    save_result(board, ns1, ew1, "4S N =", director)
    with pytest.raises(EntryError, match=f"Board 1 already has a result for EW {ew1.number}"):
        save_result(board, ns2, ew1, "4S N =", director, override=True)
    assert Result.objects.count() == 1


def test_a_board_the_movement_does_not_send_warns_until_overridden(mitchell_session, director):
    board, tables = seats(mitchell_session, 1)
    ns, _ = tables[0]
    stray_ew = next(ew for _, ew in tables if ew != tables[0][1])
    with pytest.raises(MovementWarning, match="does not send NS .* against EW"):
        save_result(board, ns, stray_ew, "4S N =", director)
    assert not Result.objects.exists()
    save_result(board, ns, stray_ew, "4S N =", director, override=True)
    assert Result.objects.count() == 1


def test_a_mitchell_pair_cannot_sit_the_wrong_way(mitchell_session, director):
    board, [(ns, ew), *_] = seats(mitchell_session, 1)
    with pytest.raises(EntryError, match="sits EW"):
        save_result(board, ew, ns, "4S N =", director)


def test_a_pair_from_another_session_is_refused(mitchell_session, club, director):
    other = make_session(club)
    board, [(ns, _), *_] = seats(mitchell_session, 1)
    stranger = Pair.objects.get(section__event=other, number=1, direction="EW")
    with pytest.raises(EntryError, match="not in this section"):
        save_result(board, ns, stranger, "4S N =", director)


def test_queries_per_save_do_not_grow_with_the_field(club, director):
    counts = {}
    for tables in (3, 15):
        event = make_session(club, name=f"{tables} tables", tables=tables, boards_per_round=1)
        board, plays = seats(event, 1)
        for ns, ew in plays[:-1]:
            save_result(board, ns, ew, "4S N =", director)
        with CaptureQueriesContext(connection) as queries:
            save_result(board, *plays[-1], "4S N +1", director)
        counts[tables] = len(queries)
    assert counts[3] == counts[15]
    assert counts[3] <= 12


# A save whose answer was lost (the connection dropped after the commit, a 500 on the way
# back) is sent again by the typist with the version the row showed before: it must find the
# line already stored, not a clash with itself, and write no second history entry.
def test_a_line_sent_again_after_a_lost_answer_is_kept_once(mitchell_session, director):
    board, [(ns, ew), *_] = seats(mitchell_session, 1)
    first = save_result(board, ns, ew, "4S N =", director, row=RowState(ns, version=0))
    version = Event.objects.get(pk=mitchell_session.pk).version
    again = save_result(board, ns, ew, "4S N =", director, row=RowState(ns, version=0))
    assert again.pk == first.pk
    assert list(ResultChange.objects.values_list("action", flat=True)) == ["created"]
    # Nothing changed, so the session keeps its version: no open page fetches it again.
    assert Event.objects.get(pk=mitchell_session.pk).version == version


def test_a_row_moved_to_other_pairs_and_sent_again_is_kept_once(mitchell_session, director):
    board, [(ns, ew), (ns2, _), *_] = seats(mitchell_session, 1)
    stored = save_result(board, ns, ew, "4S N =", director)
    line = dict(override=True, row=RowState(ns, version=stored.version))
    moved = save_result(board, ns2, ew, "4S N +1", director, **line)
    again = save_result(board, ns2, ew, "4S N +1", director, **line)
    assert again.pk == moved.pk
    assert Result.objects.get().ns_pair == ns2
    actions = ResultChange.objects.order_by("pk").values_list("action", flat=True)
    assert list(actions) == ["created", "deleted", "created"]


def test_an_other_pairs_line_sent_again_is_kept_once(mitchell_session, director):
    board, [(ns, _), (_, ew2), *_] = seats(mitchell_session, 1)
    line = dict(override=True, row=RowState(new=True, version=0))
    first = save_result(board, ns, ew2, "3NT N =", director, **line)
    again = save_result(board, ns, ew2, "3NT N =", director, **line)
    assert again.pk == first.pk
    assert ResultChange.objects.count() == 1


def test_a_different_line_on_a_row_changed_meanwhile_is_still_a_conflict(
    mitchell_session, director
):
    board, [(ns, ew), *_] = seats(mitchell_session, 1)
    save_result(board, ns, ew, "4S N =", director, row=RowState(ns, version=0))
    with pytest.raises(EntryConflict, match="Meanwhile this row was saved as 4S N ="):
        save_result(board, ns, ew, "4S N +1", director, row=RowState(ns, version=0))
    with pytest.raises(EntryConflict):
        save_result(board, ns, ew, "4S N = F2", director, row=RowState(ns, version=0))


def test_a_typist_who_saw_the_result_stored_meanwhile_replaces_it_on_the_record(
    mitchell_session, director, colleague
):
    board, [(ns, ew), *_] = seats(mitchell_session, 1)
    theirs = save_result(board, ns, ew, "4S N =", colleague, row=RowState(ns, version=0))
    seen = RowState(ns, version=theirs.version, replacing=True)
    save_result(board, ns, ew, "4S N +1", director, row=seen)
    changes = ResultChange.objects.order_by("pk").values_list("action", "old_text", "new_text")
    assert list(changes) == [("created", "", "4S N ="), ("replaced", "4S N =", "4S N +1")]


def _board_of(event, number):
    section = event.sections.get()
    board = Board.objects.get(section=section, number=number)
    pairs = {p.key: p for p in section.pairs.all()}
    return board, [(pairs[s.ns], pairs[s.ew]) for s in section.movement().plays_of_board(number)]


def _twenty_results_with_one_top(club, director):
    """A 21-table Mitchell, one board a round: 20 of board 1's 21 results are in, table 1 on
    4S N +1 (the top alone) and the other 19 on 4S N =. Returns (board, plays, the top)."""
    event = make_session(club, tables=21, boards_per_round=1)
    board, plays = _board_of(event, 1)
    plays = plays[:20]
    for index, (ns, ew) in enumerate(plays):
        save_result(board, ns, ew, "4S N +1" if index == 0 else "4S N =", director)
    return board, plays, Result.objects.get(board=board, ns_pair=plays[0][0])


def test_a_save_writes_only_the_results_whose_points_changed(club, director):
    # A 21-table Mitchell, one board a round: 20 of board 1's 21 results are in. Every table
    # bid 4S by N (board 1: North deals, nobody vulnerable; Law 77: 4S made is +420, +1 is
    # +450) and table 1 made 11 tricks, the board's top. Table 1 then corrects to 12 tricks
    # (+480): still the top alone, so no other result's points move and no other row is
    # written.
    board, plays, top = _twenty_results_with_one_top(club, director)
    with CaptureQueriesContext(connection) as queries:
        save_result(board, *plays[0], "4S N +2", director)
    updates = [q["sql"] for q in queries if q["sql"].startswith("UPDATE")]
    assert len(updates) == 2, updates
    assert updates[0].startswith('UPDATE "events_event" SET "version"')
    assert updates[1].startswith('UPDATE "events_result"')
    assert updates[1].endswith(f'WHERE "events_result"."id" = {top.pk}')


def test_a_save_that_moves_places_writes_only_those_results(club, director):
    # The same 20 results; table 2 now goes one down (4S N -1: -50 at Law 77, not
    # vulnerable), the bottom alone: its points drop and the other 18 tables on +420 each
    # gain on it, but table 1 stays the top alone and its row is not written.
    board, plays, top = _twenty_results_with_one_top(club, director)
    with CaptureQueriesContext(connection) as queries:
        save_result(board, *plays[1], "4S N -1", director)
    rescored = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "events_result"')]
    assert len(rescored) == 2, rescored  # the corrected row, then one update of points
    # The points update lists its rows as VALUES (CAST(<id> AS BIGINT), …), one row each.
    written = [int(pk) for pk in re.findall(r"\(CAST\('?(\d+)'? AS BIGINT\)", rescored[1])]
    assert top.pk not in written
    assert len(written) == 19  # table 2 and the 18 tables still on 4S N =; never the top
