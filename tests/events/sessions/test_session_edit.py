"""Editing a session after it is set up: name, date, rounds; the method through the options form."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from events.entry.saving import save_result
from events.models import Board, Event, Result, ResultChange
from tests.events.entry.test_saving import seats
from tests.factories import make_session


def edit(client, event, **fields):
    data = {"name": event.name, "date": event.date.isoformat(), **fields}
    return client.post(reverse("session_edit", args=[event.pk]), data)


def test_it_renames_and_redates_and_moves_the_version_on(director_client, mitchell_session):
    before = mitchell_session.version
    response = edit(director_client, mitchell_session, name="Thursday pairs", date="2026-11-26")
    assert response.status_code == 302
    assert response.url == reverse("session_detail", args=[mitchell_session.pk])
    event = Event.objects.get(pk=mitchell_session.pk)
    assert (event.name, event.date) == ("Thursday pairs", datetime.date(2026, 11, 26))
    assert event.version > before  # open pages refresh


def test_the_page_offers_the_details_the_options_form_and_the_delete(
    director_client, mitchell_session
):
    page = director_client.get(reverse("session_edit", args=[mitchell_session.pk]))
    body = page.content.decode()
    assert 'value="Tuesday pairs"' in body and 'value="2026-11-24"' in body
    assert f'action="{reverse("session_options", args=[mitchell_session.pk])}"' in body
    assert 'name="cross_imps"' in body  # the options page's own form, not a copy
    assert reverse("session_delete", args=[mitchell_session.pk]) in body


def test_it_refuses_year_0006_and_says_which_dates_are_fine(director_client, mitchell_session):
    response = edit(director_client, mitchell_session, date="0006-11-24")
    assert response.status_code == 200
    assert "24 Nov 0006 is too far from today" in response.content.decode()
    assert Event.objects.get(pk=mitchell_session.pk).date == datetime.date(2026, 11, 24)


def test_an_old_session_keeps_its_date_through_a_rename(director_client, club):
    old = make_session(club, date=datetime.date(2012, 3, 1))
    assert edit(director_client, old, name="Club pairs 2012").status_code == 302
    assert Event.objects.get(pk=old.pk).name == "Club pairs 2012"


def test_a_blank_name_is_refused_and_nothing_changes(director_client, mitchell_session):
    response = edit(director_client, mitchell_session, name="")
    assert response.status_code == 200 and "This field is required" in response.content.decode()
    assert Event.objects.get(pk=mitchell_session.pk).name == "Tuesday pairs"


def test_a_mitchell_played_for_fewer_rounds_expects_fewer_results(director_client, club):
    # In a Mitchell the boards go down one table each round, so after R rounds each set has
    # been played at R tables: 7 tables, 5 rounds -> every board expects 5 results.
    event = make_session(club, tables=7, boards_per_round=3)
    assert edit(director_client, event, rounds="5").status_code == 302
    section = event.sections.get()
    assert section.rounds == 5
    boards = Board.objects.filter(section=section)
    assert boards.count() == 21 and {b.expected_results for b in boards} == {5}
    assert edit(director_client, event, rounds="7").status_code == 302
    section.refresh_from_db()
    assert section.rounds is None  # the whole movement again
    assert {b.expected_results for b in Board.objects.filter(section=section)} == {7}


def test_rounds_beyond_the_movement_are_explained(director_client, mitchell_session):
    response = edit(director_client, mitchell_session, rounds="4")
    assert response.status_code == 200
    assert "A 3-table Mitchell plays 1-3 rounds, not 4" in response.content.decode()


def test_a_result_the_shorter_movement_would_orphan_blocks_it(
    director_client, mitchell_session, director
):
    section = mitchell_session.sections.get()
    last = section.movement().seating(3, 1)  # round 3, table 1
    pairs = {p.key: p for p in section.pairs.all()}
    number = min(section.movement().boards_of_set(last.board_set))
    board = Board.objects.get(section=section, number=number)
    save_result(board, pairs[last.ns], pairs[last.ew], "4S N =", director)
    response = edit(director_client, mitchell_session, rounds="2", name="Renamed")
    body = response.content.decode()
    assert response.status_code == 200
    # The Mitchell card: EW pairs move up a table and boards down one each round, so in
    # round 3 table 1 has NS 1 against EW 2 on the third set, boards 5-6.
    assert "board 5 (NS 1 v EW 2: 4S N =)" in body
    assert "Delete them first" in body
    mitchell_session.refresh_from_db()
    section.refresh_from_db()
    assert (mitchell_session.name, section.rounds) == ("Tuesday pairs", None)  # nothing half-done
    assert Board.objects.get(pk=board.pk).expected_results == 3


def test_results_the_shorter_movement_keeps_are_rescored(director_client, club, director):
    # 3 tables, 1 board a round: each board is due at 3 tables. The tables of rounds 1 and 2
    # scored +450 and +420; the round-3 table will not play it once the evening is shortened.
    event = make_session(club, tables=3, boards_per_round=1)
    section = event.sections.get()
    plan = section.movement()
    pairs = {p.key: p for p in section.pairs.all()}
    board_set = plan.seating(1, 1).board_set
    number = plan.boards_of_set(board_set)[0]
    board = Board.objects.get(section=section, number=number)
    kept = [s for s in plan.plays_of_board(number) if s.round <= 2]
    for seating, text in zip(kept, ["450", "420"], strict=True):
        save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)
    # ACBL matchpoints, 2 results where 3 were due: Neuberg (MP + 1/2) x 3/2 - 1/2 gives the
    # +450 (1 MP raw) 1.75 of a top of 2 (the worked case in test_scoring_rules.py).
    assert Result.objects.get(ns_score=450).ns_points == 1.75
    assert edit(director_client, event, rounds="2").status_code == 302
    # Now 2 were due and 2 came: raw 1 of a top of 1, no factoring.
    assert Result.objects.get(ns_score=450).ns_points == 1.0
    assert Board.objects.get(pk=board.pk).expected_results == 2


def test_an_option_change_from_the_edit_page_rescores(director_client, club, director):
    # tests/events/test_scoring_rules.py's board: +420 among +450 and -50.
    # ACBL matchpoints (1 for each score beaten): 1 of a top of 2.
    # Cross-IMPs averaged (WBF IMP scale): -30 is -1 IMP, +470 is 10 IMPs; average 4.5.
    event = make_session(club, tables=3, boards_per_round=1)
    board, tables = seats(event, 1)
    for (ns, ew), text in zip(tables, ["420", "450", "-50"], strict=True):
        save_result(board, ns, ew, text, director)
    assert Result.objects.get(ns_score=420).ns_points == 1.0
    before = Event.objects.get(pk=event.pk).version
    data = {"scoring": "cross-imps", "totals": "raw", "missing_results": "neuberg",
            "adjusted_rule": "fixed", "cross_imps": "average", "ave_plus_imps": "3",
            "butler_drop": "", "datum_rounding": "10"}  # fmt: skip
    response = director_client.post(reverse("session_options", args=[event.pk]), data)
    assert response.status_code == 302
    assert Result.objects.get(ns_score=420).ns_points == 4.5
    event.refresh_from_db()
    assert event.scoring == "cross-imps" and event.version > before


def test_an_option_change_never_takes_the_version_back(
    director_client, club, director, monkeypatch
):
    # The director's request reads the session, then a table's result is saved (the version
    # moves on) before the options are stored. Writing back the whole row read earlier put
    # the version back: two states of the session under one version, so the live pages kept
    # the old standings. Only the options are written; the version only goes up.
    event = make_session(club, tables=3, boards_per_round=1)
    board, tables = seats(event, 1)
    save_result(board, *tables[0], "420", director)
    stale = Event.objects.get(pk=event.pk)
    save_result(board, *tables[1], "450", director)
    after_the_save = Event.objects.get(pk=event.pk)
    monkeypatch.setattr("events.sessions.views.event_for_director", lambda request, pk: stale)
    data = {"scoring": "cross-imps", "totals": "raw", "missing_results": "neuberg",
            "adjusted_rule": "fixed", "cross_imps": "average", "ave_plus_imps": "3",
            "butler_drop": "", "datum_rounding": "10"}  # fmt: skip
    response = director_client.post(reverse("session_options", args=[event.pk]), data)
    assert response.status_code == 302
    now = Event.objects.get(pk=event.pk)
    assert now.scoring == "cross-imps"
    assert now.version > after_the_save.version
    assert now.name == after_the_save.name and now.published == after_the_save.published


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("who", ["colleague", "stranger"])
def test_other_users_get_a_404_and_change_nothing(client, request, mitchell_session, method, who):
    client.force_login(request.getfixturevalue(who))
    url = reverse("session_edit", args=[mitchell_session.pk])
    data = {"name": "Hijacked", "date": timezone.localdate().isoformat()}
    response = getattr(client, method)(url, data if method == "post" else None)
    assert response.status_code == 404
    assert Event.objects.get(pk=mitchell_session.pk).name == "Tuesday pairs"


def test_visitors_are_asked_to_log_in(client, mitchell_session):
    response = client.get(reverse("session_edit", args=[mitchell_session.pk]))
    assert response.status_code == 302 and reverse("login") in response.url


def test_a_howell_cut_short_removes_its_unplayed_boards_but_not_their_history(
    director_client, club, director
):
    # A 3-table Howell, 2 boards a round, plays 5 rounds and 10 boards; cut to 2 rounds it
    # plays boards 1-4 only. A result typed on board 5 by mistake was deleted, as the refusal
    # to shorten asks: its two history lines are the only trace of what happened.
    event = make_session(club, movement="howell", tables=3, boards_per_round=2)
    section = event.sections.get()
    board = Board.objects.get(section=section, number=5)
    seating = section.movement().plays_of_board(5)[0]
    pairs = {p.key: p for p in section.pairs.all()}
    result = save_result(board, pairs[seating.ns], pairs[seating.ew], "3NT N =", director)
    assert director_client.post(reverse("result_delete", args=[result.pk])).status_code == 302
    assert edit(director_client, event, rounds="2").status_code == 302
    assert sorted(Board.objects.filter(section=section).values_list("number", flat=True)) == [
        1, 2, 3, 4,
    ]  # fmt: skip
    history = ResultChange.objects.order_by("pk")
    assert [(c.action, c.old_text, c.new_text) for c in history] == [
        ("created", "", "3NT N ="),
        ("deleted", "3NT N =", ""),
    ]
    assert {(c.board_id, c.former_board_number) for c in history} == {(None, 5)}
    assert str(history[1]) == "Board 5 (removed): deleted 3NT N ="
