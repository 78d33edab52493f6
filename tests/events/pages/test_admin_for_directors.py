"""/admin/ belongs to the site's administrators; a club director is sent to the app's pages.

A scoped admin would let a director change results without the rescoring, the history and
the version bump every page of the app goes through (events/club/staff.py).
"""

from django.contrib.auth import get_user_model
from django.urls import reverse

from events.models import Event
from events.sessions.lifecycle import delete_session
from tests.factories import make_club


def test_a_director_is_sent_to_the_club_page_with_a_message(director_client, club):
    response = director_client.get("/admin/", follow=True)
    assert response.redirect_chain[-1][0] == reverse("club_sessions", args=[club.slug])
    body = response.content.decode()
    assert "The admin pages are for Clubscore&#x27;s administrators" in body
    assert "“Edit session”" in body


def test_a_director_of_two_clubs_is_sent_home(director_client, club, director):
    make_club(directors=[director], name="Hillside BC")
    response = director_client.get("/admin/", follow=True)
    assert response.redirect_chain[-1][0] == reverse("home")


def test_a_logged_in_player_is_sent_home(client, stranger):
    client.force_login(stranger)
    response = client.get("/admin/events/event/", follow=True)
    assert response.redirect_chain[-1][0] == reverse("home")
    assert "for Clubscore&#x27;s administrators" in response.content.decode()


def test_visitors_get_the_admin_login(client, db):
    response = client.get("/admin/", follow=True)
    assert response.status_code == 200 and b"id_username" in response.content


def test_staff_keep_the_admin(client, mitchell_session):
    admin = get_user_model().objects.create_superuser("root", password="a-long-test-password")
    client.force_login(admin)
    assert client.get("/admin/").status_code == 200
    assert client.get(reverse("admin:events_event_changelist")).status_code == 200


def test_staff_see_deleted_sessions_and_can_restore_them(client, mitchell_session, director):
    delete_session(mitchell_session, director)
    admin = get_user_model().objects.create_superuser("root", password="a-long-test-password")
    client.force_login(admin)
    changelist = reverse("admin:events_event_changelist")
    assert "Tuesday pairs" in client.get(f"{changelist}?deleted_at__isnull=False").content.decode()
    data = {"action": "restore", "_selected_action": [mitchell_session.pk]}
    assert client.post(changelist, data).status_code == 302
    assert Event.objects.get(pk=mitchell_session.pk).deleted_at is None
