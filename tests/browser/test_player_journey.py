"""A player, on a phone, reads the results; and a viewer's open pages follow the director's
entries live, without reloading."""

import re
import time

import pytest
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.models import Board, Pair, Result
from events.sessions.demo import load_demo
from events.standings.ranking import event_standings
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_director_journey import type_line
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_WITHIN = 2.0  # seconds from a save to every open page showing it


def standing_of(event, pair):
    for _, groups in event_standings(event):
        for group in groups:
            for row in group.rows:
                if row.pair.pk == pair.pk:
                    return row
    raise AssertionError(f"{pair} is not in the standings")


def assert_fits(page, width, table=None):
    """The page does not scroll sideways, and the key table's last column is on screen."""
    sizes = page.evaluate(
        "() => ({scroll: document.documentElement.scrollWidth, inner: window.innerWidth})"
    )
    assert sizes["inner"] == width
    assert sizes["scroll"] <= sizes["inner"], f"{page.url} scrolls sideways at {width}px: {sizes}"
    if table is None:
        return
    right = page.evaluate(
        """(selector) => {
            const cells = document.querySelectorAll(`${selector} tr > :last-child`);
            if (!cells.length) return null;
            return Math.max(...Array.from(cells, (cell) => cell.getBoundingClientRect().right));
        }""",
        table,
    )
    assert right is not None, f"no {table} on {page.url}"
    assert right <= width, f"the last column of {table} ends at {right}px, past {width}px"


def scores(rows):
    """The NS scores of a public traveller's rows, top to bottom (None: not a played score)."""
    texts = rows.evaluate_all("rows => rows.map(row => row.cells[3].innerText.trim())")
    return [int(text) if text else None for text in texts]


@pytest.mark.parametrize("width,height", [(390, 844), (360, 800)])
def test_a_player_on_a_phone_follows_their_pair_board_and_opponents(
    page, screenshot, width, height
):
    event = load_demo()
    section = event.sections.get()
    me = Pair.objects.get(section=section, player1="Eve Evans")
    mine = standing_of(event, me)
    page.set_viewport_size({"width": width, "height": height})
    shot = f"phone-{width}"

    # Home: the one club's name leads to its sessions.
    page.goto("/")
    expect(page.locator("h1")).to_have_text("Demo Bridge Club")
    assert_fits(page, width)
    screenshot(f"{shot}-1-home")
    page.locator("h1").get_by_role("link", name="Demo Bridge Club").click()
    page.wait_for_url(re.compile(r"/clubs/demo/$"))

    # The club's published sessions: tonight's is provisional until the director finalises it.
    session_row = page.locator("table.list tbody tr").filter(has_text="Tuesday evening pairs")
    expect(session_row).to_contain_text("provisional")
    expect(session_row).not_to_contain_text("not published")
    assert_fits(page, width, "table.list")
    screenshot(f"{shot}-2-club")
    session_row.get_by_role("link", name="Tuesday evening pairs").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))

    # The standings: both directions, names under each pair, the place and the percentage.
    standings = page.locator("#standings")
    expect(standings.locator("h2")).to_contain_text(["NS pairs", "EW pairs"])
    expect(standings.locator("tbody tr")).to_have_count(14)
    my_row = standings.locator("tbody tr").filter(has_text="Eve Evans & Frank Fox")
    expect(my_row.locator("td").first).to_have_text(mine.rank)
    expect(my_row.locator("td").last).to_have_text(f"{mine.percentage:.2f}")
    expect(my_row.locator("th")).to_contain_text(str(me))
    assert_fits(page, width, "#standings table")
    screenshot(f"{shot}-3-standings")
    my_row.get_by_role("link", name=str(me), exact=True).click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/pairs/{me.pk}/$"))

    # The pair's score card: names, place, percentage, every board it played.
    card = page.locator("section.score-card")
    expect(card.locator("h2")).to_have_text(f"{me} · Eve Evans & Frank Fox")
    summary = card.locator(".summary")
    expect(summary).to_contain_text(f"Place {mine.rank}")
    expect(summary).to_contain_text(f"{mine.percentage:.2f}%")
    expect(summary).to_contain_text(f"{mine.boards} boards")
    card_rows = card.locator("tbody tr")
    expect(card_rows).to_have_count(mine.boards)
    expect(card_rows.last.locator("td").last).to_have_text(f"{mine.total:.2f}")
    assert_fits(page, width, ".score-card-table")
    screenshot(f"{shot}-4-score-card")

    # Its first board's traveller: every result, best NS score first, the player's row marked.
    first = card_rows.first
    board_number = int(first.locator("td").first.get_by_role("link").inner_text())
    seat = first.locator(".seat").inner_text()
    opponents_link = first.locator("td").nth(1).get_by_role("link")
    opponents = Pair.objects.get(
        pk=int(re.search(r"/pairs/(\d+)/$", opponents_link.get_attribute("href"))[1])
    )
    assert opponents.direction != me.direction
    expect(opponents_link).to_have_text(str(opponents))
    board = Board.objects.get(section=section, number=board_number)
    first.locator("td").first.get_by_role("link").click()
    page.wait_for_url(re.compile(rf"/boards/{board.pk}/"))
    expect(page.locator("h1")).to_have_text(f"Board {board_number}")
    rows = page.locator(".traveller-sorted tbody tr")
    expect(rows).to_have_count(Result.objects.filter(board=board).count())
    shown = scores(rows)
    played = [score for score in shown if score is not None]
    assert played == sorted(played, reverse=True), f"board {board_number} unsorted: {shown}"
    assert played[0] == max(
        r.ns_score for r in Result.objects.filter(board=board, kind=Result.PLAYED)
    )
    highlighted = page.locator(".traveller-sorted tr.mine")
    expect(highlighted).to_have_count(1)
    ns_cell, ew_cell = highlighted.locator("td").nth(0), highlighted.locator("td").nth(1)
    mine_cell, their_cell = (ns_cell, ew_cell) if seat == "NS" else (ew_cell, ns_cell)
    expect(mine_cell).to_contain_text(str(me.number))
    expect(their_cell).to_contain_text(str(opponents.number))
    assert_fits(page, width, ".traveller-sorted")
    screenshot(f"{shot}-5-traveller")

    # The opponents' score card, from their number on the traveller.
    their = standing_of(event, opponents)
    their_cell.get_by_role("link").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/pairs/{opponents.pk}/$"))
    card = page.locator("section.score-card")
    expect(card.locator("h2")).to_have_text(f"{opponents} · {opponents.names}")
    expect(card.locator(".summary")).to_contain_text(f"Place {their.rank}")
    expect(card.locator(".summary")).to_contain_text(f"{their.percentage:.2f}%")
    met = card.locator("tbody tr").filter(
        has=page.locator("td:first-child a", has_text=re.compile(rf"^{board_number}$"))
    )
    expect(met).to_have_count(1)
    expect(met.locator("td").nth(1).get_by_role("link")).to_have_text(str(me))
    assert_fits(page, width, ".score-card-table")
    screenshot(f"{shot}-6-opponents")


@pytest.fixture
def half_played(db):
    """A published 4-table Mitchell, every result in but the last table's on board 1."""
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club")
    event = make_session(club, name="Thursday pairs", tables=4, boards_per_round=2)
    event.published = True
    event.save(update_fields=["published"])
    section = event.sections.get()
    pairs = {pair.key: pair for pair in section.pairs.all()}
    for number, pair in enumerate(pairs.values()):
        pair.player1, pair.player2 = f"Player {2 * number + 1}", f"Player {2 * number + 2}"
        pair.save(update_fields=["player1", "player2"])
    movement = section.movement()
    lines = ["4S N =", "4S N +1", "4S N -1", "3NT S =", "2H E =", "3H E -2", "PASS", "4S N =",
             "1NT W +1"]  # fmt: skip
    missing = None
    for board in section.boards.all():
        for index, seating in enumerate(movement.plays_of_board(board.number)):
            if board.number == 1 and index == len(movement.plays_of_board(1)) - 1:
                missing = (board, pairs[seating.ns], pairs[seating.ew])
                continue
            text = lines[(board.number * 3 + index) % len(lines)]
            save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)
    return event, missing


def row_of(page, scope, pair):
    return page.locator(f"{scope} tbody tr").filter(
        has=page.get_by_role("link", name=str(pair), exact=True)
    )


def open_viewer(context, path, name):
    """An anonymous reader's page, scrolled down, with a marker a reload would lose."""
    viewer = context.new_page()
    viewer.set_default_timeout(10_000)
    viewer.goto(path)
    viewer.evaluate("window.__marker = 1")
    # Halfway down what there is to scroll.
    target = viewer.evaluate(
        "Math.floor((document.documentElement.scrollHeight - window.innerHeight) / 2)"
    )
    assert target > 0, f"{path} is too short to scroll"
    viewer.evaluate(f"window.scrollTo(0, {target})")
    viewer.wait_for_function(f"window.scrollY === {target}")
    viewer.screenshot(path=str(SCREENSHOTS / f"live-{name}-before.png"))
    return viewer, target


def test_a_second_browser_sees_a_result_entered_in_the_first_within_two_seconds(
    page, chromium, live_server, half_played
):
    event, (board, ns, ew) = half_played
    SCREENSHOTS.mkdir(exist_ok=True)
    before_ns = standing_of(event, ns)

    # The director at the keyboard, in one browser ...
    log_in(page, "dora")
    page.goto(f"/boards/{board.pk}/")

    # ... and an anonymous reader with three pages open, each scrolled down, in another.
    reader = chromium.new_context(viewport={"width": 390, "height": 640}, base_url=live_server.url)
    try:
        standings, standings_y = open_viewer(reader, f"/sessions/{event.pk}/", "standings")
        recap, recap_y = open_viewer(reader, f"/sessions/{event.pk}/recap/", "recap")
        travellers, travellers_y = open_viewer(
            reader, f"/sessions/{event.pk}/travellers/", "travellers"
        )
        card = travellers.locator(f"#board-{board.pk}")
        entered = Result.objects.filter(board=board).count()
        expect(card.locator("tbody tr")).to_have_count(entered)

        ns_row = row_of(standings, "#standings", ns)
        ew_row = row_of(standings, "#standings", ew)
        expect(ns_row.locator("td").last).to_have_text(f"{before_ns.percentage:.2f}")

        type_line(page, "4S N +2")
        saved = time.monotonic()
        result = Result.objects.get(board=board, ns_pair=ns)
        event.refresh_from_db()  # the save moved the version on: score afresh
        after_ns, after_ew = standing_of(event, ns), standing_of(event, ew)
        assert f"{after_ns.percentage:.2f}" != f"{before_ns.percentage:.2f}"

        def within_budget():
            return max(1.0, (saved + LIVE_WITHIN - time.monotonic()) * 1000)

        expect(ns_row.locator("td").last).to_have_text(
            f"{after_ns.percentage:.2f}", timeout=within_budget()
        )
        expect(ew_row.locator("td").last).to_have_text(
            f"{after_ew.percentage:.2f}", timeout=within_budget()
        )
        recap_ns = row_of(recap, "table.recap", ns)
        expect(recap_ns.locator("td").last).to_have_text(
            f"{after_ns.percentage:.2f}", timeout=within_budget()
        )
        expect(recap_ns.locator("td").nth(-2)).to_have_text(
            f"{after_ns.total:.2f}", timeout=within_budget()
        )
        expect(card.locator("tbody tr")).to_have_count(entered + 1, timeout=within_budget())
        new_row = card.locator("tbody tr").filter(has_text=f"{result.ns_score:+d}")
        expect(new_row).to_contain_text("4♠ N +2", timeout=within_budget())
        elapsed = time.monotonic() - saved
        assert elapsed <= LIVE_WITHIN + 0.1, f"the pages took {elapsed:.2f}s"

        # No reload: the marker survives and each page stays where it was scrolled to.
        for name, viewer, scrolled in [
            ("standings", standings, standings_y),
            ("recap", recap, recap_y),
            ("travellers", travellers, travellers_y),
        ]:
            assert viewer.evaluate("window.__marker") == 1, f"the {name} page reloaded"
            assert viewer.evaluate("window.scrollY") == scrolled, f"the {name} page scrolled"
            viewer.screenshot(path=str(SCREENSHOTS / f"live-{name}-after.png"))
    finally:
        reader.close()
