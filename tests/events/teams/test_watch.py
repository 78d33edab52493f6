"""Two directors on one match: while one has the entry form open, a save by the other shows a
warning on the form without a reload (its region asks the watch URL, as the pairs rows poll);
without JavaScript the save itself refuses a board both changed (tests in test_views.py)."""

import re
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse

from events.teams import draw, entry
from tests.events.teams.factories import make_teams_event

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def match(club):
    event = make_teams_event(club)
    draw.draw_next_round(event)
    return event.matches.get(round=1, table=1)


def watch_request(client, match):
    """What the open form's region sends: its poll URL and the boards as the form showed them
    (its hidden `seen-` fields, hx-include)."""
    body = client.get(reverse("teams_match_enter", args=[match.event.pk, match.pk]))
    body = body.content.decode()
    region = re.search(r'<div id="match-watch"[^>]*hx-get="([^"]+)"', body)
    assert region, "the form has its warning region"
    assert "hx-include=\"#boards-form input[name^='seen-']\"" in body
    seen = dict(re.findall(r'<input type="hidden" name="(seen-[a-z]+-\d+)" value="([^"]*)"', body))
    return region.group(1).replace("&amp;", "&"), seen


def poll(client, url, seen):
    """The region's GET as htmx sends it: the poll URL's `since` and the included fields."""
    return client.get(f"{url}&{urlencode(seen)}", **HTMX)


def test_the_form_learns_of_a_save_by_someone_else_without_a_reload(director_client, match):
    url, seen = watch_request(director_client, match)
    assert poll(director_client, url, seen).status_code == 204  # nothing changed
    # Another director saves board 1 of this match.
    entry.save_boards(match, [entry.BoardRow(1, "4S N =", "4S S -1")])
    response = poll(director_client, url, seen)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert "Someone else saved this match after you opened this form." in body
    assert "Board 1 is now open room 4S N =, closed room 4S S -1." in body
    assert "Board 2 is now" not in body
    # The region it answers with polls from the new version, and keeps warning.
    match.event.refresh_from_db()
    assert f"since={match.event.version}" in body
    again = re.search(r'hx-get="([^"]+)"', body).group(1).replace("&amp;", "&")
    assert poll(director_client, again, seen).status_code == 204


def test_a_save_to_another_match_is_no_warning(director_client, match):
    url, seen = watch_request(director_client, match)
    other = match.event.matches.get(round=1, table=2)
    entry.save_boards(other, [entry.BoardRow(1, "4S N =", "4S S -1")])
    response = poll(director_client, url, seen)
    assert response.status_code == 200  # the event moved on: a fresh region, no warning
    assert "Someone else saved" not in response.content.decode()


def test_a_board_cleared_by_someone_else_is_named(director_client, match):
    entry.save_boards(match, [entry.BoardRow(2, "3NT E -2", "PASS")])
    url, seen = watch_request(director_client, match)
    entry.save_boards(match, [entry.BoardRow(2)])  # a cleared row removes its board
    body = poll(director_client, url, seen).content.decode()
    assert "Board 2 is now nothing (the board was cleared)." in body


def test_the_watch_is_for_the_events_directors_only(client, colleague, match):
    url = reverse("teams_match_watch", args=[match.event.pk, match.pk])
    assert Client().get(url, HTMX).status_code in (302, 404)
    client.force_login(colleague)
    assert client.get(url, **HTMX).status_code == 404


def test_the_service_names_the_boards_stored_unlike_the_form(match):
    shown = {row.number: row for row in entry.board_rows(match)}  # both boards empty
    assert entry.moved_since(match, shown) == []
    entry.save_boards(match, [entry.BoardRow(2, "3NT E -2", "PASS")])
    assert entry.moved_since(match, shown) == [entry.BoardRow(2, "3NT E -2", "PASS")]
    # A board the form did not show (an older form) is not compared.
    assert entry.moved_since(match, {1: shown[1]}) == []
