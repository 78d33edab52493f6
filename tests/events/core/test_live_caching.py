"""A room full of spectators must not cost the director's saves: an anonymous reader's live
polls carry no cookie and touch no session, so one render per session version (and any
shared HTTP cache in front) serves them all; a director's polls stay private."""

import time

import pytest
from django.test import Client
from django.urls import reverse

from events.entry.saving import save_result
from events.models import Board, Event
from tests.factories import make_session

POLLED = ["session_standings", "session_recap", "session_travellers", "score_cards"]


def enter_board(event, number, *lines):
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    board = Board.objects.get(section=section, number=number)
    for seating, line in zip(section.movement().plays_of_board(number), lines):
        save_result(board, pairs[seating.ns], pairs[seating.ew], line, None)


def published_session(club) -> Event:
    """A published 3-table session with board 1 entered."""
    event = make_session(club, tables=3, boards_per_round=1)
    enter_board(event, 1, "4S N =", "4S N +1", "PASS")
    Event.objects.filter(pk=event.pk).update(published=True)
    return Event.objects.get(pk=event.pk)


@pytest.fixture
def session(club):
    return published_session(club)


def poll(client, url, since, **headers):
    return client.get(url, {"since": since}, HTTP_HX_REQUEST="true", **headers)


def vary(response) -> set[str]:
    return {word.strip().lower() for word in response.get("Vary", "").split(",") if word}


@pytest.mark.parametrize("page", POLLED)
def test_two_spectators_polls_of_one_version_render_once(
    session, page, django_assert_max_num_queries
):
    url = reverse(page, args=[session.pk])
    first = poll(Client(), url, session.version - 1)
    assert first.status_code == 200
    with django_assert_max_num_queries(2):
        again = poll(Client(), url, session.version - 1)
    assert again.content == first.content


@pytest.mark.parametrize("page", POLLED)
def test_a_spectators_poll_sets_no_cookie_and_does_not_vary_by_cookie(session, page):
    url = reverse(page, args=[session.pk])
    for since in (session.version - 1, session.version):  # the new part, then "unchanged"
        response = poll(Client(), url, since)
        assert response.status_code in (200, 204)
        assert not response.cookies
        assert "cookie" not in vary(response)
        assert response["Cache-Control"] == "public, max-age=1"


def test_nginx_keeps_a_spectators_poll_no_longer_than_the_second_it_was_made_in(
    director_client, session
):
    # nginx counts whole seconds: "max-age=1" alone would last up to two (deploy/nginx).
    url = reverse("session_standings", args=[session.pk])
    before = int(time.time())
    for since in (session.version - 1, session.version):
        expires = poll(Client(), url, since)["X-Accel-Expires"]
        assert before <= int(expires.removeprefix("@")) <= time.time()
    assert "X-Accel-Expires" not in poll(director_client, url, session.version - 1)


def test_a_spectators_repeated_poll_is_answered_304_by_its_etag(session):
    url = reverse("session_standings", args=[session.pk])
    first = poll(Client(), url, session.version - 1)
    etag = first["ETag"]
    again = poll(Client(), url, session.version - 1, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    enter_board(session, 2, "3NT N =")
    moved = poll(Client(), url, session.version - 1, HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200
    assert moved["ETag"] != etag


@pytest.mark.parametrize("page", ["session_recap", "session_travellers", "session_detail"])
def test_a_spectators_page_sets_no_csrf_cookie(session, page):
    response = Client().get(reverse(page, args=[session.pk]))
    assert response.status_code == 200
    assert "csrftoken" not in response.cookies
    assert "X-CSRFToken" not in response.content.decode()


def test_a_directors_poll_is_private_and_their_page_carries_the_token(director_client, session):
    url = reverse("session_standings", args=[session.pk])
    response = poll(director_client, url, session.version - 1)
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
    assert "cookie" in vary(response)
    board = Board.objects.get(section__event=session, number=1)
    page = director_client.get(reverse("board_traveller", args=[board.pk]))
    assert "X-CSRFToken" in page.content.decode()


def test_an_unpublished_sessions_poll_is_never_public(director_client, session):
    Event.objects.filter(pk=session.pk).update(published=False)
    url = reverse("session_standings", args=[session.pk])
    assert poll(Client(), url, session.version - 1).status_code == 404
    response = poll(director_client, url, session.version - 1)
    assert response.status_code == 200
    assert "public" not in response["Cache-Control"]


def test_a_directors_poll_keeps_the_directors_part_and_a_spectators_never_gets_it(
    director_client, session
):
    # The table-and-round grid is for directors only and sits inside the live part: a poll
    # must neither lose it for the director nor hand the director's render to a spectator.
    url = reverse("session_detail", args=[session.pk])
    spectators = poll(Client(), url, session.version - 1).content.decode()
    directors = poll(director_client, url, session.version - 1).content.decode()
    assert "Enter by table and round" in directors
    assert "Enter by table and round" not in spectators
    assert (
        "Enter by table and round" not in poll(Client(), url, session.version - 1).content.decode()
    )
