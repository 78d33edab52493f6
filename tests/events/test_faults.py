"""The database failing in the middle of a save: a lock or statement timeout, the connection
killed. Each test holds one of the board's other results locked from a second connection, so
the save stops in its rescoring, after it has written the typed result and its history line:
all of it must be rolled back, the director told "not saved" beside the row with the text
still in its box, and the next save must work."""

import threading
import time

import pytest
from django.db import connection

from events.models import Result, ResultChange
from events.views.entry import NOT_SAVED
from tests.events.views.entry_helpers import board_of, movement_rows, row_post

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="lock and statement timeouts, pg_terminate_backend: PostgreSQL only",
    ),
]


@pytest.fixture
def board(mitchell_session, director_client):
    """Board 1 with its three results (Law 77, board 1 nobody vulnerable: 4S= +420,
    4S+1 +450, 3NTX-2 -300), as the director typed them."""
    board = board_of(mitchell_session, 1)
    for (ns, ew), line in zip(movement_rows(board), ["4S N =", "4S N +1", "3NTX S -2"]):
        assert row_post(director_client, board, ns, ew, line).status_code == 200
    return board


@pytest.fixture
def other_connection():
    raw = connection.get_new_connection(connection.get_connection_params())
    raw.autocommit = False
    yield raw
    raw.close()


@pytest.fixture
def set_timeout():
    """SET a timeout on the connection the test client's requests use; reset afterwards,
    so the test database can be emptied."""

    def set_(name, value):
        with connection.cursor() as cursor:
            cursor.execute(f"SET {name} = '{value}'")

    yield set_
    with connection.cursor() as cursor:
        cursor.execute("RESET lock_timeout; RESET statement_timeout")


def lock_row(raw, result: Result) -> None:
    """Hold `result`'s row locked (until the raw connection's transaction ends)."""
    with raw.cursor() as cursor:
        cursor.execute("SELECT id FROM events_result WHERE id = %s FOR UPDATE", [result.pk])


def the_row(board, ns) -> Result:
    return Result.objects.get(board=board, ns_pair=ns)


def snapshot(board):
    results = Result.objects.filter(board=board).order_by("pk")
    return (
        [(r.text, r.ns_points, r.ew_points, r.version) for r in results],
        ResultChange.objects.count(),
    )


def assert_told_not_saved(response, typed):
    assert response.status_code == 503
    body = response.content.decode()
    assert NOT_SAVED in body
    assert f'value="{typed}"' in body  # the typed line is still in its box


@pytest.mark.parametrize("timeout", ["lock_timeout", "statement_timeout"])
def test_a_save_stopped_by_a_timeout_is_rolled_back_whole(
    director_client, board, other_connection, set_timeout, timeout
):
    (ns, ew), (ns2, _), (ns3, ew3) = movement_rows(board)
    before = snapshot(board)
    lock_row(other_connection, the_row(board, ns))
    set_timeout(timeout, "300ms")
    # 3NTX-2 becomes 4S+2 (+480): every result's points move, so the rescore meets the lock.
    response = row_post(
        director_client, board, ns3, ew3, "4S N +2", version=the_row(board, ns3).version
    )
    assert_told_not_saved(response, "4S N +2")
    assert snapshot(board) == before
    other_connection.rollback()  # the lock goes: sending the line again works
    response = row_post(
        director_client, board, ns3, ew3, "4S N +2", version=the_row(board, ns3).version
    )
    assert response.status_code == 200
    assert the_row(board, ns3).text == "4S N +2"
    assert the_row(board, ns3).ns_points == 2.0


def test_a_save_whose_connection_is_killed_is_rolled_back_whole(
    director_client, board, other_connection, set_timeout
):
    (ns, ew), _, (ns3, ew3) = movement_rows(board)
    before = snapshot(board)
    lock_row(other_connection, the_row(board, ns))
    set_timeout("lock_timeout", "20s")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (saving_pid,) = cursor.fetchone()
    killed = threading.Event()

    def kill_when_waiting():
        watcher = connection.get_new_connection(connection.get_connection_params())
        watcher.autocommit = True
        try:
            for _ in range(200):
                waiting = watcher.execute(
                    "SELECT 1 FROM pg_stat_activity WHERE pid = %s AND wait_event_type = 'Lock'",
                    [saving_pid],
                ).fetchone()
                if waiting:
                    watcher.execute("SELECT pg_terminate_backend(%s)", [saving_pid])
                    killed.set()
                    return
                time.sleep(0.05)
        finally:
            watcher.close()

    killer = threading.Thread(target=kill_when_waiting)
    killer.start()
    response = row_post(
        director_client, board, ns3, ew3, "4S N +2", version=the_row(board, ns3).version
    )
    killer.join(timeout=30)
    assert killed.is_set(), "the save never waited on the locked row"
    assert_told_not_saved(response, "4S N +2")
    other_connection.rollback()
    assert snapshot(board) == before
    response = row_post(
        director_client, board, ns3, ew3, "4S N +2", version=the_row(board, ns3).version
    )
    assert response.status_code == 200
    assert the_row(board, ns3).text == "4S N +2"
