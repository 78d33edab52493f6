"""The real background worker, as `make run` starts it: django-q2's cluster, its queue in the
database, analysing the demo session's hand records while the web server goes on."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
DEMO_BOARDS = 21  # the demo's 7-table Mitchell of 3-board rounds
pytestmark = pytest.mark.slow  # migrates a database and runs the worker, in processes


def manage(*args, env):
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )


def analysed(path: Path) -> tuple[int, int]:
    with sqlite3.connect(path) as db:
        return db.execute(
            "select count(*), count(dd) from events_board where deal != ''"
        ).fetchone()


def run_worker_until(env, done, seconds: int) -> str:
    """`manage.py qcluster` until `done()` or `seconds`; stopped as `make run` stops it
    (SIGTERM to the cluster, which stops its own processes). Returns what it printed."""
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "qcluster"],
        cwd=PROJECT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            assert worker.poll() is None, worker.stdout.read().decode()
            time.sleep(0.5)
    finally:
        worker.terminate()
        try:
            output = worker.communicate(timeout=30)[0].decode()
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            raise
    return output


def test_the_worker_analyses_the_demo_hand_records_in_the_background(tmp_path):
    """Its own SQLite file, not the test database: the worker is another process."""
    path = tmp_path / "clubscore.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "DEBUG": "1"}
    manage("migrate", "--noinput", env=env)
    manage("load_demo", env=env)
    assert analysed(path) == (DEMO_BOARDS, 0), "load_demo only queues the analysis"
    output = run_worker_until(env, lambda: analysed(path)[1] == DEMO_BOARDS, seconds=120)
    assert analysed(path) == (DEMO_BOARDS, DEMO_BOARDS), output
    with sqlite3.connect(path) as db:
        error, queued = db.execute(
            "select analysis_error, analysis_queued_at from events_event"
        ).fetchone()
        unscored = db.execute(
            "select count(*) from events_board where par_score is null"
        ).fetchone()
    assert (error, queued, unscored) == ("", None, (0,))


def test_the_worker_makes_a_published_sessions_pdfs_before_anyone_asks(tmp_path):
    path = tmp_path / "clubscore.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "DEBUG": "1"}
    manage("migrate", "--noinput", env=env)
    manage("load_demo", env=env)
    # What publishing the session does (events/sessions/views.py): every PDF queued.
    code = "from events.pdfs import store; from events.models import Event; "
    manage("shell", "-c", code + "store.prepare_all(Event.objects.get())", env=env)
    query = "select count(*), count(content), sum(state = 'failed') from events_sessionpdf"

    def made():
        with sqlite3.connect(path) as db:
            return db.execute(query).fetchone()

    def finished() -> bool:
        count, with_content, failed = made()
        return bool(count) and (with_content == count or bool(failed))

    output = run_worker_until(env, finished, seconds=180)
    # Five PDFs (the demo is dealt: hand records too), on A4 and on Letter.
    assert made() == (10, 10, 0), output
    with sqlite3.connect(path) as db:
        files = db.execute("select content from events_sessionpdf").fetchall()
    assert all(bytes(content).startswith(b"%PDF") for (content,) in files)
