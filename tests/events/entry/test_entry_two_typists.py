"""Two typists on one board: a save carries the version of the row it was typed
against; if the row changed meanwhile nothing is replaced, the typist sees both results and
chooses, and the history says who did what.

Scores (Law 77): board 6 of the Mitchell is dealt by East with EW vulnerable (Law 2's
board table). 2H by E made: 2 x 30 + 50 part score = 110 to EW, -110 for NS. 3C by N made,
not vulnerable: 3 x 20 + 50 = +110.
"""

import threading

import pytest
from django.db import connection, connections
from django.test import Client

from events.entry.errors import EntryConflict
from events.entry.saving import RowState, save_result
from events.models import Result, ResultChange
from tests.events.entry.entry_helpers import board_of, movement_rows, row_post
from tests.factories import make_club, make_session, make_user


@pytest.fixture
def bob(club):
    user = make_user(username="bob")
    club.directors.add(user)
    return user


@pytest.fixture
def board(mitchell_session):
    return board_of(mitchell_session, 6)


@pytest.fixture
def tab_b(bob):
    """Board 6 open in a second tab, bob's."""
    tab = Client()
    tab.force_login(bob)
    return tab


def test_a_row_that_looked_empty_but_was_filled_meanwhile_replaces_nothing(
    director_client, tab_b, board
):
    (ns, ew), *_ = movement_rows(board)
    row_post(tab_b, board, ns, ew, "2H E =")  # tab B saves first
    response = row_post(director_client, board, ns, ew, "3C N =", version=0)  # tab A, stale
    body = response.content.decode()
    assert "bob saved this row at" in body and "Nothing was replaced." in body
    assert "<code>2H E =</code> (-110)" in body  # the stored result, its score
    assert "<code>3C N =</code> (+110)" in body  # the typist's own
    assert "Replace with yours" in body and "Keep 2H E =" in body
    stored = Result.objects.get()
    assert (stored.text, stored.updated_by.username) == ("2H E =", "bob")
    assert f'name="version" value="{stored.version}"' in body  # Enter now replaces that one
    assert 'name="replace" value="on"' in body


def test_choosing_replace_stores_mine_and_the_history_says_who(director_client, tab_b, board):
    (ns, ew), *_ = movement_rows(board)
    row_post(tab_b, board, ns, ew, "2H E =")
    row_post(director_client, board, ns, ew, "3C N =", version=0)
    stored = Result.objects.get()
    row_post(director_client, board, ns, ew, "3C N =", version=stored.version, replace="on")
    result = Result.objects.get()
    assert (result.text, result.ns_score, result.updated_by.username) == ("3C N =", 110, "dora")
    history = list(
        ResultChange.objects.order_by("pk").values_list(
            "action", "old_text", "new_text", "changed_by__username"
        )
    )
    assert history == [
        ("created", "", "2H E =", "bob"),
        ("replaced", "2H E =", "3C N =", "dora"),
    ]
    page = director_client.get(f"/boards/{board.pk}/history/").content.decode()
    assert "replaced a result saved meanwhile" in page


def test_choosing_keep_leaves_theirs_and_moves_on(director_client, tab_b, board):
    (ns, ew), (ns2, ew2), *_ = movement_rows(board)
    row_post(tab_b, board, ns, ew, "2H E =")
    row_post(director_client, board, ns, ew, "3C N =", version=0)
    key = f"{board.pk}-{ns.pk}-{ew.pk}"
    response = director_client.get(f"/boards/{board.pk}/?after={key}", HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert 'value="2H E ="' in body and "3C N =" not in body
    next_row = body.index(f'id="row-{board.pk}-{ns2.pk}-{ew2.pk}"')
    assert body.index("autofocus", next_row) < body.index("</form>", next_row)
    assert Result.objects.get().text == "2H E ="
    assert ResultChange.objects.count() == 1


def test_a_correction_typed_against_an_older_version_is_refused(director_client, tab_b, board):
    (ns, ew), *_ = movement_rows(board)
    row_post(director_client, board, ns, ew, "2H E =")
    seen = Result.objects.get().version
    row_post(tab_b, board, ns, ew, "2H E +1", version=seen)  # B corrects first
    body = row_post(director_client, board, ns, ew, "2H E -1", version=seen).content.decode()
    assert "bob saved this row" in body and "<code>2H E +1</code> (-140)" in body
    assert Result.objects.get().text == "2H E +1"


def test_a_result_deleted_meanwhile_is_not_entered_again_unasked(director_client, tab_b, board):
    (ns, ew), *_ = movement_rows(board)
    row_post(director_client, board, ns, ew, "2H E =")
    seen = Result.objects.get().version
    row_post(tab_b, board, ns, ew, "", version=seen, override="on")  # B clears the row
    assert not Result.objects.exists()
    body = row_post(director_client, board, ns, ew, "2H E -1", version=seen).content.decode()
    assert "bob deleted this result at" in body and "nothing (deleted)" in body
    assert not Result.objects.exists()
    row_post(director_client, board, ns, ew, "2H E -1", version=0, replace="on")
    assert Result.objects.get().text == "2H E -1"


def test_the_same_slip_typed_twice_is_stored_once(director_client, tab_b, board):
    (ns, ew), *_ = movement_rows(board)
    row_post(tab_b, board, ns, ew, "2H E =")
    body = row_post(director_client, board, ns, ew, "2h e =", version=0).content.decode()
    assert "Nothing was replaced" not in body
    assert ResultChange.objects.count() == 1


def test_versions_grow_so_a_result_entered_again_never_looks_unchanged(director_client, board):
    (ns, ew), *_ = movement_rows(board)
    row_post(director_client, board, ns, ew, "2H E =")
    first = Result.objects.get().version
    row_post(director_client, board, ns, ew, "", version=first, override="on")
    row_post(director_client, board, ns, ew, "2H E =", version=0)
    assert Result.objects.get().version > first


# Under PostgreSQL the check runs after the session's row lock: two typists pressing Enter at
# the same instant on the same empty row, both typed against version 0, store exactly one.
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks need PostgreSQL (set DATABASE_URL); SQLite locks the whole file",
)
def test_two_typists_at_the_same_instant_one_wins_the_other_sees_it():
    alice, bob = make_user(username="alice"), make_user(username="bob")
    club = make_club(directors=[alice, bob])
    event = make_session(club, tables=5, boards_per_round=1)
    plays = [(board_of(event, n), *movement_rows(board_of(event, n))[0]) for n in range(1, 6)]
    outcomes = []
    barrier = threading.Barrier(2 * len(plays))

    def typist(user, board, ns, ew, text):
        try:
            barrier.wait()
            save_result(board, ns, ew, text, user, row=RowState(version=0))
            outcomes.append((board.number, user.username, "saved"))
        except EntryConflict as conflict:
            outcomes.append((board.number, user.username, conflict.stored.text))
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=typist, args=(user, board, ns, ew, text))
        for board, ns, ew in plays
        for user, text in ((alice, "3C N ="), (bob, "2H E ="))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for board, ns, _ in plays:
        stored = Result.objects.get(board=board, ns_pair=ns)
        mine = sorted(o[1:] for o in outcomes if o[0] == board.number)
        winner = stored.updated_by.username
        loser = "bob" if winner == "alice" else "alice"
        assert mine == sorted([(winner, "saved"), (loser, stored.text)])
        assert ResultChange.objects.filter(board=board).count() == 1
