"""How fast a club's ladder renders: 40 sessions of a 15-table Mitchell (30 pairs, 24 boards,
every board at every table: 360 results a session), their 60 players partnering each other
differently every week, ranked by the average of their best 10 sessions.

Builds a throw-away test database (SQLite, or PostgreSQL when DATABASE_URL is set), imports
the sessions as travellers CSV and times through django.test.Client, as an anonymous reader of
the published sessions: the page the first time after every session changed (each session's
standings computed and stored again in the request), cold (the scoring cache and the shared
cache emptied; the standings stored), warm, and the live poll of an unchanged ladder, and the
PDF. Prints median, 95th percentile and best of RUNS requests (default 10) and the queries
each makes. No figure is asserted: compare them between machines and releases.

    .venv/bin/python benchmarks/ladder.py [RUNS]
"""

import datetime
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")

import django  # noqa: E402

django.setup()

# The same timing as the championship's benchmark, beside this file.
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

SESSIONS, TABLES, BOARDS, PLAYERS = 40, 15, 24, 60
FIRST_DAY = datetime.date(2026, 1, 6)


def build():
    from events.models import Club, Event, Ladder, Pair
    from events.sessions.importing import import_travellers
    from tests.big_session import travellers_csv

    club = Club.objects.create(name="Bench club", slug="bench")
    players = [f"Player {number:02d}" for number in range(PLAYERS)]
    for week in range(SESSIONS):
        event = import_travellers(
            travellers_csv(TABLES, BOARDS, seed=week), club=club, name=f"Week {week + 1}",
            publish=True,
        )  # fmt: skip
        day = FIRST_DAY + datetime.timedelta(weeks=week)
        Event.objects.filter(pk=event.pk).update(date=day)
        pairs = list(Pair.objects.filter(section__event=event).order_by("direction", "number"))
        for seat, pair in enumerate(pairs):  # a new partner each week
            pair.player1 = players[seat]
            pair.player2 = players[(seat + PLAYERS // 2 + week) % PLAYERS]
            if pair.player2 == pair.player1:
                pair.player2 = players[(seat + 1) % PLAYERS]
        Pair.objects.bulk_update(pairs, ["player1", "player2"])
    return Ladder.objects.create(
        club=club, name="Bench ladder", rule="best", sessions=10, start=FIRST_DAY,
        end=FIRST_DAY + datetime.timedelta(weeks=SESSIONS),
    )  # fmt: skip


def main(runs):
    from django.utils import timezone

    from events.ladders.standings import ladder_sessions, live_subject
    from events.models import Event
    from events.standings import scorer

    start = time.perf_counter()
    ladder = build()
    built = time.perf_counter() - start
    vacuum_analyze()
    url = reverse("ladder_detail", args=[ladder.pk])

    def cold():
        scorer._CACHE.clear()
        cache.clear()

    def changed():
        cold()
        Event.objects.filter(club=ladder.club).update(version=django.db.models.F("version") + 1)

    client = Client()
    client.get(url)  # templates compiled, connection open, standings stored
    since = live_subject(ladder, ladder_sessions(ladder, False), timezone.localdate()).version
    rows = [
        ("page, all changed", *timed(client, url, max(1, runs // 5), before=changed)),
        ("page, cold", *timed(client, url, runs, before=cold)),
        ("page, warm", *timed(client, url, runs)),
        ("poll, unchanged", *timed(client, f"{url}?since={since}", runs, HX_Request="true")),
        ("PDF (A4), warm", *timed(client, reverse("ladder_pdf", args=[ladder.pk]),
                                  max(1, runs // 5))),
    ]  # fmt: skip
    print(
        f"{SESSIONS} sessions × {2 * TABLES} pairs, {BOARDS} boards, {PLAYERS} players, "
        f"best 10, {connection.vendor}; built in {built:.1f} s"
    )
    print_timings(rows)


if __name__ == "__main__":
    run_in_throwaway_database(main)
