"""How fast the results pages render for a big session, the readers' view of speed.

Builds a throw-away test database (SQLite, or PostgreSQL when DATABASE_URL is set; there it
runs VACUUM ANALYZE after loading, as autovacuum may not have run yet), imports a 40-table,
36-board session with every board played at every table (1,440 results, every pair named;
the movements stop at 30 tables, so it comes from a travellers CSV), and times each page
through django.test.Client as an anonymous reader of the published session: cold (the
scoring cache emptied, so the request scores the session) and warm. DEBUG is off, as on a
server. Prints median, 95th percentile and best of RUNS requests (default 20; the best is
the figure to compare on a busy machine) and the queries each page makes.

    .venv/bin/python benchmarks/results_pages.py [RUNS]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/clubscore_bench \\
        .venv/bin/python benchmarks/results_pages.py
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

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

TABLES, BOARDS = 40, 36


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timed(client, url, runs, before=None):
    """Milliseconds of each of `runs` requests, and the queries the last one made."""
    timings = []
    for _ in range(runs):
        if before:
            before()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return timings, len(captured), len(response.content)


def main(runs):
    from events.models import Club, Pair
    from events.standings import scorer
    from tests.big_session import make_big_session

    club = Club.objects.create(name="Bench club", slug="bench")
    start = time.perf_counter()
    event = make_big_session(club, TABLES, BOARDS)
    loaded = time.perf_counter() - start
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    pair = Pair.objects.filter(section__event=event, direction="NS", number=1).get()
    pages = [
        ("standings", reverse("session_detail", args=[event.pk])),
        ("recap", reverse("session_recap", args=[event.pk])),
        ("all travellers", reverse("session_travellers", args=[event.pk])),
        ("a score card", reverse("score_card", args=[event.pk, pair.pk])),
        ("all score cards", reverse("score_cards", args=[event.pk])),
    ]
    print(
        f"{TABLES} tables × {BOARDS} boards, {TABLES * BOARDS} results, {connection.vendor}, "
        f"imported in {loaded:.1f} s; {runs} requests a page, anonymous reader, ms:"
    )
    print(
        f"  {'page':<16} {'cold median':>11} {'p95':>7} {'min':>6} {'warm median':>12} "
        f"{'p95':>7} {'min':>6}   queries cold/warm   size"
    )
    client = Client()
    for name, url in pages:
        client.get(url)  # templates compiled, connection open
        cold, cold_queries, _ = timed(client, url, runs, before=scorer._CACHE.clear)
        warm, warm_queries, size = timed(client, url, runs)
        print(
            f"  {name:<16} {statistics.median(cold):11.1f} {percentile(cold, 0.95):7.1f} "
            f"{min(cold):6.1f} {statistics.median(warm):12.1f} {percentile(warm, 0.95):7.1f} "
            f"{min(warm):6.1f}   {cold_queries:>7}/{warm_queries:<11} {size / 1024:5.0f} KB"
        )


if __name__ == "__main__":
    settings.DEBUG = False  # as on a server: no template debugging, no query log
    old_name = connection.creation.create_test_db(verbosity=0, serialize=False)
    try:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
