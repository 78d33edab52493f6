"""events.core.access: fetching an object and checking who may see or change it, in one query."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.http import Http404
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from events.core.access import (
    SessionDeleted,
    board_for_director,
    board_for_reader,
    directs,
    for_director,
    for_reader,
    is_director,
    section_for_director,
)
from events.models import Board
from events.one_table.models import OneTableSession
from events.sessions.lifecycle import delete_session
from events.teams.models import TeamsEvent
from tests.events.one_table.test_one_table import make_game
from tests.events.teams.factories import make_teams_event


def request_of(user):
    request = RequestFactory().get("/")
    request.user = user
    return request


@pytest.fixture
def board(mitchell_session):
    return Board.objects.get(section__event=mitchell_session, number=1)


@pytest.mark.parametrize("fetch", [section_for_director, board_for_director, board_for_reader])
def test_a_director_gets_the_object_and_the_answer_to_directs_in_one_query(fetch, director, board):
    pk = board.section_id if fetch is section_for_director else board.pk
    request = request_of(director)
    event = board.section.event
    club = event.club
    with CaptureQueriesContext(connection) as queries:
        found = fetch(request, pk)
        assert directs(request, club) and is_director(request, event)
    assert found.pk == pk
    assert len(queries) == 1


@pytest.mark.parametrize("fetch", [section_for_director, board_for_director])
def test_another_clubs_director_and_an_anonymous_reader_get_a_404(fetch, colleague, board):
    pk = board.section_id if fetch is section_for_director else board.pk
    for user in (colleague, AnonymousUser()):
        with pytest.raises(Http404):
            fetch(request_of(user), pk)


def test_a_reader_of_a_published_board_is_not_its_director(colleague, board):
    event = board.section.event
    event.published = True
    event.save(update_fields=["published"])
    club = event.club
    for user in (colleague, AnonymousUser()):
        request = request_of(user)
        assert board_for_reader(request, board.pk) == board
        with CaptureQueriesContext(connection) as queries:
            assert not directs(request, club)
        assert len(queries) == 0  # answered by the fetch


def test_one_module_fetches_teams_events_and_one_table_games_for_their_readers(club, director):
    game = make_game(club)  # not published
    event = make_teams_event(club, teams=None)
    assert for_director(request_of(director), OneTableSession, game.pk, "one-table game") == game
    assert for_reader(request_of(director), TeamsEvent, event.pk, "teams event") == event
    with pytest.raises(Http404, match="No such one-table game"):
        for_reader(request_of(AnonymousUser()), OneTableSession, game.pk, "one-table game")
    with pytest.raises(Http404, match="No such teams event"):
        for_director(request_of(AnonymousUser()), TeamsEvent, event.pk, "teams event")


def test_a_deleted_teams_event_offers_its_directors_the_restore(club, director, colleague):
    event = make_teams_event(club, teams=None)
    delete_session(event, director)
    with pytest.raises(SessionDeleted) as offered:
        for_director(request_of(director), TeamsEvent, event.pk, "teams event")
    assert offered.value.event == event
    with pytest.raises(Http404) as refused:
        for_reader(request_of(colleague), TeamsEvent, event.pk, "teams event")
    assert not isinstance(refused.value, SessionDeleted)
