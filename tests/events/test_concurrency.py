"""Director and tables entering the same session at once: nothing lost, nothing doubled."""

import threading

import pytest
from django.db import connection, connections

from events.models import Board, Result, ResultChange
from events.results import save_result
from tests.factories import make_club, make_session, make_user

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL (set DATABASE_URL); SQLite locks the whole file",
    ),
]

TABLES = 8


def run_together(jobs):
    """Start every job at the same instant, each on its own connection; re-raise failures."""
    barrier = threading.Barrier(len(jobs))
    failures = []

    def worker(job):
        try:
            barrier.wait()
            job()
        except Exception as error:  # noqa: BLE001 - reported to the test below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures


@pytest.fixture
def session_and_seats():
    director = make_user(username="director")
    table_user = make_user(username="table-device")
    club = make_club(directors=[director, table_user])
    event = make_session(club, tables=TABLES, boards_per_round=1)
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    movement = section.movement()
    seats = {}
    for board in Board.objects.filter(section=section):
        plays = movement.plays_of_board(board.number)
        seats[board.number] = (board, [(pairs[s.ns], pairs[s.ew]) for s in plays])
    return director, table_user, seats


def test_every_table_of_one_board_at_once(session_and_seats):
    director, _, seats = session_and_seats
    board, plays = seats[1]
    lines = ["4S N =", "4S N +1", "4S N -1", "3NT N =", "PASS", "5SX N -2", "4H S =", "-100"]
    run_together(
        [lambda ns=ns, ew=ew, text=text: save_result(board, ns, ew, text, director)
         for (ns, ew), text in zip(plays, lines, strict=False)]
    )  # fmt: skip
    points = list(Result.objects.filter(board=board).values_list("ns_points", flat=True))
    assert len(points) == len(plays)
    assert sum(points) == len(plays) * (len(plays) - 1) / 2


def test_director_and_tables_entering_the_same_rows(session_and_seats):
    director, table_user, seats = session_and_seats
    jobs = []
    for number in (1, 2, 3):
        board, plays = seats[number]
        for ns, ew in plays:
            # The table and the director type the same slip at the same moment.
            jobs.append(lambda b=board, ns=ns, ew=ew: save_result(b, ns, ew, "3NT N =", table_user))
            jobs.append(lambda b=board, ns=ns, ew=ew: save_result(b, ns, ew, "3NT N +1", director))
    run_together(jobs)
    for number in (1, 2, 3):
        board, plays = seats[number]
        results = Result.objects.filter(board=board)
        assert results.count() == len(plays)
        assert sorted(r.ns_pair_id for r in results) == sorted(ns.pk for ns, _ in plays)
        assert sum(r.ns_points for r in results) == len(plays) * (len(plays) - 1) / 2
        created = ResultChange.objects.filter(board=board, action="created").count()
        assert created == len(plays)  # one creation per row; the other write corrected it
