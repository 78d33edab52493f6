"""The director's table links, opened at 127.0.0.1 while the server listens there only: the
page says phones cannot reach it yet and how to serve the club's network, and the links and
QR codes already carry the network's address (events/phone/network.py, its answers faked)."""

import pytest
from playwright.sync_api import expect

from events.phone import network
from tests.browser.conftest import log_in
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_links_page_says_how_phones_can_reach_the_server(page, screenshot, monkeypatch):
    monkeypatch.setattr(network, "lan_addresses", lambda: ["192.168.1.23"])
    monkeypatch.setattr(network, "serves", lambda address, port: False)
    director = make_user(username="dora")
    event = make_session(make_club(directors=[director]), tables=3, boards_per_round=2)
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/table-links/")
    port = page.evaluate("location.port")
    warning = page.get_by_role("alert").filter(has_text="Phones cannot open these links yet")
    expect(warning).to_contain_text(f"make run HOST=0.0.0.0 PORT={port}")
    expect(warning).to_contain_text(f"http://192.168.1.23:{port}")
    expect(page.locator(".short-link")).to_have_count(3)
    expect(page.locator(".short-link").first).to_contain_text(f"http://192.168.1.23:{port}/t/")
    screenshot("table-links-this-computer-only")
