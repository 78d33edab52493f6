"""The teams director's tools in the browser: the entry form that warns, without a reload, when
another director saves the same match, and the scorecard that says what a correction moved.

Scores (Law 77): 2S= is +110, 2S+1 +140 (part scores, so vulnerability does not matter);
IMPs (Law 78B): 30 → 1. VPs: the WBF 2013 continuous scale for 2 boards as the Danish table
reproduces it (tests/scoring/data): 1 IMP → 10.86–9.14, 0 → 10–10.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def match():
    from events.teams import draw
    from tests.events.teams.factories import make_teams_event

    dora, bob = make_user(username="dora"), make_user(username="bob")
    club = make_club(directors=[dora, bob], name="Riverside Bridge Club")
    event = make_teams_event(club, teams="Ace\nBell\nCole\nDrew")
    draw.draw_next_round(event)
    return event.matches.get(round=1, table=1)


def test_the_open_form_warns_of_another_directors_save(page, match, screenshot):
    from events.teams import entry

    log_in(page, "dora")
    page.goto(f"/teams/{match.event.pk}/matches/{match.pk}/enter/")
    page.fill("input[name=open-2]", "2S N =")  # Dora is typing
    entry.save_boards(match, [entry.BoardRow(1, "2S N +1", "2S S =")])  # Bob, meanwhile
    warning = page.locator("#match-watch [role=alert]")
    expect(warning).to_contain_text("Someone else saved this match after you opened this form.")
    expect(warning).to_contain_text("Board 1 is now open room 2S N +1, closed room 2S S =.")
    expect(page.locator("input[name=open-2]")).to_have_value("2S N =")  # her typing is kept
    screenshot("teams-entry-warned")


def test_a_correction_says_what_it_moved(page, match, screenshot):
    from events.teams import draw, entry

    for each in match.event.matches.filter(round=1):
        entry.save_boards(each, [entry.BoardRow(1, "2S N =", "2S S ="),
                                 entry.BoardRow(2, "2S N =", "2S S =")])  # fmt: skip
    draw.draw_next_round(match.event)  # round 2 follows: round 1 is a past round now
    log_in(page, "dora")
    page.goto(f"/teams/{match.event.pk}/matches/{match.pk}/enter/")
    page.fill("input[name=open-1]", "2S N +1")  # the correction: 140 v 110, 1 IMP to Ace
    page.get_by_role("button", name="Save the boards").click()
    expect(page).to_have_url(re.compile(rf"/teams/{match.event.pk}/matches/{match.pk}/$"))
    moves = page.locator("#standing-moves")
    expect(moves).to_contain_text("Ace: 10.00 → 10.86 VPs, place 1= → 1")
    expect(moves).to_contain_text("Bell: 10.00 → 9.14 VPs, place 1= → 4")
    screenshot("teams-correction-moves")


def test_a_team_withdrawn_from_the_page_shows_in_the_standings(page, match, screenshot):
    from events.teams import draw, entry

    event = match.event
    for each in event.matches.filter(round=1):
        entry.save_boards(each, [entry.BoardRow(1, "2S N =", "2S S ="),
                                 entry.BoardRow(2, "2S N =", "2S S =")])  # fmt: skip
    draw.draw_next_round(event)
    log_in(page, "dora")
    page.goto(f"/teams/{event.pk}/")
    page.locator("#withdraw summary").click()
    page.select_option("#withdraw select[name=team]", label="Drew")
    page.fill("#withdraw input[name=after]", "1")
    page.locator("#withdraw input[name=withdrawal][value=bye]").check()
    page.get_by_role("button", name="Withdraw the team").click()
    expect(page.locator(".messages")).to_contain_text("Drew withdrew after round 1.")
    expect(page.locator("#standings")).to_contain_text("Drew (withdrew after round 1)")
    screenshot("teams-withdrawn")
