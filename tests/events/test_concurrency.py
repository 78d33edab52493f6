"""Director and tables entering the same session at once: nothing lost, nothing doubled."""

import threading
import time
from functools import partial

import pytest
from django.db import connection, connections
from django.test import Client

from events.entry.deleting import delete_result
from events.entry.saving import RowState, save_result
from events.models import Board, Result, ResultChange
from events.standings import scorer
from tests.events.lock_waits import a_backend_waiting_on_a_lock
from tests.factories import make_club, make_session, make_user

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL (set DATABASE_URL); SQLite locks the whole file",
    ),
]

TABLES = 8


def run_together(jobs):
    """Start every job at the same instant, each on its own connection; re-raise failures."""
    barrier = threading.Barrier(len(jobs))
    failures = []

    def worker(job):
        try:
            barrier.wait()
            job()
        except Exception as error:  # noqa: BLE001 - reported to the test below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures


@pytest.fixture
def session_and_seats():
    director = make_user(username="director")
    table_user = make_user(username="table-device")
    club = make_club(directors=[director, table_user])
    event = make_session(club, tables=TABLES, boards_per_round=1)
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    movement = section.movement()
    seats = {}
    for board in Board.objects.filter(section=section):
        plays = movement.plays_of_board(board.number)
        seats[board.number] = (board, [(pairs[s.ns], pairs[s.ew]) for s in plays])
    return director, table_user, seats


def test_every_table_of_one_board_at_once(session_and_seats):
    director, _, seats = session_and_seats
    board, plays = seats[1]
    lines = ["4S N =", "4S N +1", "4S N -1", "3NT N =", "PASS", "5SX N -2", "4H S =", "-100"]
    run_together(
        [
            lambda ns=ns, ew=ew, text=text: save_result(board, ns, ew, text, director)
            for (ns, ew), text in zip(plays, lines, strict=False)
        ]
    )
    points = list(Result.objects.filter(board=board).values_list("ns_points", flat=True))
    assert len(points) == len(plays)
    assert sum(points) == len(plays) * (len(plays) - 1) / 2


def test_director_and_tables_entering_the_same_rows(session_and_seats):
    director, table_user, seats = session_and_seats
    jobs = []
    for number in (1, 2, 3):
        board, plays = seats[number]
        for ns, ew in plays:
            # The table and the director type the same slip at the same moment.
            jobs.append(lambda b=board, ns=ns, ew=ew: save_result(b, ns, ew, "3NT N =", table_user))
            jobs.append(lambda b=board, ns=ns, ew=ew: save_result(b, ns, ew, "3NT N +1", director))
    run_together(jobs)
    for number in (1, 2, 3):
        board, plays = seats[number]
        results = Result.objects.filter(board=board)
        assert results.count() == len(plays)
        assert sorted(r.ns_pair_id for r in results) == sorted(ns.pk for ns, _ in plays)
        assert sum(r.ns_points for r in results) == len(plays) * (len(plays) - 1) / 2
        created = ResultChange.objects.filter(board=board, action="created").count()
        assert created == len(plays)  # one creation per row; the other write corrected it


def replay(board, ns):
    """The row's history, checked link by link: each change starts from the text the one
    before left (a deletion from the text it deleted). Returns the text it ends with."""
    text = ""
    for change in ResultChange.objects.filter(board=board, ns_pair=ns).order_by("pk"):
        assert change.old_text == text, (change.action, change.old_text, text)
        text = "" if change.action == ResultChange.DELETED else change.new_text
    return text


def posting_client(user):
    client = Client()
    client.force_login(user)
    return client


def clear_row(client, board, ns, ew, version):
    """The ✕ of a row, confirmed (Enter again): an empty line with override."""
    data = {"board": board.pk, "ns": ns.pk, "ew": ew.pk, "text": "", "version": version,
            "override": "on"}  # fmt: skip
    assert client.post(f"/boards/{board.pk}/", data, HTTP_HX_REQUEST="true").status_code == 200


def correct_row(client, board, ns, ew, text, version):
    data = {"board": board.pk, "ns": ns.pk, "ew": ew.pk, "text": text, "version": version}
    assert client.post(f"/boards/{board.pk}/", data, HTTP_HX_REQUEST="true").status_code == 200


def delete_url(client, result):
    assert client.post(f"/results/{result.pk}/delete/").status_code in (302, 404)


def test_two_deletes_of_one_result_at_once_record_one_deletion(session_and_seats):
    director, table_user, seats = session_and_seats
    clients = [posting_client(director), posting_client(table_user), posting_client(director)]
    for number in (1, 2, 3):
        board, [(ns, ew), *_] = seats[number]
        result = save_result(board, ns, ew, "4S N =", director)
        run_together(
            [partial(clear_row, client, board, ns, ew, result.version) for client in clients[:2]]
            + [partial(delete_url, clients[2], result)]
        )
        assert not Result.objects.filter(board=board).exists()
        assert ResultChange.objects.filter(board=board, action="deleted").count() == 1
        assert replay(board, ns) == ""


def test_a_delete_racing_a_correction_records_the_text_it_deleted(session_and_seats):
    director, table_user, seats = session_and_seats
    deleting, correcting = posting_client(director), posting_client(table_user)
    for number in range(1, 5):
        board, [(ns, ew), *_] = seats[number]
        seen = save_result(board, ns, ew, "4S N =", director)
        # Boards 1-2 delete from the row's ✕ (with the version the director saw), 3-4 through
        # the delete URL: either way the deletion must record what it actually deleted.
        if number <= 2:
            delete = partial(clear_row, deleting, board, ns, ew, seen.version)
        else:
            delete = partial(delete_url, deleting, seen)
        run_together(
            [partial(correct_row, correcting, board, ns, ew, "4S N -1", seen.version), delete]
        )
        stored = Result.objects.filter(board=board, ns_pair=ns).first()
        assert replay(board, ns) == (stored.text if stored else "")
        deletions = ResultChange.objects.filter(board=board, action="deleted")
        assert deletions.count() <= 1
        assert all(d.old_text == "4S N =" for d in deletions)  # the text the director saw


def test_a_delete_without_a_version_records_the_text_it_deleted(session_and_seats):
    """The service itself, handed a result read before a correction landed: the deletion
    records the corrected text (read under the lock), not the stale one."""
    director, table_user, seats = session_and_seats
    for number in range(1, 5):
        board, [(ns, ew), *_] = seats[number]
        stale = save_result(board, ns, ew, "4S N =", director)
        run_together(
            [
                partial(save_result, board, ns, ew, "4S N -1", table_user),
                partial(delete_result, stale, director),
            ]
        )
        stored = Result.objects.filter(board=board, ns_pair=ns).first()
        assert replay(board, ns) == (stored.text if stored else "")


def test_a_correction_landing_between_reading_and_locking_is_not_deleted(
    session_and_seats, monkeypatch
):
    """The delete URL reads the result before it takes the session's lock; a correction
    committed in between must not be deleted unseen (the director saw 4S N =)."""
    director, table_user, seats = session_and_seats
    board, [(ns, ew), *_] = seats[1]
    seen = save_result(board, ns, ew, "4S N =", director)
    holding, go = threading.Event(), threading.Event()
    rescore = scorer.rescore_board  # what a save calls once its line is written

    def rescore_when_told(*args, **kwargs):
        if threading.current_thread().name == "correction":
            holding.set()  # the session's lock is taken, the correction not yet committed
            go.wait(timeout=30)
        return rescore(*args, **kwargs)

    monkeypatch.setattr(scorer, "rescore_board", rescore_when_told)

    def correct():
        try:
            save_result(board, ns, ew, "4S N -1", table_user, row=RowState(version=seen.version))
        finally:
            connections.close_all()

    def delete():
        try:
            delete_url(posting_client(director), seen)
        finally:
            connections.close_all()

    correction = threading.Thread(target=correct, name="correction")
    correction.start()
    assert holding.wait(timeout=30)
    deletion = threading.Thread(target=delete)
    deletion.start()
    wait_until_a_save_waits_for_the_lock()
    go.set()
    correction.join(timeout=30)
    deletion.join(timeout=30)
    assert Result.objects.get(board=board, ns_pair=ns).text == "4S N -1"
    assert not ResultChange.objects.filter(board=board, action="deleted").exists()
    assert replay(board, ns) == "4S N -1"


def wait_until_a_save_waits_for_the_lock():
    with connection.cursor() as cursor:
        for _ in range(300):
            cursor.execute(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND datname = current_database()"
            )
            if cursor.fetchone():
                return
            time.sleep(0.05)
    raise AssertionError("nobody waited for the session's lock")


def test_a_hand_record_upload_and_a_hand_save_of_one_game_queue_not_deadlock(monkeypatch):
    # The upload locked the game's hands (redeal_hands) and then the game's row; a hand's save
    # locked the game's row and then its hand: interleaved, PostgreSQL found a deadlock and
    # refused one of them. Both now take the game's row first. The upload is held right after
    # it has put the new deal on the hand already entered, until the save waits for a lock.
    from events.one_table import hand_records
    from events.one_table.hand_records import import_game_hand_records
    from events.one_table.hands import save_hand
    from tests.events.one_table.test_one_table import make_game
    from tests.events.one_table.test_one_table_hand_records import UNEVEN_FILE

    game = make_game(make_club(), boards=3)
    save_hand(game, 1, contract="4S", declarer="N", made="4", hcp_ns="25", fit="9S")
    game.refresh_from_db()
    version = game.version
    redealt, go_on = threading.Event(), threading.Event()

    def redeal_then_wait(*args):
        redeal_hands(*args)
        redealt.set()
        go_on.wait(timeout=20)

    redeal_hands = hand_records.redeal_hands
    monkeypatch.setattr(hand_records, "redeal_hands", redeal_then_wait)
    failures = []

    def upload():
        import_game_hand_records(game, UNEVEN_FILE)

    def correct_the_hand():
        redealt.wait(timeout=20)
        save_hand(game, 1, contract="5S", declarer="N", made="5", hcp_ns="25", fit="9S")

    def run(job):
        try:
            job()
        except Exception as error:  # noqa: BLE001 - reported below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(job,)) for job in (upload, correct_the_hand)]
    for thread in threads:
        thread.start()
    assert redealt.wait(timeout=20)
    a_backend_waiting_on_a_lock()
    go_on.set()
    for thread in threads:
        thread.join(timeout=30)
    assert not failures, failures
    hand = game.hands.get(number=1)
    # The save came second: its contract, with the HCP and fit of the deal the upload stored
    # (tests/events/one_table/test_one_table_hand_records.py's UNEVEN: NS 36, a spade fit 8S).
    assert (hand.contract, hand.hcp_ns, hand.fit) == ("5S", 36, "8S")
    game.refresh_from_db()
    assert game.version == version + 2  # the upload and the correction, each told the tally


def test_a_session_hand_record_upload_takes_the_session_before_its_boards():
    # A change of rounds takes the session's row, then its boards' (events/sessions/lifecycle.py).
    # The upload wrote the boards' deals first and took the session's row last: meeting a change of
    # rounds, each held what the other waited for, and PostgreSQL refused one as a deadlock.
    # Held at the session's row by another transaction, the upload must hold no board yet.
    from events.handrecords.session_import import import_hand_records
    from tests.events.handrecords.test_hand_records import THREE_BOARDS

    event = make_session(make_club(), tables=3, boards_per_round=2)
    boards = list(Board.objects.filter(section__event=event).values_list("pk", flat=True))
    other = connection.get_new_connection(connection.get_connection_params())
    other.autocommit = False
    failures = []

    def upload():
        try:
            import_hand_records(event, THREE_BOARDS)
        except Exception as error:  # noqa: BLE001 - reported below
            failures.append(error)
        finally:
            connections.close_all()

    with other.cursor() as cursor:
        cursor.execute("UPDATE events_event SET version = version WHERE id = %s", [event.pk])
    thread = threading.Thread(target=upload)
    thread.start()
    try:
        a_backend_waiting_on_a_lock()
        with other.cursor() as cursor:
            # NOWAIT: an error at once if the waiting upload holds any board.
            cursor.execute(
                "SELECT id FROM events_board WHERE id = ANY(%s) FOR UPDATE NOWAIT", [boards]
            )
    finally:
        other.rollback()
        other.close()
        thread.join(timeout=30)
    assert not failures, failures
    deals = Board.objects.filter(section__event=event, number__lte=3).exclude(deal="")
    assert deals.count() == 3
