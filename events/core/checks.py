"""System checks: what this installation needs before it can store a result."""

import sqlite3

from django.conf import settings
from django.core.checks import Error

SQLITE = "django.db.backends.sqlite3"
OLDEST_SQLITE = (3, 33, 0)  # UPDATE … FROM, which events/standings/scorer.py writes points with


def sqlite_is_new_enough(app_configs=None, **kwargs) -> list[Error]:
    """Django runs on SQLite from 3.31; saving a result here needs 3.33. Say so at start-up
    rather than refuse every save."""
    engines = [database["ENGINE"] for database in settings.DATABASES.values()]
    return sqlite_problems(engines, sqlite3.sqlite_version_info, sqlite3.sqlite_version)


def sqlite_problems(engines: list[str], version_info: tuple, version: str) -> list[Error]:
    if SQLITE not in engines or tuple(version_info) >= OLDEST_SQLITE:
        return []
    return [
        Error(
            f"Clubscore needs SQLite {'.'.join(map(str, OLDEST_SQLITE))} or newer; this Python "
            f"has SQLite {version}.",
            hint="Use a Python built with a newer SQLite (python.org's and Debian 12's are), "
            "or PostgreSQL (set DATABASE_URL).",
            id="clubscore.E001",
        )
    ]
