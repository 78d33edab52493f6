"""The adapter between stored results and the scoring library: what it writes, and the scoring
it keeps for the read pages."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from events.models import Board, Event, Result
from events.results import save_result
from events.scorer import cached_units
from tests.factories import make_session


def _plays(event, number):
    section = event.sections.get()
    board = Board.objects.get(section=section, number=number)
    pairs = {p.key: p for p in section.pairs.all()}
    return board, [(pairs[s.ns], pairs[s.ew]) for s in section.movement().plays_of_board(number)]


def test_the_pages_after_a_save_reuse_the_scoring_it_committed(
    club, director, django_capture_on_commit_callbacks
):
    # A 3-table Mitchell, board 1: +420, +450, -300 (Law 77, nobody vulnerable) score
    # 1, 2, 0 matchpoints on a top of 2. The save scored the section under the version it
    # committed: the standings read it back without reading a result again.
    event = make_session(club)
    board, plays = _plays(event, 1)
    for (ns, ew), line in zip(plays, ["4S N =", "4S N +1"], strict=False):
        save_result(board, ns, ew, line, director)
    with django_capture_on_commit_callbacks(execute=True):
        save_result(board, *plays[2], "3NTX S -2", director)
    event = Event.objects.get(pk=event.pk)
    with CaptureQueriesContext(connection) as queries:
        (unit,) = cached_units(event)
    assert not [q for q in queries if "events_result" in q["sql"]]
    assert [result.points.ns for result in unit.scored] == [1, 2, 0]
    # What the rows hold now, as the save wrote them (ns, ew, top).
    assert unit.stored == [(1.0, 1.0, 2.0), (2.0, 0.0, 2.0), (0.0, 2.0, 2.0)]


def test_a_save_left_uncommitted_is_not_kept_for_the_pages(club, director):
    # Rolled back (the test's transaction never commits): the next reader scores afresh.
    event = make_session(club)
    board, plays = _plays(event, 1)
    save_result(board, *plays[0], "4S N =", director)
    event = Event.objects.get(pk=event.pk)
    with CaptureQueriesContext(connection) as queries:
        cached_units(event)
    assert [q for q in queries if "events_result" in q["sql"]]


def test_points_written_in_one_statement_include_unscored_results(club, director):
    # Board 1, due 3 results, with +420 and +450. The +450 becomes "Not played", so it has no
    # points, and +420 is alone: 0 matchpoints, which ACBL Neuberg (DOMAIN.md: (MP + 1/2) x
    # E/A - 1/2) brings to (0 + 1/2) x 3/1 - 1/2 = 1 of a top of 2. Both rows are written,
    # one with NULLs, in the one UPDATE of points.
    event = make_session(club)
    board, plays = _plays(event, 1)
    save_result(board, *plays[0], "4S N =", director)
    save_result(board, *plays[1], "4S N +1", director)
    with CaptureQueriesContext(connection) as queries:
        save_result(board, *plays[1], "NP", director)
    points_updates = [q for q in queries if "FROM (VALUES" in q["sql"]]
    assert len(points_updates) == 1
    stored = {r.text: (r.ns_points, r.ew_points) for r in Result.objects.filter(board=board)}
    assert stored["Not played"] == (None, None)
    assert stored["4S N ="] == (1.0, 1.0)
