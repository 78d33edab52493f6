"""A player follows the club's ladder on a phone (375 px): the page fits the screen, and when
the evening's session is played while it is open, their row moves from "not placed yet" to
first place without a reload."""

import datetime

import pytest
from playwright.sync_api import expect

from events.models import Ladder
from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_player_journey import assert_fits
from tests.events.club.test_season import name_pair, played_session, publish
from tests.events.standings.test_ranking import play_everything
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 375


def shoot(page, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def test_a_player_follows_the_ladder_on_a_phone(browse):
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")
    played = [played_session(club, director, day, name=f"Tuesday {day}") for day in (6, 13)]
    for event in played:
        name_pair(event, "NS", 1, "Ann Smith", "Cy Field")  # 100% each time
        name_pair(event, "NS", 2, "Bob Jones", "Eve Hart")  # 50%
    tonight = publish(make_session(club, name="Tuesday 20", date=datetime.date(2026, 10, 20)))
    name_pair(tonight, "EW", 2, "Ann Smith", "Di Moor")
    name_pair(tonight, "NS", 2, "Bob Jones", "Eve Hart")
    ladder = Ladder.objects.create(
        club=club, name="Autumn ladder", rule="average", sessions=3,
        start=datetime.date(2026, 10, 1), end=datetime.date(2026, 12, 31),
    )  # fmt: skip

    page = browse("/clubs/riverside/", {"width": WIDTH, "height": 800}, touch=True)
    page.get_by_role("link", name="Autumn ladder").click()
    page.wait_for_url(f"**/ladders/{ladder.pk}/")
    waiting = page.locator("tbody.waiting")
    expect(waiting).to_contain_text("Not placed yet: fewer than 3 sessions")
    expect(waiting.get_by_role("row").filter(has_text="Ann Smith")).to_contain_text("100.00")
    assert_fits(page, WIDTH, "#ladder-standings table")
    shoot(page, "ladder-phone-before")

    # Tonight is played while the page is open: Ann (EW 2) scores 50%, her third session:
    # (100 + 100 + 50) / 3 = 83.33, ahead of Bob's and Eve's 50 (worked by hand).
    play_everything(tonight, director)
    ann = page.locator("#ladder-standings tbody:not(.waiting) tr").filter(has_text="Ann Smith")
    expect(ann).to_contain_text("83.33", timeout=5000)
    expect(ann.get_by_role("cell").first).to_have_text("1")
    expect(page.locator("#ladder-standings")).to_contain_text("Tuesday 20")
    assert_fits(page, WIDTH, "#ladder-standings table")
    shoot(page, "ladder-phone-after")
