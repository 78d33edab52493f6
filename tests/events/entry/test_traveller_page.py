import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.entry.saving import save_result
from events.models import Board, Event, Result, ResultChange
from tests.factories import make_session


@pytest.fixture
def board(mitchell_session):
    return Board.objects.get(section__event=mitchell_session, number=1)


def plays(board):
    section = board.section
    pairs = {p.key: p for p in section.pairs.all()}
    return [(pairs[s.ns], pairs[s.ew]) for s in section.movement().plays_of_board(board.number)]


def line(board, ns, ew, text, **extra):
    return {"board": board.pk, "ns": ns.pk, "ew": ew.pk, "text": text, **extra}


def post_line(client, board, ns, ew, text, htmx=False, **extra):
    """Type one line on the board's traveller, as the row's form sends it."""
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    url = reverse("board_traveller", args=[board.pk])
    return client.post(url, line(board, ns, ew, text, **extra), **headers)


def test_it_lists_the_rows_the_movement_expects(director_client, board):
    response = director_client.get(reverse("board_traveller", args=[board.pk]))
    assert response.status_code == 200
    # The movement's three tables, and a row for a pairing of the director's own.
    assert response.content.count(b'class="entry-input"') == 3 + 1
    assert b"Dealer N" in response.content and b"Vulnerable: None" in response.content


def test_an_htmx_save_returns_the_rows_and_the_page_then_fetches_the_standings(
    director_client, board
):
    (ns, ew), *_ = plays(board)
    page = director_client.get(reverse("board_traveller", args=[board.pk])).content.decode()
    # The standings beside the rows refresh on a save's trigger as well as every second.
    assert 'hx-trigger="every 1s, clubscore:saved from:body"' in page
    assert "50.00" not in page
    shown = board.section.event.version
    response = post_line(director_client, board, ns, ew, "4s n =", htmx=True)
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body
    assert body.lstrip().startswith('<div id="traveller" ')
    # The rows' own poll asks from the version this save made (they hold it).
    assert f'data-since="{Event.objects.get().version}"' in body
    assert 'value="4S N ="' in body and "+420" in body
    assert body.count("autofocus") == 1  # the cursor moves to the next row
    assert "HX-Request" in response["Vary"]
    assert Result.objects.get().ns_score == 420
    assert response["HX-Trigger"] == "clubscore:saved"
    assert 'id="standings"' not in body  # the typist waits only for the rows
    # What the trigger makes the page ask for: the standings with the new result. One result
    # of the three the movement sends the board: Neuberg gives each side 50%
    # (Bavin, *The Neuberg Formula*).
    url = reverse("session_standings", args=[board.section.event_id])
    standings = director_client.get(url, {"since": shown}, HTTP_HX_REQUEST="true")
    assert standings.status_code == 200
    assert standings.content.decode().count("50.00") == 2


def test_an_adjusted_score_shows_as_typed_and_a_suit_symbol_reads(director_client, board):
    (ns, ew), (ns2, ew2), _ = plays(board)
    body = post_line(director_client, board, ns, ew, "a+/a-", htmx=True).content.decode()
    assert 'value="A+/A-"' in body and "60/40" not in body
    body = post_line(director_client, board, ns2, ew2, "4♠️ n =", htmx=True).content.decode()
    assert 'value="4S N ="' in body and "+420" in body  # board 1: nobody vulnerable
    assert sorted(Result.objects.values_list("text", flat=True)) == ["4S N =", "A+/A-"]


def test_a_plain_post_saves_and_redirects_back(director_client, board):
    (ns, ew), *_ = plays(board)
    response = post_line(director_client, board, ns, ew, "3NT S -1")
    assert response.status_code == 302
    assert response.url == reverse("board_traveller", args=[board.pk])
    assert Result.objects.get().ns_score == -50


def test_a_bad_line_shows_its_error_beside_the_row_and_stores_nothing(director_client, board):
    (ns, ew), *_ = plays(board)
    response = post_line(director_client, board, ns, ew, "4H E 14", htmx=True)
    body = response.content.decode()
    assert "14 tricks: there are only 13" in body
    assert 'value="4H E 14"' in body
    assert not Result.objects.exists()
    assert "HX-Trigger" not in response  # nothing changed: the standings stay as they are


def test_an_off_movement_pair_warns_then_saves_when_confirmed(director_client, board):
    (ns, _), (_, other_ew), *_ = plays(board)
    url = reverse("board_traveller", args=[board.pk])
    response = director_client.post(
        url, line(board, ns, other_ew, "4S N ="), HTTP_HX_REQUEST="true"
    )
    assert b"Press Enter again to save anyway" in response.content
    assert not Result.objects.exists()
    director_client.post(url, line(board, ns, other_ew, "4S N =", override="on"))
    assert Result.objects.get().ew_pair == other_ew


def test_the_history_shows_a_correction(director_client, board):
    (ns, ew), *_ = plays(board)
    url = reverse("board_traveller", args=[board.pk])
    director_client.post(url, line(board, ns, ew, "4S N ="))
    director_client.post(url, line(board, ns, ew, "4S N -1"))
    page = director_client.get(reverse("board_history", args=[board.pk])).content.decode()
    assert "corrected" in page and "4S N =" in page and "4S N -1" in page and "dora" in page


def test_delete_removes_a_result_and_records_it(director_client, board):
    (ns, ew), *_ = plays(board)
    director_client.post(reverse("board_traveller", args=[board.pk]), line(board, ns, ew, "PASS"))
    result = Result.objects.get()
    response = director_client.post(reverse("result_delete", args=[result.pk]))
    assert response.status_code == 302
    assert not Result.objects.exists()
    assert ResultChange.objects.filter(action="deleted").count() == 1


def test_readers_see_a_published_traveller_without_inputs(client, board):
    event = board.section.event
    event.published = True
    event.save()
    response = client.get(reverse("board_traveller", args=[board.pk]))
    assert response.status_code == 200
    assert b"entry-input" not in response.content


def test_an_unpublished_traveller_is_hidden_from_readers(client, board):
    assert client.get(reverse("board_traveller", args=[board.pk])).status_code == 404


def test_table_round_entry_lists_that_tables_boards(director_client, mitchell_session):
    section = mitchell_session.sections.get()
    url = reverse("table_round", args=[section.pk, 2, 1])
    response = director_client.get(url)
    assert response.status_code == 200
    assert response.content.count(b'class="entry-input"') == 2  # two boards a round
    seating = section.movement().seating(1, 2)
    pairs = {p.key: p for p in section.pairs.all()}
    ns, ew = pairs[seating.ns], pairs[seating.ew]
    board = Board.objects.get(section=section, number=2 * seating.board_set - 1)
    response = director_client.post(url, line(board, ns, ew, "2H W -1"), HTTP_HX_REQUEST="true")
    assert b"+100" in response.content  # board 3: EW vulnerable, one down
    assert Result.objects.get().round == 1


def test_table_round_refuses_a_round_that_does_not_exist(director_client, mitchell_session):
    section = mitchell_session.sections.get()
    assert director_client.get(reverse("table_round", args=[section.pk, 1, 9])).status_code == 404
    assert director_client.get(reverse("table_round", args=[section.pk, 9, 1])).status_code == 404


def test_an_htmx_save_costs_the_same_queries_whatever_the_field(director_client, club):
    counts = {}
    for tables in (3, 11):
        event = make_session(club, name=f"{tables} tables", tables=tables, boards_per_round=1)
        board = Board.objects.get(section__event=event, number=1)
        (ns, ew), *_ = plays(board)
        url = reverse("board_traveller", args=[board.pk])
        with CaptureQueriesContext(connection) as queries:
            director_client.post(url, line(board, ns, ew, "4S N ="), HTTP_HX_REQUEST="true")
        counts[tables] = len(queries)
    assert counts[3] == counts[11]


def test_an_overlong_line_is_named_in_a_directors_words(director_client, board):
    (ns, ew), *_ = plays(board)
    line = "4S N = " * 6  # six slips run together: 41 characters once stripped
    response = post_line(director_client, board, ns, ew, line, htmx=True)
    body = response.content.decode()
    assert "A result is at most 30 characters (this has 41): check the line." in body
    assert "Ensure this value" not in body
    assert not Result.objects.exists()


@override_settings(USE_THOUSAND_SEPARATOR=True)
def test_a_row_s_versions_and_ids_are_never_written_as_localised_numbers(director_client, board):
    """The row's hidden fields go back to the server as numbers: were they formatted for
    reading (1,234), a club running with thousands separators could save nothing."""
    (ns, ew), *_ = plays(board)
    assert post_line(director_client, board, ns, ew, "4S N =").status_code == 302
    Result.objects.update(version=12345)
    page = director_client.get(reverse("board_traveller", args=[board.pk])).content.decode()
    assert 'name="version" value="12345"' in page
    assert "12,345" not in page
    again = post_line(director_client, board, ns, ew, "4S N +1", htmx=True, version=12345)
    assert 'value="4S N +1"' in again.content.decode()
    assert Result.objects.get().text == "4S N +1"


def test_the_rows_poll_answers_204_until_someone_else_saves_then_the_rows(
    director_client, board, django_assert_max_num_queries
):
    # Another director (or a table's phone) saves a row of this board: the typist's open page
    # asks every second from the version its rows show, and gets them again once it moved.
    (ns, ew), *_ = plays(board)
    url = reverse("board_traveller", args=[board.pk])
    page = director_client.get(url).content.decode()
    shown = Event.objects.get().version
    assert f'<div id="traveller" hx-get="{url}" hx-trigger="every 1s"' in page
    assert f'data-since="{shown}"' in page
    with django_assert_max_num_queries(3):  # the login's session and user, the board
        idle = director_client.get(url, {"since": shown}, HTTP_HX_REQUEST="true")
    assert idle.status_code == 204
    assert "private" in idle["Cache-Control"]

    other = get_user_model().objects.create_user("ed", password="a-long-test-password")
    board.section.event.club.directors.add(other)
    save_result(board, ns, ew, "4S N +1", other)
    moved = director_client.get(url, {"since": shown}, HTTP_HX_REQUEST="true")
    body = moved.content.decode()
    assert moved.status_code == 200
    assert body.lstrip().startswith('<div id="traveller" ')
    assert f'data-since="{Event.objects.get().version}"' in body
    result = Result.objects.get()
    # The row by its key, holding the stored line and the version its next save is typed
    # against; no row takes the cursor (the page keeps it where the typist has it).
    assert f'data-key="{board.pk}-{ns.pk}-{ew.pk}"' in body
    assert 'value="4S N +1"' in body and "+450" in body
    assert f'name="version" value="{result.version}"' in body
    assert "autofocus" not in body
    assert 'id="standings"' not in body


def test_a_readers_board_page_is_live_and_its_polls_are_for_anyone_to_cache(
    client, board, django_assert_max_num_queries
):
    (ns, ew), (ns2, ew2), _ = plays(board)
    save_result(board, ns, ew, "3NT N =", None)
    Event.objects.filter(pk=board.section.event_id).update(published=True)
    shown = Event.objects.get().version
    url = reverse("board_traveller", args=[board.pk])
    page = client.get(url, {"pair": ns.pk}).content.decode()
    assert (
        f'<div id="live" hx-get="{url}?since={shown}&amp;pair={ns.pk}" '
        'hx-trigger="every 1s" hx-swap="outerHTML">'
    ) in page
    assert "csrftoken" not in client.cookies
    with django_assert_max_num_queries(1):
        idle = client.get(url, {"since": shown, "pair": ns.pk}, HTTP_HX_REQUEST="true")
    assert idle.status_code == 204
    assert idle["Cache-Control"] == "public, max-age=1"

    save_result(board, ns2, ew2, "4S N +1", None)
    moved = client.get(url, {"since": shown, "pair": ns.pk}, HTTP_HX_REQUEST="true")
    body = moved.content.decode()
    assert moved.status_code == 200
    assert moved["Cache-Control"] == "public, max-age=1"
    assert not moved.cookies
    assert body.lstrip().startswith('<div id="live"')
    assert f"since={Event.objects.get().version}" in body
    assert "<html" not in body and 'id="standings"' not in body
    # Best NS score first (4S N +1, +450, above 3NT N =, +400), the reader's pair marked.
    assert body.index("+450") < body.index("+400")
    assert body.count('class="mine"') == 1
