"""What a session's PDFs cost: the first render of each, its peak memory, and serving it made.

Builds a throw-away test database (SQLite, or PostgreSQL when DATABASE_URL is set) with two
imported sessions, every board played at every table and every player named: 15 tables × 27
boards and 40 tables × 36 boards, each board dealt (a fixed shuffle) and solved double dummy,
so the travellers and the hand records carry hand diagrams, makeable contracts and par.

Each PDF is made as the background worker makes it (events.pdfs.store.render) in a fresh Python
process of its own, the first render of that process: its wall-clock and CPU seconds, and its
peak resident memory (ru_maxrss) less what the process held before the render (Django,
WeasyPrint and the fonts loaded). Then serving a stored PDF is timed through Django's test
client, as an anonymous reader of the published session: median, 95th percentile and worst of
RUNS requests (default 50). DEBUG is off, as on a server. The machine's load average is printed:
on a shared machine the wall-clock time is the CPU time times how many processes share a core.

    .venv/bin/python benchmarks/pdfs.py [RUNS]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/clubscore_bench \\
        .venv/bin/python benchmarks/pdfs.py
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402

SESSIONS = [(15, 27), (40, 36)]
KINDS = ["travellers", "hand-records", "score-cards", "recap", "standings"]


def build(tables: int, boards: int):
    """A published session of `tables` × `boards`, dealt and solved double dummy."""
    from events.handrecords.dd import dd_tables
    from events.handrecords.jobs import _store
    from events.handrecords.stats import random_deals
    from events.models import Board, Club
    from tests.big_session import make_big_session

    club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench club"})
    event = make_big_session(club, tables, boards, name=f"{tables} × {boards}")
    dealt = list(Board.objects.filter(section__event=event).order_by("number"))
    for board, deal in zip(dealt, random_deals(len(dealt), seed=tables), strict=True):
        board.deal = deal
    Board.objects.bulk_update(dealt, ["deal"])
    _store(dealt, dict(zip([b.deal for b in dealt], dd_tables([b.deal for b in dealt]))))
    return event


def render_in_child(database_url: str, pdf_id: int) -> dict:
    """Runs this script's --render in a new process; its figures."""
    env = {**os.environ, "DATABASE_URL": database_url}  # DEBUG is turned off in the child too
    done = subprocess.run(
        [sys.executable, __file__, "--render", str(pdf_id)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode:
        raise RuntimeError(f"the render failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def render_here(pdf_id: int) -> None:
    """The child: the render of a worker's first PDF, then of the next version (a worker that
    has made PDFs before: templates compiled, fonts loaded)."""
    import weasyprint  # noqa: F401 - imported before the render, as in a running worker

    from events.core.live import touch
    from events.models import SessionPdf
    from events.pdfs import store as pdf_store

    figures = {}
    for render in ("first", "next"):
        before = _reset_peak_memory()
        wall, cpu = time.perf_counter(), time.process_time()
        pdf_store.render(pdf_id)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        pdf = SessionPdf.objects.select_related("event").get(pk=pdf_id)
        assert pdf.state == SessionPdf.IDLE and pdf.content, (pdf.state, pdf.error)
        figures[render] = {"wall": wall, "cpu": cpu, "peak_mb": _peak_memory(),
                           "render_mb": _peak_memory() - before}  # fmt: skip
        if render == "first":
            touch(pdf.event)  # a result changed: the next version to make
            next_version = pdf.event.version + 1
            queued = {"state": SessionPdf.QUEUED, "wanted_version": next_version}
            SessionPdf.objects.filter(pk=pdf_id).update(**queued)
    figures.update(pages=pdf.pages, kb=len(pdf.content) / 1024)
    print(json.dumps(figures))


def _reset_peak_memory() -> float:
    """Starts the process's peak resident memory (VmHWM) again from now; returns the memory
    it holds now, in MB. Linux only (/proc/self/clear_refs, 5)."""
    with open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")
    return _status_mb("VmRSS")


def _peak_memory() -> float:
    return _status_mb("VmHWM")


def _status_mb(field: str) -> float:
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith(field + ":"))
    return int(line.split()[1]) / 1024


def child_database_url(test_name: str) -> str:
    if connection.vendor == "sqlite":
        return f"sqlite:///{test_name}"
    url = os.environ["DATABASE_URL"]
    return url[: url.rindex("/") + 1] + test_name


def serve_times(event, kind: str, runs: int) -> list[float]:
    from django.test import Client
    from django.urls import reverse

    names = {"travellers": "session_travellers_pdf", "score-cards": "score_cards_pdf",
             "recap": "session_recap_pdf", "standings": "session_standings_pdf",
             "hand-records": "hand_record_sheet_pdf"}  # fmt: skip
    url = reverse(names[kind], args=[event.pk])
    client = Client()
    timings = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        response = client.get(url)
        timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return timings[1:]  # the first opened the connection


def main(runs: int, test_name: str) -> None:
    from events.models import SessionPdf
    from events.pdfs import store as pdf_store

    print(
        f"PDFs, {connection.vendor}, {os.cpu_count()} cores, load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} at the start"
    )
    sessions = []
    for tables, boards in SESSIONS:
        start = time.perf_counter()
        sessions.append(build(tables, boards))
        took = time.perf_counter() - start
        print(f"  built {tables} × {boards} with hand records in {took:.0f} s")
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    print("\nEach PDF (A4), made as the worker makes it, in a fresh process: its first render,")
    print("then the next version's (the worker warm); seconds, and the render's peak memory")
    print("above what the process held before it, MB (the whole process's peak in brackets):")
    print(
        f"  {'session':<9} {'PDF':<13} {'pages':>5} {'KB':>4}   {'first: wall':>11} {'CPU':>5} "
        f"{'MB':>10}   {'next: wall':>10} {'CPU':>5} {'MB':>10}"
    )
    for event in sessions:
        for kind in KINDS:
            pdf = SessionPdf.objects.create(
                event=event, kind=kind, paper="a4", state="queued", wanted_version=event.version
            )
            got = render_in_child(child_database_url(test_name), pdf.pk)
            first, again = got["first"], got["next"]
            print(
                f"  {event.name:<9} {kind:<13} {got['pages']:5d} {got['kb']:4.0f}   "
                f"{first['wall']:11.2f} {first['cpu']:5.2f} "
                f"{first['render_mb']:4.0f} ({first['peak_mb']:3.0f})   "
                f"{again['wall']:10.2f} {again['cpu']:5.2f} "
                f"{again['render_mb']:4.0f} ({again['peak_mb']:3.0f})"
            )
            event.refresh_from_db()
    for event in sessions:
        # The renders of the other PDFs moved the version on (with no change in what it
        # shows): the stored files are the session as it is.
        event.refresh_from_db()
        SessionPdf.objects.filter(event=event).update(version=event.version)
    print(f"\nServing a stored PDF, anonymous reader, {runs} requests, ms:")
    print(f"  {'session':<9} {'PDF':<13} {'median':>7} {'p95':>7} {'worst':>7}")
    for event in sessions:
        for kind in ("travellers", "score-cards"):
            assert pdf_store.stored(event, kind, "a4", event.version)
            timings = sorted(serve_times(event, kind, runs))
            p95 = timings[min(len(timings) - 1, int(0.95 * len(timings)))]
            print(
                f"  {event.name:<9} {kind:<13} {statistics.median(timings):7.1f} {p95:7.1f} "
                f"{timings[-1]:7.1f}"
            )
    print(f"\nload average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")


if __name__ == "__main__":
    settings.DEBUG = False  # as on a server: no template debugging, no query log
    if sys.argv[1:2] == ["--render"]:
        render_here(int(sys.argv[2]))
        sys.exit()
    if connection.vendor == "sqlite":  # a file, so that the render's own process can open it
        folder = tempfile.mkdtemp(prefix="clubscore-pdfs-")
        # Django fills the TEST defaults in once, at start: keep them, change only the name.
        settings.DATABASES["default"]["TEST"]["NAME"] = f"{folder}/bench.sqlite3"
    old_name = connection.creation.create_test_db(verbosity=0, serialize=False)
    test_name = connection.settings_dict["NAME"]
    try:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 50, test_name)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
