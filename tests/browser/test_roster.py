"""A director imports the club's roster, then types tonight's players: the first box has the
cursor, the members are suggested as they type, a number becomes a name, and a new player joins
the roster."""

import re

import pytest
from playwright.sync_api import expect

from events.models import Pair
from tests.browser.conftest import log_in
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROSTER = "name,number\nAnn Smith,12345\nAndrew Brown,23456\nBob Jones,34567\nCath Evans\n"


@pytest.fixture
def club():
    director = make_user(username="dora")
    return make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")


def test_a_director_imports_the_roster_and_picks_members_on_the_pairs_page(page, screenshot, club):
    event = make_session(club, name="Tuesday pairs", tables=3, boards_per_round=2)
    log_in(page, "dora")
    page.goto("/clubs/riverside/")
    page.get_by_role("link", name="Members").click()
    page.get_by_role("link", name="Import a list").click()
    page.get_by_label("Paste the list").fill(ROSTER.replace("Bob Jones", "Jones, Bob"))
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "Line 4: 3 columns where name,number was expected."
    )
    screenshot("roster-import-refused")
    page.get_by_label("Paste the list").fill(ROSTER)
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/clubs/riverside/members/$"))
    expect(page.locator(".messages")).to_contain_text("Roster imported: 4 added")
    expect(page.locator("table.list tbody tr")).to_have_count(4)
    screenshot("roster-list")

    page.goto(f"/sessions/{event.pk}/pairs/")
    first = page.get_by_label("NS 1, player")
    expect(first).to_be_focused()
    labels = page.locator("tbody th[scope=row]").all_inner_texts()
    assert labels == ["NS 1", "NS 2", "NS 3", "EW 1", "EW 2", "EW 3"]

    # "Ann" offers Ann Smith (not Andrew Brown). Chromium draws a datalist's suggestions as its
    # own popup window, out of the page's and Playwright's reach (microsoft/playwright#13994),
    # so the test reads what the datalist offers for the typed text and picks as the popup
    # does: the member's name replaces what was typed.
    page.keyboard.type("Ann")
    offered = first.evaluate(
        """box => Array.from(box.list.options)
             .filter(o => o.value.toLowerCase().includes(box.value.toLowerCase()))
             .map(o => o.value)"""
    )
    assert offered == ["Ann Smith"]
    first.fill("Ann Smith")
    page.keyboard.press("Tab")
    page.keyboard.type("34567")  # Bob Jones's number
    page.keyboard.press("Tab")
    expect(page.get_by_label("NS 1, partner")).to_have_value("Bob Jones")
    page.keyboard.type("Zoe Newcomer")
    page.keyboard.press("Tab")
    page.keyboard.type("cath evans")
    screenshot("pairs-typed")
    page.get_by_role("button", name="Save names").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))
    expect(page.locator(".messages")).to_contain_text(
        "Added to the roster of Riverside Bridge Club: Zoe Newcomer."
    )

    pairs = {str(pair): pair.names for pair in Pair.objects.filter(section__event=event)}
    assert pairs["NS 1"] == "Ann Smith & Bob Jones"
    assert pairs["NS 2"] == "Zoe Newcomer & Cath Evans"
    assert club.members.filter(name="Zoe Newcomer", active=True).exists()

    # On a phone the two names of a pair sit one above the other, inside the card.
    page.set_viewport_size({"width": 360, "height": 780})
    for url, name in [
        (f"/sessions/{event.pk}/pairs/", "pairs-phone"),
        ("/clubs/riverside/members/", "roster-phone"),
        ("/clubs/riverside/members/import/", "roster-import-phone"),
    ]:
        page.goto(url)
        screenshot(name)
        for box in page.locator("main form, main table").all():
            assert box.evaluate("e => e.getBoundingClientRect().right") <= 360, (url, box)
