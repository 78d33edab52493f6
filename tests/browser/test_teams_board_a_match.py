"""A director runs a 4-team board-a-match round robin from the browser: picks the method on
the set-up form, enters the first round, and reads the board points in the standings and on
the scorecard.

Worked by hand from written sources only:
- Scores (Law 77): 2NT= 120, 2S= 110, 3D+1 130, 4S= 420 (board 1, none vulnerable).
- Board-a-match (the ACBL Handbook, *Types of team events*; Larry Cohen, *Board-A-Match*):
  the better net score wins the board, 1 point, however small the margin (+130 against +120
  wins, though 0 IMPs); equal net scores ½ each. No tie-break: equal totals share the place.
- Round 1 of a 4-team round robin (FIDE Berger table): 1-4, 2-3.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.test_teams import director, shoot  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = ["Ace", "Bell", "Cole", "Drew"]
# (table, home, away, [(open, closed), ...]): 2 boards a match.
ROUND_1 = [
    (1, "Ace", "Drew", [("3D N +1", "2NT N ="), ("4S N =", "4S N =")]),  # 1 + ½: 1.5–0.5
    (2, "Bell", "Cole", [("2S N =", "2NT N ="), ("4S N =", "4S N =")]),  # 0 + ½: 0.5–1.5
]
# Place, team, board points, matches played: Ace and Cole 1.5, Bell and Drew 0.5.
STANDINGS = [("1=", "Ace", "1.5", "1"), ("1=", "Cole", "1.5", "1"),
             ("3=", "Bell", "0.5", "1"), ("3=", "Drew", "0.5", "1")]  # fmt: skip


def test_a_board_a_match_round_robin(page, director):  # noqa: F811
    log_in(page, "dora")
    page.goto("/")
    page.get_by_role("link", name="New teams event").click()
    page.fill("input[name=name]", "BAM night")
    page.select_option("select[name=kind]", "round-robin")
    page.fill("input[name=boards_per_match]", "2")
    page.select_option("select[name=scoring]", "bam")
    page.select_option("select[name=bye_vps]", "average")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url(re.compile(r"/teams/\d+/teams/$"))
    page.fill("textarea[name=teams]", "\n".join(TEAMS))
    page.get_by_role("button", name="Save the teams").click()
    page.get_by_role("button", name="Draw round 1").click()
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    expect(page.locator(".meta")).to_contain_text("Board-a-match: 1, ½ or 0 a board (ACBL)")
    page.get_by_role("link", name="Standings").click()
    for table, home, away, boards in ROUND_1:
        page.locator("#enter-round-1").get_by_role("link", name=f"Table {table}").click()
        expect(page.locator("h2").first).to_contain_text(f"table {table}: {home} v {away}")
        for index, (open_room, closed_room) in enumerate(boards):
            inputs = page.locator(".match-entry tbody tr[id^=entry-]").nth(index).locator("input")
            inputs.nth(0).fill(open_room)
            inputs.nth(1).fill(closed_room)
        page.get_by_role("button", name="Save the boards").click()
        expect(page.locator(".messages")).to_contain_text(f"Round 1, table {table}:")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(len(STANDINGS))
    for index, (place, team, points, played) in enumerate(STANDINGS):
        cells = rows.nth(index).locator("td, th")
        expect(cells.nth(0)).to_have_text(place)
        expect(cells.nth(1)).to_contain_text(team)
        expect(cells.nth(2)).to_have_text(points)
        expect(cells.nth(3)).to_have_text(played)
    expect(page.locator("#standings thead")).to_contain_text("Board points")
    shoot(page, "teams-bam-standings")
    page.locator("#round-1 tbody tr").first.get_by_role("link", name="Scorecard").click()
    expect(page.locator("#home-points")).to_have_text("1.5")
    expect(page.locator("#board-1 .points").nth(0)).to_have_text("1")
    shoot(page, "teams-bam-scorecard")
