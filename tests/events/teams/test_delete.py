"""Deleting a teams event as a session is deleted: a confirmation saying what goes, a soft
delete with an Undo, a restore from the club's page for 30 days, then the purge. And an
import of a file the club has already imported says that it makes a second copy."""

import datetime
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from events.formats.usebio_read import read_usebio
from events.teams import draw, entry
from events.teams.importer import import_teams_file
from events.teams.models import MatchBoard, Team, TeamMatch, TeamsEvent
from tests.events.formats.test_usebio_teams import SWISS
from tests.events.teams.factories import make_teams_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club):
    """Six teams, round 1 drawn (three matches) and one match's two boards entered."""
    event = make_teams_event(club, published=True)
    draw.draw_next_round(event)
    match = event.matches.get(table=1)
    entry.save_boards(
        match, [entry.BoardRow(1, "4S N =", "4S S -1"), entry.BoardRow(2, "3NT E =", "PASS")]
    )
    return event


def delete(client, event):
    return client.post(reverse("teams_delete", args=[event.pk]))


def test_the_event_page_offers_the_delete_to_its_directors_only(director_client, played):
    url = reverse("teams_event", args=[played.pk])
    delete_url = reverse("teams_delete", args=[played.pk])
    assert delete_url in director_client.get(url).content.decode()
    assert delete_url not in Client().get(url).content.decode()  # published: players read it


def test_the_confirmation_says_what_goes(director_client, played):
    page = director_client.get(reverse("teams_delete", args=[played.pk])).content.decode()
    page = " ".join(page.split())
    assert (
        "Swiss teams, Tuesday 24 November 2026, Riverside BC, a Swiss teams event: "
        "<strong>6 teams</strong>, 1 of its 3 matches with results, 2 boards entered"
    ) in page
    assert "its results are published and players may be reading them" in page
    assert "restore it from the club's page until" in page
    played.refresh_from_db()
    assert played.deleted_at is None  # asking deletes nothing


def test_the_confirmation_counts_a_match_with_half_a_board_as_with_results(director_client, played):
    # Table 2's open room has entered board 1, its closed room is still playing; table 3 has
    # nothing. Table 2's board is one of the boards entered, so its match has results too.
    entry.save_room(played.matches.get(table=2), "open", {1: "4S N ="})
    entry.save_adjustments(played.matches.get(table=3), forfeit="away")
    page = director_client.get(reverse("teams_delete", args=[played.pk])).content.decode()
    assert "3 of its 3 matches with results, 3 boards entered" in " ".join(page.split())


def test_it_hides_the_event_everywhere_and_offers_the_undo(director_client, played):
    response = delete(director_client, played)
    club_url = reverse("club_sessions", args=[played.club.slug])
    assert response.status_code == 302
    assert response.url == f"{club_url}?deleted_teams={played.pk}"
    played.refresh_from_db()
    assert played.deleted_at is not None and played.deleted_by.username == "dora"
    assert MatchBoard.objects.filter(match__event=played).count() == 2  # kept for a restore
    club_page = director_client.get(response.url).content.decode()
    assert "Deleted “Swiss teams”" in club_page and ">Undo</button>" in club_page
    assert "Recently deleted" in club_page
    restore = reverse("teams_restore", args=[played.pk])
    assert club_page.count(f'action="{restore}"') == 2  # the Undo and the Restore
    event_url = reverse("teams_event", args=[played.pk])
    assert f'href="{event_url}"' not in club_page
    assert "Swiss teams" not in Client().get(club_url).content.decode()
    assert "Swiss teams" not in Client().get(reverse("teams_list")).content.decode()
    mine = director_client.get(event_url)
    assert mine.status_code == 404 and "“Swiss teams” was deleted" in mine.content.decode()
    assert restore in mine.content.decode()
    theirs = Client().get(event_url)
    assert theirs.status_code == 404 and "Swiss teams" not in theirs.content.decode()
    match = played.matches.get(table=1)
    enter = reverse("teams_match_enter", args=[played.pk, match.pk])
    assert director_client.post(enter, {"open-1": "1NT N ="}).status_code == 404


def test_undo_restores_it_as_it_was(director_client, played):
    delete(director_client, played)
    response = director_client.post(reverse("teams_restore", args=[played.pk]))
    assert response.status_code == 302
    assert response.url == reverse("teams_event", args=[played.pk])
    played.refresh_from_db()
    assert played.deleted_at is None and played.published
    assert "Restored" in director_client.get(response.url).content.decode()
    assert MatchBoard.objects.filter(match__event=played).count() == 2


def test_after_30_days_it_cannot_be_restored_and_the_purge_removes_it(director_client, played):
    delete(director_client, played)
    TeamsEvent.objects.filter(pk=played.pk).update(
        deleted_at=timezone.now() - datetime.timedelta(days=31)
    )
    club_url = reverse("club_sessions", args=[played.club.slug])
    assert "Recently deleted" not in director_client.get(club_url).content.decode()
    assert director_client.post(reverse("teams_restore", args=[played.pk])).status_code == 404
    out = StringIO()
    call_command("purge_deleted_sessions", "--dry-run", stdout=out)
    assert f"would remove teams event {played.pk}" in out.getvalue()
    assert "1 teams event would remove" in out.getvalue()
    assert TeamsEvent.objects.filter(pk=played.pk).exists()
    call_command("purge_deleted_sessions", stdout=StringIO())
    assert not TeamsEvent.objects.filter(pk=played.pk).exists()
    assert not Team.objects.exists() and not TeamMatch.objects.exists()
    assert not MatchBoard.objects.exists()


def test_the_admin_deletes_and_restores_it_as_the_app_does(admin_client, played):
    changelist = reverse("admin:teams_teamsevent_changelist")
    response = admin_client.post(
        changelist, {"action": "delete_restorably", "_selected_action": [played.pk]}, follow=True
    )
    assert "Deleted 1 teams event (Swiss teams (24 Nov 2026)): restorable for 30 days." in (
        response.content.decode()
    )
    played.refresh_from_db()
    assert played.deleted_at is not None
    url = reverse("admin:teams_teamsevent_delete", args=[played.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 403  # never for good here
    back = admin_client.post(
        changelist, {"action": "restore", "_selected_action": [played.pk]}, follow=True
    )
    assert "Restored 1 teams event (Swiss teams (24 Nov 2026))." in back.content.decode()
    played.refresh_from_db()
    assert played.deleted_at is None


def test_a_deleted_event_is_not_exported(director_client, played):
    delete(director_client, played)
    with pytest.raises(CommandError, match=f"teams event {played.pk} was deleted on"):
        call_command("export_results", str(played.pk), "--teams", stdout=StringIO())


# --------------------------------------------------------------------------- second copies


def _import(club, warnings) -> TeamsEvent:
    return import_teams_file(read_usebio(SWISS.read_bytes()), club=club, warnings=warnings)


def test_importing_the_same_file_again_says_it_makes_a_second_copy(club, director_client):
    first = _import(club, [])
    TeamsEvent.objects.filter(pk=first.pk).update(
        created_at=timezone.make_aware(datetime.datetime(2025, 3, 12, 9, 5))
    )
    warnings = []
    _import(club, warnings)
    assert warnings[0] == (
        "the file",
        (
            "the club has “Tuesday Swiss Teams” of 11 Mar 2025 with the same teams, already "
            "imported on 12 Mar 2025 at 09:05: this makes a second copy. Delete the copy you do "
            "not want (Delete, at the foot of its page)"
        ),
    )
    warnings = []
    _import(club, warnings)
    assert "already imported 2 times, last on" in warnings[0][1]
    assert "this makes another copy" in warnings[0][1]


def test_a_deleted_copy_or_other_teams_are_not_a_copy(club, director_client):
    first = _import(club, [])
    delete(director_client, first)
    warnings = []
    second = _import(club, warnings)
    assert warnings == []
    Team.objects.filter(event=second, number=5).update(name="Eyres II")
    warnings = []
    _import(club, warnings)
    assert warnings == []  # the same name and date, other teams: another event
