"""Forms Django cannot read as they came: another charset than UTF-8, more than its size limit,
cut short. Each is answered with a page in words and one log line, never a crash; a form
nginx lets through is read whole, so its own form says what is wrong with it."""

import io
import logging

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from events.models import Member

CSRF = "k" * 32  # a CSRF secret: Django takes it unmasked in the form as in the cookie


@pytest.fixture
def log():
    """Every record logged while the test runs, as the stderr handler writes them."""
    caught = io.StringIO()
    handler = logging.StreamHandler(caught)
    handler.setFormatter(logging.Formatter("{levelname} {name}: {message}", style="{"))
    loggers = [logging.getLogger(), logging.getLogger("django")]
    for logger in loggers:
        logger.addHandler(handler)
    yield caught
    for logger in loggers:
        logger.removeHandler(handler)


def checked_client(**kwargs) -> Client:
    """A browser's client: the CSRF check runs, with a valid token in cookie and form."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False, **kwargs)
    client.cookies["csrftoken"] = CSRF
    return client


def words(response) -> str:
    return " ".join(response.content.decode().split())


@pytest.mark.parametrize(
    "url", ["/login/", "/sessions/new/", "/t/AAAAAAAAAAAAAAAAAAAAAA/", "/no-such-page/"]
)
def test_a_form_in_utf16_is_a_plain_400_and_one_log_line(db, url, log, settings):
    settings.DEBUG = False
    body = f"csrfmiddlewaretoken={CSRF}&username=dora&password=x"
    response = checked_client().post(
        url, body, content_type="application/x-www-form-urlencoded; charset=utf-16"
    )
    assert response.status_code == 400
    page = words(response)
    assert "This request could not be read" in page
    assert "character encoding other than UTF-8" in page and "Nothing was saved" in page
    lines = log.getvalue().splitlines()
    assert lines == [
        f"WARNING clubscore.forms: POST {url}: form not read (charset, "
        f"{len(body.encode('utf-16'))} bytes): "
        "HTTP requests with the 'application/x-www-form-urlencoded' content type must be "
        "UTF-8 encoded."
    ]


def test_a_pasted_roster_over_djangos_old_limit_gets_the_forms_own_message(director, club, log):
    # 2.4 MB as typed; sent URL-encoded (commas as %2C, line ends as %0D%0A) it is 3.4 MB,
    # over the 2.5 MB Django took by default: the CSRF check refused it before the form saw it.
    client = checked_client()
    client.force_login(director)
    client.cookies["csrftoken"] = CSRF
    text = "".join(f"Member {number},{number}\r\n" for number in range(120_000))
    assert 2_400_000 < len(text) < 2_500_000
    response = client.post(
        reverse("roster_import", args=[club.slug]),
        f"csrfmiddlewaretoken={CSRF}&" + _urlencoded({"lines": text}),
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    assert "The list is 2,418 kB; a roster is at most 1,000 kB" in words(response)
    assert not Member.objects.exists()
    assert "ERROR" not in log.getvalue()


def test_a_pasted_roster_just_over_its_limit_is_refused_in_the_forms_words(director_client, club):
    text = "x" * 1_000_001
    response = director_client.post(reverse("roster_import", args=[club.slug]), {"lines": text})
    assert "The list is 1,001 kB; a roster is at most 1,000 kB" in words(response)
    assert not Member.objects.exists()


def test_a_form_over_every_limit_is_a_413_page_and_one_log_line(db, log):
    # Behind nginx this never reaches the app (nginx's limit is the same, with its own page);
    # served without nginx, the app says it in words, having read the rest of the body.
    size = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1
    body = f"csrfmiddlewaretoken={CSRF}&lines=" + "x" * size
    response = checked_client().post(
        "/login/", body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 413
    assert "That is more than Clubscore takes in one form (17 MB). Nothing was saved." in (
        words(response)
    )
    (line,) = log.getvalue().splitlines()
    assert line.startswith(
        f"WARNING clubscore.forms: POST /login/: form not read (too-big, {len(body)} bytes)"
    )


def test_a_multipart_form_without_its_boundary_is_a_plain_400(db, log):
    response = checked_client().post(
        "/login/", f"csrfmiddlewaretoken={CSRF}", content_type="multipart/form-data"
    )
    assert response.status_code == 400
    assert "The request arrived incomplete or malformed" in words(response)
    (line,) = log.getvalue().splitlines()
    assert "form not read (unreadable, 52 bytes): Invalid boundary in multipart" in line


def test_django_reads_every_form_nginx_lets_through():
    from tests.clubscore.test_deployment import PROJECT, directives

    limit = directives((PROJECT / "deploy" / "nginx" / "proxy.conf").read_text())
    megabytes = int(limit["client_max_body_size"].removesuffix("m"))
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == megabytes * 1024 * 1024


def _urlencoded(data: dict) -> str:
    from urllib.parse import urlencode

    return urlencode(data)
