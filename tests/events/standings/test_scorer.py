"""The adapter between stored results and the scoring library: what it writes, and the scoring
it keeps for the read pages."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from events.entry.deleting import delete_result
from events.entry.saving import save_result
from events.models import Board, Event, Result
from events.sessions.setup import SectionPlan
from events.standings.scorer import cached_units, rescore
from scoring import METHODS
from tests.factories import make_session


def _plays(event, number):
    section = event.sections.get()
    board = Board.objects.get(section=section, number=number)
    pairs = {p.key: p for p in section.pairs.all()}
    return board, [(pairs[s.ns], pairs[s.ew]) for s in section.movement().plays_of_board(number)]


def test_the_pages_after_a_whole_section_rescore_reuse_the_scoring_it_committed(
    club, director, django_capture_on_commit_callbacks
):
    # A 3-table Mitchell, board 1: +420, +450, -300 (Law 77, nobody vulnerable) score
    # 1, 2, 0 matchpoints on a top of 2. Under Law 12C2's session rule a save rescores the
    # whole section, under the version it committed: the standings read it back without
    # reading a result again.
    event = make_session(club, options={"adjusted_rule": "session"})
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


def test_a_save_scores_its_board_alone_when_no_other_board_can_move(club, director):
    # Matchpoints, fixed adjusted scores, every board due 3: the common due stays 3, so a
    # save on board 1 reads and writes board 1 only. Board 2's points, tampered with here,
    # stay as they were until a whole-section rescore puts them right.
    event = make_session(club)
    board_1, plays_1 = _plays(event, 1)
    board_2, plays_2 = _plays(event, 2)
    save_result(board_2, *plays_2[0], "4S N =", director)
    save_result(board_2, *plays_2[1], "4S N +1", director)
    Result.objects.filter(board=board_2).update(ns_points=99)
    save_result(board_1, *plays_1[0], "4S N =", director)
    save_result(board_1, *plays_1[1], "4S N +1", director)
    assert set(Result.objects.filter(board=board_2).values_list("ns_points", flat=True)) == {99}
    # Board 1 as the section's own scoring has it: +420 and +450 of 3 due, Neuberg (Bavin, *The
    # Neuberg Formula*): (0 + 1/2) x 3/2 - 1/2 = 1/4 and (1 + 1/2) x 3/2 - 1/2 = 7/4 on a top of 2.
    stored = dict(Result.objects.filter(board=board_1).values_list("text", "ns_points"))
    assert stored == {"4S N =": 0.25, "4S N +1": 1.75}
    assert rescore(Event.objects.get(pk=event.pk)) == 2  # board 2's two results put right


def test_a_board_on_its_own_top_does_not_make_a_save_rescore_the_section(club, director):
    # Bridge Base Online's convention (adjusted_boards="unfactored"): board 2's two played
    # results and an Ave+ are scored on the played results' own top of 1, not the section's
    # top of 2. That top does not follow the common due, so a save on board 1 still scores
    # board 1 alone: board 2's points, tampered with here, stay as they were.
    event = make_session(club, options={"adjusted_boards": "unfactored"})
    board_1, plays_1 = _plays(event, 1)
    board_2, plays_2 = _plays(event, 2)
    for (ns, ew), line in zip(plays_2, ["4S N =", "4S N +1", "AVE+"], strict=True):
        save_result(board_2, ns, ew, line, director)
    assert set(Result.objects.filter(board=board_2).values_list("top", flat=True)) == {1}
    Result.objects.filter(board=board_2).update(ns_points=99)
    save_result(board_1, *plays_1[0], "4S N =", director)
    assert set(Result.objects.filter(board=board_2).values_list("ns_points", flat=True)) == {99}
    assert rescore(Event.objects.get(pk=event.pk)) == 3  # board 2's three results put right


def test_a_save_that_moves_the_common_due_rescores_every_board(club, director):
    # Every board due 2 results, and board 2 has them: top 1. A third result on board 1 makes 3 the
    # section's common due, so every board is factored to a top of 2 (Bavin, *The Neuberg Formula*:
    # boards with unequal tops): board 2's +420 and +450, 0 and 1 of 1, become (0 + 1/2) x 3/2 - 1/2
    # = 1/4 and (1 + 1/2) x 3/2 - 1/2 = 7/4 of 2 (Neuberg).
    event = make_session(club)
    Board.objects.filter(section__event=event).update(expected_results=2)
    board_1, plays_1 = _plays(event, 1)
    board_2, plays_2 = _plays(event, 2)
    save_result(board_2, *plays_2[0], "4S N =", director)
    save_result(board_2, *plays_2[1], "4S N +1", director)
    assert set(Result.objects.filter(board=board_2).values_list("top", flat=True)) == {1.0}
    for (ns, ew), line in zip(plays_1, ["4S N =", "4S N +1", "3NT N ="], strict=True):
        save_result(board_1, ns, ew, line, director)
    stored = Result.objects.filter(board=board_2).values_list("text", "ns_points", "top")
    assert sorted(stored) == [("4S N +1", 1.75, 2.0), ("4S N =", 0.25, 2.0)]
    assert rescore(Event.objects.get(pk=event.pk)) == 0


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
    # points, and +420 is alone: 0 matchpoints, which Neuberg's formula in ACBL units ((MP + 1/2) x
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


def type_or_clear(board, ns, ew, line, director):
    """Save `line` on the row of `ns` v `ew` (confirming any warning), or with None delete
    the row's result if it has one."""
    if line is not None:
        save_result(board, ns, ew, line, director, override=True)
        return
    stored = Result.objects.filter(board=board, ns_pair=ns).first()
    if stored is not None:
        delete_result(stored, director)


# Lines of every kind the scorer meets: played, passed out, adjusted (fixed and Ave+/-), not
# played, weighted (Law 12C1(c)) and a fouled board's group 2 (Law 87).
LINES = ["4S N =", "4S N +1", "3NTX S -2", "PASS", "-100", "60/40%", "AVE+", "AVE-", "NP",
         "60% 4S N = + 40% 4S N -1", "4S N = F2", "3NT N = F2"]  # fmt: skip


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    method=st.sampled_from(METHODS),
    adjusted_rule=st.sampled_from(["fixed", "session"]),
    # The conventions that change a board's points: each board rounded (EBUScore), a board
    # with an artificial score on its own top (BBO), missing results as averages (ScoreBridge).
    conventions=st.fixed_dictionaries({
        "rounding": st.sampled_from(["exact", "board"]),
        "adjusted_boards": st.sampled_from(["factored", "unfactored"]),
        "missing_results": st.sampled_from(["neuberg", "average"]),
    }),
    due=st.lists(st.integers(1, 3), min_size=6, max_size=6),  # the session's 6 boards
    steps=st.lists(
        st.tuples(st.integers(1, 4), st.integers(0, 2), st.sampled_from([*LINES, None])),
        min_size=1, max_size=12,
    ),
)  # fmt: skip
# Board 1's second result makes 2 the common due, so board 2's top moves from 0 to 1.
@example(
    method="matchpoints",
    adjusted_rule="fixed",
    due=[1] * 6,
    conventions={},
    steps=[(2, 0, "4S N ="), (1, 0, "4S N ="), (1, 1, "4S N +1")],
)
# NS 1 tops board 1 after its Ave+ on board 2, which Law 12C2's session rule then raises.
@example(
    method="matchpoints",
    adjusted_rule="session",
    due=[3] * 6,
    conventions={},
    steps=[(2, 0, "AVE+"), (1, 0, "4S N +1"), (1, 1, "4S N =")],
)
# A board with a fouled group 2 is one board due 2 results, not two boards due 2 each.
@example(
    method="matchpoints",
    adjusted_rule="fixed",
    due=[2] * 6,
    conventions={},
    steps=[(1, 0, "4S N ="), (1, 1, "4S N = F2")],
)
# Under unfactored adjusted boards, board 2's Ave+ keeps its own top while board 1's second
# result moves the common due: board 2 must not be rescored to the new top.
@example(
    method="matchpoints", adjusted_rule="fixed", due=[1] * 6,
    conventions={"rounding": "board", "adjusted_boards": "unfactored",
                 "missing_results": "average"},
    steps=[(2, 0, "4S N ="), (2, 1, "AVE+"), (1, 0, "4S N ="), (1, 1, "4S N +1"),
           (1, 2, "3NTX S -2"), (2, 1, None)],
)  # fmt: skip
def test_the_points_a_save_stores_are_always_the_whole_sections_scoring(
    club, director, method, adjusted_rule, conventions, due, steps
):
    # Whatever was saved or deleted, and however each save was scored (its board alone or the
    # whole section), a fresh scoring of the whole section finds nothing to change. Boards
    # due fewer results than they get (`due`) make some saves move the common due.
    event = make_session(
        club,
        name=f"Property {Event.objects.count()}",
        scoring_method=method,
        options={"adjusted_rule": adjusted_rule, **conventions},
    )
    for number, expected in enumerate(due, start=1):
        Board.objects.filter(section__event=event, number=number).update(expected_results=expected)
    for number, play, line in steps:
        board, plays = _plays(event, number)
        ns, ew = plays[play]
        type_or_clear(board, ns, ew, line, director)
        assert rescore(Event.objects.get(pk=event.pk)) == 0, (number, play, line)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    due=st.lists(st.integers(1, 3), min_size=2, max_size=2),
    steps=st.lists(
        st.tuples(
            st.sampled_from("AB"),
            st.integers(1, 2),
            st.integers(0, 2),
            st.sampled_from([*LINES, None]),
        ),
        min_size=1,
        max_size=10,
    ),
)
def test_a_save_across_the_field_stores_the_whole_fields_scoring(club, director, due, steps):
    # Two sections scored across the field (the session's option): a board's results in both
    # sections are compared together, so a save's board is that board in every section.
    event = make_session(
        club,
        name=f"Across {Event.objects.count()}",
        across_field=True,
        sections=[SectionPlan("A", 3), SectionPlan("B", 3)],
    )
    for number, expected in enumerate(due, start=1):
        Board.objects.filter(section__event=event, number=number).update(expected_results=expected)
    for name, number, play, line in steps:
        section = event.sections.get(name=name)
        board = Board.objects.get(section=section, number=number)
        pairs = {p.key: p for p in section.pairs.all()}
        seating = section.movement().plays_of_board(number)[play]
        ns, ew = pairs[seating.ns], pairs[seating.ew]
        type_or_clear(board, ns, ew, line, director)
        assert rescore(Event.objects.get(pk=event.pk)) == 0, (name, number, play, line)
