"""A director changes a traveller row's pairs from the keyboard (pairs sat at the wrong table),
or adds a row for a pairing the movement does not have: the movement warning, then the override.

The board and pairings come from the 3-table Mitchell of the factories: with an odd number of
tables every EW pair meets every NS pair and plays every board once (bridgecentral.com, *The
Mitchell movement*), so each board has three rows and every NS pair has one of them.
"""

import pytest

from events.models import Result, ResultChange
from tests.events.entry.entry_helpers import board_of, movement_rows, pair, row_post


@pytest.fixture
def board(mitchell_session):
    return board_of(mitchell_session, 1)


def other_ew(board, ns, ew):
    """An EW pair the movement does not send against `ns` on this board."""
    played = dict((a.pk, b.pk) for a, b in movement_rows(board))
    return next(p for p in board.section.pairs.filter(direction="EW") if p.pk != played[ns.pk])


def test_it_shows_each_rows_pairs_in_boxes_the_director_can_type_over(director_client, board):
    body = director_client.get(f"/boards/{board.pk}/").content.decode()
    (ns, ew), *_ = movement_rows(board)
    assert f'name="ns_number" form="row-{board.pk}-{ns.pk}-{ew.pk}"' in body
    assert body.count('class="pair-input"') == 2 * (3 + 1)  # three tables and "Other pairs"
    assert 'name="version" value="0"' in body


def test_typing_another_ew_pair_warns_and_stores_nothing(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    elsewhere = other_ew(board, ns, ew)
    response = row_post(director_client, board, ns, ew, "4S N =", ew_number=str(elsewhere.number))
    body = response.content.decode()
    assert "The movement does not send NS 1 against" in body
    assert "Press Enter again to save anyway" in body
    assert f'name="ew_number" form="row-{board.pk}-{ns.pk}-{ew.pk}"' in body
    assert f'value="{elsewhere.number}"' in body  # what was typed stays in the box
    assert 'name="override" value="on"' in body
    assert not Result.objects.exists()


def test_enter_again_saves_the_off_movement_result(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    elsewhere = other_ew(board, ns, ew)
    typed = {"ew_number": str(elsewhere.number)}
    row_post(director_client, board, ns, ew, "4S N =", **typed)
    response = row_post(director_client, board, ns, ew, "4S N =", override="on", **typed)
    assert "Press Enter again" not in response.content.decode()
    result = Result.objects.get()
    assert (result.ns_pair, result.ew_pair, result.ns_score) == (ns, elsewhere, 420)
    assert result.round is None  # the movement has no round for this pairing
    change = ResultChange.objects.get()
    assert (change.action, change.ew_pair, change.changed_by.username) == (
        "created", elsewhere, "dora"
    )  # fmt: skip


def test_the_other_pairs_row_adds_a_pairing_the_movement_does_not_have(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    elsewhere = other_ew(board, ns, ew)
    typed = {"ns_number": str(ns.number), "ew_number": str(elsewhere.number)}
    first = row_post(director_client, board, None, None, "3NT S =", **typed).content.decode()
    assert "Press Enter again to save anyway" in first and not Result.objects.exists()
    second = row_post(director_client, board, None, None, "3NT S =", override="on", **typed)
    assert Result.objects.get().ew_pair == elsewhere
    # Shown as a row of its own (its pairs, its score), with a fresh "Other pairs" row below.
    body = second.content.decode()
    assert f'id="row-{board.pk}-{ns.pk}-{elsewhere.pk}"' in body and "+400" in body
    assert f'id="row-{board.pk}--"' in body


def test_the_other_pairs_row_refuses_a_pair_that_already_has_a_result(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    row_post(director_client, board, ns, ew, "4S N =")
    elsewhere = other_ew(board, ns, ew)
    typed = {"ns_number": str(ns.number), "ew_number": str(elsewhere.number)}
    body = row_post(director_client, board, None, None, "PASS", override="on", **typed)
    assert "already has a result for NS 1" in body.content.decode()
    assert Result.objects.get().text == "4S N ="


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("9", "There is no pair 9 in this section."),
        ("x", "EW pair: type a pair number, such as 3 or 3 EW"),
        ("", "Type the EW pair&#x27;s number."),
    ],
)
def test_a_pair_number_that_cannot_be_found_is_explained(director_client, board, typed, message):
    (ns, _), *_ = movement_rows(board)
    response = row_post(
        director_client, board, None, None, "4S N =", ns_number=str(ns.number), ew_number=typed
    )
    assert message in response.content.decode()
    assert not Result.objects.exists()


def test_changing_an_entered_rows_ns_pair_moves_its_result(director_client, board):
    (ns, ew), (ns2, _), *_ = movement_rows(board)
    row_post(director_client, board, ns, ew, "4S N =")
    result = Result.objects.get()
    typed = {"ns_number": str(ns2.number), "override": "on"}
    row_post(director_client, board, ns, ew, "4S N =", version=result.version, **typed)
    moved = Result.objects.get()
    assert (moved.ns_pair, moved.ew_pair) == (ns2, ew)
    actions = list(ResultChange.objects.order_by("pk").values_list("action", "ns_pair__number"))
    assert actions == [("created", ns.number), ("deleted", ns.number), ("created", ns2.number)]


def test_a_direction_letter_picks_the_other_pair_of_that_number(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    # "1 NS" in the EW box: NS pair 1 cannot play itself.
    response = row_post(director_client, board, ns, ew, "4S N =", ew_number="1 NS")
    assert "A pair cannot play against itself." in response.content.decode()
    assert pair(board, "NS", 1) == ns
