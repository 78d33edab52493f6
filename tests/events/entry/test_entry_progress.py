"""After the last row of the last board the cursor has somewhere to go: what is still missing,
with links; the table × round grid shows which tables and rounds are entered.

Expected counts: the 3-table Mitchell at 2 boards a round has 6 boards, each played once at
every table (bridgecentral.com, *The Mitchell movement*: with an odd number of tables every
EW pair meets every NS pair and plays every board once), so 3 results a board and 18 in all.
"""

import pytest
from django.urls import reverse

from events.models import Event
from tests.events.entry.entry_helpers import board_of, movement_rows, row_post

LINES = ["4S N =", "4S N +1", "3NT S -1"]


def fill(client, board):
    for (ns, ew), text in zip(movement_rows(board), LINES, strict=True):
        response = row_post(client, board, ns, ew, text)
    return response.content.decode()


def test_the_last_rows_save_on_the_last_board_says_what_is_missing(
    director_client, mitchell_session
):
    last = board_of(mitchell_session, 6)
    body = fill(director_client, last)
    assert "15 results still missing:" in body
    for number in range(1, 6):
        board = board_of(mitchell_session, number)
        assert f'<a href="/boards/{board.pk}/">{number}</a> (3)' in body
    assert "autofocus" not in body  # the page's script focuses the first link instead


def test_a_board_missing_one_result_is_listed_alone(director_client, mitchell_session):
    for number in range(1, 7):
        fill(director_client, board_of(mitchell_session, number))
    board = board_of(mitchell_session, 2)
    (ns, ew), *_ = movement_rows(board)
    result = board.results.get(ns_pair=ns)
    row_post(director_client, board, ns, ew, "", version=result.version, override="on")
    body = director_client.get(f"/boards/{board_of(mitchell_session, 6).pk}/").content.decode()
    assert "1 result still missing:</strong> board" in body
    assert f'<a href="/boards/{board.pk}/">2</a>.' in body


def test_when_everything_is_in_it_says_so(director_client, mitchell_session):
    for number in range(1, 7):
        body = fill(director_client, board_of(mitchell_session, number))
    assert "All results are in." in body
    assert f'href="/sessions/{mitchell_session.pk}/">See the standings' in body


def test_other_boards_go_on_to_the_next_board_instead(director_client, mitchell_session):
    body = fill(director_client, board_of(mitchell_session, 1))
    assert "still missing" not in body


@pytest.fixture
def section(mitchell_session):
    return mitchell_session.sections.get()


def enter_table_round(client, section, table, round_number, count):
    url = reverse("table_round", args=[section.pk, table, round_number])
    seating = section.movement().seating(round_number, table)
    pairs = {p.key: p for p in section.pairs.all()}
    ns, ew = pairs[seating.ns], pairs[seating.ew]
    boards = section.boards.filter(board_set=seating.board_set).order_by("number")
    for board in boards[:count]:
        response = row_post(client, board, ns, ew, "PASS", url=url)
    return response.content.decode()


def grid_cell(body, table, round_number, section):
    href = reverse("table_round", args=[section.pk, table, round_number])
    end = body.index(f'<a href="{href}" title')
    return body[body.rindex("<td", 0, end) : body.index("</td>", end)]


def test_the_session_grid_shows_which_tables_and_rounds_are_done(director_client, section):
    enter_table_round(director_client, section, 1, 1, 2)
    enter_table_round(director_client, section, 2, 1, 1)
    body = director_client.get(reverse("session_detail", args=[section.event_id])).content
    body = body.decode()
    assert 'class="done"' in grid_cell(body, 1, 1, section)
    assert "✓ done" in grid_cell(body, 1, 1, section)
    assert "1/2" in grid_cell(body, 2, 1, section)
    assert "0/2" in grid_cell(body, 3, 1, section)


def test_the_last_round_of_a_table_lists_the_tables_and_rounds_still_to_enter(
    director_client, section
):
    body = enter_table_round(director_client, section, 1, 3, 2)  # round 3 is the last
    assert "8 tables and rounds still to enter:" in body  # 3 tables x 3 rounds, one done
    assert "table 1 round 1" in body and "table 1 round 3</a>" not in body


def test_a_saves_answer_leaves_the_grid_to_fetch_itself(director_client, section):
    # The grid below a table round's rows is not drawn into each save's answer (225 cells on
    # 15 tables, a fifth of a save's time): the page carries it with the address it refreshes
    # from when the save's answer says `clubscore:saved` (or the rows' poll finds the session
    # changed: `clubscore:changed`).
    page = director_client.get(reverse("table_round", args=[section.pk, 2, 1])).content.decode()
    grid_url = reverse("table_round_grid", args=[section.pk, 2, 1])
    version = section.event.version
    trigger = 'hx-trigger="clubscore:saved from:body, clubscore:changed from:body"'
    assert f'hx-get="{grid_url}?since={version}" {trigger}' in page
    assert "0/2" in grid_cell(page, 2, 1, section)

    url = reverse("table_round", args=[section.pk, 2, 1])
    seating = section.movement().seating(1, 2)
    pairs = {p.key: p for p in section.pairs.all()}
    board = section.boards.filter(board_set=seating.board_set).order_by("number").first()
    saved = row_post(director_client, board, pairs[seating.ns], pairs[seating.ew], "PASS", url=url)
    assert saved["HX-Trigger"] == "clubscore:saved"
    assert "progress-grid" not in saved.content.decode()

    fragment = director_client.get(grid_url, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="progress-grid"' in fragment
    assert "1/2" in grid_cell(fragment, 2, 1, section)
    assert 'class="partial current"' in grid_cell(fragment, 2, 1, section)
    assert "0/2" in grid_cell(fragment, 3, 1, section)


def test_the_grid_is_the_directors_alone(client, colleague, director_client, section):
    url = reverse("table_round_grid", args=[section.pk, 1, 1])
    assert director_client.get(url).url == reverse("table_round", args=[section.pk, 1, 1])
    assert (
        director_client.get(
            reverse("table_round_grid", args=[section.pk, 1, 4]), HTTP_HX_REQUEST="true"
        ).status_code
        == 404
    )  # 3 rounds
    assert director_client.post(url, HTTP_HX_REQUEST="true").status_code == 405
    director_client.logout()
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 401  # a login expired
    client.force_login(colleague)
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 404  # another club's


def test_a_table_rounds_rows_and_grid_follow_the_other_tables_saves(director_client, section):
    # The director at table 2's round 1 while table 1's result comes from elsewhere: the rows
    # poll every second from the version they show (204 until the session changed), and the
    # grid fetches itself again when they find it changed, from the version it shows.
    url = reverse("table_round", args=[section.pk, 2, 1])
    grid_url = reverse("table_round_grid", args=[section.pk, 2, 1])
    page = director_client.get(url).content.decode()
    shown = Event.objects.get().version
    assert f'<div id="traveller" hx-get="{url}" hx-trigger="every 1s"' in page
    assert f'data-since="{shown}"' in page
    poll = {"since": shown}
    assert director_client.get(url, poll, HTTP_HX_REQUEST="true").status_code == 204
    assert director_client.get(grid_url, poll, HTTP_HX_REQUEST="true").status_code == 204

    enter_table_round(director_client, section, 1, 1, 1)  # as another director would
    rows = director_client.get(url, poll, HTTP_HX_REQUEST="true")
    assert rows.status_code == 200
    assert f'data-since="{Event.objects.get().version}"' in rows.content.decode()
    grid = director_client.get(grid_url, poll, HTTP_HX_REQUEST="true").content.decode()
    assert "1/2" in grid_cell(grid, 1, 1, section)
    assert f'hx-get="{grid_url}?since={Event.objects.get().version}"' in grid
