"""The walls players and directors met entering results on a phone at the table, each played
through in Chromium on a 360 × 740 phone with a touch screen, as the players hold it.

Scores are Law 77's (the Laws of Duplicate Bridge 2017, "Duplicate Bridge Scoring Table");
the boards' dealer and vulnerability are the standard rotation (Law 2): board 1 none
vulnerable, board 2 NS, board 3 EW, board 4 both. A 3-table Mitchell of 2 boards a round
plays boards 1-2 at table 1 in round 1 and boards 3-4 there in round 2 (boards move down one
table); a 4-table Mitchell is a skip Mitchell of 3 rounds.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from events.models import Board, Result, ResultChange
from events.phone import links as table_links
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_player_journey import assert_fits
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
DESK = {"width": 1280, "height": 900}


@pytest.fixture
def open_page(browse):
    """A page on a phone held at the table (touch, 360 × 740), or on the director's desk."""

    def open_(path, device="phone"):
        return browse(path, PHONE, touch=True) if device == "phone" else browse(path, DESK)

    return open_


@pytest.fixture
def session():
    director = make_user(username="dora")
    return make_session(make_club(directors=[director]), name="Tuesday pairs")


@pytest.fixture
def links(session):
    return {link.table: link for link in table_links.ensure_links(session.sections.get())}


def card_of(page, number):
    return page.locator("article.phone-board").filter(
        has=page.locator("h2", has_text=re.compile(rf"^Board {number}\b"))
    )


def tap(card, name, value):
    """A finger on one of the board's buttons (a chip: its radio input is hidden under it)."""
    card.locator(f"form.phone-entry label:has(input[name={name}][value='{value}'])").tap()


def tap_result(card, level, strain="", doubled="", declarer="", made=""):
    tap(card, "level", level)
    if level != "P":
        tap(card, "strain", strain)
        tap(card, "doubled", doubled)
        tap(card, "declarer", declarer)
        tap(card, "made", made)


def save(card, number):
    card.get_by_role("button", name=f"Save board {number}").tap()


def checked(card, name):
    return card.locator(f"form.phone-entry input[name={name}]:checked").get_attribute("value")


def shot(page, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def board_pk(session, number):
    return Board.objects.get(section__event=session, number=number).pk


def test_a_save_refused_for_a_missing_tap_is_corrected_and_saved(open_page, session, links):
    screen = open_page(f"/t/{links[1].token}/")
    other_phone = open_page(f"/t/{links[1].token}/")  # the opponents' phone at the table
    card = card_of(screen, 1)
    tap(card, "level", "3")
    tap(card, "strain", "C")
    save(card, 1)
    expect(card.locator(".phone-error")).to_have_text("Tap the declarer and the tricks.")
    shot(screen, "phone-walls-1-refused")

    # The page goes on refreshing: the other phone's board 2 shows, the taps stay.
    tap_result(card_of(other_phone, 2), "P")
    save(card_of(other_phone, 2), 2)
    expect(card_of(screen, 2).locator(".phone-state")).to_have_text("Opponents: is this right?")
    assert (checked(card, "level"), checked(card, "strain")) == ("3", "C")

    tap(card, "declarer", "S")
    tap(card, "made", "-1")
    save(card, 1)
    expect(card.locator(".phone-state")).to_have_text("Opponents: is this right?")
    expect(card.locator(".score")).to_have_text("EW +50")  # Law 77: one down, not vulnerable
    assert Result.objects.get(board__number=1).text == "3C S -1"


def test_a_bad_opening_lead_is_corrected_and_saved(open_page, session, links):
    screen = open_page(f"/t/{links[1].token}/")
    card = card_of(screen, 1)
    tap_result(card, "4", "S", "", "N", "+1")
    card.get_by_label(re.compile("Opening lead")).fill("ZZ")
    save(card, 1)
    expect(card.locator(".phone-error")).to_contain_text("Opening lead: type a suit and a card")
    card.get_by_label(re.compile("Opening lead")).fill("HK")
    save(card, 1)
    expect(card.locator(".score")).to_have_text("NS +450")  # Law 77: 4♠+1, not vulnerable
    expect(card.locator(".lead")).to_have_text("lead HK")
    assert Result.objects.get().table_entry.lead == "HK"


def test_a_half_tapped_phone_keeps_refreshing_and_its_taps(open_page, session, links):
    north = open_page(f"/t/{links[1].token}/")
    east = open_page(f"/t/{links[1].token}/")
    tap(card_of(north, 1), "level", "4")
    tap(card_of(north, 1), "strain", "S")

    # East saves board 2: North, half-way through board 1, sees it within a few seconds.
    tap_result(card_of(east, 2), "3", "NT", "", "S", "=")
    started = time.monotonic()
    save(card_of(east, 2), 2)
    expect(card_of(east, 2).locator(".score")).to_have_text("NS +600")  # 3NT= vulnerable
    expect(card_of(north, 2).locator(".score")).to_have_text("NS +600")
    seen_after = time.monotonic() - started
    assert (checked(card_of(north, 1), "level"), checked(card_of(north, 1), "strain")) == (
        "4",
        "S",
    )

    # East saves board 1 too, as 4♥ by W =: North's taps are not lost and replace nothing.
    tap_result(card_of(east, 1), "4", "H", "", "W", "=")
    save(card_of(east, 1), 1)
    expect(card_of(north, 1).locator(".contract")).to_have_text("4♥ by W =")
    tap(card_of(north, 1), "declarer", "N")
    tap(card_of(north, 1), "made", "=")
    save(card_of(north, 1), 1)
    expect(card_of(north, 1).locator(".phone-error")).to_have_text(
        "Meanwhile board 1 was saved as 4♥ by W = (EW +420). Check it, then agree or change it."
    )
    assert Result.objects.get(board__number=1).text == "4H W ="
    print(f"a save on one phone shown on the other after {seen_after:.1f} s")


def test_not_agreed_moves_the_table_on_and_the_director_rules(open_page, session, links):
    screen = open_page(f"/t/{links[1].token}/")
    for number, taps in ((1, ("3", "NT", "", "S", "=")), (2, ("2", "H", "", "E", "-1"))):
        tap_result(card_of(screen, number), *taps)
        save(card_of(screen, number), number)
        expect(card_of(screen, number).locator(".phone-state")).to_contain_text("is this right")
    card_of(screen, 1).get_by_role("button", name="Agreed ✓").tap()
    expect(card_of(screen, 1).locator(".phone-state")).to_contain_text("Confirmed")
    card_of(screen, 2).get_by_role("button", name="Not agreed: call the director").tap()

    # The table carries on with round 2; the query is the director's.
    expect(screen.locator("h1")).to_contain_text("Round 2")
    expect(card_of(screen, 3).locator("form.phone-entry")).to_be_visible()
    rulings = screen.locator(".phone-rulings")
    expect(rulings).to_contain_text("Board 2 (round 1): the director has been called.")
    shot(screen, "phone-walls-2-queried-next-round")

    desk = open_page("/", device="desk")
    log_in(desk, "dora")
    desk.goto(f"/sessions/{session.pk}/table-links/")
    desk.locator("td[data-table='1'][data-round='1'] a").click()
    queried = desk.locator("#rows tr.queried")
    expect(queried).to_have_count(1)
    expect(queried.locator("td").first).to_have_text("2")
    expect(queried).to_contain_text("Queried at table 1")
    shot(desk, "phone-walls-3-director-queried")
    queried.get_by_role("button", name="Result stands").click()
    expect(desk.locator("#rows tr.queried")).to_have_count(0)

    expect(rulings).to_contain_text(
        "Board 2 (round 1): the director ruled that the result stands: 2♥ by E −1, NS +50."
    )
    shot(screen, "phone-walls-4-ruled")
    ruling = ResultChange.objects.get(action=ResultChange.UPHELD)
    assert (ruling.changed_by.username, ruling.source) == ("dora", "table 1")
    desk.goto(f"/boards/{board_pk(session, 2)}/history/")
    expect(desk.locator("tbody tr").first).to_contain_text(
        "ruled that the result stands after a query at table 1"
    )
    expect(desk.locator("tbody tr").first).to_contain_text("dora")


def test_a_board_its_buttons_and_save_fit_one_screen(open_page, session, links):
    screen = open_page(f"/t/{links[1].token}/")
    assert_fits(screen, PHONE["width"])
    card = card_of(screen, 1)
    button = card.get_by_role("button", name="Save board 1")
    first = button.bounding_box()
    tap(card, "level", "4")
    tapped = button.bounding_box()
    heights = [card_of(screen, n).bounding_box()["height"] for n in (1, 2)]
    print(
        f"Save board 1 at y {first['y']:.0f}-{first['y'] + first['height']:.0f} px, "
        f"{tapped['y'] + tapped['height']:.0f} once a level is tapped; "
        f"board cards {heights[0]:.0f} and {heights[1]:.0f} px high"
    )
    shot(screen, "phone-walls-5-one-board-a-screen")
    for box in (first, tapped):
        assert box["y"] + box["height"] <= PHONE["height"], box  # no scrolling to Save
    assert max(heights) <= PHONE["height"] - 60  # a board fits under the top bar
    # The tricks a 4-level contract can have fit two rows: −10 to +3.
    tricks = card.locator("form.phone-entry input[name=made]")
    shown = [t.get_attribute("value") for t in tricks.all() if t.locator("..").is_visible()]
    assert shown == [f"-{n}" for n in range(10, 0, -1)] + ["=", "+1", "+2", "+3"]

    # A passed-out board asks for nothing more: no suit, declarer, tricks or lead.
    tap(card, "level", "P")
    expect(card.get_by_label(re.compile("Opening lead"))).to_be_hidden()
    expect(card.locator("fieldset.strains")).to_be_hidden()
    expect(card.locator("fieldset.made")).to_be_hidden()
    save(card, 1)
    expect(card.locator(".contract")).to_have_text("Passed out")
    expect(card.locator(".lead")).to_have_count(0)


def test_every_button_is_named_and_the_score_is_announced(open_page, session, links):
    screen = open_page(f"/t/{links[1].token}/")
    card = card_of(screen, 1)
    tap(card, "level", "1")  # the tricks show once there is a contract: 1 goes from −7 to +6
    for name in (
        "passed out",
        "clubs",
        "diamonds",
        "hearts",
        "spades",
        "no trumps",
        "not doubled",
        "doubled",
        "redoubled",
        "North",
        "East",
        "South",
        "West",
        "down 7",
        "down 1",
        "made exactly",
        "1 overtrick",
        "6 overtricks",
        *"1234567",
    ):
        expect(card.get_by_role("radio", name=name, exact=True)).to_have_count(1)
    tap(card, "level", "7")
    expect(card.get_by_role("radio", name="down 13", exact=True)).to_have_count(1)
    unnamed = screen.evaluate(
        """() => Array.from(document.querySelectorAll('#table button, #table input'))
            .filter((el) => el.type !== 'hidden')
            .filter((el) => {
                const name = el.getAttribute('aria-label') || (el.labels && el.labels[0]
                    ? el.labels[0].innerText : el.innerText);
                return !name || !/[A-Za-z0-9]/.test(name);
            }).map((el) => el.outerHTML)"""
    )
    assert unnamed == []
    tap_result(card, "4", "S", "", "N", "+1")
    save(card, 1)
    expect(screen.locator("#announce")).to_have_text(
        "Board 1 saved: 4♠ by N +1, NS +450. Opponents: is this right?"
    )
    assert screen.locator("#announce").get_attribute("aria-live") == "polite"


def screen_shot(page, name):
    """What the player sees without scrolling."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


# Round 1 of the 4-table skip Mitchell: table t plays boards 2t-1 and 2t, NS t v EW t. The
# slips: (level, strain, doubled, declarer, tricks) and the score Law 77 gives, by board's
# vulnerability (1 none, 2 NS, 3 EW, 4 both, 5 NS, 6 EW, 7 both, 8 none).
ROUND_ONE = {
    1: (("4", "S", "", "N", "+1"), "NS +450"),
    2: (("3", "NT", "", "S", "="), "NS +600"),
    3: (("2", "H", "", "E", "-1"), "NS +100"),
    4: (("P",), "0"),
    5: (("1", "NT", "", "W", "+1"), "EW +120"),
    6: (("4", "H", "X", "S", "-2"), "EW +300"),
    7: (("6", "D", "", "N", "="), "NS +1370"),
    8: (("3", "C", "", "E", "+2"), "EW +150"),
}


def test_four_tables_play_a_mitchell_round_on_their_phones(open_page):
    director = make_user(username="dora")
    session = make_session(make_club(directors=[director]), name="Club night", tables=4)
    section = session.sections.get()
    for pair in section.pairs.all():
        pair.player1, pair.player2 = f"Ann {pair.direction}{pair.number}", "Bob Baker"
        pair.save()
    links = {link.table: link for link in table_links.ensure_links(section)}
    desk = open_page("/", device="desk")
    log_in(desk, "dora")
    desk.goto(f"/sessions/{session.pk}/table-links/")
    phones = {table: open_page(f"/t/{link.token}/") for table, link in links.items()}
    east = open_page(f"/t/{links[1].token}/")  # EW's own phone at table 1
    save_tops = {}
    for table, screen in phones.items():
        expect(screen.locator("h1")).to_contain_text("Round 1")
        assert_fits(screen, PHONE["width"])
        box = screen.get_by_role("button", name=f"Save board {2 * table - 1}").bounding_box()
        save_tops[table] = box["y"] + box["height"]
    screen_shot(phones[1], "phone-4t-1-table-1-opens")

    to_other_phone, to_grid = [], []
    for table, screen in phones.items():
        for number in (2 * table - 1, 2 * table):
            taps, score = ROUND_ONE[number]
            card = card_of(screen, number)
            card.scroll_into_view_if_needed()
            tap_result(card, *taps)
            if number == 2:
                screen_shot(screen, "phone-4t-2-board-2-tapped")
            started = time.monotonic()
            save(card, number)
            expect(card.locator(".score")).to_have_text(score)
            if table == 1:  # EW's phone at the table shows it by itself
                expect(card_of(east, number).locator(".score")).to_have_text(score)
                to_other_phone.append(time.monotonic() - started)
        cell = desk.locator(f"td[data-table='{table}'][data-round='1']")
        expect(cell).to_have_text("entered")
        to_grid.append(time.monotonic() - started)
    screen_shot(phones[1], "phone-4t-3-table-1-entered")

    # The opponents agree: at table 1 on EW's phone, elsewhere on the table's phone; table 3
    # does not agree with board 6 and calls the director.
    for table, screen in phones.items():
        agreeing = east if table == 1 else screen
        for number in (2 * table - 1, 2 * table):
            card = card_of(agreeing, number)
            if (table, number) == (3, 6):
                card.get_by_role("button", name="Not agreed: call the director").tap()
            else:
                card.get_by_role("button", name="Agreed ✓").tap()
        expect(screen.locator("h1")).to_contain_text("Round 2")
    expect(phones[3].locator(".phone-rulings")).to_contain_text(
        "Board 6 (round 1): the director has been called."
    )
    expect(desk.locator("td[data-table='3'][data-round='1']")).to_have_text("? queried")
    shot(desk, "phone-4t-4-director-grid")
    screen_shot(phones[3], "phone-4t-5-table-3-round-2")

    desk.locator("td[data-table='3'][data-round='1'] a").click()
    desk.locator("#rows tr.queried").get_by_role("link", name="Change result").click()
    typed = desk.locator("#rows tr.queried input.entry-input")
    expect(typed).to_be_focused()
    typed.fill("4HX S -1")
    typed.press("Enter")
    expect(desk.locator("#rows tr.queried")).to_have_count(0)
    expect(phones[3].locator(".phone-rulings")).to_contain_text(
        "Board 6 (round 1): the director changed the result to 4♥X by S −1, EW +100."
    )
    screen_shot(phones[3], "phone-4t-6-table-3-ruled")
    for screen in phones.values():
        expect(screen.locator(".phone-moves li").first).to_have_text("NS stay")
    assert [change.action for change in ResultChange.objects.filter(board__number=6)] == [
        "ruled",
        "created",
    ]
    print(
        f"Save board 1 bottom at y {min(save_tops.values()):.0f}-{max(save_tops.values()):.0f}"
        f" px of 740; save on NS's phone → EW's phone at the table: "
        f"{', '.join(f'{t:.1f}' for t in to_other_phone)} s; last save of a table → "
        f"director's grid: {', '.join(f'{t:.1f}' for t in to_grid)} s"
    )
