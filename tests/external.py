"""What a few tests need beyond what `make test` installs.

The README's test command asks only for Python 3.11, make and Pango; `make test` installs the
rest (the dev extra). A test that needs more (nginx, Chromium, a Redis server, PostgreSQL's
client programs) asks for it here: where it is missing the test skips and says what to
install, unless CI's variable for it is set (.ci/run sets them all and installs what they
name), and then the test fails.

Each can be pointed elsewhere, or hidden to see the tests skip: CLUBSCORE_NGINX and
CLUBSCORE_CHROMIUM name the programs, CLUBSCORE_TEST_REDIS_URL the Redis, PATH pg_dump's.
"""

import os
import shutil
from typing import NoReturn

import pytest

from benchmarks.load.front import nginx_binary, nginx_missing

REQUIRE_NGINX = "CLUBSCORE_REQUIRE_NGINX"
REQUIRE_BROWSER = "CLUBSCORE_REQUIRE_BROWSER"
REQUIRE_REDIS = "CLUBSCORE_REQUIRE_REDIS"
REQUIRE_PG_CLIENT = "CLUBSCORE_REQUIRE_PG_CLIENT"
REQUIREMENTS = (REQUIRE_NGINX, REQUIRE_BROWSER, REQUIRE_REDIS, REQUIRE_PG_CLIENT)

REDIS_URL = os.environ.get("CLUBSCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/14")


def unavailable(reason: str, required_by: str) -> NoReturn:
    """Skip the test with `reason`, or fail it when CI's variable `required_by` is set."""
    if os.environ.get(required_by):
        pytest.fail(f"{reason}; {required_by} is set, so this test must run")
    pytest.skip(reason)


def nginx() -> str:
    """The nginx to run deploy/nginx's rules in."""
    binary = nginx_binary()
    if binary is None:
        unavailable(f"{nginx_missing()}; .ci/run installs it", REQUIRE_NGINX)
    return binary


def chromium() -> str:
    """Debian's Chromium, for Playwright (which downloads no browser of its own here)."""
    named = os.environ.get("CLUBSCORE_CHROMIUM", "/usr/bin/chromium")
    binary = shutil.which(named)
    if binary is None:
        unavailable(
            f"no Chromium at {named}: `apt-get install chromium` (.ci/run does it)", REQUIRE_BROWSER
        )
    return binary


def redis_server(url: str = REDIS_URL) -> None:
    """A Redis answering at `url`, its database emptied for the test."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).flushdb()
    except redis.RedisError as error:
        unavailable(f"needs a Redis server at {url} ({error}); .ci/run starts one", REQUIRE_REDIS)


def postgresql_client() -> None:
    """pg_dump and pg_restore, as docs/operations.md's backup runs them."""
    missing = [name for name in ("pg_dump", "pg_restore") if shutil.which(name) is None]
    if missing:
        unavailable(
            f"{' and '.join(missing)} not installed: `apt-get install postgresql-client` "
            "(.ci/run does it)",
            REQUIRE_PG_CLIENT,
        )
