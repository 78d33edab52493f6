"""A director ends the evening: finalises with results still missing and a board queried
(asked first), then corrects a result with its reason; a player sees the correction on the
standings and its history a click away. The same with JavaScript off."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.models import Board, Event, Result, ResultChange
from events.phone import links as table_links
from events.phone import table_round as phone
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_player_journey import assert_fits
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann Abbot", "Ben Bell", "Cat Chen", "Dev Dale", "Eve Evans", "Fay Fox"]


@pytest.fixture
def evening():
    """A 3-table Mitchell of one board a round, published: board 1 played at its three
    tables, board 2 at one (two results missing), board 3 entered by table 1 on its phone
    and queried by its opponents, the other two of board 3 missing."""
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")
    event = make_session(
        club,
        name="Tuesday pairs",
        date=datetime.date(2026, 11, 24),
        tables=3,
        boards_per_round=1,
    )
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    for pair, name in zip(section.pairs.order_by("direction", "number"), NAMES, strict=True):
        pair.player1 = name
        pair.save(update_fields=["player1"])
    movement = section.movement()
    for number, texts in ((1, ["4H E =", "4S N =", "3NT S -1"]), (2, ["2S N +1"])):
        board = Board.objects.get(section=section, number=number)
        for seating, text in zip(movement.plays_of_board(number), texts):
            save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)
    links = {link.table: link for link in table_links.ensure_links(section)}
    board_three = Board.objects.get(section=section, number=3)
    # Round 1: table t plays board t; board 3 is table 3's.
    result = phone.enter_result(links[3], board_three.pk, "3NT N +1")
    phone.query(links[3], board_three.pk, result.version)
    Event.objects.filter(pk=event.pk).update(published=True)
    return Event.objects.get(pk=event.pk), links


def test_finalise_then_correct_a_result_that_players_then_see(
    page, screenshot, evening, chromium, live_server
):
    event, links = evening
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/")
    page.get_by_role("link", name="Finalise results…").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/finalise/$"))
    question = page.locator("form.finalise")
    expect(question).to_contain_text("4 results still missing")
    expect(question).to_contain_text("Table 1, round 2 (NS 1 v EW 3): board 2")
    expect(question).to_contain_text("1 board queried at the table")
    expect(question).to_contain_text("Board 3, NS 3 v EW 3 at table 3: 3NT N +1")
    screenshot("finalise-1-question")
    # Asking closes nothing: table 3's phone still works.
    assert page.request.get(f"/t/{links[3].token}/").status == 200
    assert not Event.objects.get(pk=event.pk).finalised

    page.get_by_role("button", name="Finalise anyway").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))
    expect(page.locator(".messages")).to_contain_text("The results are final")
    expect(page.locator(".heading .tag")).to_have_text("Final")
    assert page.request.get(f"/t/{links[3].token}/").status == 410
    screenshot("finalise-2-final")

    # A correction: board 1, NS 1 v EW 1 was 4H E =; the slip said 4S by N.
    board = Board.objects.get(section__event=event, number=1)
    page.goto(f"/boards/{board.pk}/")
    expect(page.locator(".final-note")).to_contain_text("These results are final.")
    row = page.locator("#traveller tbody tr").first
    row.locator("input.entry-input").click()
    page.keyboard.press("Control+A")
    page.keyboard.type("4S N =")
    page.keyboard.press("Enter")
    prompt = row.locator(".correction")
    expect(prompt).to_contain_text("it was 4H E =, now 4S N =")
    reason = row.locator("input.reason-input")
    expect(reason).to_be_focused()
    assert Result.objects.get(board=board, ns_pair__number=1).text == "4H E ="
    screenshot("finalise-3-correction-asks-why")
    page.keyboard.type("The slip said 4S by North")
    row.get_by_label("Players see the reason").check()
    reason.focus()
    page.keyboard.press("Enter")
    expect(row.locator("input.entry-input")).to_have_value("4S N =")
    expect(page.locator(".correction")).to_have_count(0)
    change = ResultChange.objects.filter(board=board).first()
    assert (change.new_text, change.reason, change.reason_public) == (
        "4S N =", "The slip said 4S by North", True
    )  # fmt: skip
    screenshot("finalise-4-corrected")

    # Esc on the question keeps what is stored.
    second = page.locator("#traveller tbody tr").nth(1)
    second.locator("input.entry-input").click()
    page.keyboard.press("Control+A")
    page.keyboard.type("4S N +1")
    page.keyboard.press("Enter")
    expect(second.locator("input.reason-input")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(".correction")).to_have_count(0)
    expect(second.locator("input.entry-input")).to_have_value("4S N =")

    # A player on a phone, not logged in.
    SCREENSHOTS.mkdir(exist_ok=True)
    visitor = chromium.new_context(viewport={"width": 360, "height": 800}, base_url=live_server.url)
    player = visitor.new_page()
    player.goto(f"/sessions/{event.pk}/")
    day = timezone.localdate().strftime("%-d %b")
    notice = player.locator("section.corrections")
    expect(notice).to_contain_text(f"Corrected on {day}: board 1, NS 1 v EW 1 (was 4H E =)")
    expect(player.locator(".heading .tag")).to_have_text(f"Corrected on {day}")
    assert_fits(player, 360)
    player.screenshot(path=str(SCREENSHOTS / "finalise-5-player-360.png"), full_page=True)
    notice.get_by_role("link").click()
    player.wait_for_url(re.compile(rf"/sessions/{event.pk}/corrections/$"))
    listed = player.locator(".corrections-list")
    expect(listed).to_contain_text("Board 1, NS 1 v EW 1: 4H E = → 4S N =")
    expect(listed).to_contain_text("Why: The slip said 4S by North")
    assert_fits(player, 360)
    player.screenshot(path=str(SCREENSHOTS / "finalise-6-corrections-360.png"), full_page=True)
    visitor.close()


def test_without_javascript_finalise_and_correct_by_plain_forms(chromium, live_server, evening):
    event, links = evening
    context = chromium.new_context(
        java_script_enabled=False,
        viewport={"width": 1280, "height": 900},
        base_url=live_server.url,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/finalise/")
    expect(page.locator("form.finalise")).to_contain_text("4 results still missing")
    page.get_by_role("button", name="Finalise anyway").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))
    assert Event.objects.get(pk=event.pk).finalised

    board = Board.objects.get(section__event=event, number=1)
    page.goto(f"/boards/{board.pk}/")
    row = page.locator("#traveller tbody tr").first
    row.locator("input.entry-input").fill("4S N =")
    row.locator("button.save").click()
    row = page.locator("#traveller tbody tr").first
    expect(row.locator(".correction")).to_contain_text("it was 4H E =, now 4S N =")
    row.locator("input.reason-input").fill("The slip said 4S by North")
    row.get_by_role("button", name="Correct").click()
    page.wait_for_url(re.compile(rf"/boards/{board.pk}/$"))
    assert Result.objects.get(board=board, ns_pair__number=1).text == "4S N ="
    assert ResultChange.objects.filter(board=board).first().reason == "The slip said 4S by North"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "finalise-7-no-javascript.png"), full_page=True)
    context.close()
