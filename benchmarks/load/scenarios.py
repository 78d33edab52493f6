"""The sessions the load runs type into, and the plan the locust users follow.

- club night: one Mitchell section of `tables` tables (2 boards a round, every round), empty
  at the start; each table's typist types its rounds on the table-round page.
- big event: the imported `tables` × `boards` session of tests/big_session.py (every board at
  every table, already scored); each table's typist corrects its line on every board's
  traveller, so every save rescores a board of `tables` results.
- knee: Mitchell sections of up to 15 tables in one session (a big night), as many as the
  most writers of the stepped run need; writer n types table n of its section.

Each typing table has a director account of its own (a member of the club's directors).
"""

import datetime
import secrets

from django.contrib.auth import get_user_model
from django.urls import reverse

from events.models import Board, Club, Pair
from events.sessions.setup import SectionPlan, create_session

BOARDS_PER_ROUND = 2
KNEE_SECTION_TABLES = 15


def _directors(club, count: int, password: str) -> list[str]:
    """`count` director accounts of the club (one per typing table), their usernames."""
    model = get_user_model()
    users = [model(username=f"load-table-{n:03d}") for n in range(1, count + 1)]
    # One hash for all: PBKDF2's million rounds per account would take minutes to build.
    users[0].set_password(password)
    for user in users[1:]:
        user.password = users[0].password
    model.objects.bulk_create(users)
    club.directors.add(*model.objects.filter(username__in=[u.username for u in users]))
    return [user.username for user in users]


def _club() -> Club:
    return Club.objects.create(name="Load test club", slug=f"load-{secrets.token_hex(4)}")


def club_night(tables: int, sections: int = 1) -> tuple:
    """An empty, published Mitchell session; typists' pages are their table-round pages."""
    club = _club()
    event = create_session(
        club=club,
        name=f"Club night, {tables} tables",
        date=datetime.date.today(),
        scoring_method="matchpoints",
        movement="mitchell",
        boards_per_round=BOARDS_PER_ROUND,
        sections=[SectionPlan(chr(ord("A") + n), tables) for n in range(sections)],
    )
    event.published = True
    event.save(update_fields=["published"])
    typists = []
    for section in event.sections.order_by("name"):
        movement = section.movement()
        for table in range(1, movement.tables + 1):
            urls = [
                reverse("table_round", args=[section.pk, table, number])
                for number in range(1, movement.rounds + 1)
                if movement.seating(number, table).is_played
            ]
            typists.append([{"url": url, "ns": None} for url in urls])
    return event, typists


def big_event(tables: int, boards: int) -> tuple:
    """The imported, scored field; table t's typist corrects NS pair t's line on each board."""
    from tests.big_session import make_big_session

    event = make_big_session(_club(), tables, boards, name=f"Big event, {tables} tables")
    boards_by_number = dict(Board.objects.filter(section__event=event).values_list("number", "pk"))
    ns_pairs = dict(
        Pair.objects.filter(section__event=event, direction="NS").values_list("number", "pk")
    )
    typists = [
        [
            {"url": reverse("board_traveller", args=[boards_by_number[number]]), "ns": ns_pairs[t]}
            for number in sorted(boards_by_number)
        ]
        for t in range(1, tables + 1)
    ]
    return event, typists


def build(scenario: str, tables: int, boards: int) -> tuple:
    """(event, plan) for the scenario; the plan is what locustfile.py reads."""
    if scenario == "club-night":
        event, typists = club_night(tables)
    elif scenario == "big-event":
        event, typists = big_event(tables, boards)
    elif scenario == "knee":
        sections = -(-tables // KNEE_SECTION_TABLES)
        event, typists = club_night(KNEE_SECTION_TABLES, sections)
    else:
        raise ValueError(f"unknown scenario {scenario!r}")
    password = secrets.token_urlsafe(16)
    usernames = _directors(event.club, len(typists), password)
    viewer_pages = [
        reverse("board_traveller", args=[pk])
        for pk in Board.objects.filter(section__event=event).values_list("pk", flat=True)
    ]
    plan = {
        "event": event.pk,
        "password": password,
        "viewer_pages": viewer_pages,
        "typists": [
            {"username": username, "pages": pages}
            for username, pages in zip(usernames, typists, strict=True)
        ],
    }
    return event, plan
