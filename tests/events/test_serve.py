"""`make run`'s web server and background worker (events/management/commands/serve.py): both
stop within a few seconds of a TERM to make's process group, as they do on Ctrl-C; and what
a server on the club's network is given (DEBUG off, the phones' address allowed)."""

import os
import re
import shutil
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from events.management.commands import serve
from events.sessions.demo import DEMO_DIRECTOR
from tests.factories import make_user

ROOT = Path(__file__).resolve().parents[2]
STARTED_WITHIN = 60.0  # seconds: two Django processes and the worker's pool, on a busy machine
STOPPED_WITHIN = 8.0  # "a few seconds": serve.STOP_SECONDS and the time to notice


def recipe_command(port: int) -> str:
    """The last command `make run` runs, as make writes it (`make -n`, nothing run). Under
    `make test` the outer make's variables would make this one a sub-make, which writes
    "Entering/Leaving directory" lines around the recipe: it is run as a make of its own."""
    outer = ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")
    environment = {name: value for name, value in os.environ.items() if name not in outer}
    made = subprocess.run(
        [
            "make",
            "--no-print-directory",
            "-n",
            "-o",
            "install",
            "run",
            "HOST=127.0.0.1",
            f"PORT={port}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )
    commands = re.sub(r"\\\n", " ", made.stdout).splitlines()
    return [line for line in commands if line.strip() and not line.startswith("#")][-1]


def database_url(folder: Path) -> str:
    """The test database, for processes of their own: PostgreSQL's by name, SQLite's (in
    memory) copied to a file."""
    settings = connection.settings_dict
    if connection.vendor == "postgresql":
        password = f":{settings['PASSWORD']}" if settings["PASSWORD"] else ""
        return (
            f"postgres://{settings['USER']}{password}@{settings['HOST'] or '127.0.0.1'}:"
            f"{settings['PORT'] or 5432}/{settings['NAME']}"
        )
    connection.ensure_connection()
    copy = folder / "db.sqlite3"
    with sqlite3.connect(copy) as target:
        connection.connection.backup(target)
    return f"sqlite:///{copy}"


def descendants(pid: int) -> set[int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow
def test_a_term_to_make_runs_process_group_stops_the_server_and_the_worker(
    transactional_db, tmp_path
):
    if not Path("/proc/self/stat").exists() or not hasattr(os, "killpg"):
        pytest.skip("needs Linux's /proc and process groups to follow the processes")
    if shutil.which("make") is None:
        pytest.skip("needs make, to read make run's recipe")
    if not (ROOT / ".venv" / "bin" / "python").exists():
        pytest.skip("make run's recipe runs .venv/bin/python, which is not there")
    port = free_port()
    command = recipe_command(port)
    assert command == f".venv/bin/python manage.py serve 127.0.0.1:{port}"
    log = tmp_path / "run.log"
    environment = {**os.environ, "DATABASE_URL": database_url(tmp_path)}
    with open(log, "w") as output:
        # As make runs it, in a process group of its own (as a terminal's make is).
        recipe = subprocess.Popen(
            ["/bin/sh", "-c", command],
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    started = []
    try:
        deadline = time.monotonic() + STARTED_WITHIN
        while time.monotonic() < deadline and recipe.poll() is None:
            text = log.read_text()
            if "Starting development server" in text and re.search(r"Q Cluster .* running", text):
                break
            time.sleep(0.2)
        else:
            pytest.fail(f"make run's server and worker did not start:\n{log.read_text()}")
        started = descendants(recipe.pid) | {recipe.pid}
        assert len(started) >= 5, "the server, its reloader, the worker and its pool"
        asked = time.monotonic()
        os.killpg(recipe.pid, signal.SIGTERM)
        while time.monotonic() - asked < 2 * STOPPED_WITHIN and any(map(running, started)):
            recipe.poll()
            time.sleep(0.1)
        took = time.monotonic() - asked
        left = sorted(pid for pid in started if running(pid))
        assert not left, f"still running {took:.1f} s after the TERM: {left}\n{log.read_text()}"
        assert took <= STOPPED_WITHIN, f"stopped only after {took:.1f} s"
        print(f"\nmake run's {len(started)} processes stopped {took:.1f} s after a TERM")
        assert "has stopped" in log.read_text()  # the worker stopped in order, not killed
    finally:
        for pid in started:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        recipe.wait(timeout=10)


def test_a_server_on_the_clubs_network_runs_with_debug_off_and_allows_its_address(tmp_path):
    key_file = tmp_path / ".venv" / "secret_key"
    environment = serve.network_environment(
        {"DEBUG": "1", "PATH": "/usr/bin"}, "0.0.0.0", 8000, ["192.168.1.23"], key_file
    )
    assert environment["DEBUG"] == "0"  # never a debug page on the network
    assert environment["ALLOWED_HOSTS"].split(",") == [
        "127.0.0.1", "localhost", "[::1]", "192.168.1.23"
    ]  # fmt: skip
    assert environment["GUNICORN_BIND"] == "0.0.0.0:8000"
    assert environment["GUNICORN_THREADS"] == "8"
    # The key is made once and kept, so logins survive a restart.
    assert len(environment["SECRET_KEY"]) >= 50
    assert key_file.read_text().strip() == environment["SECRET_KEY"]
    assert key_file.stat().st_mode & 0o077 == 0
    again = serve.network_environment(
        {"ALLOWED_HOSTS": "scores.myclub.org"}, "192.168.1.23", 8080, ["192.168.1.23"], key_file
    )
    assert again["SECRET_KEY"] == environment["SECRET_KEY"]
    assert again["GUNICORN_BIND"] == "192.168.1.23:8080"
    assert again["ALLOWED_HOSTS"] == "scores.myclub.org,192.168.1.23"  # besides the set one


def test_the_address_phones_open(monkeypatch):
    lan = ["192.168.1.23"]
    assert serve.phones_open("127.0.0.1", 8000, lan) == "http://192.168.1.23:8000/"
    assert serve.phones_open("0.0.0.0", 8000, lan) == "http://192.168.1.23:8000/"
    assert serve.phones_open("10.0.0.7", 8080, lan) == "http://10.0.0.7:8080/"
    assert serve.phones_open("0.0.0.0", 8000, []) is None


@pytest.mark.parametrize("address", ["8000x", "127.0.0.1:", "127.0.0.1:99999"])
def test_a_bad_address_is_refused_in_words(address):
    with pytest.raises(CommandError, match="give HOST:PORT"):
        serve.split_address(address)


def test_the_network_is_not_served_while_the_demos_login_works(db, monkeypatch):
    username, password = DEMO_DIRECTOR
    make_user(username=username, password=password)
    monkeypatch.setattr(serve.network, "lan_addresses", lambda: ["192.168.1.23"])
    started = []
    monkeypatch.setattr(serve, "run_together", lambda *args: started.append(args) or 0)
    with pytest.raises(CommandError, match="changepassword director"):
        call_command("serve", "0.0.0.0:8000")
    assert not started
