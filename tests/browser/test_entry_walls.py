"""The walls a director hit typing travellers, climbed from the keyboard alone:
pairs that sat at the wrong table, two typists on one board, deleting a result, and the end
of the last board.

Scores (Law 77): board 6 is dealt by East, EW vulnerable (Law 2's board table); 2H by E
made is -110 for NS, 3C by N made +110.
"""

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.models import Board, Result, ResultChange
from tests.browser.conftest import log_in
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots/entry-walls")


@pytest.fixture
def session():
    dora, bob = make_user(username="dora"), make_user(username="bob")
    club = make_club(directors=[dora, bob], name="Riverside Bridge Club")
    return make_session(club, tables=3, boards_per_round=2)


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def board(event, number):
    return Board.objects.get(section__event=event, number=number)


def plays(event, number):
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    return [(pairs[s.ns], pairs[s.ew]) for s in section.movement().plays_of_board(number)]


def press_and_settle(page, key="Enter"):
    """Press a key that sends the row and wait until htmx has swapped the rows back in."""
    page.evaluate("document.querySelector('#traveller').dataset.before = 'save'")
    page.keyboard.press(key)
    page.wait_for_function(
        "() => !document.querySelector('#traveller').dataset.before"
        " && !document.querySelector('.htmx-settling, .htmx-swapping, .htmx-request')"
    )


def type_line(page, text):
    expect(page.locator("input.entry-input:focus")).to_have_count(1)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)
    press_and_settle(page)


def test_a_row_whose_pairs_sat_elsewhere_is_corrected_and_saved_anyway(page, session):
    log_in(page, "dora")
    (ns, ew), (_, other), *_ = plays(session, 1)
    page.goto(f"/boards/{board(session, 1).pk}/")
    # Shift+Tab from the result reaches the row's EW pair number.
    expect(page.locator("input.entry-input:focus")).to_have_count(1)
    page.keyboard.press("Shift+Tab")
    expect(page.locator("input.pair-input:focus")).to_have_value(str(ew.number))
    page.keyboard.type(str(other.number))
    page.keyboard.press("Tab")
    page.keyboard.type("4S N =")
    press_and_settle(page)
    warning = page.locator("p.warning")
    expect(warning).to_contain_text(f"does not send NS {ns.number} against EW {other.number}")
    expect(warning).to_contain_text("Press Enter again to save anyway")
    shot(page, "1-off-movement-warning")
    assert not Result.objects.exists()

    press_and_settle(page)  # Enter again: the override
    expect(page.locator("p.warning")).to_have_count(0)
    result = Result.objects.get()
    assert (result.ns_pair, result.ew_pair, result.ns_score) == (ns, other, 420)
    saved = page.locator(f"#row-{result.board_id}-{ns.pk}-{other.pk}")
    expect(saved.locator("input.entry-input")).to_have_value("4S N =")
    shot(page, "2-off-movement-saved")


def test_a_pairing_the_movement_does_not_have_gets_a_row_of_its_own(page, session):
    log_in(page, "dora")
    (ns, _), (_, other), *_ = plays(session, 1)
    page.goto(f"/boards/{board(session, 1).pk}/")
    new_row = page.locator("tr.new-row")
    new_row.locator("input[name=ns_number]").focus()
    page.keyboard.type(str(ns.number))
    page.keyboard.press("Tab")
    page.keyboard.type(str(other.number))
    page.keyboard.press("Tab")
    page.keyboard.type("PASS")
    press_and_settle(page)
    expect(page.locator("p.warning")).to_contain_text("Press Enter again to save anyway")
    press_and_settle(page)
    assert Result.objects.get().ew_pair == other


def test_two_typists_on_one_board_see_both_results_and_choose(page, chromium, live_server, session):
    number = 6
    (ns, ew), *_ = plays(session, number)
    url = f"/boards/{board(session, number).pk}/"
    log_in(page, "dora")
    page.goto(url)  # tab A: the first row looks empty, and dora starts typing into it
    expect(page.locator("input.entry-input:focus")).to_have_count(1)
    page.keyboard.type("3C N =")
    context_b = chromium.new_context(
        viewport={"width": 1280, "height": 900}, base_url=live_server.url
    )
    tab_b = context_b.new_page()
    tab_b.set_default_timeout(10_000)
    try:
        log_in(tab_b, "bob")
        tab_b.goto(url)
        type_line(tab_b, "2H E =")  # tab B saves first
        expect(tab_b.locator("#rows")).to_contain_text("-110")
        # Tab B starts a correction and has not pressed Enter yet. The rows' poll leaves a row
        # being typed alone (as it left dora's), so tab B's row stays as bob last saw it.
        tab_b.locator("input.entry-input").first.focus()
        tab_b.keyboard.press("Control+A")
        tab_b.keyboard.type("2H E +1")

        press_and_settle(page)  # tab A sends the row it typed against the empty one
        conflict = page.locator(".conflict")
        expect(conflict).to_contain_text("bob saved this row")
        expect(conflict).to_contain_text("2H E = (-110)")
        expect(conflict).to_contain_text("3C N = (+110)")
        expect(conflict).to_contain_text("Nothing was replaced.")
        shot(page, "3-two-typists-conflict")
        assert Result.objects.get().text == "2H E ="

        press_and_settle(page)  # Enter: replace with mine
        expect(page.locator(".conflict")).to_have_count(0)
        expect(page.locator("#rows")).to_contain_text("+110")
        assert Result.objects.get().text == "3C N ="

        # Tab B's correction, sent now, meets dora's result and keeps it.
        press_and_settle(tab_b)
        expect(tab_b.locator(".conflict")).to_contain_text("dora saved this row")
        shot(tab_b, "4-two-typists-tab-b-conflict")
        press_and_settle(tab_b, "Escape")  # Esc: keep dora's
        expect(tab_b.locator(".conflict")).to_have_count(0)
        expect(tab_b.locator("input.entry-input").first).to_have_value("3C N =")
        assert Result.objects.get().text == "3C N ="
    finally:
        context_b.close()

    page.goto(f"{url}history/")
    history = page.locator("main table")
    expect(history).to_contain_text("replaced a result saved meanwhile")
    expect(history).to_contain_text("bob")
    shot(page, "5-two-typists-history")
    actions = list(
        ResultChange.objects.order_by("pk").values_list("action", "changed_by__username")
    )
    assert actions == [("created", "bob"), ("replaced", "dora")]


def test_a_result_is_deleted_by_keyboard_alone(page, session):
    log_in(page, "dora")
    page.goto(f"/boards/{board(session, 1).pk}/")
    type_line(page, "4S N =")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Tab")  # the row's Save button
    page.keyboard.press("Tab")  # its ✕
    expect(page.locator("button.clear-row:focus")).to_have_attribute(
        "aria-label", "Delete the result of board 1, NS 1 v EW 1"
    )
    shot(page, "6-delete-button-focused")
    press_and_settle(page)
    expect(page.locator("p.warning")).to_contain_text("Clear this row? 4S N = will be deleted")
    shot(page, "7-delete-asks")
    assert Result.objects.exists()
    press_and_settle(page)  # Enter again: delete
    expect(page.locator("p.warning")).to_have_count(0)
    assert not Result.objects.exists()
    assert ResultChange.objects.filter(action="deleted", changed_by__username="dora").exists()
    # The cursor stays on the row just emptied, ready for its right result, which says what went.
    expect(page.locator("input.entry-input:focus")).to_have_attribute(
        "aria-label", "Board 1, NS 1 v EW 1: result"
    )
    expect(page.locator("#traveller [role=status]")).to_have_text(
        "Deleted 4S N =: the board's History keeps it."
    )
    shot(page, "7b-deleted")

    # The other way: empty the row and press Enter; Esc keeps it after all. (This save sends
    # the cursor on to the next empty row.)
    type_line(page, "3NT S =")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Backspace")
    press_and_settle(page)
    expect(page.locator("p.warning")).to_contain_text("Clear this row? 3NT S =")
    press_and_settle(page, "Escape")
    expect(page.locator("input.entry-input:focus")).to_have_value("3NT S =")
    assert Result.objects.get().text == "3NT S ="


def test_the_end_of_the_last_board_says_what_is_missing(page, session):
    dora = session.club.directors.get(username="dora")
    texts = ["4S N =", "4S N +1", "3NT S -1"]
    for number in range(1, 6):
        for (ns, ew), text in list(zip(plays(session, number), texts))[: 2 if number == 5 else 3]:
            save_result(board(session, number), ns, ew, text, dora)
    log_in(page, "dora")
    page.goto(f"/boards/{board(session, 6).pk}/")
    for text in texts:
        type_line(page, text)
    progress = page.locator("#progress")
    expect(progress).to_contain_text("1 result still missing: board 5.")
    expect(page.locator("#progress a:focus")).to_have_text("5")  # not the page body
    shot(page, "8-last-board-missing")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Board 5")
    type_line(page, "PASS")  # the cursor was on board 5's empty row

    page.goto(f"/sessions/{session.pk}/")
    grid = page.locator(".progress-grid").first
    expect(grid.locator("td.done")).to_have_count(9)
    shot(page, "9-session-grid-done")


def test_the_table_round_grid_shows_what_is_done(page, session):
    log_in(page, "dora")
    section = session.sections.get()
    page.goto(f"/sections/{section.pk}/tables/1/rounds/3/")
    type_line(page, "4S N =")
    type_line(page, "PASS")
    expect(page.locator("#progress")).to_contain_text("8 tables and rounds still to enter")
    expect(page.locator("#progress a:focus")).to_have_text("table 1 round 1")
    expect(page.locator(".progress-grid td.done")).to_have_count(1)
    shot(page, "10-table-round-grid")


def refused_over_4s_n(page, session):
    """Board 1's first row stored as 4S N =, then `4H E 14` typed over it and refused; the
    row."""
    log_in(page, "dora")
    page.goto(f"/boards/{board(session, 1).pk}/")
    type_line(page, "4S N =")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Control+A")
    page.keyboard.type("4H E 14")
    press_and_settle(page)
    first = page.locator("#traveller tbody tr").first
    expect(first.locator("p.error")).to_contain_text("14 tricks: there are only 13")
    expect(first.locator("p.esc-hint")).to_have_text("Esc: keep 4S N =")
    return first


def test_esc_on_a_refused_line_puts_back_what_is_stored(page, session):
    # A helper trying the pages found the hint's "Esc keeps what is stored" did nothing on a
    # row showing an error. Board 1 (North deals, nobody vulnerable; Law 77): 4S N = is +420.
    first = refused_over_4s_n(page, session)
    shot(page, "8-refused-line")
    press_and_settle(page, "Escape")
    expect(first.locator("p.error")).to_have_count(0)
    expect(page.locator("input.entry-input:focus")).to_have_value("4S N =")
    assert Result.objects.get().text == "4S N ="


def test_esc_after_a_lost_connection_puts_back_what_is_stored(page, session):
    log_in(page, "dora")
    page.goto(f"/boards/{board(session, 1).pk}/")
    type_line(page, "4S N =")
    page.route(
        "**/boards/*/",
        lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
    )
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Control+A")
    page.keyboard.type("4S N +1")
    page.keyboard.press("Enter")
    first = page.locator("#traveller tbody tr").first
    expect(first.locator("p.error")).to_contain_text("no connection to the server")
    expect(first.locator("p.error")).to_contain_text("Esc puts back what is stored")
    page.keyboard.press("Escape")
    expect(first.locator("p.error")).to_have_count(0)
    expect(first).not_to_have_class(re.compile("has-error"))
    expect(page.locator("input.entry-input:focus")).to_have_value("4S N =")
    assert Result.objects.get().text == "4S N ="


def test_esc_on_a_refused_line_puts_back_what_is_stored_even_offline(page, session):
    # The helper found Esc did nothing on a server-drawn refusal with the connection gone: the
    # "keep" link asks the server to draw the row again, and that request failed unseen.
    first = refused_over_4s_n(page, session)
    page.context.set_offline(True)
    page.keyboard.press("Escape")
    expect(first.locator("p.error")).to_have_count(0)
    expect(first).not_to_have_class(re.compile("has-error"))
    expect(page.locator("input.entry-input:focus")).to_have_value("4S N =")

    # A question beside the row goes with its answer: Esc on "Clear this row?" offline, then
    # Enter back online asks again rather than deleting.
    def empty_the_row_and_press_enter():
        page.context.set_offline(False)
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
        press_and_settle(page)
        expect(first.locator("p.warning")).to_contain_text("Clear this row? 4S N = will be")

    empty_the_row_and_press_enter()
    page.context.set_offline(True)
    page.keyboard.press("Escape")
    expect(first.locator("p.warning")).to_have_count(0)
    expect(first.locator('input[name="override"]')).to_have_count(0)
    expect(page.locator("input.entry-input:focus")).to_have_value("4S N =")
    empty_the_row_and_press_enter()
    assert Result.objects.get().text == "4S N ="


@pytest.fixture
def slow_saves(monkeypatch):
    """Each save held back 0.4 s: the next line is typed, Enter included, meanwhile."""
    from events.entry import views as entry_views

    save = entry_views._save

    def slow_save(*args, **kwargs):
        time.sleep(0.4)
        return save(*args, **kwargs)

    monkeypatch.setattr(entry_views, "_save", slow_save)


def type_fast_at_table_1_round_1(page, session, lines):
    """Each line and Enter at 40 ms a key, not waiting for the rows to come back."""
    log_in(page, "dora")
    section = session.sections.get()
    page.goto(f"/sections/{section.pk}/tables/1/rounds/1/")
    expect(page.locator("input.entry-input:focus")).to_have_count(1)
    for line in lines:
        page.keyboard.type(line, delay=40)
        page.keyboard.press("Enter")


def test_lines_typed_while_a_save_is_on_its_way_are_not_lost(page, session, slow_saves):
    # A helper typing at 40 ms a key lost the next line's first keys (they went into the row
    # being replaced), and its third line was stored as "NT N +1".
    # Table 1, round 1 plays boards 1 and 2 (a Mitchell starts set t at table t).
    type_fast_at_table_1_round_1(page, session, ["2C S =", "1NT N +1"])
    rows = page.locator("#traveller tbody tr:not(.new-row)")
    expect(rows.nth(1).locator("input.entry-input")).to_have_value("1NT N +1", timeout=5000)
    expect(rows.nth(1)).to_have_class(re.compile("entered"))
    stored = dict(Result.objects.values_list("board__number", "text"))
    assert stored == {1: "2C S =", 2: "1NT N +1"}


def test_keys_typed_after_a_refused_line_do_not_overwrite_it(page, session, slow_saves):
    type_fast_at_table_1_round_1(page, session, ["4H E 14", "PASS"])
    first = page.locator("#traveller tbody tr").first
    expect(first.locator("p.error")).to_contain_text("14 tricks: there are only 13")
    expect(page.locator("input.entry-input:focus")).to_have_value("4H E 14")
    page.wait_for_timeout(600)  # anything still held would have been sent by now
    assert not Result.objects.exists()
