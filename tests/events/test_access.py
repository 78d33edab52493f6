"""events.access: fetching an object and checking who may see or change it, in one query."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.http import Http404
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from events.access import (
    board_for_director,
    board_for_reader,
    directs,
    is_director,
    section_for_director,
)
from events.models import Board


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
