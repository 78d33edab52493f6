"""What the page benchmarks share: timing requests with their queries, printing the figures,
and running in a throw-away test database (SQLite, or PostgreSQL when DATABASE_URL is set).
Import it after django.setup()."""

import statistics
import sys
import time

from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timed(client, url, runs, before=None, **headers):
    """Milliseconds of each of `runs` GETs (`before()` run ahead of each, untimed) and the
    queries of the last."""
    timings = []
    for _ in range(runs):
        if before:
            before()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url, headers=headers)
            timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code in (200, 204), (url, response.status_code)
    return timings, len(captured)


def print_timings(rows, width=18):
    """(name, timings, queries) a row: median, 95th percentile, best, queries."""
    print(f"  {'request':<{width}} {'median':>8} {'p95':>8} {'min':>8}  queries   (ms)")
    for name, timings, queries in rows:
        print(
            f"  {name:<{width}} {statistics.median(timings):8.1f} "
            f"{percentile(timings, 0.95):8.1f} {min(timings):8.1f}  {queries:>7}"
        )


def vacuum_analyze():
    """PostgreSQL's statistics brought up to date after the build (these machines run it with
    autovacuum off: without this the planner's figures, and so the timings, mislead)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


def run_in_throwaway_database(main):
    """main(RUNS), RUNS the first argument (default 10), in a test database made for it."""
    settings.DEBUG = False  # as on a server: no template debugging, no query log
    old_name = connection.creation.create_test_db(verbosity=0, serialize=False)
    try:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
