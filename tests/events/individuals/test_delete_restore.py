"""Deleting an individual as a pairs session or a teams event is deleted: a confirmation, a
soft delete with its Undo, a restore from the club's page for 30 days, then the purge; its
pages and its tables' phone links are closed meanwhile."""

import datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from events.individuals.entries import save_result
from events.individuals.models import IndividualEvent, IndividualPlay
from tests.events.individuals.test_individuals import make_individual, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club):
    event = make_individual(club, published=True)
    save_result(play(event, 1, 1), "4S N =")
    return event


def delete(client, event):
    return client.post(reverse("individual_delete", args=[event.pk]))


def test_the_question_says_what_goes(director_client, event):
    body = director_client.get(reverse("individual_delete", args=[event.pk])).content.decode()
    # A 5-table Rainbow of 2 boards a round: 5 rounds x 5 tables x 2 boards = 50 plays.
    assert "1 of its 50 results entered" in body and "players may be reading them" in body
    assert "Delete the individual" in body


def test_a_delete_hides_it_offers_an_undo_and_closes_its_pages_and_links(
    director_client, event, club
):
    phone = reverse("individual_table_phone", args=[event.links.get(table=1).token])
    assert Client().get(phone).status_code == 200
    response = delete(director_client, event)
    club_url = reverse("club_sessions", args=[club.slug])
    assert response.url == f"{club_url}?deleted_individual={event.pk}"
    page = director_client.get(response.url).content.decode()
    assert "Deleted “Christmas individual”" in page and ">Undo</button>" in page
    assert "Recently deleted" in page and "<small>(individual)</small>" in page
    standings = reverse("individual_standings", args=[event.pk])
    assert Client().get(standings).status_code == 404
    assert "Christmas individual" not in Client().get(club_url).content.decode()
    gone = director_client.get(standings)  # its director is offered the restore
    assert gone.status_code == 404 and "was deleted" in gone.content.decode()
    assert Client().get(phone).status_code == 404
    assert Client().post(phone, {"board": "2", "level": "P"}).status_code == 404
    assert not IndividualPlay.objects.filter(event=event, board=2).exclude(kind="").exists()


def test_a_restore_brings_it_back_with_its_results(director_client, event):
    delete(director_client, event)
    restored = director_client.post(reverse("individual_restore", args=[event.pk]))
    assert restored.url == reverse("individual_standings", args=[event.pk])
    assert IndividualEvent.objects.get(pk=event.pk).deleted_at is None
    assert play(event, 1, 1).text == "4S N ="
    assert Client().get(reverse("individual_standings", args=[event.pk])).status_code == 200


def test_after_30_days_the_purge_removes_it_with_its_plays(director_client, event, club):
    delete(director_client, event)
    long_ago = timezone.now() - datetime.timedelta(days=31)
    IndividualEvent.objects.filter(pk=event.pk).update(deleted_at=long_ago)
    assert director_client.post(reverse("individual_restore", args=[event.pk])).status_code == 404
    recent = make_individual(club)
    delete(director_client, recent)
    out = StringIO()
    call_command("purge_deleted_sessions", stdout=out)
    assert f"removed individual {event.pk}" in out.getvalue()
    assert "1 individual removed." in out.getvalue()
    assert not IndividualEvent.objects.filter(pk=event.pk).exists()
    assert not IndividualPlay.objects.filter(event_id=event.pk).exists()
    assert IndividualEvent.objects.filter(pk=recent.pk).exists()  # still restorable


@pytest.mark.parametrize("who", ["colleague", "stranger"])
def test_other_users_can_neither_delete_nor_restore(client, request, event, who):
    client.force_login(request.getfixturevalue(who))
    assert client.get(reverse("individual_delete", args=[event.pk])).status_code == 404
    assert delete(client, event).status_code == 404
    assert IndividualEvent.objects.get(pk=event.pk).deleted_at is None
    IndividualEvent.objects.filter(pk=event.pk).update(deleted_at=timezone.now())
    assert client.post(reverse("individual_restore", args=[event.pk])).status_code == 404
