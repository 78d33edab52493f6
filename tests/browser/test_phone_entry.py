"""Three tables play a whole Mitchell entering their own results on phones, each through its
own table link, while the director watches the grid and the standings move live; the
standings then match a copy of the session the director typed slip by slip.

The movement is the project's 3-table Mitchell, 3 rounds of 2 boards (NS stay,
EW move up one table, boards move down one: bridgecentral.com, *The Mitchell movement*). The
results are made up;
what is checked is that the same slips give the same standings by either path.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.models import Board, Pair, Result, TableLink
from events.phone import links as table_links
from events.phone import table_round as phone
from events.standings.ranking import event_standings
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_player_journey import assert_fits
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 800}
DESK = {"width": 1280, "height": 900}

# (level, strain, doubled, declarer, tricks against the contract) for each board, by the NS
# pair that plays it: every board is played three times, once by each NS pair.
SLIPS = {
    1: {1: ("3", "NT", "", "S", "="), 2: ("4", "S", "", "N", "-1"), 3: ("2", "H", "", "E", "+1")},
    2: {1: ("P", "", "", "", ""), 2: ("1", "NT", "", "N", "+1"), 3: ("3", "C", "X", "W", "-2")},
    3: {1: ("4", "H", "", "S", "="), 2: ("4", "S", "", "N", "+1"), 3: ("5", "D", "", "E", "-1")},
    4: {1: ("6", "NT", "", "N", "="), 2: ("3", "NT", "", "N", "+3"), 3: ("4", "S", "XX", "W", "=")},
    5: {1: ("2", "S", "", "E", "="), 2: ("2", "S", "", "E", "+1"), 3: ("3", "H", "", "S", "-1")},
    6: {1: ("1", "C", "", "N", "+2"), 2: ("2", "D", "X", "S", "-1"), 3: ("3", "NT", "", "N", "=")},
}


def line(taps) -> str:
    return phone.entry_text(*taps)


def standings_rows(event):
    return [
        (group.title, row.pair.direction, row.pair.number, row.total, row.percentage, row.rank)
        for _, groups in event_standings(event)
        for group in groups
        for row in group.rows
    ]


def director_copy(club, director):
    """The same session typed by the director through the normal save path."""
    copy = make_session(club, name="Director's copy")
    section = copy.sections.get()
    movement = section.movement()
    pairs = {pair.key: pair for pair in Pair.objects.filter(section=section)}
    for seating in movement.seatings:
        for number in movement.boards_of_set(seating.board_set):
            board = Board.objects.get(section=section, number=number)
            ns, ew = pairs[seating.ns], pairs[seating.ew]
            save_result(board, ns, ew, line(SLIPS[number][ns.number]), director)
    return copy


def tap_result(card, taps):
    level, strain, doubled, declarer, made = taps
    form = card.locator("form.phone-entry")
    form.locator(f"label:has(input[name=level][value='{level}'])").click()
    if level != "P":
        form.locator(f"label:has(input[name=strain][value='{strain}'])").click()
        form.locator(f"label:has(input[name=doubled][value='{doubled}'])").click()
        form.locator(f"label:has(input[name=declarer][value='{declarer}'])").click()
        form.locator(f"label:has(input[name=made][value='{made}'])").click()
    return form.get_by_role("button", name=re.compile("^Save board"))


def card_of(page, number):
    return page.locator("article.phone-board").filter(
        has=page.locator("h2", has_text=re.compile(rf"^Board {number}\b"))
    )


def live_version(page) -> int:
    """The session version a live page shows (its poll says `since=<version>`)."""
    poll = page.locator("#live").get_attribute("hx-get")
    return int(re.search(r"since=(\d+)", poll).group(1))


def wait_for_version(page, version):
    """Until the live page shows the session at `version` or later."""
    page.wait_for_function(
        """(version) => {
            const live = document.querySelector("#live");
            const since = live && live.getAttribute("hx-get").match(/since=(\\d+)/);
            return since && Number(since[1]) >= version;
        }""",
        arg=version,
    )


def shot(page, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def test_three_tables_play_a_mitchell_on_their_phones(browse):
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside BC")
    event = make_session(club, name="Tuesday pairs")
    table_links.set_show_travellers(event, True)
    section = event.sections.get()
    for pair in Pair.objects.filter(section=section):
        pair.player1, pair.player2 = f"Ann {pair.direction}{pair.number}", "Bob"
        pair.save()
    links = {link.table: link for link in table_links.ensure_links(section)}
    movement = section.movement()

    # The director watches the grid on one page and the standings on another.
    page = browse("/", DESK)
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/table-links/")
    standings = page.context.new_page()
    standings.goto(f"/sessions/{event.pk}/")
    tables = {t: browse(f"/t/{link.token}/", PHONE) for t, link in links.items()}
    expect(tables[2].locator("h1")).to_contain_text("Round 1")
    expect(tables[2].locator(".phone-pairs")).to_contain_text("NS 2 Ann NS2 & Bob")
    assert_fits(tables[2], PHONE["width"])
    shot(tables[2], "phone-360-1-round-one")

    confirm_to_grid, save_to_standings = [], []
    for round_number in range(1, movement.rounds + 1):
        for table, screen in tables.items():
            seating = movement.seating(round_number, table)
            expect(screen.locator("h1")).to_contain_text(f"Round {round_number}")
            for number in movement.boards_of_set(seating.board_set):
                card = card_of(screen, number)
                save = tap_result(card, SLIPS[number][seating.ns.number])
                shown = live_version(standings)
                started = time.monotonic()
                save.click()
                expect(card.locator(".phone-state")).to_have_text("Opponents: is this right?")
                wait_for_version(standings, shown + 1)
                save_to_standings.append(time.monotonic() - started)
                if (round_number, table, number) == (1, 1, 1):
                    shot(screen, "phone-360-2-entered")
                    history_of_first = Board.objects.get(section=section, number=1)
                started = time.monotonic()
                card.get_by_role("button", name="Agreed ✓").click()
                expect(card.locator(".phone-state")).to_contain_text("Confirmed")
                cell = page.locator(f"td[data-table='{table}'][data-round='{round_number}']")
                if number == movement.boards_of_set(seating.board_set)[-1]:
                    expect(cell).to_contain_text("confirmed")
                    confirm_to_grid.append(time.monotonic() - started)
            if round_number < movement.rounds:
                moves = screen.locator(".phone-moves")
                expect(moves).to_contain_text(f"Round {round_number} is done")
                guide = screen.locator(".phone-moves li")
                expect(guide.first).to_have_text("NS stay")
                if (round_number, table) == (1, 3):
                    shot(screen, "phone-360-3-next-round")
            if (round_number, table) == (2, 2):
                shot(page, "phone-director-grid")
                expect(page.locator(".late-flag")).to_have_count(0)

    for screen in tables.values():
        expect(screen.locator("h1")).to_have_text(re.compile("All done at table"))
    assert_fits(tables[1], PHONE["width"], ".phone-traveller")
    shot(tables[1], "phone-360-4-all-done")

    expected = standings_rows(director_copy(club, director))
    assert standings_rows(event) == expected
    # The live standings page shows the phone-entered session's final percentages.
    final = event_standings(event)[0][1][0].rows[0]
    top_row = standings.locator("#standings tbody tr").first
    expect(top_row.locator("td").last).to_have_text(f"{final.percentage:.2f}")
    history = page.goto(f"/boards/{history_of_first.pk}/history/")
    assert history.ok
    changes = page.locator("table.list tbody tr")
    expect(changes).to_have_count(3)  # board 1 is played at tables 1, 3 and 2 in turn
    for table in (1, 2, 3):
        expect(changes.filter(has_text=f"entered at table {table}")).to_have_count(1)
    shot(page, "phone-director-history")
    for name, times in (
        ("save → standings", save_to_standings),
        ("agreed → grid", confirm_to_grid),
    ):
        print(f"{name}: {max(times):.2f}s at most, {sum(times) / len(times):.2f}s on average")


def test_a_result_saved_without_a_connection_is_kept_and_sent_when_back(browse):
    director = make_user(username="dora")
    event = make_session(make_club(directors=[director]), name="Cellar pairs")
    link = table_links.ensure_links(event.sections.get())[0]
    screen = browse(f"/t/{link.token}/", PHONE)
    context = screen.context

    context.set_offline(True)
    save = tap_result(card_of(screen, 1), ("4", "S", "", "N", "+1"))
    save.click()
    pending = screen.locator("#pending")
    expect(pending).to_contain_text("Not sent yet (no connection): Board 1")
    shot(screen, "phone-360-5-offline")
    assert not Result.objects.exists()

    # The screen locks, the tab is dropped; later the phone is back online and reopened.
    screen.close()
    context.set_offline(False)
    screen = context.new_page()
    screen.goto(f"/t/{link.token}/")
    card = card_of(screen, 1)
    expect(card.locator(".phone-state")).to_have_text("Opponents: is this right?")
    expect(card.locator(".score")).to_have_text("NS +450")  # Law 77: 4♠+1, not vulnerable
    expect(screen.locator("#pending")).to_be_hidden()
    assert Result.objects.get().text == "4S N +1"

    # Reopened mid-round, the page comes back to the same state from the server.
    screen.reload()
    expect(card_of(screen, 1).locator(".phone-state")).to_have_text("Opponents: is this right?")
    assert screen.evaluate("() => localStorage.length") == 0

    # The director reissues the link: the open page finds out by itself and says so.
    table_links.reissue(link)
    expect(screen.locator("h1")).to_have_text("This table link no longer works")
    expect(screen.locator("main")).to_contain_text("replaced this table's link")
    shot(screen, "phone-360-6-revoked")


def test_the_table_cards_carry_each_table_s_qr_code_and_link(browse):
    make_user(username="dora")
    director = make_user(username="dora2")
    event = make_session(make_club(directors=[director]), name="Printed pairs")
    page = browse("/", DESK)
    log_in(page, "dora2")
    page.goto(f"/sessions/{event.pk}/cards/")
    codes = page.locator(".table-card-link img")
    expect(codes).to_have_count(3)
    for code in codes.all():
        assert code.evaluate("img => img.complete && img.naturalWidth > 0")
    tokens = TableLink.objects.filter(section__event=event).order_by("table")
    for token, text in zip(tokens, page.locator(".short-link").all_inner_texts(), strict=True):
        assert text.endswith(f"/t/{token.token}/")
    shot(page, "phone-table-cards")


def test_the_director_sees_a_late_table_and_a_queried_board(browse):
    director = make_user(username="dora")
    event = make_session(make_club(directors=[director]), name="Busy pairs")
    section = event.sections.get()
    links = {link.table: link for link in table_links.ensure_links(section)}

    def enter(table, number, text):
        board = Board.objects.get(section=section, number=number)
        return phone.enter_result(links[table], board.pk, text), board

    for table, numbers in ((1, (1, 2)), (2, (3, 4))):
        for number in numbers:
            result, board = enter(table, number, "PASS")
            phone.confirm(links[table], board.pk, result.version)
    enter(1, 3, "3NT S =")  # tables 1 and 2 are in round 2 while table 3 has sent nothing
    result, board = enter(2, 5, "2H E -1")
    phone.query(links[2], board.pk, result.version)

    page = browse("/", DESK)
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/table-links/")
    expect(page.locator(".late-flag")).to_contain_text("Table 3 is late")
    expect(page.locator("td[data-table='3'][data-round='1']")).to_contain_text("late")
    expect(page.locator("td[data-table='2'][data-round='2']")).to_contain_text("? queried")
    expect(page.locator("td[data-table='1'][data-round='2']")).to_contain_text("1/2")
    shot(page, "phone-director-late")

    # Table 3 catches up: the flag goes without a reload.
    for number in (5, 6):
        enter(3, number, "PASS")
    expect(page.locator(".late-flag")).to_have_count(0)
    expect(page.locator("td[data-table='3'][data-round='1']")).to_have_text("entered")
