"""A save that cannot be done says why, in the director's words, and keeps what was typed:
an expired login, a row that is not on the traveller, a result deleted twice, a result
corrected while the director deleted it. (The database failing mid-save is
tests/events/test_faults.py, on PostgreSQL.)"""

import pytest
from django.urls import reverse

from events.entry.outcome import ROW_GONE
from events.entry.views import LOGIN_EXPIRED
from events.models import Result, ResultChange
from tests.events.entry.entry_helpers import board_of, movement_rows, row_post


@pytest.fixture
def board(mitchell_session):
    return board_of(mitchell_session, 1)


def table_round_url(board):
    return reverse("table_round", args=[board.section_id, 1, 1])


@pytest.mark.parametrize("where", ["traveller", "table round"])
def test_it_answers_an_expired_login_with_401_and_a_message(client, director, board, where):
    (ns, ew), *_ = movement_rows(board)
    url = table_round_url(board) if where == "table round" else None
    response = row_post(client, board, ns, ew, "4S N =", url=url)
    assert response.status_code == 401
    assert response.content.decode() == LOGIN_EXPIRED
    assert response["Content-Type"].startswith("text/plain")
    assert not Result.objects.exists()


def test_it_sends_a_page_post_with_an_expired_login_to_the_login_page(client, director, board):
    (ns, ew), *_ = movement_rows(board)
    response = row_post(client, board, ns, ew, "4S N =", htmx=False)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not Result.objects.exists()


def test_it_still_shows_readers_a_published_traveller(client, board):
    board.section.event.published = True
    board.section.event.save()
    assert client.get(reverse("board_traveller", args=[board.pk])).status_code == 200


def test_it_explains_a_row_whose_pairs_are_not_in_the_section(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    data = {"board": board.pk, "ns": 999_999, "ew": ew.pk, "text": "4S N =", "version": 0}
    response = director_client.post(
        reverse("board_traveller", args=[board.pk]), data, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    body = response.content.decode()
    other_pairs = body[body.index('id="row-' + f"{board.pk}--" + '"') :]
    assert ROW_GONE in other_pairs
    assert 'value="4S N ="' in other_pairs  # what was typed stays in its box
    assert not Result.objects.exists()


def test_it_explains_a_gone_off_movement_row_on_a_table_round(director_client, board):
    (ns, _), *_ = movement_rows(board)
    data = {"board": board.pk, "ns": ns.pk, "ew": "", "text": "3NT N =", "version": 7}
    response = director_client.post(table_round_url(board), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = response.content.decode()
    assert ROW_GONE in body and 'value="3NT N ="' in body
    assert not Result.objects.exists()


def test_a_second_delete_of_the_same_result_records_one_deletion(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    row_post(director_client, board, ns, ew, "4S N =")
    result = Result.objects.get()
    url = reverse("result_delete", args=[result.pk])
    assert director_client.post(url, {"version": result.version}).status_code == 302
    assert director_client.post(url, {"version": result.version}).status_code == 404
    assert ResultChange.objects.filter(action="deleted").count() == 1


def test_a_delete_of_a_result_corrected_since_deletes_nothing(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    row_post(director_client, board, ns, ew, "4S N =")
    seen = Result.objects.get()
    row_post(director_client, board, ns, ew, "4S N -1", version=seen.version)
    response = director_client.post(
        reverse("result_delete", args=[seen.pk]), {"version": seen.version}, follow=True
    )
    assert "Not deleted: Meanwhile this row was saved as 4S N -1." in response.content.decode()
    assert Result.objects.get().text == "4S N -1"
    assert not ResultChange.objects.filter(action="deleted").exists()
