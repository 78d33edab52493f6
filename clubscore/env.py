"""Tiny typed readers of the environment, so settings.py states its needs in one line each."""

import os
import tempfile
from email.utils import parseaddr
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: expected one of 1/0, true/false, yes/no, on/off")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r}: expected a whole number") from None


def secret_key(debug: bool) -> str:
    """The SECRET_KEY; without DEBUG a missing key stops the server rather than run unsigned."""
    key = os.environ.get("SECRET_KEY", "")
    if key:
        return key
    if debug:
        # Local use only: DEBUG is on, so nothing signed with this key leaves the machine.
        return "clubscore-local-debug-only-not-a-secret"
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")


def database(default_sqlite_path: str) -> dict:
    """DATABASE_URL when set (postgres://... in production), else an SQLite file."""
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        config = {"ENGINE": "django.db.backends.sqlite3", "NAME": default_sqlite_path}
    else:
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    if config["ENGINE"] == "django.db.backends.postgresql":
        # A save waits for its session's row lock; a stuck one must fail in seconds, not hold
        # a server worker for minutes (and a runaway query is stopped the same way).
        lock_ms = env_int("DB_LOCK_TIMEOUT_MS", 5000)
        statement_ms = env_int("DB_STATEMENT_TIMEOUT_MS", 30000)
        options = config.setdefault("OPTIONS", {})
        options["options"] = f"-c lock_timeout={lock_ms} -c statement_timeout={statement_ms}"
        # A query run this many times on a connection is kept prepared by the server (parsed
        # and planned once): a save's queries then take about a third less of the database.
        # 0 turns it off, for a transaction-pooling proxy (PgBouncer) in front of PostgreSQL.
        prepare_after = env_int("DB_PREPARE_THRESHOLD", 2)
        if prepare_after > 0:
            options["server_side_binding"] = True
            options["prepare_threshold"] = prepare_after
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # The web server and the background worker (`qcluster`) share the file: WAL lets
        # pages read while the other writes, and IMMEDIATE transactions queue writers instead
        # of failing with "database is locked" when two try to upgrade a read lock at once.
        config["OPTIONS"] = {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL;",
        }
        # Tests get a file of their own (one per process: pytest-xdist's workers and a test
        # that runs pytest again never share one) rather than Django's in-memory database.
        # That one shares a cache between connections, where a write meeting a live page's
        # read fails at once ("database table is locked") instead of waiting out `timeout`,
        # and the browser tests' server threads met that now and then.
        test_file = Path(tempfile.gettempdir()) / f"clubscore-test-{os.getpid()}.sqlite3"
        config["TEST"] = {"NAME": str(test_file)}
    return config


def env_admins(name: str) -> list[tuple[str, str]]:
    """ADMINS as Django wants them, from "Ann Lee <ann@club.org>, bob@club.org"."""
    admins = []
    for entry in env_list(name, []):
        real_name, address = parseaddr(entry)
        if "@" not in address:
            raise ImproperlyConfigured(f"{name}: {entry!r} is not an e-mail address")
        admins.append((real_name or address.split("@")[0], address))
    return admins


def cache(redis_url: str) -> dict:
    """Redis when REDIS_URL is set (shared by every server process), else this process's memory."""
    if redis_url:
        # Connection timeouts of a second: an unreachable Redis makes a page a little slower
        # (clubscore.cache renders without it), never stuck.
        return {
            "BACKEND": "clubscore.cache.ForgivingRedisCache",
            "LOCATION": redis_url,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
