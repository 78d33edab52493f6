"""The README's `make test` passes on a machine with only what the README asks for (Python
3.11, make, Pango): tests needing nginx, Chromium or a Redis server skip there, saying what is
missing, and fail when CI's variable requires them (tests/external.py).

Each check runs pytest again, in a child process, on a few such tests with the three hidden:
PATH without the sbin folders and CLUBSCORE_NGINX naming no program, CLUBSCORE_CHROMIUM a
missing file, CLUBSCORE_TEST_REDIS_URL a port where nothing listens. The child runs on its own
SQLite test database (one per process), so it never touches the one this suite is using.
"""

import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from tests.external import REQUIREMENTS

PROJECT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow  # each test runs pytest again
# The load script's tests that failed on a machine without nginx: they check its options.
LOAD_SCRIPT = [
    f"tests/benchmarks/test_load_script.py::{name}"
    for name in ("test_the_runner_refuses_a_database_off_this_machine",
                 "test_the_runner_never_drops_a_database_not_named_for_the_load",
                 "test_the_runner_bounds_users_and_time")
]  # fmt: skip
NGINX_TESTS = "tests/clubscore/test_nginx_front.py"
REDIS_TEST = "tests/clubscore/test_cache.py::test_with_redis_a_version_is_rendered_once_and_budgets_are_counted"  # noqa: E501
BROWSER_TEST = "tests/browser/test_home.py"
NEEDING = {"CLUBSCORE_REQUIRE_NGINX": NGINX_TESTS, "CLUBSCORE_REQUIRE_REDIS": REDIS_TEST,
           "CLUBSCORE_REQUIRE_BROWSER": BROWSER_TEST}  # fmt: skip


def hidden(tmp_path) -> dict:
    """The environment of a machine without nginx, Chromium or Redis, and nothing required."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in REQUIREMENTS and name != "DATABASE_URL"
    }
    path = [
        folder
        for folder in environment.get("PATH", "").split(os.pathsep)
        if not folder.rstrip("/").endswith("sbin")
    ]
    environment.update(
        PATH=os.pathsep.join(path),
        CLUBSCORE_NGINX=str(tmp_path / "no-nginx"),
        CLUBSCORE_CHROMIUM=str(tmp_path / "no-chromium"),
        CLUBSCORE_TEST_REDIS_URL="redis://127.0.0.1:1/0",  # port 1: every connection refused
    )
    return environment


def outcomes(tmp_path, environment, *tests) -> dict[str, tuple[str, str]]:
    """Run pytest on `tests`; each test's outcome (passed, skipped, failed) and its message."""
    report = tmp_path / "report.xml"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-q",
            "--junitxml",
            str(report),
            *tests,
        ],
        cwd=PROJECT,
        env=environment,
        capture_output=True,
        timeout=600,
    )
    found = {}
    for case in ElementTree.parse(report).iter("testcase"):
        name = f"{case.get('classname')}.{case.get('name')}"
        mark = next((child for child in case if child.tag in {"skipped", "failure", "error"}), None)
        outcome = {None: "passed", "skipped": "skipped"}.get(getattr(mark, "tag", None), "failed")
        found[name] = (outcome, "" if mark is None else mark.get("message", ""))
    return found


def of(found: dict, test_file: str) -> dict:
    module = test_file.split("::")[0].removesuffix(".py").replace("/", ".")
    return {name: outcome for name, outcome in found.items() if name.startswith(module + ".")}


def test_without_nginx_chromium_or_redis_their_tests_skip_saying_why_and_the_rest_pass(tmp_path):
    found = outcomes(tmp_path, hidden(tmp_path), *LOAD_SCRIPT, *NEEDING.values())
    load_script = of(found, LOAD_SCRIPT[0])
    assert len(load_script) == 4
    assert {outcome for outcome, _ in load_script.values()} == {"passed"}
    nginx = of(found, NGINX_TESTS)
    assert len(nginx) > 5
    for outcome, message in nginx.values():
        assert outcome != "failed"
        if outcome == "skipped":
            assert f"CLUBSCORE_NGINX='{tmp_path / 'no-nginx'}' names no program here" in message
    assert sum(outcome == "skipped" for outcome, _ in nginx.values()) >= 6
    [(outcome, message)] = of(found, REDIS_TEST).values()
    assert outcome == "skipped"
    assert "needs a Redis server at redis://127.0.0.1:1/0" in message
    browser = of(found, BROWSER_TEST)
    assert browser
    for outcome, message in browser.values():
        assert outcome == "skipped"
        assert f"no Chromium at {tmp_path / 'no-chromium'}" in message


def test_what_ci_requires_fails_where_it_is_missing(tmp_path):
    environment = {**hidden(tmp_path), **dict.fromkeys(NEEDING, "1")}
    found = outcomes(tmp_path, environment, *NEEDING.values())
    for variable, tests in NEEDING.items():
        needing = of(found, tests)
        failed = [message for outcome, message in needing.values() if outcome == "failed"]
        assert failed, variable
        assert all(f"{variable} is set, so this test must run" in text for text in failed)
        assert not any(outcome == "skipped" for outcome, _ in needing.values())
