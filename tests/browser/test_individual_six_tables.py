"""A director runs a six-table individual for 24 players (Bill Butler, "Durango Bill", "Cyclic
solutions to the round-robin Bridge tournament problem", durangobill.com): sets it up from the
form, names some players, two tables' phones tap board 1 in round 1, the director types the
other four lines of its traveller, and the standings show each player's share.

Every table plays board 1 in round 1 (Clubscore's reading of the page: each round's boards go
to every table). Board 1 (none vulnerable; Law 77's scores, Laws of Duplicate Bridge 2017):
table 1 3NT N +1 is +430, table 2 4S N +1 +450, table 3 4S N -1 -50, table 4 3S N = +140,
table 5 4S N = +420, table 6 4H S +2 +480. ACBL matchpoints (one for each score beaten, a half
for each tie; the ACBL's Duplicate Decisions) give NS 3, 4, 0, 1, 2 and 5 of a top of 5. His
first round, his player k being Clubscore's k + 1: table 6 North-South are 8 and 15 (100%),
table 5 is 22 and 5 against 24 (who stays East there) and 1, so player 24 earns 3 of 5: 60%.
"""

import re

import pytest
from playwright.sync_api import expect

from events.individuals.models import IndividualEvent
from tests.browser.conftest import log_in
from tests.browser.test_phone_entry import DESK, PHONE, card_of, shot, tap_result
from tests.browser.test_player_journey import assert_fits
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = {1: "Abe", 5: "Eve", 8: "Hal", 15: "Ola", 18: "Ria", 19: "Sam", 22: "Vic", 24: "Xan"}
TYPED = {2: "4S N +1", 3: "4S N -1", 4: "3S N =", 6: "4H S +2"}


def test_a_director_runs_a_six_table_individual_with_phones(browse):
    make_club(directors=[make_user(username="dora")], name="Riverside BC")
    desk = browse("/", DESK)
    log_in(desk, "dora")
    desk.goto("/individuals/new/")
    desk.fill("input[name=name]", "Christmas individual")
    desk.select_option("select[name=movement]", "six_table")
    desk.fill("input[name=tables]", "5")
    desk.fill("input[name=boards_per_round]", "1")
    desk.get_by_role("button", name="Create the individual").click()
    expect(desk.locator("body")).to_contain_text("for 6 tables, not 5")
    desk.fill("input[name=tables]", "6")
    desk.get_by_role("button", name="Create the individual").click()
    desk.wait_for_url(re.compile(r"/individuals/\d+/players/$"))
    for number, name in NAMES.items():
        desk.fill(f"input[name=name_{number}]", name)
    desk.get_by_role("button", name="Save the names").click()
    event = IndividualEvent.objects.get()
    desk.wait_for_url(re.compile(rf"/individuals/{event.pk}/$"))
    expect(desk.locator("#table-links li")).to_have_count(6)

    tokens = {link.table: link.token for link in event.links.all()}
    phones = {table: browse(f"/individuals/table/{tokens[table]}/", PHONE) for table in (1, 5)}
    # Round 1 at table 1: his 17 and 18 against 3 and 13, Clubscore's 18, 19, 4 and 14.
    expect(phones[1].locator("#seats")).to_contain_text("N 18 Ria")
    expect(phones[1].locator("#seats")).to_contain_text("S 19 Sam")
    expect(phones[5].locator("#seats")).to_contain_text("E 24 Xan")
    expect(phones[5].locator("#seats")).to_contain_text("W 1 Abe")
    assert_fits(phones[5], PHONE["width"])
    shot(phones[5], "individual-six-tables-phone-360-round-1")
    tap_result(card_of(phones[1], 1), ("3", "NT", "", "N", "+1")).click()
    expect(card_of(phones[1], 1).locator(".phone-result")).to_contain_text("3NT by N +1")
    tap_result(card_of(phones[5], 1), ("4", "S", "", "N", "=")).click()
    expect(card_of(phones[5], 1).locator(".phone-result")).to_contain_text("4♠ by N =")
    # The opponents agree (Law 79A, Laws of Duplicate Bridge 2017): the table moves on.
    card_of(phones[5], 1).get_by_role("button", name="Agreed ✓").click()
    expect(phones[5].locator("#round-done")).to_contain_text("Move for round 2")
    shot(phones[5], "individual-six-tables-phone-360-entered")

    desk.goto(f"/individuals/{event.pk}/boards/1/")
    for table, text in TYPED.items():
        desk.fill(f"input[name=table_{table}]", text)
    desk.locator("input[name=table_6]").press("Enter")
    desk.wait_for_url(re.compile(rf"/individuals/{event.pk}/boards/2/$"))

    desk.goto(f"/individuals/{event.pk}/")
    for name, percent in (("Hal", "100.00"), ("Ola", "100.00"), ("Xan", "60.00"), ("Vic", "40.00")):
        row = desk.locator("#standings tr", has=desk.locator("a", has_text=name))
        expect(row).to_contain_text(percent)
    shot(desk, "individual-six-tables-standings")
