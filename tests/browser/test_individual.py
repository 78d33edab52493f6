"""A director runs a five-table Christmas individual: sets it up from the form, names the
players, gives two tables their phone links, the phones tap round 1, the director types the
rest of board 1's traveller from the keyboard, and the standings show each player's share.

Board 1 (none vulnerable; Law 77's scores, Laws of Duplicate Bridge 2017): 3NT N +1 is +430,
4S N = +420, 4S N +1 +450, 4S N -1 -50, 3S N = +140. ACBL matchpoints (one for each score
beaten, a half for each tie; the ACBL's Duplicate Decisions) give NS 3, 2, 4, 0 and 1 of a top
of 4. In the Rainbow (Baron Barclay Bridge Supply) North stays at the table of their number, so
player 3 sits North at table 3 when board 1 gets there, earning 4 of 4: 100%, a first place
shared with the other three players who earned a top on their only board scored so far.
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

NAMES = {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan", 5: "Eve", 6: "Fay", 11: "Kit", 16: "Pam"}
# Board 1 at each table (the phone enters table 1's in round 1; the director types the rest).
BOARD_ONE = {2: "4S N =", 3: "4S N +1", 4: "4S N -1", 5: "3S N ="}


def test_a_director_runs_a_five_table_individual_with_phones(browse):
    make_club(directors=[make_user(username="dora")], name="Riverside BC")
    desk = browse("/", DESK)
    log_in(desk, "dora")
    desk.goto("/individuals/new/")
    desk.fill("input[name=name]", "Christmas individual")
    desk.fill("input[name=tables]", "6")
    desk.fill("input[name=boards_per_round]", "1")
    desk.get_by_role("button", name="Create the individual").click()
    expect(desk.locator("body")).to_contain_text("prime number of tables from 5 up")
    shot(desk, "individual-form-refuses-6-tables")
    desk.fill("input[name=tables]", "5")
    desk.get_by_role("button", name="Create the individual").click()
    desk.wait_for_url(re.compile(r"/individuals/\d+/players/$"))
    for number, name in NAMES.items():
        desk.fill(f"input[name=name_{number}]", name)
    desk.get_by_role("button", name="Save the names").click()
    event = IndividualEvent.objects.get()
    desk.wait_for_url(re.compile(rf"/individuals/{event.pk}/$"))
    expect(desk.locator("#table-links li")).to_have_count(5)

    tokens = {link.table: link.token for link in event.links.all()}
    phones = {table: browse(f"/individuals/table/{tokens[table]}/", PHONE) for table in (1, 2)}
    # Round 1 at table 1: North 1, South 11, East 6, West 16.
    expect(phones[1].locator("#seats")).to_contain_text("N 1 Ann")
    expect(phones[1].locator("#seats")).to_contain_text("E 6 Fay")
    assert_fits(phones[1], PHONE["width"])
    shot(phones[1], "individual-phone-360-round-1")
    tap_result(card_of(phones[1], 1), ("3", "NT", "", "N", "+1")).click()
    expect(card_of(phones[1], 1).locator(".phone-result")).to_contain_text("3NT by N +1")
    # The opponents agree (Law 79A, Laws of Duplicate Bridge 2017): the table moves on.
    card_of(phones[1], 1).get_by_role("button", name="Agreed ✓").click()
    expect(phones[1].locator("#round-done")).to_contain_text("Move for round 2")
    tap_result(card_of(phones[2], 2), ("P", "", "", "", "")).click()
    expect(card_of(phones[2], 2).locator(".phone-result")).to_contain_text("Passed out")
    shot(phones[1], "individual-phone-360-entered")

    desk.goto(f"/individuals/{event.pk}/boards/1/")
    for table, text in BOARD_ONE.items():
        desk.fill(f"input[name=table_{table}]", text)
    shot(desk, "individual-traveller-typed")
    desk.locator("input[name=table_5]").press("Enter")
    desk.wait_for_url(re.compile(rf"/individuals/{event.pk}/boards/2/$"))
    desk.goto(f"/individuals/{event.pk}/boards/1/")
    shot(desk, "individual-traveller-scored")

    desk.goto(f"/individuals/{event.pk}/")
    cat = desk.locator("#standings tr", has=desk.locator("a", has_text="Cat"))
    expect(cat).to_contain_text("100.00")
    expect(cat.locator("td").first).to_have_text("1=")
    shot(desk, "individual-standings")
    desk.locator("#standings a", has_text="Cat").click()
    expect(desk.locator("#card")).to_contain_text("4S N +1")
    shot(desk, "individual-score-card")
