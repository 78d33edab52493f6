"""Live pages under many viewers: what an idle poll costs, and how soon a new result shows.

Builds a throw-away database (an SQLite file in a temporary directory, or a PostgreSQL test
database when DATABASE_URL is set, vacuumed and analysed after loading) holding the 40-table,
36-board session of benchmarks/results_pages.py, and starts gunicorn from this virtualenv on
127.0.0.1 (WORKERS sync workers, DEBUG off). Then, for each viewer count, as many threads
poll as open pages do (htmx: GET <page>?since=<version> with HX-Request, every second), each
on one page: standings, recap, all travellers, a score card (a different pair's), in turn.

1. Idle (--idle seconds, default 10): every answer should be 204. Prints polls a second,
   the median and 95th percentile latency, and the CPU the server used for them (gunicorn's
   processes; on PostgreSQL also the database's backends for this database).
2. One result is corrected (board 1, NS 1, as a director's save does it), and each viewer's
   next poll should be a 200 with the new page, at most a polling interval plus a render
   later. Prints how long after the save the last viewer had it (and the median and 95th
   percentile over viewers, and the slowest viewer of each page), and what those 200 answers
   cost.

With `--front nginx` the viewers poll through nginx with deploy/nginx's rules, whose cache
keeps each anonymous answer for a second (whole seconds, so up to two).

Everything is bounded: a viewer stops 15 s after the save at the latest, then the server is
stopped and the database removed. Loopback only; nothing else is started.

    .venv/bin/python benchmarks/live_polls.py                 # 50 and 200 viewers, SQLite
    .venv/bin/python benchmarks/live_polls.py --viewers 100 --workers 4 --pages standings
    .venv/bin/python benchmarks/live_polls.py --front nginx --pages board,standings
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/clubscore_bench \\
        .venv/bin/python benchmarks/live_polls.py
"""

import argparse
import contextlib
import http.client
import os
import random
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
TEMPORARY = Path(tempfile.mkdtemp(prefix="clubscore-live-"))
if not os.environ.get("DATABASE_URL"):
    os.environ["DATABASE_URL"] = f"sqlite:///{TEMPORARY / 'live.sqlite3'}"

import django  # noqa: E402

from benchmarks.load.front import local_nginx  # noqa: E402
from benchmarks.load.front import stop as stop_process  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402

TABLES, BOARDS = 40, 36
INTERVAL = 1.0  # htmx: hx-trigger="every 1s"
AFTER_SAVE = 15.0  # the longest a viewer waits for the new page
SINCE = re.compile(rb"since=(\d+)")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(port: int, path: str, htmx=True) -> tuple[int, bytes]:
    link = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        link.request("GET", path, headers={"HX-Request": "true"} if htmx else {})
        response = link.getresponse()
        return response.status, response.read()
    finally:
        link.close()


def cpu_seconds(pids: dict[int, str]) -> dict[int, tuple[str, float]]:
    """(kind, user + system CPU seconds) of each process still running, from /proc."""
    seconds = {}
    for pid, kind in pids.items():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        seconds[pid] = kind, (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return seconds


def server_pids(master: int, database: str | None) -> dict[int, str]:
    """gunicorn's master and workers, and the PostgreSQL backends serving `database`."""
    pids = {master: "gunicorn"}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if parent == master:
            pids[int(entry.name)] = "gunicorn"
        elif database and command.startswith("postgres:") and f" {database} " in command:
            pids[int(entry.name)] = "postgres"
    return pids


def used(before: dict, after: dict, kind=None) -> float:
    """CPU seconds the processes (of one kind) used between two readings."""
    return sum(
        seconds - before.get(pid, (k, 0.0))[1]
        for pid, (k, seconds) in after.items()
        if kind in (None, k)
    )


class Viewer(threading.Thread):
    """One open page: polls every second with the version it shows, swaps in a 200."""

    def __init__(self, port, page, path, version, first_poll, stop):
        super().__init__(daemon=True)
        self.port, self.page, self.path, self.version = port, page, path, version
        self.next_poll, self.stop = first_poll, stop
        self.polls: list[tuple[float, float, int]] = []  # (sent, answered, status)
        self.errors = 0
        self.refreshed_at: float | None = None

    def run(self):
        while not self.stop.is_set():
            delay = self.next_poll - time.perf_counter()
            if delay > 0 and self.stop.wait(delay):
                break
            sent = time.perf_counter()
            try:
                status, body = get(self.port, f"{self.path}?since={self.version}")
            except OSError:
                self.errors += 1
                status, body = 0, b""
            answered = time.perf_counter()
            self.polls.append((sent, answered, status))
            if status == 200:
                self.version = int(SINCE.search(body).group(1))
                if self.refreshed_at is None:
                    self.refreshed_at = answered
            # The next tick a second after this one; straight away if this poll overran it.
            self.next_poll = max(self.next_poll + INTERVAL, answered)


def build():
    from events.models import Club, Pair
    from tests.big_session import make_big_session

    club = Club.objects.create(name="Live club", slug="live")
    event = make_big_session(club, TABLES, BOARDS)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    pairs = list(Pair.objects.filter(section__event=event).order_by("direction", "number"))
    return event, pairs


def paths(event, pairs, pages: list[str], count: int) -> list[tuple[str, str]]:
    """(page, path) for each of `count` viewers, the pages in turn."""
    fixed = {
        "standings": f"/sessions/{event.pk}/",
        "recap": f"/sessions/{event.pk}/recap/",
        "travellers": f"/sessions/{event.pk}/travellers/",
        "board-standings": f"/sessions/{event.pk}/standings/",  # beside a board's traveller
    }
    chosen = []
    for index in range(count):
        page = pages[index % len(pages)]
        if page == "card":
            chosen.append((page, f"/sessions/{event.pk}/pairs/{pairs[index % len(pairs)].pk}/"))
        elif page == "board":  # board 1's page, where the result is saved
            board = event.sections.get().boards.get(number=1)
            chosen.append((page, f"/boards/{board.pk}/"))
        else:
            chosen.append((page, fixed[page]))
    return chosen


def start_server(workers: int, database_url: str, log) -> tuple[subprocess.Popen, int]:
    port = free_port()
    environment = {
        **os.environ, "DATABASE_URL": database_url, "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(40), "DJANGO_SETTINGS_MODULE": "clubscore.settings",
    }  # fmt: skip
    command = [
        str(Path(sys.executable).parent / "gunicorn"),
        "clubscore.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--chdir",
        str(ROOT),
        "--timeout",
        "60",
        "--log-level",
        "warning",
    ]
    server = subprocess.Popen(command, env=environment, stdout=log, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped: see {log.name}")
        try:
            get(port, "/", htmx=False)
            return server, port
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise RuntimeError("gunicorn did not answer within 30 s")


def warm_up(port, chosen, workers):
    """Every worker renders every kind of page once (templates compiled, connection open)."""
    kinds = list(dict(chosen).items())

    def read_all():
        for _, path in kinds:
            get(port, f"{path}?since=-1")

    threads = [threading.Thread(target=read_all) for _ in range(2 * workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def run(port, event, pairs, pages, count, idle, pids_of):
    from events.entry.saving import save_result
    from events.models import Board, Event, Pair

    version = Event.objects.get(pk=event.pk).version
    stop = threading.Event()
    start = time.perf_counter() + 0.5
    viewers = [
        Viewer(port, page, path, version, start + random.random() * INTERVAL, stop)
        for page, path in paths(event, pairs, pages, count)
    ]
    for viewer in viewers:
        viewer.start()
    # Phase 1: idle, after every viewer's first poll.
    idle_from = start + INTERVAL
    time.sleep(max(0.0, idle_from - time.perf_counter()))
    cpu_before, client_before = cpu_seconds(pids_of()), time.process_time()
    time.sleep(idle)
    idle_to = time.perf_counter()
    cpu_after, client_after = cpu_seconds(pids_of()), time.process_time()
    # Phase 2: one result corrected.
    board = Board.objects.get(section__event=event, number=1)
    ns = Pair.objects.get(section__event=event, direction="NS", number=1)
    ew = Pair.objects.get(section__event=event, direction="EW", number=3)  # (1 + 1) % 40 + 1
    current = board.results.get(ns_pair=ns).text
    save_result(board, ns, ew, "4S N +1" if current != "4S N +1" else "4S N =", None, override=True)
    saved = time.perf_counter()
    deadline = saved + AFTER_SAVE
    while time.perf_counter() < deadline and any(v.refreshed_at is None for v in viewers):
        time.sleep(0.05)
    settled = time.perf_counter()
    cpu_settled = cpu_seconds(pids_of())
    stop.set()
    for viewer in viewers:
        viewer.join(timeout=25)

    seconds = idle_to - idle_from
    quiet = [
        (answered - sent, status)
        for v in viewers
        for sent, answered, status in v.polls
        if idle_from <= sent and answered <= idle_to
    ]
    not_204 = sum(1 for _, status in quiet if status != 204)
    errors = sum(v.errors for v in viewers)
    server_cpu = used(cpu_before, cpu_after)
    print(
        f"  {count} viewers, idle {seconds:.1f} s: {len(quiet) / seconds:.1f} polls/s, "
        f"{not_204} not 204, {errors} errors; latency {spread([1000 * t for t, _ in quiet])}"
    )
    postgres = used(cpu_before, cpu_after, "postgres")
    print(
        f"      server CPU {100 * server_cpu / seconds:.1f}% of a core, "
        f"{1000 * server_cpu / max(1, len(quiet)):.2f} ms a poll"
        + (f" (PostgreSQL {1000 * postgres / max(1, len(quiet)):.2f} ms)" if postgres else "")
        + f"; the viewers' threads {100 * (client_after - client_before) / seconds:.0f}%"
    )
    delays = {v: v.refreshed_at - saved for v in viewers if v.refreshed_at is not None}
    if not delays:
        print(f"      one result saved: no viewer had it within {AFTER_SAVE:.0f} s")
        return
    missing = count - len(delays)
    slowest = {}
    for viewer, delay in delays.items():
        slowest[viewer.page] = max(slowest.get(viewer.page, 0.0), delay)
    renders = [
        1000 * (answered - sent)
        for v in viewers
        for sent, answered, status in v.polls
        if status == 200 and sent >= saved - INTERVAL
    ]
    print(
        f"      one result saved: every viewer had it after {max(delays.values()):.2f} s "
        f"({spread(delays.values(), 's', 2)})"
        + (f"; {missing} never within {AFTER_SAVE:.0f} s" if missing else "")
    )
    print("      slowest by page: " + ", ".join(f"{p} {d:.2f} s" for p, d in slowest.items()))
    print(
        f"      the {len(renders)} answers with the new page: {spread(renders)}; "
        f"server CPU {used(cpu_after, cpu_settled):.2f} s in {settled - saved:.2f} s"
    )


def spread(values, unit="ms", places=1) -> str:
    values = list(values)
    return (
        f"median {statistics.median(values):.{places}f} {unit}, "
        f"p95 {percentile(values, 0.95):.{places}f} {unit}, "
        f"max {max(values):.{places}f} {unit}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--viewers", default="50,200", help="viewer counts, e.g. 50,200")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn sync workers (2-4)")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle polling")
    parser.add_argument(
        "--pages",
        default="standings,recap,travellers,card",
        help="pages the viewers hold open, in turn "
        "(standings, recap, travellers, card, board, "
        "board-standings)",
    )
    parser.add_argument(
        "--front",
        choices=["none", "nginx"],
        default="none",
        help="nginx with deploy/nginx's rules in front (its one-second cache "
        "of the viewers' polls), as docker compose runs it",
    )
    options = parser.parse_args()
    counts = [int(n) for n in options.viewers.split(",")]
    pages = options.pages.split(",")
    workers = min(max(options.workers, 1), 8)

    settings.DEBUG = False
    if connection.vendor == "sqlite":  # a file, so that the server sees it too
        connection.settings_dict["TEST"]["NAME"] = str(TEMPORARY / "live-test.sqlite3")
    old_name = connection.creation.create_test_db(verbosity=0, serialize=False)
    server = None
    log = open(TEMPORARY / "gunicorn.log", "w+")
    try:
        name = connection.settings_dict["NAME"]
        if connection.vendor == "sqlite":
            url, database = f"sqlite:///{name}", None
        else:
            parts = urlsplit(os.environ["DATABASE_URL"])
            url, database = urlunsplit(parts._replace(path=f"/{name}")), name
        began = time.perf_counter()
        event, pairs = build()
        built = time.perf_counter() - began
        print(
            f"{TABLES} tables × {BOARDS} boards ({connection.vendor}, built in {built:.0f} s); "
            f"gunicorn, {workers} sync workers, DEBUG off; viewers poll every "
            f"{INTERVAL:.0f} s on: {', '.join(pages)}, in turn"
        )
        connection.close()  # the server's workers take over; the save reconnects
        server, port = start_server(workers, url, log)
        warm_up(port, paths(event, pairs, pages, len(pages) * 2), workers)
        with contextlib.ExitStack() as fronts:
            if options.front == "nginx":
                port = fronts.enter_context(local_nginx(port, TEMPORARY / "nginx")).port
                print(f"nginx in front on port {port}")
            for count in counts:
                run(
                    port,
                    event,
                    pairs,
                    pages,
                    count,
                    options.idle,
                    lambda: server_pids(server.pid, database),
                )
    finally:
        if server is not None:
            stop_process(server, seconds=15)
        log.close()
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)
        shutil.rmtree(TEMPORARY, ignore_errors=True)


if __name__ == "__main__":
    main()
