"""Four players of an individual open their table's link on their own phones. North taps round
1's two results; every phone shows them within the poll; East agrees board 1, West calls the
director on board 2, and the table moves on to round 2 on all four phones while the director
rules on the traveller that board 2's result stands, which the phones then say.

The agreement is Law 79 (Laws of Duplicate Bridge 2017, World Bridge Federation): the tricks
are agreed at the table (79A), a disagreement goes to the director (79B). Scores are Law 77's:
board 1 is nobody vulnerable, so 4♠ by N with an overtrick is NS +450; on board 2 (NS
vulnerable, EW not) 2♥ by E one down is NS +50. The 5-table Rainbow (Baron Barclay Bridge
Supply, *The Rainbow Movement for Individual Duplicate Games*) seats players 1 North, 6 East,
11 South and 16 West at table 1 in round 1, on boards 1 and 2.
"""

import pytest
from playwright.sync_api import expect

from events.individuals.models import IndividualPlayer
from tests.browser.conftest import log_in
from tests.browser.test_phone_entry import DESK, PHONE, card_of, shot, tap_result
from tests.events.individuals.test_individuals import make_individual
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATED = {1: "Ann", 6: "Fay", 11: "Kit", 16: "Pam"}  # N, E, S, W at table 1 in round 1


def test_four_phones_agree_one_board_and_query_another(browse):
    club = make_club(directors=[make_user(username="dora")], name="Riverside BC")
    event = make_individual(club, published=True)
    for number, name in SEATED.items():
        IndividualPlayer.objects.filter(event=event, number=number).update(name=name)
    path = f"/individuals/table/{event.links.get(table=1).token}/"
    north, east, south, west = (browse(path, PHONE, touch=True) for _ in range(4))
    for phone in (north, east, south, west):
        expect(phone.locator("#seats")).to_contain_text("N 1 Ann")
        expect(phone.locator("#seats")).to_contain_text("W 16 Pam")

    tap_result(card_of(north, 1), ("4", "S", "", "N", "+1")).tap()
    tap_result(card_of(north, 2), ("2", "H", "", "E", "-1")).tap()
    for phone in (east, south, west):  # the poll brings both results to every phone
        expect(card_of(phone, 1).locator(".phone-result")).to_contain_text("4♠ by N +1")
        expect(card_of(phone, 1).locator(".phone-result")).to_contain_text("NS +450")
        expect(card_of(phone, 2).locator(".phone-result")).to_contain_text("2♥ by E −1")
    expect(card_of(east, 1).locator(".phone-state")).to_contain_text("Opponents: is this right?")
    shot(east, "individual-agreement-1-asked")

    card_of(east, 1).get_by_role("button", name="Agreed ✓").tap()
    expect(card_of(south, 1).locator(".phone-state")).to_contain_text("Confirmed")
    card_of(west, 2).get_by_role("button", name="Not agreed: call the director").tap()
    # Both boards answered: the table moves on, the query is the director's.
    for phone in (north, east, south, west):
        expect(phone.locator("h1")).to_contain_text("Round 2")
        expect(phone.locator(".phone-rulings")).to_contain_text(
            "Board 2 (round 1): the director has been called."
        )
    shot(north, "individual-agreement-2-next-round")

    desk = browse("/", DESK)
    log_in(desk, "dora")
    desk.goto(f"/individuals/{event.pk}/")
    expect(desk.locator("#queried")).to_contain_text("Board 2, table 1 (round 1): 2H E -1")
    desk.locator("#queried a", has_text="Board 2").click()
    expect(desk.locator("tr.queried .query")).to_contain_text("Queried at table 1")
    shot(desk, "individual-agreement-3-director-queried")
    desk.get_by_role("button", name="Result stands").click()
    expect(desk.locator("tr.queried")).to_have_count(0)

    for phone in (north, east, south, west):
        expect(phone.locator(".phone-rulings")).to_contain_text(
            "Board 2 (round 1): the director ruled that the result stands: 2♥ by E −1, NS +50."
        )
    shot(west, "individual-agreement-4-ruled")
