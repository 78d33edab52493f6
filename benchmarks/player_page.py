"""How fast a member's page renders: a club of 40 sessions of 30 pairs (15 tables, 24 boards,
every board at every table: 360 results a session), the member in one pair of every session
(960 boards of theirs), with four partners in turn, all within the last twelve months.

Builds a throw-away test database (SQLite, or PostgreSQL when DATABASE_URL is set), imports
the sessions as travellers CSV and times the page through django.test.Client as an anonymous
reader: cold (the stored standings and every cache emptied, so each session is scored again
in the request and its standings stored) and warm (the stored standings read in one query).
Prints median, 95th percentile and best of RUNS requests (default 10) and the queries each
makes. No figure is asserted: compare them between machines and releases.

    .venv/bin/python benchmarks/player_page.py [RUNS]
"""

import datetime
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")

import django  # noqa: E402
import lxml.html  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402
from page_timing import (  # noqa: E402
    print_timings,
    run_in_throwaway_database,
    timed,
    vacuum_analyze,
)

SESSIONS, TABLES, BOARDS = 40, 15, 24
PARTNERS = ["Bob Partner", "Cath Partner", "Dan Partner", "Eve Partner"]


def build():
    from events.models import Club, Event, Member, Pair
    from events.sessions.importing import import_travellers
    from tests.big_session import travellers_csv

    club = Club.objects.create(name="Bench club", slug="bench")
    today = timezone.localdate()
    for number in range(SESSIONS):
        event = import_travellers(
            travellers_csv(TABLES, BOARDS, seed=number), club=club, name=f"Session {number + 1}",
            publish=True,
        )  # fmt: skip
        # A session a week, the latest eight days ago: all within the last twelve months.
        day = today - datetime.timedelta(days=8 + 7 * (SESSIONS - 1 - number))
        Event.objects.filter(pk=event.pk).update(date=day)
        pairs = list(Pair.objects.filter(section__event=event))
        for pair in pairs:
            pair.player1 = f"Player {pair.direction}{pair.number} {number}"
            pair.player2 = f"Partner {pair.direction}{pair.number} {number}"
        ns1 = next(pair for pair in pairs if (pair.direction, pair.number) == ("NS", 1))
        ns1.player1, ns1.player2 = "Ann Player", PARTNERS[number % len(PARTNERS)]
        Pair.objects.bulk_update(pairs, ["player1", "player2"])
    Member.objects.bulk_create([Member(club=club, name=name) for name in ["Ann Player", *PARTNERS]])
    return Member.objects.get(club=club, name="Ann Player")


def main(runs):
    from events.models import StoredStanding
    from events.standings import scorer

    start = time.perf_counter()
    member = build()
    built = time.perf_counter() - start
    vacuum_analyze()
    url = reverse("player_page", args=[member.club.slug, member.pk])

    def cold():
        StoredStanding.objects.all().delete()
        scorer._CACHE.clear()
        cache.clear()

    client = Client()
    client.get(url)  # templates compiled, connection open
    cold_timings, cold_queries = timed(client, url, max(1, runs // 2), before=cold)
    warm_timings, warm_queries = timed(client, url, runs)
    response = client.get(url)
    shown = lxml.html.fromstring(response.content)
    rows = len(shown.xpath('//table[contains(@class, "player-sessions")]/tbody/tr'))
    print(
        f"{SESSIONS} sessions × {2 * TABLES} pairs, {BOARDS} boards, the player in "
        f"{rows} sessions; {connection.vendor}; built in {built:.1f} s"
    )
    print_timings(
        [("page, cold", cold_timings, cold_queries), ("page, warm", warm_timings, warm_queries)],
        width=16,
    )


if __name__ == "__main__":
    run_in_throwaway_database(main)
