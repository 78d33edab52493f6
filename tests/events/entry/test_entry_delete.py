"""Deleting a result from the keyboard: empty the row and press Enter (or Tab to its ✕ and
press Enter), then Enter again to confirm; Esc keeps it. The history keeps what was deleted."""

import pytest

from events.models import Result, ResultChange
from tests.events.entry.entry_helpers import board_of, movement_rows, row_post


@pytest.fixture
def board(mitchell_session):
    return board_of(mitchell_session, 1)


@pytest.fixture
def entered(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    row_post(director_client, board, ns, ew, "4S N =")
    return ns, ew, Result.objects.get()


def test_the_delete_button_is_reachable_by_keyboard_and_named(director_client, board, entered):
    body = director_client.get(f"/boards/{board.pk}/").content.decode()
    button = body[body.index('class="link danger clear-row"') :]
    button = button[: button.index(">")]
    assert 'aria-label="Delete the result of board 1, NS 1 v EW 1"' in button
    assert "tabindex" not in button


def test_an_emptied_row_asks_before_deleting(director_client, board, entered):
    ns, ew, result = entered
    response = row_post(director_client, board, ns, ew, "", version=result.version)
    body = response.content.decode()
    assert "Clear this row? 4S N = will be deleted" in body
    assert "Press Enter again to delete it" in body and ">keep it</a>" in body
    assert Result.objects.exists()


def test_enter_again_deletes_and_the_history_keeps_it(director_client, board, entered):
    ns, ew, result = entered
    row_post(director_client, board, ns, ew, "", version=result.version)
    response = row_post(director_client, board, ns, ew, "", version=result.version, override="on")
    assert not Result.objects.exists()
    body = response.content.decode()
    assert f'id="row-{board.pk}-{ns.pk}-{ew.pk}"' in body
    deletion = ResultChange.objects.get(action="deleted")
    assert (deletion.old_text, deletion.old_ns_score, deletion.changed_by.username) == (
        "4S N =", 420, "dora"
    )  # fmt: skip


def test_an_empty_line_on_an_empty_row_asks_for_a_result(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    assert "Type a result." in row_post(director_client, board, ns, ew, "").content.decode()


def test_a_result_changed_since_is_not_deleted(director_client, board, entered):
    ns, ew, result = entered
    row_post(director_client, board, ns, ew, "4S N +1", version=result.version)
    body = row_post(
        director_client, board, ns, ew, "", version=result.version, override="on"
    ).content.decode()
    assert "dora saved this row" in body and "Delete it anyway" in body
    assert Result.objects.get().text == "4S N +1"


def test_a_plain_post_without_javascript_deletes_too(director_client, board, entered):
    ns, ew, result = entered
    data = {"version": result.version, "htmx": False}
    assert row_post(director_client, board, ns, ew, "", **data).status_code == 200
    response = row_post(director_client, board, ns, ew, "", override="on", **data)
    assert response.status_code == 302 and not Result.objects.exists()


def test_a_stranger_cannot_delete(client, stranger, board, entered):
    ns, ew, result = entered
    client.force_login(stranger)
    response = row_post(client, board, ns, ew, "", version=result.version, override="on")
    assert response.status_code == 404
    assert Result.objects.exists()


def test_after_a_delete_the_cursor_stays_on_the_emptied_row(director_client, board, entered):
    """Not on the next empty row, which on a 40-table traveller may be a screen away: the
    director who cleared a row is looking at it, and types its right result there if any."""
    ns, ew, result = entered
    (_, _), (next_ns, next_ew), *_ = movement_rows(board)
    row_post(director_client, board, next_ns, next_ew, "3NT S =")  # the next row is entered
    row_post(director_client, board, ns, ew, "", version=result.version)
    body = row_post(
        director_client, board, ns, ew, "", version=result.version, override="on"
    ).content.decode()
    emptied = body[body.index(f'id="row-{board.pk}-{ns.pk}-{ew.pk}"') :]
    emptied = emptied[: emptied.index("</tr>")]
    assert body.count("autofocus") == 1
    assert "autofocus" in emptied
    # And it says what went, where it went from.
    assert "Deleted 4S N =: the board's History keeps it." in emptied
    assert body.count("Deleted ") == 1


def test_enter_on_the_emptied_row_asks_for_a_result_with_nothing_to_put_back(
    director_client, board, entered
):
    """An Enter too many after a delete lands on the emptied row: "Type a result.", with no
    "Esc: clear it" for a row already clear."""
    ns, ew, result = entered
    row_post(director_client, board, ns, ew, "", version=result.version)
    row_post(director_client, board, ns, ew, "", version=result.version, override="on")
    body = row_post(director_client, board, ns, ew, "", version=0).content.decode()
    assert "Type a result." in body
    assert "esc-hint" not in body


def test_a_deleted_off_movement_row_leaves_the_cursor_on_the_other_pairs_row(
    director_client, board
):
    """The row goes with its result; the Other pairs row, where it was typed, takes the cursor
    (not the next board's link, where typing would be lost)."""
    (ns, ew), (other_ns, other_ew), *_ = movement_rows(board)
    row_post(
        director_client,
        board,
        None,
        None,
        "3NT N =",
        override="on",
        ns_number=str(ns.number),
        ew_number=str(other_ew.number),
    )
    stray = Result.objects.get()
    assert (stray.ns_pair, stray.ew_pair) == (ns, other_ew)
    row_post(director_client, board, ns, other_ew, "", version=stray.version)
    body = row_post(
        director_client, board, ns, other_ew, "", version=stray.version, override="on"
    ).content.decode()
    assert not Result.objects.exists()
    other_pairs = body[body.index("new-row") :]
    other_pairs = other_pairs[: other_pairs.index("</tr>")]
    assert body.count("autofocus") == 1
    assert "autofocus" in other_pairs
