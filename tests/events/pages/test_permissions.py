"""Only the club's directors write: strangers, other clubs' directors and visitors get nothing."""

import pytest
from django.urls import reverse

from events.models import Event, Result, ResultChange
from tests.events.sessions.test_importing import THREE_TABLES
from tests.factories import upload_travellers

WRITE_URLS = [
    ("post", lambda s: reverse("board_traveller", args=[s["board"].pk]), "entry"),
    ("post", lambda s: reverse("table_round", args=[s["section"].pk, 1, 1]), "entry"),
    ("post", lambda s: reverse("result_delete", args=[s["result"].pk]), None),
    ("post", lambda s: reverse("session_publish", args=[s["event"].pk]), None),
    ("get", lambda s: reverse("session_finalise", args=[s["event"].pk]), None),
    ("get", lambda s: reverse("board_history", args=[s["board"].pk]), None),
    ("get", lambda s: reverse("session_pairs", args=[s["event"].pk]), None),
    ("post", lambda s: reverse("session_pairs", args=[s["event"].pk]), None),
    ("get", lambda s: reverse("table_round", args=[s["section"].pk, 1, 1]), None),
    ("get", lambda s: reverse("session_options", args=[s["event"].pk]), None),
    ("post", lambda s: reverse("session_options", args=[s["event"].pk]), None),
    ("get", lambda s: reverse("session_penalties", args=[s["event"].pk]), None),
    ("post", lambda s: reverse("session_penalties", args=[s["event"].pk]), None),
    ("get", lambda s: reverse("session_movement", args=[s["event"].pk]), None),
    ("post", lambda s: reverse("session_movement", args=[s["event"].pk]), None),
]


def unchanged(scene):
    result = Result.objects.get(pk=scene["result"].pk)
    scene["event"].refresh_from_db()
    return (
        result.text == "4S N ="
        and ResultChange.objects.count() == 1
        and not scene["event"].published
    )


@pytest.mark.parametrize("method,url,data", WRITE_URLS)
@pytest.mark.parametrize("who", ["colleague", "stranger"])
def test_other_users_get_a_404_and_change_nothing(client, request, scene, method, url, data, who):
    client.force_login(request.getfixturevalue(who))
    payload = scene[data] if data else {"published": "1"}
    response = getattr(client, method)(url(scene), payload if method == "post" else None)
    assert response.status_code == 404
    assert unchanged(scene)


@pytest.mark.parametrize("method,url,data", WRITE_URLS)
def test_visitors_are_sent_to_log_in_or_refused(client, scene, method, url, data):
    payload = scene[data] if data else {"published": "1"}
    response = getattr(client, method)(url(scene), payload if method == "post" else None)
    assert response.status_code in (302, 404)
    if response.status_code == 302:
        assert reverse("login") in response.url
    assert unchanged(scene)


def test_the_director_may_write(director_client, scene):
    response = director_client.post(
        reverse("board_traveller", args=[scene["board"].pk]), scene["entry"]
    )
    assert response.status_code == 302
    assert Result.objects.get(pk=scene["result"].pk).text == "7NTXX N -13"


@pytest.mark.parametrize("who", ["colleague", "stranger"])
def test_nobody_creates_or_imports_a_session_for_a_club_they_do_not_direct(
    client, request, club, who
):
    client.force_login(request.getfixturevalue(who))
    client.post(
        reverse("session_create"),
        {"club": club.pk, "name": "Hijack", "date": "2026-11-26", "movement": "mitchell",
         "tables": "3", "phantom": "", "boards_per_round": "2", "scoring": "matchpoints"},
    )  # fmt: skip
    response = upload_travellers(client, club, THREE_TABLES, name="Hijack")
    assert b"Select a valid choice" in response.content
    assert not Event.objects.filter(name="Hijack").exists()
