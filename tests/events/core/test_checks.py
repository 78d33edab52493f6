"""Start-up checks (events/core/checks.py)."""

from events.core.checks import SQLITE, sqlite_is_new_enough, sqlite_problems

POSTGRESQL = "django.db.backends.postgresql"


def test_an_sqlite_without_update_from_is_refused_at_start_up():
    # SQLite added UPDATE … FROM in 3.33.0 (sqlite.org's release history, 2020-08-14).
    (error,) = sqlite_problems([SQLITE], (3, 32, 3), "3.32.3")
    assert error.id == "clubscore.E001"
    assert "needs SQLite 3.33.0 or newer; this Python has SQLite 3.32.3" in error.msg
    assert sqlite_problems([SQLITE], (3, 33, 0), "3.33.0") == []


def test_postgresql_alone_needs_no_sqlite():
    assert sqlite_problems([POSTGRESQL], (3, 31, 0), "3.31.0") == []


def test_this_installation_passes():
    assert sqlite_is_new_enough() == []
