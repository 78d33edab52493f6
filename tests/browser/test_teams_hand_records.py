"""A teams director uploads a round's hand records, and each match's scorecard shows the
hands, the double-dummy tables and par once the analysis is in."""

import re

import pytest
from playwright.sync_api import expect

from events.handrecords.jobs import analyse_next_batch
from events.teams import draw
from tests.browser.conftest import log_in
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.teams.factories import make_teams_event
from tests.events.teams.test_hand_records import ROUND_FROM_ONE
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _pbn(name: str, text: str) -> list[dict]:
    return [{"name": name, "mimeType": "application/x-pbn", "buffer": text.encode()}]


def test_a_teams_director_uploads_hand_records_and_the_scorecard_shows_par(page, screenshot):
    director = make_user(username="dora")
    event = make_teams_event(make_club(directors=[director]))  # two boards a match
    draw.draw_next_round(event)
    log_in(page, "dora")
    page.goto(f"/teams/{event.pk}/")
    page.get_by_role("link", name="Hand records (PBN)").click()
    page.wait_for_url(re.compile(rf"/teams/{event.pk}/hand-records/$"))

    # Round 2's boards numbered from 1 again: refused, in words, and nothing stored.
    page.set_input_files("input[type=file]", files=_pbn("round-2.pbn", ROUND_FROM_ONE))
    page.get_by_label("The file is for").select_option(label="Round 2 (boards 3–4)")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.locator(".error")).to_contain_text(
        "the file deals boards 1-2, but round 2 plays boards 3-4"
    )
    screenshot("teams-hand-records-refused")

    # The form kept the round chosen; this file deals the whole event.
    expect(page.get_by_label("The file is for")).to_have_value("2")
    page.set_input_files("input[type=file]", files=_pbn("event.pbn", THREE_BOARDS))
    page.get_by_label("The file is for").select_option(label="The whole event (boards 1–8)")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("3 boards read")
    expect(page.locator("#analysis")).to_contain_text("0 of 3 boards analysed")

    match = event.matches.get(round=1, table=1)
    page.goto(f"/teams/{event.pk}/matches/{match.pk}/")
    expect(page.locator("#hand-records .dd-pending")).to_have_count(2)
    # The worker's job runs; the open scorecard follows it without a reload.
    analyse_next_batch(event.pk, "teams")
    cards = page.locator("#hand-records article")
    expect(cards.nth(0).locator(".par")).to_have_text(
        "Par NS +1510: 7S N, 7S S", timeout=10_000
    )  # Law 77's table: 7S not vulnerable, 210 + 300 + 1000 (tests/events/teams)
    expect(cards.nth(1).locator(".par")).to_have_text("Par 0 (passed out)")  # Pavlicek's deal 5
    expect(cards).to_have_count(2)
    screenshot("teams-scorecard-hand-records")
