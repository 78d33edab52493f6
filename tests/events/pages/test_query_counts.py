"""Every results page renders from a fixed number of queries, whatever the field size.

Each page is read for a 3-table session and for a 40-table, 36-board one (1,440 results, every
pair named), by an anonymous reader (the sessions are published) and by the club's director;
cold (the scoring cache emptied, so the session is scored in the request) and warm. The live
polls of an unchanged session answer 204 from the session's row alone.
"""

from types import SimpleNamespace

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import Board, Event, Pair
from events.standings import scorer
from tests.big_session import make_big_session
from tests.factories import make_club, make_user

SIZES = ("small", "big")
# On one worker under `make test` (xdist), so the module's sessions are built once, not once
# per worker, nor again each time the worker comes back to this file.
pytestmark = pytest.mark.xdist_group("query_counts")


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    """Built once for the module and rolled back after it: the import takes seconds."""
    with django_db_blocker.unblock(), transaction.atomic():
        director = make_user(username="counting-director")
        small_club = make_club(directors=[director], name="Small club")
        big_club = make_club(directors=[director], name="Big club")
        sessions = {
            "small": make_big_session(small_club, tables=3, boards=6),
            "big": make_big_session(big_club, tables=40, boards=36),
        }
        # The club page lists one session for the small club, three for the big one.
        make_big_session(big_club, tables=3, boards=3, name="Second")
        make_big_session(big_club, tables=3, boards=3, name="Third", publish=False)
        yield SimpleNamespace(director=director, sessions=sessions)
        transaction.set_rollback(True)


@pytest.fixture(params=["anonymous", "director"])
def reader(request, built, db):
    client = Client()
    if request.param == "director":
        client.force_login(built.director)
    client.kind = request.param
    return client


def page_url(page: str, event: Event) -> str:
    pk = event.pk
    if page == "score_card":
        return reverse(page, args=[pk, Pair.objects.filter(section__event=event).first().pk])
    if page == "board_traveller":
        return reverse(page, args=[Board.objects.get(section__event=event, number=2).pk])
    if page == "club_sessions":
        return reverse(page, args=[event.club.slug])
    return reverse(page, args=[pk])


def queries(client, url: str, status: int, **params) -> tuple[int, list[str]]:
    """How many queries one request makes, and which (for the failure message)."""
    headers = {"HTTP_HX_REQUEST": "true"} if "since" in params else {}
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, params, **headers)
    assert response.status_code == status, url
    return len(captured), [query["sql"] for query in captured.captured_queries]


def cold_and_warm(client, url: str, **params) -> tuple[int, int, list[str]]:
    scorer._CACHE.clear()
    cold, sql = queries(client, url, 200, **params)
    warm, _ = queries(client, url, 200, **params)
    return cold, warm, sql


READ = ["session_detail", "session_recap", "session_travellers", "score_card", "score_cards"]
PAGES = [*READ, "board_traveller", "club_sessions"]
LIVE = [*READ, "session_standings"]  # session_standings: what a board traveller polls


@pytest.mark.parametrize("page", PAGES)
def test_a_page_makes_as_many_queries_for_40_tables_as_for_3(reader, built, page):
    counts = {size: cold_and_warm(reader, page_url(page, built.sessions[size])) for size in SIZES}
    (small_cold, small_warm, _), (big_cold, big_warm, big_sql) = counts["small"], counts["big"]
    assert (big_cold, big_warm) == (small_cold, small_warm), "\n".join(big_sql)


@pytest.mark.parametrize("page", LIVE)
def test_a_live_refresh_makes_as_many_queries_for_40_tables_as_for_3(reader, built, page):
    counts = {}
    for size in SIZES:
        event = Event.objects.get(pk=built.sessions[size].pk)
        counts[size] = cold_and_warm(reader, page_url(page, event), since=event.version - 1)
    (small_cold, small_warm, _), (big_cold, big_warm, big_sql) = counts["small"], counts["big"]
    assert (big_cold, big_warm) == (small_cold, small_warm), "\n".join(big_sql)


@pytest.mark.parametrize("page", LIVE)
def test_an_idle_poll_is_a_204_from_the_sessions_row_alone(reader, built, page):
    # Nothing is loaded or scored: one query, plus the login session and user for a director.
    expected = 1 if reader.kind == "anonymous" else 3
    for size in SIZES:
        event = Event.objects.get(pk=built.sessions[size].pk)
        count, sql = queries(reader, page_url(page, event), 204, since=event.version)
        assert count == expected, "\n".join(sql)
