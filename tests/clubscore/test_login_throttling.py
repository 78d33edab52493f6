"""django-axes: a run of wrong passwords locks that username from that address for a while."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone


def attempt(client, password, username="dora", address="192.0.2.10"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_the_fifth_wrong_password_locks_the_username_from_that_address(director, settings):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = attempt(client, "guess")
        assert response.status_code == 200
        assert "Please enter a correct username and password" in response.content.decode()
    locked = attempt(client, "guess")
    page = locked.content.decode()
    assert locked.status_code == 429
    assert "Too many wrong passwords for “dora”: try again in 15 minutes." in page
    # Locked means locked: the right password does not get in until the wait is over.
    right = attempt(client, "a-long-test-password")
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_same_director_from_another_address_still_gets_in(director, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attempt(Client(), "guess", address="203.0.113.66")
    response = attempt(Client(), "a-long-test-password", address="192.0.2.10")
    assert response.status_code == 302


def test_a_success_before_the_limit_forgets_the_failures(director, settings):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        attempt(client, "guess")
    assert attempt(client, "a-long-test-password").status_code == 302
    client.post(reverse("logout"))
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert attempt(client, "guess").status_code == 200


def test_after_the_cool_off_the_right_password_works(director, settings):
    from axes.models import AccessAttempt

    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attempt(client, "guess")
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timezone.timedelta(seconds=1)
    )
    assert attempt(client, "a-long-test-password").status_code == 302


@pytest.mark.parametrize("minutes,words", [(1, "1 minute."), (30, "30 minutes.")])
def test_the_wait_is_said_in_minutes(director, settings, minutes, words):
    settings.AXES_COOLOFF_TIME = timezone.timedelta(minutes=minutes)
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = attempt(client, "guess")
    assert f"try again in {words}" in response.content.decode()


def test_behind_the_proxy_the_address_is_the_one_nginx_saw(director, settings):
    settings.BEHIND_PROXY, settings.TRUSTED_PROXIES = True, ["172.18.0.0/16"]
    for _ in range(settings.AXES_FAILURE_LIMIT):
        Client().post(
            reverse("login"),
            {"username": "dora", "password": "guess"},
            REMOTE_ADDR="172.18.0.5",
            HTTP_X_REAL_IP="203.0.113.66",
        )
    elsewhere = Client().post(
        reverse("login"),
        {"username": "dora", "password": "a-long-test-password"},
        REMOTE_ADDR="172.18.0.5",
        HTTP_X_REAL_IP="192.0.2.10",
    )
    assert elsewhere.status_code == 302


def test_an_x_real_ip_from_anyone_but_the_proxy_is_not_believed(director, settings):
    # Straight to gunicorn, a guesser could name a new address on every try.
    settings.BEHIND_PROXY, settings.TRUSTED_PROXIES = True, ["172.18.0.5"]
    for attempt_number in range(settings.AXES_FAILURE_LIMIT):
        Client().post(
            reverse("login"),
            {"username": "dora", "password": "guess"},
            REMOTE_ADDR="198.51.100.7",
            HTTP_X_REAL_IP=f"203.0.113.{attempt_number}",
        )
    again = Client().post(
        reverse("login"),
        {"username": "dora", "password": "a-long-test-password"},
        REMOTE_ADDR="198.51.100.7",
        HTTP_X_REAL_IP="192.0.2.10",
    )
    assert again.status_code == 429


def test_a_username_longer_than_axes_stores_is_a_failed_login(db):
    # django-axes keeps the username of a failed login in 255 characters: a longer one (no
    # account has one) was a database error on PostgreSQL.
    from axes.models import AccessAttempt

    response = attempt(Client(), "guess", username="d" * 300)
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["d" * 255]
