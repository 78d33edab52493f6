"""Headless Debian Chromium driven by Playwright against pytest-django's live server."""

import os
import re
import threading
from pathlib import Path

import pytest

from tests import external

# Playwright's sync API runs an event loop; the ORM calls made in these tests are safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


@pytest.fixture(scope="session")
def chromium():
    binary = external.chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=binary, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium, live_server):
    context = chromium.new_context(
        viewport={"width": 1280, "height": 900}, base_url=live_server.url
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def screenshot(page):
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(name):
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return take


def log_in(page, username, password="a-long-test-password"):
    page.goto("/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"^https?://[^/]+/$"))


@pytest.fixture
def one_at_a_time_server(transactional_db, settings):
    """A live server answering one request at a time, as `make run`'s one worker does: five
    pages polling at once (three phones, the director's grid and standings) are answered in
    turn. (Were the test database SQLite's in-memory one, its single connection is shared with
    the server's thread, where simultaneous requests would find "database table is locked".)"""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.core.servers.basehttp import ThreadedWSGIServer
    from django.db import connections
    from django.test.testcases import LiveServerThread

    lock = threading.Lock()
    stopped = threading.Event()

    def handler(app):
        static = StaticFilesHandler(app)

        def serially(environ, start_response):
            with lock:
                if stopped.is_set():  # a request still queued when the test ended
                    start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
                    return [b"stopped"]
                response = static(environ, start_response)
                try:
                    return list(response)
                finally:
                    response.close()

        return serially

    class JoiningServer(ThreadedWSGIServer):
        daemon_threads = False  # closing the server waits for the requests still running

    class ServerThread(LiveServerThread):
        server_class = JoiningServer

    shared = {c.alias: c for c in connections.all() if c.vendor == "sqlite" and c.is_in_memory_db()}
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]
    thread = ServerThread("localhost", handler, connections_override=shared)
    thread.daemon = True
    for connection in shared.values():
        connection.inc_thread_sharing()
    thread.start()
    thread.is_ready.wait()
    if thread.error:
        raise thread.error
    yield f"http://localhost:{thread.port}"
    with lock:
        stopped.set()
    thread.terminate()
    for connection in shared.values():
        connection.dec_thread_sharing()


@pytest.fixture
def browse(chromium, one_at_a_time_server):
    """Pages on the one-at-a-time server, each in a browser context of its own (another
    phone, another computer): `touch` makes it a phone held in the hand."""
    contexts = []

    def open_page(path, viewport, *, touch=False):
        options = {"has_touch": True, "is_mobile": True} if touch else {}
        context = chromium.new_context(viewport=viewport, base_url=one_at_a_time_server, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(path)
        return page

    yield open_page
    for context in contexts:
        context.close()
