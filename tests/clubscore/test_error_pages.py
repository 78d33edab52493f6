"""What a player sees when something goes wrong, and what whoever runs the server can read."""

import io
import logging

import pytest
from django.test import Client


def test_a_missing_page_is_explained_with_a_way_back(db, client):
    response = client.get("/no-such-page/")
    page = response.content.decode()
    assert response.status_code == 404
    assert "Page not found" in page and 'href="/"' in page
    assert "Director login" in page  # the site's own header: base.html
    assert "URLconf" not in page  # Django's technical 404 lists the URL patterns


@pytest.fixture
def stderr_log():
    """What the configured stderr handler of the "django" logger writes, caught."""
    handler = next(h for h in logging.getLogger("django").handlers if h.name == "stderr")
    caught = io.StringIO()
    previous = handler.setStream(caught)
    yield caught
    handler.setStream(previous)


@pytest.mark.urls("tests.clubscore.crash_urls")
def test_a_server_error_is_a_friendly_page_and_a_traceback_in_the_log(db, stderr_log):
    response = Client(raise_request_exception=False).get("/crash/")
    page = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong on our side" in page and 'href="/"' in page
    assert "ZeroDivisionError" not in page and "Traceback" not in page
    log = stderr_log.getvalue()
    assert "ERROR django.request: Internal Server Error: /crash/" in log
    assert "Traceback (most recent call last)" in log
    assert "ZeroDivisionError: a bug in a view" in log


@pytest.mark.urls("tests.clubscore.crash_urls")
def test_a_server_error_is_mailed_to_the_admins_when_there_are_some(db, settings, mailoutbox):
    settings.ADMINS = [("Ann Lee", "ann@club.example")]
    Client(raise_request_exception=False).get("/crash/")
    (mail,) = mailoutbox
    assert mail.to == ["ann@club.example"]
    assert "ZeroDivisionError" in mail.body


def test_a_forbidden_page_says_so_in_words(client, mitchell_session):
    """The admin refuses to add a result (events/admin.py): Django's 403, our words."""
    from django.contrib.auth import get_user_model

    root = get_user_model().objects.create_superuser("root", password="a-long-test-password")
    client.force_login(root)
    response = client.get("/admin/events/result/add/")
    page = response.content.decode()
    assert response.status_code == 403
    assert "Not allowed" in page and "403 Forbidden" not in page


@pytest.mark.urls("tests.clubscore.crash_urls")
def test_a_change_the_database_could_not_finish_says_so_and_what_to_do(db, stderr_log):
    response = Client(raise_request_exception=False).post("/busy/", {"name": "x"})
    page = " ".join(response.content.decode().split())
    assert (response.status_code, response["Retry-After"]) == (503, "5")
    assert "Not done: try again" in page
    assert "stored whole or not at all" in page and "reload the page" in page
    assert "Something went wrong on our side" not in page and "Traceback" not in page
    log = stderr_log.getvalue()  # the same handler serves the root logger, clubscore.*'s
    assert "WARNING clubscore.database: POST /busy/: the database did not finish it" in log
    assert "canceling statement due to lock timeout" in log


@pytest.mark.urls("tests.clubscore.crash_urls")
def test_a_page_the_database_could_not_load_asks_for_a_reload(db):
    response = Client(raise_request_exception=False).get("/busy/")
    assert response.status_code == 503
    assert "This page could not be loaded just now" in response.content.decode()
