"""Watching PostgreSQL's backends from a test: which one waits on a lock, and when one ended."""

import time

from django.db import connection


def a_backend_waiting_on_a_lock(seconds=20) -> int:
    """The process id of a backend of the test database (not the test's own) waiting on a
    row lock, as soon as there is one."""
    deadline = time.monotonic() + seconds
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            row = cursor.fetchone()
            if row:
                return row[0]
            time.sleep(0.05)
    raise AssertionError("nothing waited on a lock")


def wait_until_ended(pid, seconds=20) -> None:
    deadline = time.monotonic() + seconds
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid])
            if cursor.fetchone() is None:
                return
            time.sleep(0.05)
    raise AssertionError(f"PostgreSQL's backend {pid} never ended")
