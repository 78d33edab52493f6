"""A director runs two rounds of a Swiss pairs event from the browser: sets it up, types the
pairs, draws round 1, enters each table from the keyboard (type, Tab, ..., Enter), reads the
standings, draws round 2 from them and enters it.

Worked by hand from written sources only:
- Scores (Law 77) and vulnerability (Law 2): board 1 (none vul) 4S= +420, 4S-1 -50; board 7
  (all vul) 3NT= +600, 3NT-1 -100; passed out 0.
- IMPs (Law 78B): 230 and 240 are 6 IMPs, 350 is 8.
- Datum: the mean of the field's scores rounded to 10, halves away from zero (as a pairs
  session's Butler): board 1 (420 - 50) / 2 = 185 -> 190; board 7 (600 - 100) / 2 = 250.
- VPs: the ACBL 20-point scale for 6-8 boards (as BridgeHands reproduces it): 5-7 IMPs 13-7,
  8-10 IMPs 14-6.
- Draw: round 1 in pair-number order (1 v 2, 3 v 4); round 2 by the standings (Monrad, as
  Magic Contest's manual describes it): 1 and 4 lead on 13 VPs and +6, 2 and 3 trail: 1 v 4,
  2 v 3.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.test_teams import director, shoot  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAIRS = ["Ann & Abe", "Bea & Ben", "Cat & Cid", "Dan & Dee"]
PASSED = ["PASS"] * 5
ROUND_1 = {1: ["4S N =", *PASSED], 2: ["4s n -1", *PASSED]}
ROUND_2 = {1: ["3NT N =", *PASSED], 2: ["3nt n -1", *PASSED]}
# Place, pair, played, IMPs, VPs.
AFTER_1 = [("1=", "1", "1", "6", "13"), ("1=", "4", "1", "6", "13"),
           ("3=", "2", "1", "-6", "7"), ("3=", "3", "1", "-6", "7")]  # fmt: skip
AFTER_2 = [("1", "1", "2", "14", "27"), ("2", "3", "2", "2", "21"),
           ("3", "4", "2", "-2", "19"), ("4", "2", "2", "-14", "13")]  # fmt: skip


def enter_table(page, results):
    # The first box has the focus: each result, Tab to the next, Enter saves.
    for index, text in enumerate(results):
        page.keyboard.type(text)
        page.keyboard.press("Enter" if index == len(results) - 1 else "Tab")


def check_standings(page, expected):
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(len(expected))
    for index, (place, pair, played, imps, vps) in enumerate(expected):
        cells = rows.nth(index).locator("td")
        expect(cells.nth(0)).to_have_text(place)
        expect(cells.nth(1)).to_have_text(pair)
        expect(cells.nth(3)).to_have_text(played)
        expect(cells.nth(4)).to_have_text(imps)
        expect(cells.nth(5)).to_have_text(vps)


def test_a_director_runs_two_rounds_of_swiss_pairs(page, director):  # noqa: F811
    log_in(page, "dora")
    page.goto("/swiss-pairs/")
    page.get_by_role("link", name="New Swiss pairs event").click()
    page.fill("input[name=name]", "Autumn Swiss Pairs")
    page.fill("input[name=rounds]", "3")
    page.fill("input[name=boards_per_round]", "6")
    page.select_option("select[name=vp_scale]", "acbl-20")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url(re.compile(r"/swiss-pairs/\d+/pairs/$"))
    page.fill("textarea[name=pairs]", "\n".join(PAIRS))
    page.get_by_role("button", name="Save the pairs").click()
    page.get_by_role("button", name="Draw round 1").click()
    expect(page.locator("#round-1 tbody tr")).to_have_count(2)
    expect(page.locator("#table-1-1")).to_contain_text("1 Ann & Abe")
    expect(page.locator("#table-1-1")).to_contain_text("2 Bea & Ben")
    page.locator("#table-1-1").get_by_role("link", name="1").click()
    for table in (1, 2):
        expect(page.locator("h1")).to_have_text(f"Round 1, table {table}")
        enter_table(page, ROUND_1[table])
    # After the last table the standings, round 1 in.
    page.wait_for_url(re.compile(r"/swiss-pairs/\d+/$"))
    check_standings(page, AFTER_1)
    expect(page.locator("#table-1-1")).to_contain_text("13–7")
    shoot(page, "swiss-pairs-round-1")

    page.get_by_role("button", name="Draw round 2").click()
    expect(page.locator("#table-2-1")).to_contain_text("1 Ann & Abe")
    expect(page.locator("#table-2-1")).to_contain_text("4 Dan & Dee")
    expect(page.locator("#table-2-2")).to_contain_text("2 Bea & Ben")
    expect(page.locator("#table-2-2")).to_contain_text("3 Cat & Cid")
    page.locator("#table-2-1").get_by_role("link", name="1").click()
    expect(page.locator("h1")).to_have_text("Round 2, table 1")
    # A slip mistyped: refused in words, the typing kept, nothing saved.
    enter_table(page, ["3NT N =", "PASS", "PASS", "PASS", "PASS", "9NT N ="])
    expect(page.locator("#entry-error")).to_contain_text("Board 12:")
    expect(page.locator("#entry-error")).to_contain_text("Nothing was saved.")
    shoot(page, "swiss-pairs-refused")
    page.fill("#board-12", "PASS")
    page.get_by_role("button", name="Save table 1").click()
    expect(page.locator("h1")).to_have_text("Round 2, table 2")
    enter_table(page, ROUND_2[2])
    page.wait_for_url(re.compile(r"/swiss-pairs/\d+/$"))
    check_standings(page, AFTER_2)
    expect(page.locator("#table-2-1")).to_contain_text("14–6")
    shoot(page, "swiss-pairs-round-2")
