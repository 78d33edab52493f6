"""A late pair arrives after round 1 of a 3½-table Mitchell: the director fills the half
table from the Edit session page (ACBLscore's LATE command), sees that every result entered
stays, and confirms; the session page records the change."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.models import Board, Pair, Result, SessionChange
from tests.browser.conftest import log_in
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots/late_pair")


@pytest.fixture
def event():
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")
    # 4 tables with EW 4 absent; round 1 of a Mitchell seats NS t v EW t, so NS 4 sits out.
    event = make_session(club, name="Tuesday pairs", tables=4, boards_per_round=2, phantom="EW")
    section = event.sections.get()
    movement = section.movement()
    pairs = {p.key: p for p in section.pairs.all()}
    for table, text in zip((1, 2, 3), ["4S N =", "4S N +1", "3NT S -2"], strict=True):
        seating = movement.seating(1, table)
        for number in movement.boards_of_set(seating.board_set):
            board = Board.objects.get(section=section, number=number)
            save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)
    return event


def test_a_director_adds_a_late_pair_after_round_one(page, screenshot, event):
    SHOTS.mkdir(parents=True, exist_ok=True)
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/")
    page.get_by_role("link", name="Edit session").click()
    page.get_by_role("link", name="Change the movement…").click()
    expect(page.locator("h1")).to_have_text("Change the movement")
    expect(page.locator(".meta")).to_contain_text("half table (EW 4 absent)")
    page.select_option("select[name=phantom]", "")
    page.get_by_role("button", name="Preview the change").click()
    preview = page.locator("#late-preview")
    expect(preview).to_contain_text("Kept: 6 results. Removed: 0.")
    expect(preview).to_contain_text("New pair: EW 4")
    page.screenshot(path=str(SHOTS / "preview.png"), full_page=True)
    screenshot("late-pair-preview")
    assert not Pair.objects.filter(direction="EW", number=4).exists()  # nothing stored yet

    preview.get_by_role("button", name="Change the movement").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))
    expect(page.locator(".messages")).to_contain_text("6 results kept, 0 removed")
    expect(page.locator(".session-changes")).to_contain_text(
        "half table (EW 4 absent) → 4-table skip Mitchell, 3 rounds"
    )
    page.screenshot(path=str(SHOTS / "session.png"), full_page=True)
    screenshot("late-pair-session")
    assert Pair.objects.filter(direction="EW", number=4).exists()
    assert Result.objects.count() == 6
    assert SessionChange.objects.get().kept == 6
