"""A player follows their name from a session's standings to their page and reads it on a
phone and on a desktop: the trend chart drawn by the server, the sessions, the partnerships
and the boards gained and lost most, none of it wider than the screen."""

import datetime

import pytest
from playwright.sync_api import expect

from events.models import Event, Member, Pair
from events.sessions.importing import import_travellers
from tests.big_session import travellers_csv
from tests.factories import make_club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PARTNERS = ["Bob Jones", "Cath Lee", "Bob Jones", "Dan Wood", "Bob Jones", "Cath Lee"]
YEAR = "?start=2026-01-01&end=2026-12-31"


@pytest.fixture
def season():
    """Six weekly sessions of 5 tables, Ann Smith in NS 1 of each with one of three partners."""
    club = make_club(name="Riverside Bridge Club", slug="riverside")
    events = []
    for week, partner in enumerate(PARTNERS):
        event = import_travellers(
            travellers_csv(5, 10, seed=week), club=club, name="Tuesday pairs", publish=True
        )
        Event.objects.filter(pk=event.pk).update(
            date=datetime.date(2026, 9, 1) + datetime.timedelta(weeks=week)
        )
        Pair.objects.filter(section__event=event, direction="NS", number=1).update(
            player1="Ann Smith", player2=partner
        )
        events.append(event)
    for name in ("Ann Smith", "Bob Jones", "Cath Lee"):
        Member.objects.create(club=club, name=name)
    return events


def test_a_player_reads_their_page_on_a_phone_and_a_desktop(page, screenshot, season):
    page.goto(f"/sessions/{season[-1].pk}/")
    page.get_by_role("link", name="Ann Smith").click()
    expect(page.get_by_role("heading", name="Ann Smith", level=1)).to_be_visible()
    page.goto(page.url + YEAR)
    chart = page.get_by_role("img", name="Ann Smith's percentage by session, 2026")
    expect(chart).to_be_visible()
    expect(page.locator(".trend-point")).to_have_count(6)
    expect(page.locator("table.player-sessions tbody tr")).to_have_count(6)
    expect(page.locator(".player-bests")).to_contain_text("Most played with Bob Jones (3 sessions)")
    expect(page.locator("table.player-boards")).to_have_count(2)
    screenshot("player-page-desktop")

    page.set_viewport_size({"width": 375, "height": 800})
    page.reload()
    screenshot("player-page-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = chart.bounding_box()
    assert box["width"] <= 375 and box["height"] > 100  # the chart shrinks, still readable

    # The session's score card from the table, the partner's page from the partnerships.
    page.locator("table.player-sessions tbody tr").first.get_by_role("link").first.click()
    expect(page.get_by_role("heading", name="Score card")).to_be_visible()
