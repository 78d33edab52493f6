"""Deleting a session: a confirmation, a soft delete, an undo, a restore for 30 days, a purge."""

import datetime
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from events.entry.saving import save_result
from events.models import Board, Event, Result
from events.sessions.lifecycle import delete_session
from tests.events.entry.test_saving import seats


@pytest.fixture
def played(mitchell_session, director):
    """The 3-table Mitchell with board 1 played at its three tables, published."""
    board, tables = seats(mitchell_session, 1)
    for (ns, ew), text in zip(tables, ["4S N =", "4S N +1", "3NTX S -2"], strict=True):
        save_result(board, ns, ew, text, director)
    Event.objects.filter(pk=mitchell_session.pk).update(published=True)
    mitchell_session.refresh_from_db()
    return mitchell_session


def delete(client, event):
    return client.post(reverse("session_delete", args=[event.pk]))


def test_the_confirmation_says_what_will_be_lost(director_client, played):
    page = director_client.get(reverse("session_delete", args=[played.pk])).content.decode()
    assert "3 results</strong> typed on 1 of its 6 boards" in page
    assert "restore it from the club's page until" in page
    assert not Event.objects.get(pk=played.pk).deleted_at  # asking deletes nothing


def test_it_hides_the_session_everywhere_and_offers_the_undo(director_client, played):
    response = delete(director_client, played)
    club_url = reverse("club_sessions", args=[played.club.slug])
    assert response.status_code == 302 and response.url == f"{club_url}?deleted={played.pk}"
    event = Event.objects.get(pk=played.pk)
    assert event.deleted_at is not None and event.deleted_by.username == "dora"
    assert Result.objects.filter(board__section__event=event).count() == 3  # kept for a restore
    club_page = director_client.get(response.url).content.decode()
    assert "Deleted “Tuesday pairs”" in club_page and ">Undo</button>" in club_page
    assert "Recently deleted" in club_page
    link = f'href="{reverse("session_detail", args=[played.pk])}"'
    assert link not in club_page
    assert link not in director_client.get("/").content.decode()
    # Players (not logged in) no longer see it, on the home page or the club's.
    client = Client()
    assert "Tuesday pairs" not in client.get("/").content.decode()
    assert "Tuesday pairs" not in client.get(club_url).content.decode()


@pytest.mark.parametrize(
    "url",
    [
        lambda e, b: reverse("session_detail", args=[e.pk]),
        lambda e, b: reverse("session_recap", args=[e.pk]),
        lambda e, b: reverse("session_travellers", args=[e.pk]),
        lambda e, b: reverse("session_export", args=[e.pk]),
        lambda e, b: reverse("session_edit", args=[e.pk]),
        lambda e, b: reverse("board_traveller", args=[b.pk]),
        lambda e, b: reverse("board_history", args=[b.pk]),
    ],
)
def test_its_pages_are_404s_naming_it_only_for_its_directors(director_client, played, url):
    delete(director_client, played)
    board = Board.objects.get(section__event=played, number=1)
    mine = director_client.get(url(played, board))
    assert mine.status_code == 404
    assert "“Tuesday pairs” was deleted" in mine.content.decode()
    assert reverse("session_restore", args=[played.pk]) in mine.content.decode()
    theirs = Client().get(url(played, board))  # a player, not logged in
    assert theirs.status_code in (302, 404) and "Tuesday pairs" not in theirs.content.decode()


def test_nothing_can_be_typed_into_a_deleted_session(director_client, played):
    delete(director_client, played)
    board, ((ns, ew), *_) = seats(played, 2)
    data = {"board": board.pk, "ns": ns.pk, "ew": ew.pk, "text": "3NT N ="}
    response = director_client.post(reverse("board_traveller", args=[board.pk]), data)
    assert response.status_code == 404
    assert not Result.objects.filter(board=board).exists()


def test_undo_restores_it_as_it_was(director_client, played):
    delete(director_client, played)
    response = director_client.post(reverse("session_restore", args=[played.pk]))
    assert response.status_code == 302
    assert response.url == reverse("session_detail", args=[played.pk])
    event = Event.objects.get(pk=played.pk)
    assert event.deleted_at is None and event.published
    page = director_client.get(response.url).content.decode()
    assert "Restored" in page
    assert Result.objects.filter(board__section__event=event).count() == 3


def test_after_30_days_it_cannot_be_restored_and_the_purge_removes_it(director_client, played):
    delete(director_client, played)
    long_ago = timezone.now() - datetime.timedelta(days=31)
    Event.objects.filter(pk=played.pk).update(deleted_at=long_ago)
    club_url = reverse("club_sessions", args=[played.club.slug])
    assert "Recently deleted" not in director_client.get(club_url).content.decode()
    assert director_client.post(reverse("session_restore", args=[played.pk])).status_code == 404
    recent = Event.objects.create(club=played.club, name="Friday", date=played.date)
    delete(director_client, recent)
    out = StringIO()
    call_command("purge_deleted_sessions", "--dry-run", stdout=out)
    assert (
        "1 session would remove" in out.getvalue() and Event.objects.filter(pk=played.pk).exists()
    )
    out = StringIO()
    call_command("purge_deleted_sessions", stdout=out)
    assert f"removed session {played.pk}" in out.getvalue()
    assert not Event.objects.filter(pk=played.pk).exists()
    assert not Result.objects.filter(board__section__event_id=played.pk).exists()
    assert Event.objects.filter(pk=recent.pk).exists()  # deleted today: still restorable


def test_the_export_command_refuses_a_deleted_session(director_client, played):
    delete(director_client, played)
    with pytest.raises(CommandError, match="was deleted"):
        call_command("export_results", str(played.pk), stdout=StringIO())


@pytest.mark.parametrize("who", ["colleague", "stranger"])
def test_other_users_can_neither_delete_nor_restore(client, request, played, director, who):
    client.force_login(request.getfixturevalue(who))
    assert client.get(reverse("session_delete", args=[played.pk])).status_code == 404
    assert delete(client, played).status_code == 404
    assert Event.objects.get(pk=played.pk).deleted_at is None
    delete_session(played, director)
    assert client.post(reverse("session_restore", args=[played.pk])).status_code == 404
    assert Event.objects.get(pk=played.pk).deleted_at is not None
    club_page = client.get(reverse("club_sessions", args=[played.club.slug])).content.decode()
    assert "Recently deleted" not in club_page and "Tuesday pairs" not in club_page


def test_restoring_is_a_post(director_client, played):
    delete(director_client, played)
    assert director_client.get(reverse("session_restore", args=[played.pk])).status_code == 405
