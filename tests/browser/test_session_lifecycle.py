"""A director edits a session after the evening: the scoring method (rescored at once), a
mistyped date, then deletes it, undoes, deletes it again and restores it from the club page."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.models import Board, Event
from tests.browser.conftest import log_in
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots/lifecycle")


@pytest.fixture
def shot(page, screenshot):
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(name):
        screenshot(f"lifecycle-{name}")
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)

    return take


@pytest.fixture
def event():
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")
    event = make_session(club, name="Tuesday pairs", tables=3, boards_per_round=1)
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    board = Board.objects.get(section=section, number=1)
    seatings = section.movement().plays_of_board(1)
    for seating, text in zip(seatings, ["420", "450", "-50"], strict=True):
        save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)
    return event


def test_edit_the_method_then_delete_undo_delete_and_restore(page, shot, event):
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/")
    first_ns = page.locator("#standings table").first.locator("tbody tr").first
    # ACBL matchpoints: +450 beat both other NS scores, 2 of a top of 2: 100%.
    expect(first_ns).to_contain_text("100.00")

    page.get_by_role("link", name="Edit session").click()
    expect(page.locator("h1")).to_have_text("Edit session")
    page.select_option("select[name=scoring]", "cross-imps")
    shot("edit-page")
    page.get_by_role("button", name="Save and rescore").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))
    expect(page.locator(".messages")).to_contain_text("Rescored")
    # Cross-IMPs averaged (WBF IMP scale): +450 against +420 is 30, 1 IMP; against -50 is
    # 500, 11 IMPs; the average over the two comparisons is 6.
    expect(first_ns).to_contain_text("6.00")
    shot("rescored")

    # A slip while tabbing through the date field: the year becomes 0006.
    page.get_by_role("link", name="Edit session").click()
    date = page.locator("input[name=date]")
    date.focus()
    page.keyboard.type("11220006")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".error")).to_contain_text("22 Nov 0006 is too far from today")
    shot("date-refused")
    assert Event.objects.get(pk=event.pk).date.year == 2026

    # Delete, with the confirmation saying what goes, then undo at once.
    page.get_by_role("link", name="Delete this session…").click()
    expect(page.locator("form.card")).to_contain_text("3 results")
    shot("delete-confirmation")
    page.get_by_role("button", name="Delete the session").click()
    page.wait_for_url(re.compile(r"/clubs/riverside/\?deleted="))
    expect(page.locator(".undo")).to_contain_text("Deleted “Tuesday pairs”")
    expect(page.locator(f'a[href="/sessions/{event.pk}/"]')).to_have_count(0)
    shot("deleted-with-undo")
    page.get_by_role("button", name="Undo").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))
    expect(page.locator(".messages")).to_contain_text("Restored")
    expect(first_ns).to_contain_text("6.00")

    # Delete again; later, its old link names it, and the club page restores it.
    page.get_by_role("link", name="Edit session").click()
    page.get_by_role("link", name="Delete this session…").click()
    page.get_by_role("button", name="Delete the session").click()
    page.wait_for_url(re.compile(r"/clubs/riverside/"))
    response = page.goto(f"/sessions/{event.pk}/")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("“Tuesday pairs” was deleted")
    shot("deleted-session-link")
    page.goto("/clubs/riverside/")
    expect(page.locator("#recently-deleted")).to_be_visible()
    shot("recently-deleted")
    page.get_by_role("button", name=re.compile("Restore Tuesday pairs")).click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))
    expect(first_ns).to_contain_text("6.00")
    page.goto("/")
    expect(page.locator("table.list").first).to_contain_text("Tuesday pairs")
