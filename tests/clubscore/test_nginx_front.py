"""deploy/nginx's rules run in a real nginx (Debian's nginx-light) in front of the app: what it
caches and what it never does. docker compose runs the same files (benchmarks/load/front.py)."""

import os
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest

from benchmarks.load.front import local_nginx, nginx_binary
from events.models import Event
from events.setup import create_session

POLL = {"HX-Request": "true"}


@pytest.fixture
def front(live_server, tmp_path):
    if nginx_binary() is None:
        reason = "nginx is not installed: `apt-get install nginx-light` (.ci/run does it)"
        if os.environ.get("CLUBSCORE_REQUIRE_NGINX"):
            pytest.fail(reason)
        pytest.skip(reason)
    with local_nginx(urlsplit(live_server.url).port, tmp_path / "nginx") as nginx:
        yield f"http://127.0.0.1:{nginx.port}"


@pytest.fixture
def published(club):
    event = create_session(
        club=club, name="Tuesday pairs", date="2026-11-24", scoring_method="matchpoints",
        movement="mitchell", tables=3, boards_per_round=2,
    )  # fmt: skip
    Event.objects.filter(pk=event.pk).update(published=True)
    return Event.objects.get(pk=event.pk)


def fetch(url, headers=None, data=None):
    request = urllib.request.Request(url, headers=headers or {}, data=data)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_a_spectators_poll_is_answered_from_the_cache_for_the_second_it_allows(front, published):
    url = f"{front}/sessions/{published.pk}/standings/?since=first"
    status, headers, body = fetch(url, POLL)
    assert (status, headers["X-Cache"], headers["Cache-Control"]) == (
        200, "MISS", "public, max-age=1"
    )  # fmt: skip
    again = fetch(url, POLL)
    assert (again[0], again[1]["X-Cache"], again[2]) == (200, "HIT", body)
    time.sleep(2.1)  # nginx counts whole seconds: "1 s" ends within the next two
    assert fetch(url, POLL)[1]["X-Cache"] == "EXPIRED"  # asked the app again


def test_a_poll_and_the_page_it_refreshes_are_kept_apart(front, published):
    # The same address answers the whole page and, with HX-Request, its live part (Vary).
    # The page depends on the login (its menus), so it is never kept.
    url = f"{front}/sessions/{published.pk}/recap/?since=first"
    fragment = fetch(url, POLL)[2]
    for _ in range(2):
        status, headers, page = fetch(url)
        assert status == 200 and page != fragment and b"<html" in page
        assert headers["X-Cache"] == "MISS"
    status, headers, body = fetch(url, POLL)
    assert (status, headers["X-Cache"], body) == (200, "HIT", fragment)


def test_a_logged_in_reader_always_reaches_the_app(front, published):
    url = f"{front}/sessions/{published.pk}/standings/?since=first"
    fetch(url, POLL)
    with_login = {**POLL, "Cookie": "sessionid=abc"}
    for _ in range(2):
        status, headers, _ = fetch(url, with_login)
        assert headers["X-Cache"] == "BYPASS"
        assert "private" in headers["Cache-Control"]


def test_pages_that_set_a_cookie_or_change_things_are_never_cached(front, published):
    for _ in range(2):
        status, headers, _ = fetch(f"{front}/login/")
        assert status == 200 and headers["X-Cache"] == "MISS"
        assert "csrftoken" in headers["Set-Cookie"]
    for _ in range(2):
        status, headers, _ = fetch(f"{front}/login/", data=b"username=x&password=y")
        assert status == 403  # no CSRF token: refused by the app, not answered by nginx
        assert headers["X-Cache"] != "HIT"
