"""A championship in the browser: the director creates it from the club's page, keeps the
entrants matched by names, and its standings page follows the last session as it is played."""

import re

import pytest
from playwright.sync_api import expect

from events.models import Championship
from tests.browser.conftest import log_in
from tests.events.championships.helpers import NAMES, name_pairs, play_everything, two_sessions
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST = {1: "4S N +1", 2: "4S N =", 3: "4S N -1"}
SECOND = {1: "4S N -1", 2: "4S N =", 3: "4S N +1"}


def test_a_championship_from_the_club_page_to_live_standings(page, screenshot):
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside BC", slug="riverside")
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, NAMES)
    play_everything(one, director, FIRST)
    log_in(page, "dora")
    page.goto("/clubs/riverside/")
    page.get_by_role("link", name="New championship").click()
    page.fill("input[name=name]", "Autumn championship")
    page.get_by_role("checkbox", name=re.compile("Pairs championship 1, Tue")).check()
    page.get_by_role("checkbox", name=re.compile("Pairs championship 2, Wed")).check()
    page.get_by_label("Combined by").select_option("average")
    screenshot("championship-create")
    page.get_by_role("button", name="Create the championship").click()
    expect(page.get_by_role("heading", name="Session 2")).to_be_visible()
    screenshot("championship-entrants")
    page.get_by_role("button", name="Save the entrants").click()
    championship = Championship.objects.get()
    assert page.url.endswith(f"/championships/{championship.pk}/")
    ann = page.get_by_role("row").filter(has_text="Ann & Bob")
    expect(ann).to_contain_text("100.00")
    # Session 2 is played while the page is open: NS 1 (Ann & Bob) now does worst, 0%, and
    # NS 3 (Eve & Fay) best: every pair averages (100 + 0)/2 or (50 + 50)/2 = 50%, all 1=.
    play_everything(two, director, SECOND)
    expect(ann).to_contain_text("50.00", timeout=5000)
    expect(ann.get_by_role("cell").first).to_have_text("1=")
    screenshot("championship-standings")
