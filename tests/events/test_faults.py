"""The database failing in the middle of a save: a lock or statement timeout, the connection
killed. Each test holds one of the board's other results locked from a second connection, so
the save stops in its rescoring, after it has written the typed result and its history line:
all of it must be rolled back, the director told "not saved" beside the row with the text
still in its box, and the next save must work."""

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.db import connection
from django.urls import reverse

from benchmarks.load.front import local_nginx
from benchmarks.load.front import stop as stop_process
from benchmarks.load.run import workers_of
from events.entry.views import NOT_SAVED
from events.models import Result, ResultChange
from tests import external
from tests.events.entry.entry_helpers import board_of, movement_rows, row_post
from tests.events.lock_waits import a_backend_waiting_on_a_lock, wait_until_ended

PROJECT = Path(__file__).resolve().parents[2]
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


def test_a_page_stopped_by_a_lock_timeout_says_not_done_and_a_retry_works(
    director_client, board, other_connection, set_timeout
):
    # Not a row save (that answers beside its row) but a form: deleting the session waits on
    # the session's row, held by another transaction, past the lock timeout.
    event = board.section.event
    with other_connection.cursor() as cursor:
        cursor.execute("SELECT id FROM events_event WHERE id = %s FOR UPDATE", [event.pk])
    set_timeout("lock_timeout", "300ms")
    response = director_client.post(reverse("session_delete", args=[event.pk]))
    page = " ".join(response.content.decode().split())
    assert response.status_code == 503
    assert "Not done: try again" in page and "stored whole or not at all" in page
    event.refresh_from_db()
    assert event.deleted_at is None
    other_connection.rollback()
    response = director_client.post(reverse("session_delete", args=[event.pk]))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.deleted_at is not None


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


@pytest.fixture
def served(live_database_url, tmp_path):
    """gunicorn as deploy/gunicorn.conf.py runs it (one sync worker) on the test database,
    behind nginx with deploy/nginx's rules; yields (nginx's base URL, gunicorn's process)."""
    with serving(live_database_url, tmp_path) as (base, server):
        yield base, server


@pytest.fixture
def served_with_a_short_timeout(live_database_url, tmp_path):
    """As `served`, with a 5 s timeout (and lock waits up to 20 s); yields (nginx's base URL,
    gunicorn's log file)."""
    timeouts = {"GUNICORN_TIMEOUT": "5", "DB_LOCK_TIMEOUT_MS": "20000"}
    with serving(live_database_url, tmp_path, **timeouts) as (base, _):
        yield base, tmp_path / "gunicorn.log"


@contextmanager
def serving(live_database_url, tmp_path, **settings):
    external.nginx()
    port = free_port()
    environment = {**os.environ, "DATABASE_URL": live_database_url, "DEBUG": "1",
                   "GUNICORN_WORKERS": "1", "BEHIND_PROXY": "1", **settings}  # fmt: skip
    log = (tmp_path / "gunicorn.log").open("w")
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "clubscore.wsgi:application",
            "--config",
            str(PROJECT / "deploy" / "gunicorn.conf.py"),
            "--bind",
            f"127.0.0.1:{port}",
        ],
        cwd=PROJECT,
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        with local_nginx(port, tmp_path / "nginx") as front:
            base = f"http://127.0.0.1:{front.port}"
            wait_for_an_answer(base)
            yield base, server
    finally:
        stop_process(server, seconds=20)
        log.close()


@pytest.fixture
def live_database_url():
    settings = connection.settings_dict
    return (
        f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:"
        f"{settings['PORT'] or 5432}/{settings['NAME']}"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_an_answer(base: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{base}/login/", timeout=5).read()
            return
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    raise AssertionError(f"nothing answered at {base} within {seconds} s")


def post_row(base, client, board, ns, ew, text, version):
    return post_row_answer(base, client, board, ns, ew, text, version)[0]


def post_row_answer(base, client, board, ns, ew, text, version) -> tuple[int, str]:
    """The row form's HTMX post, with the director's session and a CSRF token of our own:
    the answer's status and page."""
    token = "k" * 32  # a CSRF secret: Django takes it unmasked in the header
    data = urlencode({"board": board.pk, "ns": ns.pk, "ew": ew.pk, "text": text,
                      "version": version}).encode()  # fmt: skip
    request = urllib.request.Request(
        f"{base}{reverse('board_traveller', args=[board.pk])}",
        data=data,
        headers={
            "HX-Request": "true",
            "X-CSRFToken": token,
            "Cookie": f"sessionid={client.cookies['sessionid'].value}; csrftoken={token}",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.slow
def test_a_worker_killed_mid_save_loses_nothing_and_the_server_recovers(
    director_client, board, other_connection, served
):
    # The save has written the typed result and its history line and waits in its rescoring
    # on a row the test holds; then its gunicorn worker is killed (SIGKILL). nginx tells the
    # typist 502 ("Not saved" beside the row, static/js/htmx-errors.js); the worker's
    # transaction never commits; gunicorn starts a new worker, and the same Enter saves.
    base, server = served
    (ns, ew), _, (ns3, ew3) = movement_rows(board)
    before = snapshot(board)
    version = the_row(board, ns3).version
    lock_row(other_connection, the_row(board, ns))
    answers = []
    saving = threading.Thread(
        target=lambda: answers.append(
            post_row(base, director_client, board, ns3, ew3, "4S N +2", version)
        )
    )
    saving.start()
    waiting_pid = a_backend_waiting_on_a_lock()
    (worker,) = workers_of(server.pid)
    os.kill(worker, signal.SIGKILL)
    saving.join(timeout=30)
    assert answers == [502]
    # The killed worker's backend still waits on the lock; released, it finds its client gone
    # and rolls back (PostgreSQL notices a dead client when it next writes to it).
    other_connection.rollback()
    wait_until_ended(waiting_pid)
    assert snapshot(board) == before
    wait_for_an_answer(base)  # a new worker
    assert workers_of(server.pid) and workers_of(server.pid) != [worker]
    assert post_row(base, director_client, board, ns3, ew3, "4S N +2", version) == 200
    assert the_row(board, ns3).text == "4S N +2"
    assert ResultChange.objects.count() == before[1] + 1


@pytest.mark.slow
def test_a_worker_stopped_at_the_timeout_shows_nginxs_page_and_logs_the_request(
    director_client, board, other_connection, served_with_a_short_timeout
):
    # The save waits on a row the test holds, past gunicorn's timeout (5 s here, 30 s as
    # deployed): gunicorn stops the worker. The typist gets nginx's "not answering" page (the
    # row says "Not saved", static/js/htmx-errors.js), not gunicorn's bare "Internal Server
    # Error", and the log names the request that took too long.
    base, log = served_with_a_short_timeout
    (ns, ew), _, (ns3, ew3) = movement_rows(board)
    before = snapshot(board)
    lock_row(other_connection, the_row(board, ns))
    status, page = post_row_answer(
        base, director_client, board, ns3, ew3, "4S N +2", the_row(board, ns3).version
    )
    assert status == 502
    assert "Clubscore is not answering just now" in page and "Internal Server Error" not in page
    lines = log.read_text().splitlines()
    path = reverse("board_traveller", args=[board.pk])
    assert any(
        line.endswith(f"stopped: POST {path} from 127.0.0.1 took longer than the 5 s timeout")
        for line in lines
    ), lines
    # The stopped worker's backend still waits on the lock; released, it finds its client gone
    # and rolls back.
    waiting_pid = a_backend_waiting_on_a_lock()
    other_connection.rollback()
    wait_until_ended(waiting_pid)
    assert snapshot(board) == before
