"""deploy/nginx's rules run in a real nginx (Debian's nginx-light) in front of the app: what it
caches and what it never does. docker compose runs the same files (benchmarks/load/front.py)."""

import http.client
import http.server
import socket
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from urllib.parse import urlencode, urlsplit

import pytest
from django.urls import reverse

from benchmarks.load.front import local_nginx
from events.entry.saving import save_result
from events.models import Event
from events.sessions.setup import create_session
from tests.external import nginx as require_nginx

POLL = {"HX-Request": "true"}
pytestmark = pytest.mark.slow  # every test starts an nginx of its own


@pytest.fixture
def front(live_server, tmp_path):
    require_nginx()
    with local_nginx(urlsplit(live_server.url).port, tmp_path / "nginx") as nginx:
        yield f"http://127.0.0.1:{nginx.port}"


class Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", "8")
        self.end_headers()
        self.wfile.write(b"answered")

    def log_message(self, *args):
        pass


class AnswerWithStatus(http.server.BaseHTTPRequestHandler):
    """/status/503 answers 503 with a page of the app's own."""

    def do_GET(self):
        status = int(self.path.rsplit("/", 1)[1])
        body = f"the app's own page for {status}".encode()
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@contextmanager
def app_server(handler):
    """An app server on a free port, one connection at a time; yields its port."""
    server = http.server.HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def app_with_statuses():
    with app_server(AnswerWithStatus) as port:
        yield port


@pytest.mark.parametrize("status", [500, 503])
def test_the_apps_own_error_pages_pass_through(app_with_statuses, tmp_path, status):
    # They say what to do ("Not done: try again"); nginx takes over 502 and 504 only.
    require_nginx()
    with local_nginx(app_with_statuses, tmp_path / "nginx") as nginx:
        answer = fetch(f"http://127.0.0.1:{nginx.port}/status/{status}")
    assert (answer[0], answer[2]) == (status, f"the app's own page for {status}".encode())


@pytest.mark.parametrize("status", [502, 504])
def test_a_502_or_504_from_upstream_is_nginxs_page(app_with_statuses, tmp_path, status):
    # A gunicorn worker stopped at its timeout answers nothing, which nginx makes a 502.
    require_nginx()
    with local_nginx(app_with_statuses, tmp_path / "nginx") as nginx:
        answer = fetch(f"http://127.0.0.1:{nginx.port}/status/{status}")
    assert answer[0] == status and b"Clubscore is not answering just now" in answer[2]


@pytest.fixture
def one_at_a_time():
    """An app server that, like one of gunicorn's sync workers, serves one connection at a
    time and waits as long as a client takes to send its request."""
    with app_server(Answer) as port:
        yield port


@contextmanager
def stalled_clients(port, count):
    """Clients that send a request's first line and one header, then nothing more: the
    slow-loris pattern that took every sync worker and stalled the site for 31 s."""
    clients = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(count)]
    try:
        for client in clients:
            client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        time.sleep(0.3)  # each is connected and waiting before the real request comes
        yield
    finally:
        for client in clients:
            client.close()


def raw_answer(port, request: bytes) -> tuple[int, bytes]:
    """The status and body nginx sends back for a request written by hand."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
        client.sendall(request)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


@pytest.fixture
def published(club):
    event = create_session(
        club=club,
        name="Tuesday pairs",
        date="2026-11-24",
        scoring_method="matchpoints",
        movement="mitchell",
        tables=3,
        boards_per_round=2,
    )
    Event.objects.filter(pk=event.pk).update(published=True)
    return Event.objects.get(pk=event.pk)


def fetch(url, headers=None, data=None):
    request = urllib.request.Request(url, headers=headers or {}, data=data)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def start_of_a_second():
    """Wait for a second to begin: nginx keeps a poll until the end of the second it was made
    in, so what a test fetches twice must be fetched within one second."""
    time.sleep(1 - time.time() % 1 + 0.01)


def test_a_spectators_poll_is_answered_from_the_cache_for_the_second_it_allows(front, published):
    url = f"{front}/sessions/{published.pk}/standings/?since=first"
    start_of_a_second()
    status, headers, body = fetch(url, POLL)
    assert (status, headers["X-Cache"], headers["Cache-Control"]) == (
        200, "MISS", "public, max-age=1"
    )  # fmt: skip
    again = fetch(url, POLL)
    assert (again[0], again[1]["X-Cache"], again[2]) == (200, "HIT", body)
    time.sleep(2.1)  # nginx counts whole seconds: "1 s" ends within the next two
    assert fetch(url, POLL)[1]["X-Cache"] == "EXPIRED"  # asked the app again


def test_nginx_names_no_version_in_its_header_or_its_own_pages(one_at_a_time, tmp_path):
    require_nginx()
    with local_nginx(one_at_a_time, tmp_path / "nginx") as nginx:
        status, headers, _ = fetch(f"http://127.0.0.1:{nginx.port}/")
        bad_status, bad_page = raw_answer(nginx.port, b"GET / HTTP/1.1\r\nHost: a b\r\n\r\n")
    assert (status, headers["Server"]) == (200, "nginx")
    assert bad_status == 400 and b"<center>nginx</center>" in bad_page


def test_a_spectators_poll_of_a_boards_page_is_cached_like_the_standings(front, published):
    board = published.sections.get().boards.get(number=1)
    url = f"{front}/boards/{board.pk}/?since=first&pair=1"
    start_of_a_second()
    status, headers, body = fetch(url, POLL)
    assert (status, headers["X-Cache"], headers["Cache-Control"]) == (
        200, "MISS", "public, max-age=1"
    )  # fmt: skip
    assert b'id="live"' in body and b"<html" not in body
    assert fetch(url, POLL)[1]["X-Cache"] == "HIT"


def test_a_new_result_waits_in_nginxs_cache_a_second_at_most(front, published):
    # The page polls every second; a save must reach it within two (README). nginx counts
    # whole seconds, so "max-age=1" alone kept an answer up to two; a poll is kept only until
    # the end of the second it was made in.
    url = f"{front}/sessions/{published.pk}/standings/?since={published.version}"
    start_of_a_second()
    assert fetch(url, POLL)[0] == 204  # unchanged: kept by nginx for this second
    assert fetch(url, POLL)[1]["X-Cache"] == "HIT"
    board = published.sections.get().boards.get(number=1)
    section = board.section
    pairs = {pair.key: pair for pair in section.pairs.all()}
    seating = section.movement().plays_of_board(1)[0]
    save_result(board, pairs[seating.ns], pairs[seating.ew], "4S N =", None)
    start_of_a_second()  # the next second: what nginx kept has expired
    status, headers, body = fetch(url, POLL)
    assert (status, headers["X-Cache"]) == (200, "EXPIRED")
    assert b'<section id="standings"' in body


def test_a_poll_and_the_page_it_refreshes_are_kept_apart(front, published):
    # The same address answers the whole page and, with HX-Request, its live part (Vary).
    # The page depends on the login (its menus), so it is never kept.
    url = f"{front}/sessions/{published.pk}/recap/?since=first"
    start_of_a_second()
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


def test_stalled_clients_never_reach_an_app_that_serves_one_at_a_time(one_at_a_time, tmp_path):
    # Straight to the app, one stalled client is enough: the next reader waits on it.
    with stalled_clients(one_at_a_time, 1), pytest.raises(OSError):  # a timeout
        urllib.request.urlopen(f"http://127.0.0.1:{one_at_a_time}/", timeout=1)
    require_nginx()
    with local_nginx(one_at_a_time, tmp_path / "nginx") as nginx:
        # nginx reads each request whole before it passes it on, so the app never sees these.
        with stalled_clients(nginx.port, 3):
            assert fetch(f"http://127.0.0.1:{nginx.port}/")[::2] == (200, b"answered")


def test_an_upload_over_nginxs_limit_gets_a_page_that_says_so(one_at_a_time, tmp_path):
    require_nginx()
    with local_nginx(one_at_a_time, tmp_path / "nginx") as nginx:
        status, body = raw_answer(
            nginx.port,
            (
                b"POST /sessions/import/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                b"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 20000000\r\n\r\n"
            ),
        )
    assert status == 413
    assert b"That file is too large" in body and b"Nothing was imported" in body


def test_the_app_not_answering_gets_a_page_that_says_so(tmp_path):
    require_nginx()
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        nobody = unused.getsockname()[1]  # bound, never listening: nothing answers there
        with local_nginx(nobody, tmp_path / "nginx") as nginx:
            status, _, body = fetch(f"http://127.0.0.1:{nginx.port}/sessions/1/")
            style = fetch(f"http://127.0.0.1:{nginx.port}/_errors/errors.css")
    assert status == 502
    assert b"Clubscore is not answering just now" in body
    assert b"reload the page and check it" in body
    assert b'href="/_errors/errors.css"' in body
    assert (style[0], style[1]["Content-Type"]) == (200, "text/css")  # from nginx alone


def fetch_from(port: int, path: str, source: str = "127.0.0.1") -> tuple[int, bytes]:
    """A GET to nginx on `port` from the loopback address `source`."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=10, source_address=(source, 0)
    )
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_an_address_asking_for_pdfs_too_fast_is_slowed_down_by_nginx(one_at_a_time, tmp_path):
    require_nginx()
    with local_nginx(one_at_a_time, tmp_path / "nginx") as nginx:
        answers = [fetch_from(nginx.port, "/sessions/1/travellers.pdf?paper=a4") for _ in range(40)]
        other_address = fetch_from(nginx.port, "/sessions/1/travellers.pdf", "127.0.0.2")
        not_a_pdf = fetch_from(nginx.port, "/sessions/1/travellers/")
    statuses = [status for status, _ in answers]
    # The burst of twenty, and the odd one as the allowance refills (two a second).
    assert statuses[:21] == [200] * 21
    assert statuses.count(429) >= 15
    refused = next(body for status, body in answers if status == 429)
    assert b"Too many PDF requests at once" in refused and b"Wait a few seconds" in refused
    assert other_address == (200, b"answered"), "each address has its own allowance"
    assert not_a_pdf == (200, b"answered"), "only PDFs are limited"


def test_a_pasted_roster_too_big_for_a_roster_gets_the_forms_message_through_nginx(
    front, client, director, club
):
    # 2.4 MB pasted, 3.1 MB as the browser sends it: over Django's default limit, which
    # refused it before the form saw it (a bare 400, or nginx's 502 when the unread rest of the
    # body reset the connection). The director reads the form's own message instead.
    client.force_login(director)
    token = "k" * 32
    text = "".join(f"Member {number},{number}\r\n" for number in range(120_000))
    body = urlencode({"csrfmiddlewaretoken": token, "lines": text}).encode()
    status, _, page = fetch(
        f"{front}{reverse('roster_import', args=[club.slug])}",
        data=body,
        headers={
            "Cookie": f"sessionid={client.cookies['sessionid'].value}; csrftoken={token}",
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": front,
        },
    )
    assert status == 200
    assert "The list is 2,418 kB; a roster is at most 1,000 kB" in page.decode()
