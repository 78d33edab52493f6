"""A director picks a published Howell by name in a real browser and prints its cards.

The movement is Ian McKinnon's 4-table Howell "8-1 6-5 4-2 R 7-3 2R" (Bridge Central,
"Producing Howell movements"): round 1 has 8-1 on set 1 at table 1 and 7-3 on set 5 at
table 4.
"""

import re

import pytest
from playwright.sync_api import expect

from events.models import Event
from tests.browser.conftest import log_in
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LABEL = "4-table Howell, 7 rounds (McKinnon: 8-1 6-5 4-2 R 7-3 2R)"


def test_a_published_howell_is_chosen_by_name_and_its_cards_print(page, screenshot):
    director = make_user(username="dora")
    make_club(directors=[director], name="Riverside Bridge Club")
    log_in(page, "dora")
    page.goto("/sessions/new/")
    page.fill("input[name=name]", "Howell night")
    page.select_option("select[name=movement]", label=LABEL)
    page.fill("input[name=tables]", "4")
    page.fill("input[name=boards_per_round]", "3")
    screenshot("movement_library_setup")
    page.get_by_role("button", name="Create the session").click()
    page.wait_for_url(re.compile(r"/sessions/\d+/$"))
    event = Event.objects.latest("pk")
    assert event.sections.get().library == "mckinnon-4-ab"
    page.goto(f"/sessions/{event.pk}/cards/")
    expect(page.get_by_text(LABEL).first).to_be_visible()
    expect(page.locator(".pair-card")).to_have_count(8)
    screenshot("movement_library_cards")
