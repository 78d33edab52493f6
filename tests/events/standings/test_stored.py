"""The stored copy of each session's standings: the same figures as the session's page, up to
date after every change, and read for many sessions in one query.

The sessions are test_ranking's: a 3-table Mitchell of six boards, each played three times,
where NS 1 always makes 4S +1 (+450 not vulnerable), NS 2 4S = and NS 3 4S -1. Matchpoints
(ACBL 1 for a beat, 1/2 for a tie; 2 a top on a board played three times): NS 1 tops every
board, 12 of 12, NS 2 scores 6, NS 3 nothing; each EW pair met each NS pair on two boards, so
every EW pair scores 6 of 12.
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.entry.saving import save_result
from events.models import Board, Pair, StoredStanding
from events.standings.ranking import event_standings
from events.standings.stored import _exact, stored_standings
from tests.events.standings.test_ranking import play_everything
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def by_pair(standings):
    return {f"{s.direction} {s.number}": s for s in standings}


def test_a_session_reads_as_its_standings_compute_it(club, director):
    event = make_session(club)
    play_everything(event, director)
    rows = by_pair(stored_standings([event])[event.pk])
    first = rows["NS 1"]
    assert (first.rank, first.points, first.possible, first.percentage) == (
        "1",
        12,
        12,
        Fraction(100),
    )
    assert (first.group, first.group_size, first.boards, first.section) == ("NS pairs", 3, 6, "A")
    assert (rows["NS 2"].points, rows["NS 3"].percentage) == (6, 0)
    assert {(rows[f"EW {n}"].rank, rows[f"EW {n}"].percentage) for n in (1, 2, 3)} == {
        ("1=", Fraction(50))
    }
    assert first.average is None and first.masterpoints is None
    assert StoredStanding.objects.filter(event=event).count() == 6


def test_a_corrected_result_is_in_the_next_read(club, director):
    event = make_session(club)
    section = play_everything(event, director)
    stored_standings([event])
    # NS 3 now makes 4S +2 (+480) on board 1: a top for it, 1 for NS 1 and 0 for NS 2.
    board = Board.objects.get(section=section, number=1)
    result = board.results.get(ns_pair__number=3)
    save_result(board, result.ns_pair, result.ew_pair, "4S N +2", director)
    event.refresh_from_db()
    rows = by_pair(stored_standings([event])[event.pk])
    assert (rows["NS 3"].points, rows["NS 3"].percentage) == (2, Fraction(50, 3))
    assert (rows["NS 1"].points, rows["NS 1"].percentage) == (11, Fraction(275, 3))
    assert rows["NS 2"].points == 5


def test_many_sessions_are_read_in_one_query(club, director, django_assert_num_queries):
    events = [make_session(club, name=f"Session {n}") for n in range(4)]
    for event in events:
        play_everything(event, director)
    stored_standings(events)  # computed and stored once
    with django_assert_num_queries(1):
        standings = stored_standings(events)
    assert [len(standings[event.pk]) for event in events] == [6, 6, 6, 6]


def test_a_session_without_pairs_costs_one_query_and_is_not_scored(
    club, director, django_assert_num_queries
):
    played = make_session(club, name="Played")
    play_everything(played, director)
    empty = make_session(club, name="Set up, no pairs yet")
    empty_pairs = Pair.objects.filter(section__event=empty)
    empty_pairs.delete()
    stored_standings([played, empty])
    # The stored copies (one query), and which copy-less sessions have pairs (one more):
    # scoring the empty session again would cost several queries and a write.
    with django_assert_num_queries(2):
        standings = stored_standings([played, empty])
    assert (len(standings[played.pk]), standings[empty.pk]) == (6, [])


def test_a_new_masterpoint_rule_recomputes_the_copy(club, director):
    event = make_session(club)
    play_everything(event, director)
    assert by_pair(stored_standings([event])[event.pk])["NS 1"].masterpoints is None
    club.masterpoints = "acbl-open"
    club.save(update_fields=["masterpoints"])
    event.refresh_from_db()
    first = by_pair(stored_standings([event])[event.pk])["NS 1"]
    # The copy carries the award the session's own standings give (its arithmetic is
    # tests/scoring/test_masterpoints.py's, from the ACBL's handbook).
    (_, groups), *_ = event_standings(event)
    assert first.masterpoints == groups[0].rows[0].masterpoints.points > 0


def test_imps_are_kept_as_imps_per_board(club, director):
    event = make_session(club, scoring_method="butler")
    play_everything(event, director)
    first = by_pair(stored_standings([event])[event.pk])["NS 1"]
    # Butler, as test_ranking works it: 5 IMPs on each of three boards, 6 on the other three.
    assert (first.points, first.percentage, first.average) == (33, None, Fraction(33, 6))


@given(st.fractions())
def test_a_stored_figure_reads_back_exactly(value):
    assert _exact(str(value)) == value
