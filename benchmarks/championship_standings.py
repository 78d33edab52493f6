"""How fast a championship's combined standings render: four sessions of three 13-table
sections (78 pairs a session, 26 boards, every board at every table of its section: 1,014
results a session), the same 78 pairs named alike in each, so 78 entrants.

Builds a throw-away test database (SQLite, or PostgreSQL when DATABASE_URL is set), imports
the four sessions as travellers CSV, makes the championship (entrants matched by names) and
times through django.test.Client, as an anonymous reader of the published sessions: the page
cold (the scoring cache and the shared cache emptied, so every session is scored in the
request), warm (sessions scored, the page built again), the live poll of an unchanged
championship, and the PDF. Prints median, 95th percentile and best of RUNS requests (default
10) and the queries each makes. No figure is asserted: compare them between machines and
releases.

    .venv/bin/python benchmarks/championship_standings.py [RUNS]
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402
from page_timing import (  # noqa: E402
    print_timings,
    run_in_throwaway_database,
    timed,
    vacuum_analyze,
)

SESSIONS, SECTIONS, TABLES, BOARDS = 4, "ABC", 13, 26


def sections_csv(seed: int) -> str:
    """SECTIONS sections of TABLES tables, each its own field of the big session's lines."""
    from tests.big_session import HEADER, travellers_csv

    lines = []
    for offset, section in enumerate(SECTIONS):
        body = travellers_csv(TABLES, BOARDS, seed + offset).removeprefix(HEADER)
        lines += [f"{section},{line}" for line in body.splitlines()]
    return f"section,{HEADER}" + "\n".join(lines) + "\n"


def build():
    from events.championships.setup import create_championship
    from events.models import Club, Pair
    from events.sessions.importing import import_travellers

    club = Club.objects.create(name="Bench club", slug="bench")
    events = []
    for number in range(1, SESSIONS + 1):
        event = import_travellers(
            sections_csv(10 * number), club=club, name=f"Session {number}", publish=True
        )
        pairs = list(Pair.objects.filter(section__event=event).select_related("section"))
        for pair in pairs:
            tag = f"{pair.section.name}{pair.direction}{pair.number}"
            pair.player1, pair.player2 = f"Ann {tag} Example", f"Bob {tag} Sample"
        Pair.objects.bulk_update(pairs, ["player1", "player2"])
        events.append(event)
    return create_championship(club, "Bench championship", events, "factored", "zero")


def main(runs):
    from events.championships.standings import live_subject
    from events.standings import scorer

    start = time.perf_counter()
    championship = build()
    built = time.perf_counter() - start
    vacuum_analyze()
    url = reverse("championship_detail", args=[championship.pk])
    since = live_subject(championship).version

    def cold():
        scorer._CACHE.clear()
        cache.clear()

    client = Client()
    client.get(url)  # templates compiled, connection open
    rows = [
        ("page, cold", *timed(client, url, runs, before=cold)),
        ("page, warm", *timed(client, url, runs)),
        ("poll, unchanged", *timed(client, f"{url}?since={since}", runs, HX_Request="true")),
        ("PDF (A4), warm", *timed(client, reverse("championship_pdf", args=[championship.pk]),
                                  max(1, runs // 5))),
    ]  # fmt: skip
    print(
        f"{SESSIONS} sessions × {len(SECTIONS)} sections × {TABLES} tables, {BOARDS} boards, "
        f"{championship.entrants.count()} entrants, {connection.vendor}; built in {built:.1f} s"
    )
    print_timings(rows, width=16)


if __name__ == "__main__":
    run_in_throwaway_database(main)
