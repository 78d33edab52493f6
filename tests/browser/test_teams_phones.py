"""Two phones enter the two rooms of a teams match, each through its own room link, the
opponents agreeing each board, while the director watches the rooms' grid and the standings:
the match's VPs appear on the standings once the second room's last board is saved.

Scores are Law 77's and IMPs the Law 78B scale (Laws of Duplicate Bridge 2017): board 1 (none
vulnerable) 4S N = is +420 in the open room and 4S S -1 is -50 in the closed room, 470 → 10
IMPs to the home team; board 2 (NS vulnerable) 3NT E -2 is +100 to NS against a pass-out,
100 → 3 IMPs. 13 IMPs over 2 boards is 17.69–2.31 VPs on the WBF 2013 continuous scale (the
Danish table in tests/scoring/data).
"""

import re
import time

import pytest
from playwright.sync_api import expect

from events.teams import draw
from tests.browser.conftest import log_in
from tests.browser.test_phone_entry import DESK, PHONE, card_of, shot, tap_result
from tests.browser.test_player_journey import assert_fits
from tests.events.teams.factories import make_teams_event
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each room's boards, as (level, strain, doubled, declarer, tricks against the contract).
ROOMS = {
    "open": {1: ("4", "S", "", "N", "="), 2: ("3", "NT", "", "E", "-2")},
    "closed": {1: ("4", "S", "", "S", "-1"), 2: ("P", "", "", "", "")},
}


def test_two_rooms_enter_a_match_on_their_phones_and_the_vps_reach_the_standings(browse):
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside BC")
    event = make_teams_event(
        club, teams="Ace: Ann, Abe, Amy, Art\nBell: Bea, Ben, Bob, Bud", kind="round-robin"
    )
    draw.draw_next_round(event)
    match = event.matches.get()
    links = {link.room: link for link in match.room_links.all()}

    page = browse("/", DESK)
    log_in(page, "dora")
    page.goto(f"/teams/{event.pk}/rounds/1/rooms/")
    expect(page.locator("ul.table-links img")).to_have_count(2)
    standings = page.context.new_page()
    standings.goto(f"/teams/{event.pk}/")
    phones = {room: browse(f"/r/{link.token}/", PHONE) for room, link in links.items()}
    expect(phones["open"].locator(".phone-pairs")).to_contain_text("NS Ace")
    expect(phones["closed"].locator(".phone-pairs")).to_contain_text("NS Bell")
    assert_fits(phones["closed"], PHONE["width"])

    seconds = None
    for room in ("open", "closed"):
        screen = phones[room]
        for number, taps in ROOMS[room].items():
            card = card_of(screen, number)
            save = tap_result(card, taps)
            started = time.monotonic()
            save.click()
            expect(card.locator(".phone-state")).to_have_text("Opponents: is this right?")
            if (room, number) == ("closed", 2):  # the match's last board: both rooms are in
                expect(standings.locator(f"#match-{match.pk} .vps")).to_have_text(
                    re.compile(r"17\.69\W+2\.31")
                )
                seconds = time.monotonic() - started
                shot(screen, "teams-phone-360-entered")
            card.get_by_role("button", name="Agreed ✓").click()
            expect(card.locator(".phone-state")).to_contain_text("Confirmed")
        expect(page.locator(f"#rooms-{match.pk} td[data-room='{room}']")).to_have_text(
            "2/2 ✓ agreed"
        )

    expect(phones["closed"].locator("#match-score")).to_contain_text("VPs 17.69 – 2.31")
    expect(standings.locator("#standings")).to_contain_text("17.69")
    shot(phones["closed"], "teams-phone-360-done")
    shot(page, "teams-rooms-grid")
    shot(standings, "teams-standings-after-phones")
    print(f"second room's last save → VPs on the standings: {seconds:.2f}s")
