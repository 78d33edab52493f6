"""Save latency and queries per save, the director's view of speed.

Builds a throw-away test database (SQLite, or PostgreSQL when DATABASE_URL is set), sets up a
Mitchell, and enters every result twice over: once through events.entry.saving.save_result (the
transaction: lock, validate, store, rescore) and once through the HTMX traveller view (the
same plus the rows and live standings it sends back). Prints median and 95th percentile.

    .venv/bin/python benchmarks/save_latency.py [TABLES]
"""

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")

import django  # noqa: E402

django.setup()

from django.db import connection, reset_queries  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

LINES = ["4S N =", "4S N +1", "3NTX S -2", "4H E 11", "PASS", "-100", "5DX W -3", "2NT S +1"]


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(name, timings, queries):
    print(
        f"  {name:<28} median {statistics.median(timings):6.1f} ms   "
        f"p95 {percentile(timings, 0.95):6.1f} ms   queries/save {min(queries)}-{max(queries)}"
    )


def main(tables):
    from events.entry.saving import save_result
    from events.models import Board, Club
    from events.sessions.setup import create_session
    from tests.factories import make_user

    director = make_user(username="bench-director")
    club = Club.objects.create(name="Bench club", slug="bench")
    club.directors.add(director)

    def new_session(name):
        return create_session(
            club=club,
            name=name,
            date="2026-11-22",
            scoring_method="matchpoints",
            movement="mitchell",
            tables=tables,
            boards_per_round=2,
        )

    def plays(event):
        section = event.sections.get()
        pairs = {p.key: p for p in section.pairs.all()}
        movement = section.movement()
        for board in Board.objects.filter(section=section).select_related("section__event"):
            for index, s in enumerate(movement.plays_of_board(board.number)):
                yield board, pairs[s.ns], pairs[s.ew], LINES[(board.number + index) % len(LINES)]

    timings, queries = [], []
    for board, ns, ew, line in plays(new_session("service")):
        reset_queries()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            save_result(board, ns, ew, line, director)
            timings.append((time.perf_counter() - start) * 1000)
        queries.append(len(captured))
    print(f"{tables}-table Mitchell, {len(timings)} results, {connection.vendor}:")
    report("save_result (service)", timings, queries)

    client = Client()
    client.force_login(director)
    timings, queries = [], []
    for board, ns, ew, line in plays(new_session("view")):
        data = {"board": board.pk, "ns": ns.pk, "ew": ew.pk, "text": line}
        reset_queries()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.post(f"/boards/{board.pk}/", data, HTTP_HX_REQUEST="true")
            timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200 and b"has-error" not in response.content
        queries.append(len(captured))
    report("HTMX save (view + render)", timings, queries)


if __name__ == "__main__":
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
