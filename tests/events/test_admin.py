"""The admin shows everything but changes nothing that decides a score: that is the app's job
(events.entry.saving.save_result validates, rescores and writes history; a save here would not)."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from events.entry.saving import save_result
from events.models import Board, Event, Pair, Result, ResultChange
from tests.events.entry.test_saving import seats


@pytest.fixture
def superuser(db):
    return get_user_model().objects.create_superuser("root", password="a-long-test-password")


@pytest.fixture
def admin_client(client, superuser):
    client.force_login(superuser)
    return client


@pytest.fixture
def scored(mitchell_session, director):
    board, tables = seats(mitchell_session, 1)
    (ns, ew), (ns2, ew2) = tables[:2]
    save_result(board, ns, ew, "4S N =", director)
    save_result(board, ns2, ew2, "4S N +1", director)
    return Result.objects.get(board=board, ns_pair=ns)


@pytest.mark.parametrize("model", ["club", "event", "pair", "board", "result", "resultchange"])
def test_every_model_has_a_working_admin_list(admin_client, scored, model):
    response = admin_client.get(reverse(f"admin:events_{model}_changelist"))
    assert response.status_code == 200


def test_it_shows_a_result_without_a_form_to_change_it(admin_client, scored):
    response = admin_client.get(reverse("admin:events_result_change", args=[scored.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "4S N =" in page
    assert 'name="text"' not in page and 'name="_save"' not in page


def test_a_posted_change_to_a_result_is_refused_and_nothing_moves(admin_client, scored):
    before = (scored.text, scored.ns_score, scored.ns_points, scored.version)
    changes = ResultChange.objects.count()
    url = reverse("admin:events_result_change", args=[scored.pk])
    response = admin_client.post(url, {"text": "7NT N =", "ns_score": "2220", "kind": "played"})
    assert response.status_code == 403
    scored.refresh_from_db()
    assert (scored.text, scored.ns_score, scored.ns_points, scored.version) == before
    assert ResultChange.objects.count() == changes


@pytest.mark.parametrize("model", ["result", "resultchange", "board"])
def test_scored_rows_cannot_be_added_or_deleted_in_the_admin(admin_client, scored, model):
    assert admin_client.get(reverse(f"admin:events_{model}_add")).status_code == 403
    row = {"result": scored, "resultchange": scored.board.changes.first(), "board": scored.board}
    url = reverse(f"admin:events_{model}_delete", args=[row[model].pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 403
    assert Result.objects.filter(pk=scored.pk).exists()
    assert Board.objects.filter(pk=scored.board.pk).exists()


def test_the_bulk_delete_action_is_not_offered_for_results(admin_client, scored):
    response = admin_client.post(
        reverse("admin:events_result_changelist"),
        {"action": "delete_selected", "_selected_action": [scored.pk], "post": "yes"},
    )
    assert Result.objects.filter(pk=scored.pk).exists()
    assert "delete_selected" not in response.content.decode()


def test_a_pairs_names_may_be_corrected_but_not_its_number(admin_client, scored):
    pair = scored.ns_pair
    url = reverse("admin:events_pair_change", args=[pair.pk])
    response = admin_client.post(url, {"player1": "Ann Smith", "player2": "Bob Jones",
                                       "number": "9", "direction": "EW"})  # fmt: skip
    assert response.status_code == 302
    pair.refresh_from_db()
    assert (pair.player1, pair.player2) == ("Ann Smith", "Bob Jones")
    assert (pair.number, pair.direction) == (1, "NS")
    assert Pair.objects.filter(section=pair.section).count() == 6


def test_a_sessions_scoring_is_shown_not_edited_in_the_admin(admin_client, scored):
    event = scored.board.section.event
    response = admin_client.get(reverse("admin:events_event_change", args=[event.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="scoring"' not in page and 'name="movement"' not in page
    assert 'name="name"' in page  # the name is harmless to correct here
    assert admin_client.get(reverse("admin:events_event_add")).status_code == 403


def test_a_session_deleted_in_the_admin_keeps_its_results_and_history(admin_client, scored):
    event, changes = scored.board.section.event, ResultChange.objects.count()
    url = reverse("admin:events_event_delete", args=[event.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 403
    admin_client.post(
        reverse("admin:events_event_changelist"),
        {"action": "delete_selected", "_selected_action": [event.pk], "post": "yes"},
    )
    assert Event.objects.filter(pk=event.pk, deleted_at__isnull=True).exists()
    # The admin's way deletes as the app does: hidden, restorable, nothing removed.
    changelist = reverse("admin:events_event_changelist")
    response = admin_client.post(
        changelist, {"action": "delete_restorably", "_selected_action": [event.pk]}, follow=True
    )
    assert "Deleted 1 session (Tuesday pairs (24 Nov 2026)): restorable for 30 days." in (
        response.content.decode()
    )
    event.refresh_from_db()
    assert event.deleted_at is not None
    again = admin_client.post(
        changelist, {"action": "delete_restorably", "_selected_action": [event.pk]}, follow=True
    )
    assert "No session deleted: those selected were deleted already." in again.content.decode()
    back = admin_client.post(
        changelist, {"action": "restore", "_selected_action": [event.pk]}, follow=True
    )
    assert "Restored 1 session (Tuesday pairs (24 Nov 2026))." in back.content.decode()
    event.refresh_from_db()
    assert event.deleted_at is None
    assert (
        Result.objects.filter(board__section__event=event).count(),
        ResultChange.objects.count(),
    ) == (2, changes)
