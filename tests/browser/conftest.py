"""Headless Debian Chromium driven by Playwright against pytest-django's live server."""

import os
import re
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
