import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from clubscore import env
from events.entry.saving import save_result
from tests.events.entry.test_saving import seats

PROJECT = Path(__file__).resolve().parents[2]


def settings_in_a_fresh_process(**environment):
    """Import the settings with exactly this environment; return (exit code, output)."""
    clean = {
        k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "DATABASE_URL")
    }
    code = (
        "import clubscore.settings as s; "
        "print(s.DEBUG, s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME'])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT,
        env={**clean, **environment},
        capture_output=True,
        text=True,
    )
    return done.returncode, done.stdout + done.stderr


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    code, output = settings_in_a_fresh_process(DEBUG="0")
    assert code != 0
    assert "SECRET_KEY must be set when DEBUG is off" in output


def test_it_starts_with_a_secret_key_when_debug_is_off():
    code, output = settings_in_a_fresh_process(DEBUG="0", SECRET_KEY="s3cret-for-test")
    assert code == 0, output
    assert output.startswith("False")


def test_it_defaults_to_debug_and_an_sqlite_file_in_the_project():
    code, output = settings_in_a_fresh_process()
    assert code == 0, output
    debug, engine, name = output.split()
    assert (debug, engine) == ("True", "django.db.backends.sqlite3")
    assert Path(name) == PROJECT / "db.sqlite3"


def test_it_honours_database_url():
    code, output = settings_in_a_fresh_process(
        DATABASE_URL="postgres://scorer:pw@db.example:5433/clubs"
    )
    assert code == 0, output
    assert output.split()[1:] == ["django.db.backends.postgresql", "clubs"]


def test_database_url_carries_host_port_and_user(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://scorer:pw@db.example:5433/clubs")
    config = env.database("/unused.sqlite3")
    assert (config["HOST"], config["PORT"], config["USER"]) == ("db.example", 5433, "scorer")


def test_postgresql_connections_give_up_on_a_stuck_lock_in_seconds(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://scorer:pw@db.example:5433/clubs")
    options = env.database("/unused.sqlite3")["OPTIONS"]["options"]
    assert options == "-c lock_timeout=5000 -c statement_timeout=30000"
    monkeypatch.setenv("DB_LOCK_TIMEOUT_MS", "2000")
    assert "-c lock_timeout=2000 " in env.database("/unused.sqlite3")["OPTIONS"]["options"]
    monkeypatch.setenv("DB_LOCK_TIMEOUT_MS", "soon")
    with pytest.raises(ImproperlyConfigured, match="DB_LOCK_TIMEOUT_MS"):
        env.database("/unused.sqlite3")


def test_postgresql_keeps_queries_prepared_unless_told_not_to(monkeypatch):
    monkeypatch.delenv("DB_PREPARE_THRESHOLD", raising=False)
    monkeypatch.setenv("DATABASE_URL", "postgres://scorer:pw@db.example:5433/clubs")
    options = env.database("/unused.sqlite3")["OPTIONS"]
    assert (options["server_side_binding"], options["prepare_threshold"]) == (True, 2)
    monkeypatch.setenv("DB_PREPARE_THRESHOLD", "0")  # a transaction-pooling PgBouncer
    options = env.database("/unused.sqlite3")["OPTIONS"]
    assert "server_side_binding" not in options and "prepare_threshold" not in options
    monkeypatch.setenv("DB_PREPARE_THRESHOLD", "twice")
    with pytest.raises(ImproperlyConfigured, match="DB_PREPARE_THRESHOLD"):
        env.database("/unused.sqlite3")


@pytest.mark.postgres
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="lock and statement timeouts are PostgreSQL's"
)
def test_the_timeouts_reach_every_postgresql_connection(db):
    with connection.cursor() as cursor:
        cursor.execute("SHOW lock_timeout")
        lock = cursor.fetchone()[0]
        cursor.execute("SHOW statement_timeout")
        statement = cursor.fetchone()[0]
    assert (lock, statement) == ("5s", "30s")


@pytest.mark.postgres
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's"
)
def test_a_save_runs_its_queries_from_statements_the_server_keeps_prepared(
    mitchell_session, director
):
    board, tables = seats(mitchell_session, 1)
    for (ns, ew), line in zip(tables, ["4S N =", "4S N +1", "3NTX S -2"]):
        save_result(board, ns, ew, line, director)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        kept = [row[0] for row in cursor.fetchall()]
    # The second save prepared what the first had run: the lock, the rows a line meets and
    # the history; the third ran them prepared.
    assert any(sql.startswith('UPDATE "events_event" SET "version"') for sql in kept)
    assert any('FROM "events_result"' in sql and "$4" in sql for sql in kept)
    assert any(sql.startswith('INSERT INTO "events_resultchange"') for sql in kept)


@pytest.mark.parametrize("raw,value", [("1", True), ("true", True), ("off", False), ("0", False)])
def test_env_bool_reads_common_words(monkeypatch, raw, value):
    monkeypatch.setenv("SOME_FLAG", raw)
    assert env.env_bool("SOME_FLAG", default=not value) is value


def test_env_bool_refuses_nonsense(monkeypatch):
    monkeypatch.setenv("SOME_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="SOME_FLAG"):
        env.env_bool("SOME_FLAG", default=True)


def test_env_list_splits_on_commas(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", "scores.club.org, localhost ,")
    assert env.env_list("ALLOWED_HOSTS", []) == ["scores.club.org", "localhost"]
