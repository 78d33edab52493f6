"""Load tests: tables saving results while viewers poll the live standings, under gunicorn and
PostgreSQL as docker-compose runs them, then an integrity check of everything stored.

1. Creates a fresh PostgreSQL database (clubscore_load by default, dropped first if there),
   migrates it, collects the static files into a temporary folder (as the Dockerfile does at
   build time), builds the scenario's session (benchmarks/load/scenarios.py) with a director
   account per typing table, and runs VACUUM ANALYZE (autovacuum is off on these machines).
2. Starts gunicorn on 127.0.0.1 as the Dockerfile does (3 sync workers, DEBUG off), or with
   deploy/gunicorn.conf.py when that file exists (its settings, bound to 127.0.0.1 here), and
   in front of it nginx with deploy/nginx's rules, as docker compose runs them
   (benchmarks/load/front.py; Debian's nginx-light; `--front none` for gunicorn alone).
3. Runs locust headless (benchmarks/load/locustfile.py): --tables typists and --viewers
   spectators, measured for --duration seconds from the moment every typist has logged in.
   `knee` repeats it with more typists each step (--steps) until the save p95 passes 200 ms.
4. Prints throughput, p50/p95/p99 and failures of saves and polls apart (locust's stats at the
   end of the window), the CPU gunicorn, PostgreSQL and locust used, how fast this Python ran a
   fixed task before and after (benchmarks/load/speed.py), stops gunicorn, and
   checks integrity (benchmarks/load/integrity.py). It exits 1 if that fails, a request
   failed or no save was made. The database stays for a look afterwards; the next run drops
   it.

Only 127.0.0.1 is ever contacted, and every run is bounded in users and time.

    pip install -e ".[load]"
    .venv/bin/python benchmarks/load/run.py --scenario club-night   # 15 tables, 200 viewers
    .venv/bin/python benchmarks/load/run.py --scenario big-event    # 40 tables x 36 boards
    .venv/bin/python benchmarks/load/run.py --scenario knee --duration 30
    .venv/bin/python benchmarks/load/run.py --duration 15 --viewers 10 --tables 3  # smoke

gunicorn and locust run on the runner's own Python. The Docker image's is an optimised build;
to measure as it runs, use one too: `make load PYTHON=/usr/bin/python3.11 VENV=.venv-optimised`
(Debian's python3.11 is built with profile-guided and link-time optimisation).
"""

import argparse
import json
import os
import resource
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.load import speed  # noqa: E402
from benchmarks.load.front import local_nginx, nginx_binary, nginx_missing  # noqa: E402
from benchmarks.load.front import stop as stop_process  # noqa: E402

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/clubscore_load"
DEFAULT_REDIS = "redis://127.0.0.1:6379/15"  # a database of its own: flushed at each start
GUNICORN_CONF = ROOT / "deploy" / "gunicorn.conf.py"
DOCKERFILE_WORKERS = 3  # Dockerfile and docker-compose.yml: gunicorn --workers 3 (sync)
TARGETS = {"save": 50.0, "poll": 20.0}  # p95 ms at a club night's load on 2 cores
KNEE_P95 = 200.0  # ms: the stepped run stops at the first step whose save p95 passes this
LIMITS = {"duration": 600, "viewers": 1000, "tables": 120}
LOOPBACK = {"127.0.0.1", "localhost"}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def options(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--scenario", choices=["club-night", "big-event", "knee"], default="club-night"
    )
    parser.add_argument("--duration", type=int, default=60, help="seconds of load (a step's)")
    parser.add_argument("--viewers", type=int, default=200, help="spectators polling standings")
    parser.add_argument(
        "--tables",
        type=int,
        default=None,
        help="typing tables (club-night 15, big-event 40, knee: the most writers, 90)",
    )
    parser.add_argument("--boards", type=int, default=36, help="big-event boards")
    parser.add_argument(
        "--steps", default="5,10,15,20,30,45,60,90", help="knee: writers at each step"
    )
    parser.add_argument(
        "--knee-ms",
        type=float,
        default=KNEE_P95,
        help="knee: stop at the first step whose save p95 passes this",
    )
    parser.add_argument(
        "--think", type=float, default=2.0, help="a typist's mean seconds between saves (0.5x-1.5x)"
    )
    parser.add_argument(
        "--terminate-every",
        type=float,
        default=0,
        metavar="SECONDS",
        help="faults: every SECONDS of the window, PostgreSQL ends every "
        "connection of the load database (pg_terminate_backend), as a "
        "restart would; requests may fail then, but nothing may be lost "
        "or half-written, and saves must go on after the last "
        "fault",
    )
    parser.add_argument(
        "--front",
        choices=["nginx", "none"],
        default="nginx",
        help="nginx with deploy/nginx's rules in front, as docker compose runs "
        "it (Debian's nginx-light), or gunicorn alone",
    )
    parser.add_argument(
        "--database-url", default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_DATABASE)
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("LOAD_REDIS_URL", DEFAULT_REDIS),
        help="the cache the workers share, as docker compose gives them; "
        "'none' for each process's memory (flushed at the start)",
    )
    args = parser.parse_args(argv)
    if args.tables is None:
        args.tables = {"club-night": 15, "big-event": 40}.get(args.scenario)
    if args.scenario == "knee":
        args.steps = sorted({int(n) for n in args.steps.split(",")})
        args.tables = args.tables or args.steps[-1]
        args.steps = [n for n in args.steps if n <= args.tables]
    for name, limit in LIMITS.items():
        if not 1 <= getattr(args, name) <= limit and not (name == "viewers" and args.viewers == 0):
            parser.error(f"--{name} must be 1-{limit}")
    if args.scenario == "club-night" and not 3 <= args.tables <= 30:
        parser.error("--tables: a club night is one Mitchell section of 3-30 tables")
    if args.scenario == "big-event" and args.tables < 2:
        parser.error("--tables: a big event needs 2 tables or more")
    if args.front == "nginx" and nginx_binary() is None:
        parser.error(f"--front nginx: {nginx_missing()}; or run with --front none")
    if urlsplit(args.database_url).hostname not in LOOPBACK:
        parser.error("the load database must be on 127.0.0.1")
    if "load" not in urlsplit(args.database_url).path:
        parser.error("the load database is dropped first: its name must contain 'load'")
    return args


def recreate_database(url: str) -> None:
    """Drop and create the load database, through the server's maintenance database."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name.replace("_", "").isalnum() or "load" not in name:
        # It is dropped: never the app's own database or the shared test one.
        raise SystemExit(f"the load database's name must contain 'load', not {name!r}")
    maintenance = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(maintenance, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def prepare(args, environment: dict) -> tuple:
    """Database, static files, session and plan; returns (event, plan, baseline)."""
    os.environ.update(environment)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from benchmarks.load import integrity, scenarios

    recreate_database(args.database_url)
    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    began = time.perf_counter()
    event, plan = scenarios.build(args.scenario, args.tables, args.boards)
    plan["think_seconds"] = args.think
    built = time.perf_counter() - began
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    before = integrity.baseline(event)
    connection.close()  # the server's workers take over
    print(
        f"built {event.name!r} (event {event.pk}, {len(plan['typists'])} typing tables, "
        f"{before.changes} history rows, {len(before.rows)} results) in {built:.1f} s; "
        "VACUUM ANALYZE done"
    )
    return event, plan, before


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_gunicorn(environment: dict, log) -> tuple[subprocess.Popen, int, str]:
    port = free_port()
    command = [str(BIN / "gunicorn"), "clubscore.wsgi:application", "--chdir", str(ROOT)]
    if GUNICORN_CONF.exists():
        command += ["--config", str(GUNICORN_CONF)]
        described = f"gunicorn with {GUNICORN_CONF.relative_to(ROOT)}"
    else:
        command += ["--workers", str(DOCKERFILE_WORKERS)]
        described = "gunicorn as the Dockerfile starts it (sync)"
    command += ["--bind", f"127.0.0.1:{port}"]  # the command line wins over the config file
    server = subprocess.Popen(command, env=environment, stdout=log, stderr=log, cwd=ROOT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn stopped at start: see {log.name}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/login/", timeout=5).read()
            time.sleep(1)  # every worker booted
            return server, port, f"{described}: {len(workers_of(server.pid))} workers"
        except (urllib.error.URLError, OSError):
            time.sleep(0.3)
    stop(server)
    raise SystemExit("gunicorn did not answer within 30 s")


def workers_of(master: int) -> list[int]:
    """gunicorn's worker processes: the master's children, from /proc."""
    workers = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
        except OSError:
            continue  # gone meanwhile
        if parent == str(master):
            workers.append(int(entry.name))
    return workers


def cpu_seconds(server: subprocess.Popen, database: str, front=None) -> dict[str, dict]:
    """CPU seconds so far of each process of gunicorn (master and workers), of PostgreSQL's
    backends for the load database, and of nginx in front, by kind. gunicorn replaces a
    worker every few thousand requests (max_requests): the master's children's time (cutime,
    cstime) keeps the seconds of the workers it reaped. A backend that ends (its worker was
    replaced) takes its seconds with it: watch_cpu reads them every second."""
    used: dict[str, dict[int, float]] = {"gunicorn": {}, "PostgreSQL": {}}
    gunicorn = {server.pid, *workers_of(server.pid)}
    nginx = set()
    if front is not None:
        used["nginx"] = {}
        nginx = {front.process.pid, *workers_of(front.process.pid)}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        pid = int(entry.name)
        seconds = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
        if pid == server.pid:
            seconds += (int(fields[13]) + int(fields[14])) / CLOCK_TICKS
        if pid in gunicorn:
            used["gunicorn"][pid] = seconds
        elif pid in nginx:
            used["nginx"][pid] = seconds
        elif command.startswith("postgres:") and f" {database} " in command:
            used["PostgreSQL"][pid] = seconds
    return used


def watch_cpu(
    run: subprocess.Popen,
    server,
    database: str,
    front,
    seen: dict,
    timeout: float,
    probes: list[float],
) -> dict:
    """Wait for the locust run, reading the server's CPU every second meanwhile: a database
    connection lives 60 s (CONN_MAX_AGE), and a backend's seconds end with it, so one reading
    at the end would miss most of PostgreSQL's. Each process keeps its last figure, except
    gunicorn's: its master's figure takes in the workers it replaced, so the last reading is
    the whole. Each second also times a short piece of Python into `probes` (speed.py)."""
    seen = {kind: dict(processes) for kind, processes in seen.items()}
    deadline = time.monotonic() + timeout
    while True:
        try:
            code = run.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        probes.append(speed.probe_ms())
        for kind, processes in cpu_seconds(server, database, front).items():
            if kind == "gunicorn":
                seen[kind] = processes
            else:
                seen.setdefault(kind, {}).update(processes)
        if code is not None:
            if code != 0:
                raise subprocess.CalledProcessError(code, run.args)
            return seen
        if time.monotonic() > deadline:
            run.kill()
            raise subprocess.TimeoutExpired(run.args, timeout)


def cpu_between(before: dict, after: dict) -> dict[str, float]:
    """Seconds each kind used between two readings. gunicorn's whole, since its master's figure
    takes in the workers it reaped: a worker replaced meanwhile moved its seconds, those before
    the first reading too, into the master's (counted process by process, a knee step of 64 s
    on 2 cores once used "3.63 cores"). The others process by process: a backend that ended
    meanwhile took its seconds with it, so it takes nothing away."""
    return {
        kind: sum(processes.values()) - sum(before[kind].values())
        if kind == "gunicorn"
        else sum(seconds - before[kind].get(pid, 0.0) for pid, seconds in processes.items())
        for kind, processes in after.items()
    }


def stop(server: subprocess.Popen) -> None:
    stop_process(server, seconds=20)  # gunicorn's graceful stop lets saves under way finish


def run_locust(
    args, server, front, port: int, plan: dict, writers: int, folder: Path, label
) -> dict:
    """One bounded locust run: its stats by request name, failures, tallies and ledger."""
    locust = BIN / "locust"
    if not locust.exists():
        raise SystemExit('locust is not installed: pip install -e ".[load]" (or make load)')
    step_plan = {**plan, "typists": plan["typists"][:writers]}
    plan_path, ledger_path = folder / f"plan-{label}.json", folder / f"ledger-{label}.json"
    plan_path.write_text(json.dumps(step_plan))
    users = writers + args.viewers
    prefix = folder / f"stats-{label}"
    command = [
        str(locust),
        "-f",
        str(HERE / "locustfile.py"),
        "--headless",
        "--only-summary",
        "--host",
        f"http://127.0.0.1:{port}",
        "-u",
        str(users),
        # The locustfile ends the run `duration` seconds after the last typist logged in;
        # -t only bounds a run whose logins never finish.
        "-r",
        str(max(1, users // 3)),
        "-t",
        f"{args.duration + 240}s",
        "--stop-timeout",
        "10",
        "--csv",
        str(prefix),
        "--loglevel",
        "WARNING",
        "--exit-code-on-error",
        "0",
    ]
    environment = {**os.environ, "CLUBSCORE_LOAD_PLAN": str(plan_path),
                   "CLUBSCORE_LOAD_LEDGER": str(ledger_path),
                   "CLUBSCORE_LOAD_SECONDS": str(args.duration),
                   "CLUBSCORE_LOAD_DATABASE_URL": args.database_url,
                   "CLUBSCORE_LOAD_TERMINATE_EVERY": str(args.terminate_every)}  # fmt: skip
    database = urlsplit(args.database_url).path.lstrip("/")
    server_before = cpu_seconds(server, database, front)
    client_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    with open(folder / f"locust-{label}.log", "w") as log:
        locust_run = subprocess.Popen(
            command, env=environment, stdout=log, stderr=subprocess.STDOUT
        )
        probes: list[float] = []
        server_seen = watch_cpu(
            locust_run,
            server,
            database,
            front,
            server_before,
            timeout=args.duration + 300,
            probes=probes,
        )
    client = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = cpu_between(server_before, server_seen)
    cpu["locust"] = (client.ru_utime + client.ru_stime) - (
        client_before.ru_utime + client_before.ru_stime
    )
    wall = time.perf_counter() - began
    # The figures are locust's own stats objects at the end of the run (the locustfile writes
    # them with the ledger); the CSV files beside it keep the run's history second by second.
    if not ledger_path.exists():
        raise SystemExit(f"locust wrote no ledger: see {folder / f'locust-{label}.log'}")
    return {**json.loads(ledger_path.read_text()), "cpu": cpu, "wall": wall, "probes": probes}


def print_table(title: str, outcome: dict) -> None:
    print(f"\n{title}")
    print(
        f"  {'':<12}{'requests':>9}{'per s':>8}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}"
        f"{'max ms':>8}{'errors':>8}   target"
    )
    # refresh and grid: the standings and a table round's grid, which a typist's page asks
    # for on the save's trigger (the grid also when its rows' poll found a change); typist
    # poll and rows poll: its standings card's and its rows' own timers; poll and board poll:
    # a spectator's standings and board. Logins come before the measured window.
    names = ("save", "refresh", "grid", "typist poll", "rows poll", "poll", "board poll")
    for name in (*names, "open page"):
        row = outcome["stats"].get(name)
        if row is None:
            continue
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            met = row["95"] <= target and row["failures"] == 0
            verdict = f"p95 ≤ {target:.0f} ms, 0 errors: {'met' if met else 'NOT met'}"
        print(
            f"  {name:<12}{row['requests']:>9}{row['per_second']:>8.1f}{row['50']:>8.0f}"
            f"{row['95']:>8.0f}{row['99']:>8.0f}{row['max']:>8.0f}{row['failures']:>8}   "
            f"{verdict}"
        )
    logins = sorted(outcome.get("logins", []))
    if logins:
        print(
            f"  {len(logins)} typists logged in before the window, the slowest in "
            f"{logins[-1]:.1f} s (median {logins[len(logins) // 2]:.1f} s)"
        )
    cpu = outcome["cpu"]
    print(
        f"  CPU over the whole locust run ({outcome['wall']:.0f} s, logins included): "
        + ", ".join(f"{kind} {seconds:.1f} s" for kind, seconds in cpu.items())
        + f" = {sum(cpu.values()) / outcome['wall']:.2f} cores of {os.cpu_count()}"
    )
    probes = sorted(outcome.get("probes", []))
    if probes:
        median, p95 = probes[len(probes) // 2], probes[int(len(probes) * 0.95)]
        print(
            f"  a {speed.PROBE_ROWS:,}-row piece of Python (speed.py), timed each second "
            f"beside the load: median {median:.1f} ms, p95 {p95:.1f} ms, "
            f"slowest {probes[-1]:.1f} ms"
        )
    tally = outcome.get("tally", {})
    if tally:
        print("  " + ", ".join(f"{name} {count}" for name, count in sorted(tally.items())))
    for name, error, occurrences in outcome["failures"][:8]:
        print(f"  failure: {name}: {error} (x{occurrences})")


def print_knee(outcomes: list[dict], limit: float) -> None:
    print(f"\nknee (stops at the first step whose save p95 > {limit:.0f} ms)")
    print(
        f"  {'writers':>8}{'saves/s':>9}{'save p50':>10}{'save p95':>10}{'save p99':>10}"
        f"{'poll p95':>10}{'errors':>8}{'CPU cores':>11}"
    )
    for outcome in outcomes:
        save = outcome["stats"].get("save") or {"per_second": 0, "50": 0, "95": 0, "99": 0}
        poll = outcome["stats"].get("poll") or {"95": 0}
        errors = sum(row["failures"] for row in outcome["stats"].values())
        cores = sum(outcome["cpu"].values()) / outcome["wall"]
        print(
            f"  {outcome['writers']:>8}{save['per_second']:>9.1f}{save['50']:>10.0f}"
            f"{save['95']:>10.0f}{save['99']:>10.0f}{poll['95']:>10.0f}{errors:>8}"
            f"{cores:>11.2f}"
        )
    last, writers = outcomes[-1]["stats"].get("save"), outcomes[-1]["writers"]
    if not last or last["95"] <= limit:
        print(f"  not reached up to {writers} writers")
    elif len(outcomes) == 1:
        print(f"  the knee is at or below {writers} writers, the first step")
    else:
        before = outcomes[-2]["writers"]
        print(f"  the knee: between {before} writers (p95 ≤ {limit:.0f} ms) and {writers}")


def merge_ledgers(outcomes: list[dict]) -> dict:
    """One ledger over the knee's steps: each row's last confirmed line and the unsure lines
    after it, and its confirmed and unsure saves added up."""
    merged: dict[str, dict] = {}
    for outcome in outcomes:
        for key, entry in outcome["rows"].items():
            known = merged.setdefault(key, {"saved": None, "maybe": [], "saves": 0, "unsure": 0})
            if entry["saves"]:
                known.update(saved=entry["saved"], maybe=[])
            known["maybe"] = known["maybe"] + entry["maybe"]
            known["saves"] += entry["saves"]
            known["unsure"] += entry["unsure"]
    return merged


def shared_cache(url: str) -> str:
    """REDIS_URL for the server: `url` emptied first (no live page of an earlier run), or ""
    for 'none'."""
    if url == "none":
        return ""
    import redis

    try:
        redis.Redis.from_url(url, socket_timeout=5).flushdb()
    except redis.RedisError as error:
        raise SystemExit(
            f"no Redis at {url} ({error}): start it, or pass --redis-url none"
        ) from None
    return url


def main(argv=None):
    args = options(argv)
    folder = Path(tempfile.mkdtemp(prefix="clubscore-load-"))
    environment = {
        **os.environ, "DATABASE_URL": args.database_url, "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(40), "SECURE_COOKIES": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SETTINGS_MODULE": "benchmarks.load.load_settings",
        "CLUBSCORE_LOAD_STATIC_ROOT": str(folder / "static"),
        "PYTHONPATH": str(ROOT),
    }  # fmt: skip
    if args.front == "nginx":
        environment["BEHIND_PROXY"] = "1"  # as docker compose sets it behind nginx
    environment["REDIS_URL"] = shared_cache(args.redis_url)
    event, plan, before = prepare(args, environment)
    log = open(folder / "gunicorn.log", "w+")
    server, app_port, described = start_gunicorn(environment, log)
    try:
        with ExitStack() as stack:
            front, port = None, app_port
            if args.front == "nginx":
                front = stack.enter_context(local_nginx(app_port, folder / "nginx"))
                port = front.port
                described = (
                    f"nginx on 127.0.0.1:{port} with deploy/nginx's rules, in front of {described}"
                )
            cache = f"Redis {args.redis_url}" if environment["REDIS_URL"] else "each process's"
            print(f"{described}, DEBUG off; PostgreSQL {args.database_url}; cache: {cache}")
            print(
                f"typists think {0.5 * args.think:g}-{1.5 * args.think:g} s between saves; "
                "viewers poll a board's page (its results and standings) every second; "
                f"{args.duration} s a run; logs in {folder}"
            )
            before_ms = speed.task_ms()
            outcomes = run_scenario(args, server, front, port, plan, folder)
            print(
                f"\nPython: {speed.interpreter()}; a fixed piece of Python "
                f"(benchmarks/load/speed.py) took {before_ms:.1f} ms before the load and "
                f"{speed.task_ms():.1f} ms after it"
            )
    finally:
        stop(server)
        log.close()
    return finish(event, outcomes, before, folder, faults=args.terminate_every > 0)


def run_scenario(args, server, front, port: int, plan: dict, folder: Path) -> list[dict]:
    """The scenario's locust run, or the knee's steps until the save p95 passes the limit."""
    if args.scenario != "knee":
        outcome = run_locust(
            args, server, front, port, plan, len(plan["typists"]), folder, args.scenario
        )
        print_table(
            f"{args.scenario}: {len(plan['typists'])} typing tables, "
            f"{args.viewers} viewers, {args.duration} s",
            outcome,
        )
        return [outcome]
    outcomes = []
    for writers in args.steps:
        outcome = run_locust(args, server, front, port, plan, writers, folder, f"{writers}w")
        outcome["writers"] = writers
        outcomes.append(outcome)
        print_table(f"knee step: {writers} writers, {args.viewers} viewers", outcome)
        save = outcome["stats"].get("save")
        if save and save["95"] > args.knee_ms:
            break
    print_knee(outcomes, args.knee_ms)
    return outcomes


def failed_requests(outcomes: list[dict], faults: bool = False) -> list[str]:
    """What makes a run fail besides its integrity: any request that failed, or no save at
    all (a load that stored nothing proves nothing). With faults, requests caught by them
    may fail, but the app must recover by itself: saves confirmed after the last fault."""
    if faults:
        tally = outcomes[-1].get("tally", {})
        if not tally.get("connection faults"):
            return ["no fault happened within the window"]
        if not tally.get("saves confirmed since the last fault"):
            return ["no save was confirmed after the last fault"]
        return []
    problems = [
        f"{row['failures']} {name} requests failed ({label})"
        for outcome in outcomes
        for name, row in outcome["stats"].items()
        if row["failures"]
        for label in [f"{outcome['writers']} writers" if "writers" in outcome else "the run"]
    ]
    if not any(outcome["stats"].get("save", {}).get("requests") for outcome in outcomes):
        problems.append("no save was made")
    return problems


def finish(event, outcomes, before, folder, faults=False) -> int:
    """The integrity checks of everything the runs stored; 0 when all pass and no request
    failed."""
    from benchmarks.load import integrity

    report = integrity.check(event, merge_ledgers(outcomes), before)
    checked = ", ".join(f"{name} {count}" for name, count in report.checked.items())
    print(f"\nintegrity: {'OK' if report.ok else 'FAILED'} ({checked})")
    for problem in report.problems[:20]:
        print(f"  - {problem}")
    if len(report.problems) > 20:
        print(f"  … and {len(report.problems) - 20} more")
    failures = failed_requests(outcomes, faults)
    for failure in failures:
        print(f"FAILED: {failure}")
    shutil.rmtree(folder / "static", ignore_errors=True)
    return 0 if report.ok and not failures else 1


if __name__ == "__main__":
    sys.exit(main())
