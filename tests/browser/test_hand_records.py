"""A director uploads the evening's hand records and watches the analysis arrive."""

import re

import pytest
from playwright.sync_api import expect

from events.handrecords.jobs import analyse_next_batch
from tests.browser.conftest import log_in
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_uploads_a_pbn_file_and_the_tables_and_par_appear(page, screenshot):
    director = make_user(username="dora")
    event = make_session(make_club(directors=[director]), tables=3, boards_per_round=2)
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/")
    page.get_by_role("link", name="Hand records (PBN)").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/hand-records/$"))

    # A bad file first: a board the session does not have. Nothing is imported.
    page.set_input_files("input[type=file]", files=[{
        "name": "wrong.pbn", "mimeType": "application/x-pbn",
        "buffer": THREE_BOARDS.replace('"3"]', '"30"]').encode(),
    }])  # fmt: skip
    page.get_by_role("button", name="Upload").click()
    expect(page.locator(".error")).to_contain_text(
        "Nothing was imported: the session has no board 30: it has boards 1-6."
    )
    screenshot("hand-records-refused")

    # The right file returns at once; the analysis waits for the background worker.
    page.set_input_files("input[type=file]", files=[{
        "name": "club-night.pbn", "mimeType": "application/x-pbn",
        "buffer": THREE_BOARDS.encode(),
    }])  # fmt: skip
    page.get_by_role("button", name="Upload").click()
    expect(page.locator(".messages")).to_contain_text("3 boards read")
    expect(page.locator("#analysis")).to_contain_text("0 of 3 boards analysed")
    screenshot("hand-records-queued")

    # The worker's job runs; the open page follows it without a reload.
    analyse_next_batch(event.pk)
    expect(page.locator("#analysis")).to_contain_text(
        "3 of 3 boards analysed: done", timeout=10_000
    )
    screenshot("hand-records-done")

    page.get_by_role("link", name="hand-record sheet").click()
    cards = page.locator(".hand-record-sheet article")
    expect(cards).to_have_count(3)
    expect(cards.nth(0).locator(".par")).to_have_text("Par NS +1510: 7S N, 7S S")
    expect(cards.nth(1).locator(".par")).to_have_text("Par 0 (passed out)")
    expect(cards.nth(2).locator(".par")).to_have_text("Par EW +2210: 7S E, 7S W")
    # Board 3: North holds every club and South every heart; in NT, spades or diamonds the
    # opponents' 13-card suits take every trick (tests/events/test_par_commands.py).
    north = cards.nth(2).locator(".dd-table tbody tr").first
    expect(north.locator("td")).to_have_text(["0", "0", "13", "0", "13"])  # NT, S, H, D, C
    screenshot("hand-record-sheet")
