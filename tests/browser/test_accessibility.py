"""Accessibility of the pages players read and of the phone they enter results on.

axe-core (Deque's rules engine, the npm package `make axe` installs) is injected into each page
in Chromium and run over it: no violation of impact "serious" or "critical" may remain (the
moderate and minor ones are printed with the test's output). Beyond what axe can see, the
phone entry is played from the keyboard alone, and what a screen reader says after a save
(the page's polite live region) is read back, on the phone and on the director's traveller.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.handrecords.jobs import analyse_next_batch
from events.handrecords.stats import random_deals
from events.models import Board, Member, Pair, TableEntry
from events.phone import links as table_links
from events.phone import table_round as phone
from events.teams import draw
from events.teams.entry import BoardRow, save_boards
from events.teams.hand_records import import_teams_hand_records
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_director_journey import type_line
from tests.browser.test_phone_entry import SLIPS, card_of, line, tap_result
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.one_table.test_one_table import TALLY_SHEET_HANDS, enter, make_game
from tests.events.teams.factories import make_teams_event
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
AXE_SCRIPT = ROOT / ".node" / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("critical", "serious")  # axe's impacts, worst first: then "moderate", "minor"
PHONE = {"width": 360, "height": 800}
DESK = {"width": 1280, "height": 900}

# axe.run over the whole document with its default rules (WCAG 2.x A and AA, and Deque's best
# practices); each violation comes back with the elements it found and what is wrong with each.
RUN_AXE = """async () => {
    const results = await axe.run(document, {resultTypes: ["violations", "incomplete"]});
    const described = (v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) =>
            `${n.target.join(" ")}: ${(n.failureSummary || "").replace(/\\s+/g, " ")}`),
    });
    return {version: axe.version, violations: results.violations.map(described),
            incomplete: results.incomplete.map(described)};
}"""

# What a screen reader needs that axe-core leaves alone, in the same form as its violations:
# every table header says what it heads (scope), every live region waits for the reader to
# finish (polite), the title names the page, not only the site, and what is written for a
# screen reader alone stays out of sight.
READER_CHECKS = """() => {
    const found = [];
    const add = (id, help, elements) => {
        if (elements.length) found.push({id, impact: "serious", help,
            nodes: elements.map((e) => e.outerHTML.slice(0, 120))});
    };
    add("clubscore-th-scope", "Table headers say whether they head a column or a row",
        Array.from(document.querySelectorAll(
            "th:not([scope=col]):not([scope=row]):not([scope=colgroup]):not([scope=rowgroup])")));
    add("clubscore-live-polite", "Live regions are polite",
        Array.from(document.querySelectorAll("[aria-live]:not([aria-live=polite])")));
    add("clubscore-title", "The title names the page",
        document.title.startsWith("Clubscore") ? [document.querySelector("title")] : []);
    add("clubscore-unseen", "Text for screen readers alone is not shown",
        Array.from(document.querySelectorAll(".visually-hidden")).filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 1 && box.height > 1;  // a 1 px box (padding aside)
        }));
    return found;
}"""


# A ring of at least 2 px drawn by the page (a browser's own 1 px "auto" ring is lost on the
# green buttons).
FOCUS_SHOWN = """() => {
    const ringed = (element) => {
        const style = getComputedStyle(element);
        return style.outlineStyle === "solid" && parseFloat(style.outlineWidth) >= 2;
    };
    const focused = document.activeElement;
    // A tap button's radio is hidden; the button drawn beside it shows the focus.
    const drawn = focused.matches(".chip input") ? focused.nextElementSibling : focused;
    return ringed(drawn);
}"""


@pytest.fixture(scope="session")
def axe_core():
    if not AXE_SCRIPT.exists():
        reason = (
            f"no axe-core at {AXE_SCRIPT.relative_to(ROOT)}: `make axe` installs it with npm "
            "(.ci/run does it)"
        )
        if os.environ.get("CLUBSCORE_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    return AXE_SCRIPT


@pytest.fixture
def open_page(chromium, one_at_a_time_server):
    """A page in a browser context of its own, on a desk or held as a phone. The context
    bypasses the site's Content-Security-Policy only so that axe's script can be injected."""
    contexts = []

    def open_(path, viewport=DESK, *, touch=False):
        options = {"has_touch": True, "is_mobile": True} if touch else {}
        context = chromium.new_context(
            viewport=viewport, base_url=one_at_a_time_server, bypass_csp=True, **options
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        if path:
            page.goto(path)
        return page

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture
def axe(axe_core):
    """`axe(page, name)`: axe-core's violations on the page as it is now, and the screen-reader
    checks above, each printed with the elements concerned; what axe could not decide is
    printed too. A screenshot of the page is kept as screenshots/a11y-<name>.png."""

    def audit(page, name):
        page.add_script_tag(path=str(axe_core))
        found = page.evaluate(RUN_AXE)
        violations = found["violations"] + page.evaluate(READER_CHECKS)
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"a11y-{name}.png"), full_page=True)
        count = f"{len(violations)} violation{'s' if len(violations) != 1 else ''}"
        print(f"\naxe-core {found['version']} on {name} ({page.url}): {count}")
        for violation in sorted(violations, key=lambda v: _rank(v["impact"])):
            print(f"  {violation['impact']}: {violation['id']} ({violation['help']})")
            for node in violation["nodes"][:5]:
                print(f"    {node}")
        for unsure in found["incomplete"]:
            print(f"  axe could not decide: {unsure['id']} on {len(unsure['nodes'])} element(s)")
            for node in unsure["nodes"][:3]:
                print(f"    {node}")
        return violations

    return audit


def _rank(impact):
    order = [*BLOCKING, "moderate", "minor"]
    return order.index(impact) if impact in order else len(order)


def assert_passes(audits: dict[str, list]):
    """No serious or critical violation on any page audited (each page's are all named)."""
    blocking = {
        name: [
            f"{v['impact']} {v['id']}: {v['nodes'][0]}" for v in found if v["impact"] in BLOCKING
        ]
        for name, found in audits.items()
    }
    blocking = {name: found for name, found in blocking.items() if found}
    assert not blocking, "serious or critical violations:\n" + "\n".join(
        f"{name}: {found}" for name, found in blocking.items()
    )


def press_until_focused(page, key, selector, most=40):
    """Press `key` (Tab, Shift+Tab) until the element the selector names has the focus."""
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {selector}")


def focused_name(page):
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return `${e.tagName} ${e.getAttribute('name') || ''} ${e.value || ''}`.trim(); }"
    )


def keys(page, *pressed):
    """Press each key; every place the focus stops at must show that it has the focus."""
    for key in pressed:
        page.keyboard.press(key)
        assert page.evaluate(FOCUS_SHOWN), f"no visible focus on {focused_name(page)} after {key}"


# ---- The club's data: a played pairs session, a teams event and a one-table game ------------


def riverside_session(name):
    """A 3-table Mitchell of Riverside Bridge Club (3 rounds of 2 boards), its players named;
    dora directs the club."""
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")
    event = make_session(club, name=name, tables=3, boards_per_round=2)
    for pair in Pair.objects.filter(section__event=event):
        pair.player1, pair.player2 = f"Ann {pair.direction}{pair.number}", "Bob Baker"
        pair.save()
    return director, event


def club_night():
    """Riverside's published 3-table Mitchell (6 boards, each played three times) with its
    hand records analysed, a Swiss teams round and the one-table tally sheet's worked example."""
    director, event = riverside_session("Tuesday pairs")
    club, section = event.club, event.sections.get()
    boards = list(section.boards.order_by("number"))
    for board, deal in zip(boards, random_deals(len(boards), 2026), strict=True):
        board.deal = deal
    Board.objects.bulk_update(boards, ["deal"])
    pairs = {pair.key: pair for pair in section.pairs.all()}
    for board in boards:
        for seating in section.movement().plays_of_board(board.number):
            ns, ew = pairs[seating.ns], pairs[seating.ew]
            save_result(board, ns, ew, line(SLIPS[board.number][ns.number]), director)
    analyse_next_batch(event.pk)
    event.published = True
    event.save()
    Member.objects.create(club=club, name="Ann NS2")  # her page is among the players' pages

    teams = make_teams_event(club, name="Autumn Swiss", published=True)
    draw.draw_next_round(teams)
    for match in teams.matches.filter(round=1):
        save_boards(match, [BoardRow(1, "2S N =", "2S S ="), BoardRow(2, "2S N +1", "2S N =")])
    # Its scorecards show the boards' hands, double-dummy tables and par.
    import_teams_hand_records(teams, THREE_BOARDS)
    analyse_next_batch(teams.pk, "teams")

    game = make_game(club, published=True)
    for row in TALLY_SHEET_HANDS:
        enter(game, row)
    return event, teams, game


def player_pages(event, teams, game):
    section = event.sections.get()
    board = section.boards.get(number=3)
    pair = section.pairs.get(direction="NS", number=2)
    match = teams.matches.get(round=1, table=1)
    member = event.club.members.get(name="Ann NS2")
    return {
        "home": "/",
        "club": f"/clubs/{event.club.slug}/",
        "standings": f"/sessions/{event.pk}/",
        "recap": f"/sessions/{event.pk}/recap/",
        "travellers": f"/sessions/{event.pk}/travellers/",
        "board-traveller": f"/boards/{board.pk}/?pair={pair.pk}",
        "score-card": f"/sessions/{event.pk}/pairs/{pair.pk}/",
        "player": f"/clubs/{event.club.slug}/players/{member.pk}/?start=&end=",
        "score-cards": f"/sessions/{event.pk}/score-cards/",
        "hand-record-sheet": f"/sessions/{event.pk}/hand-records/sheet/",
        "teams-standings": f"/teams/{teams.pk}/",
        "teams-round": f"/teams/{teams.pk}/rounds/1/",
        "teams-match": f"/teams/{teams.pk}/matches/{match.pk}/",
        "one-table-tally": f"/one-table/{game.pk}/",
    }


def test_the_pages_players_read_pass_axe(open_page, axe):
    event, teams, game = club_night()
    audits = {}
    for name, path in player_pages(event, teams, game).items():
        page = open_page(path)
        if name == "home":  # its teams list arrives by htmx once the page has loaded
            expect(page.get_by_role("link", name="Autumn Swiss")).to_be_visible()
        audits[name] = axe(page, name)
        page.context.close()
    for name in ("standings", "board-traveller", "score-card", "player"):
        page = open_page(player_pages(event, teams, game)[name], PHONE, touch=True)
        audits[f"{name}-phone"] = axe(page, f"{name}-phone")
        page.context.close()
    assert_passes(audits)

    # From the keyboard: every link and button of the standings shows where the focus is.
    page = open_page(player_pages(event, teams, game)["standings"])
    stops = []
    for _ in range(25):
        keys(page, "Tab")
        stops.append(page.evaluate("() => document.activeElement.textContent.trim()"))
        if len(stops) == 2:
            page.screenshot(path=str(SCREENSHOTS / "a11y-standings-keyboard.png"))
    assert stops[:3] == ["♠ Clubscore", "Director login", "Riverside Bridge Club"]
    assert "NS 1" in stops


# ---- Phone entry at the table --------------------------------------------------------------


def phone_night():
    """Riverside's Wednesday 3-table Mitchell, entered by the tables on their phones."""
    _, event = riverside_session("Wednesday pairs")
    table_links.set_show_travellers(event, True)
    links = {link.table: link for link in table_links.ensure_links(event.sections.get())}
    return event, links


def test_the_phone_entry_page_passes_axe_in_each_state(open_page, axe):
    event, links = phone_night()
    screen = open_page(f"/t/{links[1].token}/", PHONE, touch=True)
    audits = {"phone-round": axe(screen, "phone-round")}

    # Round 1 at table 1 is NS 1 v EW 1 on boards 1 and 2 (the Mitchell's first board set).
    card = card_of(screen, 1)
    card.get_by_role("button", name="Save board 1").click()
    expect(card.locator(".phone-error")).to_have_text("Tap the level.")
    audits["phone-refused"] = axe(screen, "phone-refused")

    tap_result(card, SLIPS[1][1]).click()
    expect(card.locator(".phone-state")).to_have_text("Opponents: is this right?")
    card.locator(".phone-change summary").click()
    audits["phone-entered"] = axe(screen, "phone-entered")

    card.get_by_role("button", name="Agreed ✓").click()
    expect(card.locator(".phone-traveller")).to_be_visible()
    audits["phone-confirmed"] = axe(screen, "phone-confirmed")

    second = card_of(screen, 2)
    tap_result(second, SLIPS[2][1]).click()
    second.get_by_role("button", name="Not agreed: call the director").click()
    expect(screen.locator(".phone-rulings")).to_contain_text("the director has been called")
    expect(screen.locator(".phone-moves")).to_contain_text("Round 1 is done")
    audits["phone-next-round"] = axe(screen, "phone-next-round")
    assert_passes(audits)


def test_a_table_enters_a_board_from_the_keyboard_alone(open_page):
    event, links = phone_night()
    screen = open_page(f"/t/{links[1].token}/", PHONE)
    boards = {b.number: b for b in Board.objects.filter(section__event=event)}

    # Board 1, as NS 1 plays it: 3NT by South, made exactly, ♦4 led. Tab goes from one row of
    # buttons to the next and the arrow keys along a row, as in any group of radio buttons.
    press_until_focused(screen, "Tab", f"#board-{boards[1].pk} input[name=level]")
    keys(screen, "ArrowRight", "ArrowRight", "ArrowRight")  # Pass, 1, 2, 3
    keys(screen, "Tab", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight")  # ♣ ♦ ♥ ♠ NT
    keys(screen, "Tab")  # not doubled, already chosen
    keys(screen, "Tab", "ArrowRight", "ArrowRight")  # N E S
    keys(screen, "Tab", *["ArrowRight"] * 9)  # −9 … −1 =
    keys(screen, "Tab", "Tab")  # past the opening lead to Save, and back
    assert focused_name(screen) == "BUTTON"
    screen.screenshot(path=str(SCREENSHOTS / "a11y-phone-keyboard-save-focused.png"))
    keys(screen, "Shift+Tab")
    screen.keyboard.type("D4")
    keys(screen, "Tab")
    screen.keyboard.press("Enter")  # the button is held (no focus) until the answer

    card = card_of(screen, 1)
    expect(card.locator(".phone-result")).to_contain_text("3NT by S = NS +400")
    # Law 77: 3NT made, not vulnerable: 40 + 30 + 30 trick points, 300 for the game.
    announcer = screen.locator("[aria-live=polite]")
    expect(announcer).to_have_text("Board 1 saved: 3NT by S =, NS +400. Opponents: is this right?")
    # The opponents agree: the focus is on their button, without hunting for it.
    expect(card.get_by_role("button", name="Agreed ✓")).to_be_focused()
    screen.screenshot(path=str(SCREENSHOTS / "a11y-phone-keyboard-agreed-focused.png"))
    screen.keyboard.press("Space")
    expect(card.locator(".phone-state")).to_contain_text("Confirmed")

    # Board 2 was passed out; the focus went on to it.
    expect(screen.locator(f"#board-{boards[2].pk} input[name=level][value=P]")).to_be_focused()
    keys(screen, "Space", "Tab")  # a pass needs no suit, declarer, tricks or lead
    expect(card_of(screen, 2).get_by_role("button", name="Save board 2")).to_be_focused()
    screen.keyboard.press("Enter")
    expect(announcer).to_have_text("Board 2 saved: Passed out, 0. Opponents: is this right?")
    expect(card_of(screen, 2).get_by_role("button", name="Agreed ✓")).to_be_focused()
    screen.keyboard.press("Enter")
    expect(screen.locator(".phone-moves")).to_contain_text("Round 1 is done")
    # The next round's first board has the focus.
    expect(screen.locator(f"#board-{boards[3].pk} input[name=level][value=P]")).to_be_focused()
    entries = TableEntry.objects.filter(link=links[1]).order_by("result__board__number")
    assert [(e.result.text, e.lead, e.confirmed_at is not None) for e in entries] == [
        ("3NT S =", "D4", True),
        ("PASS", "", True),
    ]


# ---- The director's entry pages ---------------------------------------------------------------


def test_the_directors_entry_pages_pass_axe(open_page, axe):
    event, links = phone_night()
    section = event.sections.get()
    first, second = section.boards.get(number=1), section.boards.get(number=2)
    # Table 1 has entered both its boards: the opponents agreed one and queried the other.
    phone.confirm(links[1], first.pk, phone.enter_result(links[1], first.pk, "3NT S =").version)
    phone.query(links[1], second.pk, phone.enter_result(links[1], second.pk, "PASS").version)
    teams = make_teams_event(event.club, name="Autumn Swiss")
    draw.draw_next_round(teams)
    match = teams.matches.get(round=1, table=1)
    game = make_game(event.club)
    # Stratified, so the standings carry their Strata column.
    type(event).objects.filter(pk=event.pk).update(stratum_b_below=500, stratum_c_below=200)
    page = open_page("/")
    log_in(page, "dora")
    audits = {}
    for name, path in {
        "director-session": f"/sessions/{event.pk}/",
        "director-strata": f"/sessions/{event.pk}/strata/",
        "director-table-links": f"/sessions/{event.pk}/table-links/",
        "director-board": f"/boards/{first.pk}/",
        "director-table-round-queried": f"/sections/{section.pk}/tables/1/rounds/1/",
        "director-teams-match": f"/teams/{teams.pk}/matches/{match.pk}/enter/",
        "director-teams-event": f"/teams/{teams.pk}/",
        "director-teams-delete": f"/teams/{teams.pk}/delete/",
        "director-teams-hand-records": f"/teams/{teams.pk}/hand-records/",
        "director-import": "/sessions/import/",
        "director-one-table-hand": f"/one-table/{game.pk}/hands/1/",
        "director-table-round": f"/sections/{section.pk}/tables/2/rounds/1/",
    }.items():
        page.goto(path)
        audits[name] = axe(page, name)
    expect(page.locator(".progress-grid")).to_be_visible()
    type_line(page, "4S Q =")
    expect(page.locator("#traveller .error")).to_be_visible()
    audits["director-refused"] = axe(page, "director-refused")
    type_line(page, "4S N 4")  # down 4, or made 4? It asks first.
    expect(page.locator("#traveller .warning")).to_be_visible()
    audits["director-warning"] = axe(page, "director-warning")
    assert_passes(audits)


def test_the_directors_traveller_says_what_each_save_did(open_page):
    event, links = phone_night()
    board = Board.objects.get(section__event=event, number=1)
    page = open_page("/")
    log_in(page, "dora")
    page.goto(f"/boards/{board.pk}/")
    saved = page.locator("[aria-live=polite]")
    # Board 1's rows in the order it travels: table 1, then 3, then 2 (SLIPS, by NS pair).
    type_line(page, "3NT S =")
    expect(saved).to_have_text(re.compile(r"^Saved Board 1, NS 1 v EW 1: 3NT S =\. NS score \+400"))
    type_line(page, "2H E +1")
    type_line(page, "4S N -1")
    # Law 77: +400 for 3NT made not vulnerable, 140 to EW for 2H+1, 50 to EW for 4S-1. ACBL
    # matchpoints, 1 for each score beaten (Thompson, "How duplicate pair competition board
    # matchpoints are computed"): -50 beats -140 and loses to +400, so NS 1 and EW 1.
    expect(saved).to_have_text(
        "Saved Board 1, NS 2 v EW 3: 4S N -1. NS score -50, NS MPs 1.00, EW MPs 1.00."
    )
    # A refusal is said by its own alert, and nothing is said to be saved.
    page.reload()  # the cursor on the first row; the second is table 3's
    page.keyboard.press("ArrowDown")
    type_line(page, "2H Q +1")
    expect(page.locator("#traveller .error[role=alert]")).to_be_visible()
    expect(saved).to_be_empty()
    # Emptied and confirmed, the row is deleted: that is what is said.
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    type_line(page, "")  # Enter, and wait for the rows (an Enter sent meanwhile is dropped)
    expect(page.locator("#traveller .warning[role=alert]")).to_contain_text("Press Enter again")
    type_line(page, "")
    expect(saved).to_have_text("Deleted 2H E +1: the board's History keeps it.")
    box = saved.bounding_box()
    assert box["width"] <= 1 and box["height"] <= 1  # heard, not seen
    page.screenshot(path=str(SCREENSHOTS / "a11y-director-deleted.png"), full_page=True)
