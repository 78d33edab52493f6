"""A Swiss pairs table enters its round on a phone (360×740), through its own link, the
opponents agreeing each board, while the director watches the round's grid: the match's IMPs
and VPs appear on the phone once its last board is in.

Scores are Law 77's and IMPs the Law 78B scale (Laws of Duplicate Bridge 2017, WBF). Board 1
(none vulnerable): table 1's 4S N = is +420, table 2's 4S N -1 is -50, a datum of 190 (the
mean 185 rounded to tens, halves away from zero), so table 1's NS is +230: 6 IMPs. Board 2
(NS vulnerable) 2H S = is +110 at both: 0. The club's own VP table typed on the event
(docs/rules.md, Victory points) 0-2 10-10, 3-6 12-8, 7+ 15-5 makes +6 IMPs 12-8.
"""

import pytest
from playwright.sync_api import expect

from events.swiss_pairs import play
from events.swiss_pairs.models import SwissTableLink
from tests.browser.conftest import log_in
from tests.browser.test_phone_entry import DESK, card_of, shot, tap_result
from tests.browser.test_player_journey import assert_fits
from tests.events.swiss_pairs.factories import enter_round, make_swiss_pairs
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
TAPS = {1: ("4", "S", "", "N", "="), 2: ("2", "H", "", "S", "=")}


def test_a_table_enters_its_round_on_a_phone_and_sees_the_match_score(browse):
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside BC")
    event = make_swiss_pairs(club, vp_scale="club", club_vp_table="0-2 10-10\n3-6 12-8\n7+ 15-5")
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["", ""], 2: ["4S N -1", "2H S ="]})  # table 2 typed
    link = SwissTableLink.objects.get(table__table=1)

    desk = browse("/", DESK)
    log_in(desk, "dora")
    desk.goto(f"/swiss-pairs/{event.pk}/")
    desk.locator("#phones-1").click()
    expect(desk.locator("ul.table-links img")).to_have_count(2)

    phone = browse(f"/s/{link.token}/", PHONE)
    expect(phone.locator(".phone-pairs")).to_contain_text("NS 1 Ann & Abe")
    assert_fits(phone, PHONE["width"])
    for number, taps in TAPS.items():
        card = card_of(phone, number)
        tap_result(card, taps).click()
        expect(card.locator(".phone-state")).to_have_text("Opponents: is this right?")
        if number == 1:
            shot(phone, "swiss-phone-360-entered")
        card.get_by_role("button", name="Agreed ✓").click()
        expect(card.locator(".phone-state")).to_contain_text("Confirmed")
    expect(phone.locator("#match-score")).to_have_text("Match: NS 6 IMPs · VPs 12–8")
    expect(phone.locator("#table")).to_contain_text("Every board of this round is in and agreed")
    assert_fits(phone, PHONE["width"])
    shot(phone, "swiss-phone-360-done")
    expect(desk.locator(f"#phones-{link.table_id}")).to_contain_text("1✓")
    expect(desk.locator(f"#phones-{link.table_id}")).to_contain_text("2✓")
    shot(desk, "swiss-phones-grid")
