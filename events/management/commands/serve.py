"""`manage.py serve [HOST:PORT]`: the web server and the background worker together, as
`make run` starts them, both stopped within a few seconds however Clubscore is stopped
(Ctrl-C, `kill -TERM` of make's process group, the terminal closed).

On this computer only (127.0.0.1, the default) the web server is Django's runserver and DEBUG
is as set (on by default: its error pages help the director, and nobody else sees them). On
any other address (`make run HOST=0.0.0.0`: the club's network) the players' phones reach it,
so it never shows them a debug page: DEBUG is off, the web server is gunicorn
(deploy/gunicorn.conf.py, with threads, as docs/operations.md serves a club's network), the
secret key is kept in .venv/secret_key, the static files are collected, and the computer's
network addresses are allowed hosts; it does not start while the demo's well-known login
works, which would let anyone on the network in.

A command rather than a shell line because of how django-q2 stops: its cluster must be told
through its main process, which stops its pool in order. A TERM sent to the whole process
group reached the pool directly; the pool died at once, and the main process waited for it
for minutes. Here each child runs in a process group of its own and only this process
signals them: the web server's whole group, the worker's main process. Whatever still runs
STOP_SECONDS later is killed (a double-dummy batch cut short is analysed again later).
"""

import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from events.phone import network
from events.sessions.demo import DEMO_DIRECTOR

STOP_SECONDS = 5.0
STOPPING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"]


def split_address(address: str) -> tuple[str, int]:
    """("0.0.0.0", 8000) from "0.0.0.0:8000" ("[::1]:8000" keeps its brackets; a bare port
    is on 127.0.0.1)."""
    host, _, port = address.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise CommandError(f"{address!r}: give HOST:PORT, e.g. 127.0.0.1:8000 or 0.0.0.0:8000")
    return host or "127.0.0.1", int(port)


def phones_open(host: str, port: int, addresses: list[str]) -> str | None:
    """The address phones open when the server listens on `host`, if any."""
    if network.is_loopback(host):
        lan = addresses[0] if addresses else None
    elif host.strip("[]") in ("0.0.0.0", "::", ""):
        lan = addresses[0] if addresses else None
    else:
        lan = host
    return f"http://{lan}:{port}/" if lan else None


def network_environment(
    environ: dict, host: str, port: int, addresses: list[str], secret_key_file: Path
) -> dict:
    """The environment of a server on the club's network: DEBUG off, a kept secret key, the
    computer's addresses as allowed hosts (besides any set), gunicorn bound to HOST:PORT."""
    environment = {**environ, "DEBUG": "0", "GUNICORN_BIND": f"{host}:{port}"}
    if not environment.get("SECRET_KEY"):
        environment["SECRET_KEY"] = kept_secret_key(secret_key_file)
    named = [] if host.strip("[]") in ("0.0.0.0", "::") else [host]
    configured = [name.strip() for name in environ.get("ALLOWED_HOSTS", "").split(",")]
    hosts = [name for name in configured if name] or LOCAL_HOSTS
    hosts += addresses + named
    environment["ALLOWED_HOSTS"] = ",".join(dict.fromkeys(hosts))
    environment.setdefault("GUNICORN_THREADS", "8")  # no nginx in front: see its conf
    return environment


def kept_secret_key(path: Path) -> str:
    """The key in `path`, made the first time (so logins survive a restart)."""
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    path.write_text(key + "\n")
    path.chmod(0o600)
    return key


class Command(BaseCommand):
    help = "Serve Clubscore with its background worker (make run)."

    def add_arguments(self, parser):
        parser.add_argument(
            "address",
            nargs="?",
            default="127.0.0.1:8000",
            help="HOST:PORT; 127.0.0.1:8000 is this computer only, 0.0.0.0:8000 the club's network",
        )

    def handle(self, *args, address, **options):
        host, port = split_address(address)
        addresses = network.lan_addresses()
        phones = phones_open(host, port, addresses)
        python = sys.executable
        if network.is_loopback(host):
            environment = dict(os.environ)
            web = [python, "manage.py", "runserver", f"{host}:{port}"]
            self.stdout.write(f"Clubscore at http://{host}:{port}/, on this computer only.")
            if phones:
                command = network.network_command(port)
                self.stdout.write(
                    f"Phones cannot reach it: `{command}` serves the club's "
                    f"network, where they open {phones}"
                )
        else:
            self._refuse_the_demo_login()
            secret_key_file = Path(settings.BASE_DIR) / ".venv" / "secret_key"
            environment = network_environment(os.environ, host, port, addresses, secret_key_file)
            self._run([python, "manage.py", "collectstatic", "--noinput", "-v", "0"], environment)
            gunicorn = str(Path(python).parent / "gunicorn")
            web = [gunicorn, "-c", "deploy/gunicorn.conf.py", "clubscore.wsgi:application"]
            where = phones or "this computer's address (it is on no network now)"
            self.stdout.write(
                f"Clubscore on the club's network, DEBUG off: phones open "
                f"{where}; this computer http://127.0.0.1:{port}/."
            )
        self.stdout.write("Ctrl-C stops it and its background worker.")
        self.stdout.flush()
        code = run_together(web, [python, "manage.py", "qcluster"], environment)
        if code:
            raise CommandError(f"the web server stopped with exit status {code}")

    def _refuse_the_demo_login(self):
        username, password = DEMO_DIRECTOR
        demo = get_user_model().objects.filter(username=username).first()
        if demo is not None and demo.check_password(password):
            raise CommandError(
                f"the demo's {username}/{password} login works in this database, and anyone on "
                f"the club's network could use it. Give it a password of your own first: "
                f".venv/bin/python manage.py changepassword {username}"
            )

    def _run(self, command, environment):
        done = subprocess.run(command, env=environment, cwd=settings.BASE_DIR, check=False)
        if done.returncode:
            raise CommandError(f"{' '.join(command[1:])} failed (exit status {done.returncode})")


def run_together(web_command: list[str], worker_command: list[str], environment: dict) -> int:
    """Run the web server and the worker until the web server ends or this process is asked
    to stop; then stop both. The web server's exit status (0 when asked to stop)."""
    asked: list[int] = []
    previous = {
        sig: signal.signal(sig, lambda signum, _: asked.append(signum)) for sig in STOPPING_SIGNALS
    }
    worker = web = None
    try:
        worker = _start(worker_command, environment)
        web = _start(web_command, environment)
        while not asked and web.poll() is None:
            time.sleep(0.1)
        return 0 if asked else web.returncode
    finally:
        stop(web, worker)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _start(command: list[str], environment: dict) -> subprocess.Popen:
    # A process group of its own: a signal to make's group reaches this process alone.
    return subprocess.Popen(
        command, env=environment, cwd=settings.BASE_DIR, stdin=subprocess.DEVNULL, process_group=0
    )


def stop(
    web: subprocess.Popen | None, worker: subprocess.Popen | None, seconds: float = STOP_SECONDS
) -> None:
    """Ask both to stop (the web server's whole group; the worker's main process, which stops
    its pool), wait up to `seconds` for their groups to end, then kill what is left."""
    children = [child for child in (web, worker) if child is not None]
    for child in children:
        if child.poll() is None:
            try:
                if child is worker:
                    os.kill(child.pid, signal.SIGTERM)
                else:
                    os.killpg(child.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(_group_alive(child) for child in children):
        time.sleep(0.1)
    for child in children:
        if _group_alive(child):
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        child.wait()


def _group_alive(child: subprocess.Popen) -> bool:
    """Whether any process of the child's group still runs (the child itself reaped)."""
    child.poll()
    try:
        os.killpg(child.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
