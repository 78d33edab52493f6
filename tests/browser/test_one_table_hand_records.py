"""Four friends at one table play the evening's dealt boards: the director uploads the hand
record, the background job finds each deal's par, and the table scores IMPs against it."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from events.handrecords.jobs import GAME, analyse_next_batch
from events.one_table.models import OneTableSession
from tests.browser.conftest import log_in
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots/one-table-hr")


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def play(page, number, contract, declarer, made):
    """A hand as the table calls it out; HCP and fit come from the deal, so three boxes."""
    expect(page.locator("h1")).to_contain_text(f"Hand {number}")
    expect(page.locator("#id_contract:focus")).to_have_count(1)
    page.keyboard.type(contract)
    page.keyboard.press("Enter")
    page.keyboard.press(declarer)
    page.keyboard.press("Enter")
    expect(page.locator("#id_made:focus")).to_have_count(1)
    page.keyboard.type(made)
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_a_director_uploads_the_deals_and_the_table_scores_imps_against_par(chromium, live_server):
    user = make_user(username="dora")
    make_club(directors=[user], name="Riverside Bridge Club")
    context = chromium.new_context(
        viewport={"width": 1280, "height": 900}, base_url=live_server.url
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, "dora")
    page.get_by_role("link", name="One-table game").click()
    for name, value in [
        ("name", "Dealt Friday"),
        ("north", "Ann"),
        ("east", "Bob"),
        ("south", "Cat"),
        ("west", "Dan"),
        ("boards", "3"),
    ]:
        page.fill(f"input[name={name}]", value)
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_url(re.compile(r"/one-table/\d+/hands/1/$"))
    game = OneTableSession.objects.get()

    page.get_by_role("link", name="Tally sheet").click()
    page.get_by_role("link", name="Hand records (PBN)").click()
    page.set_input_files("input[type=file]", files=[{
        "name": "friday.pbn", "mimeType": "application/x-pbn", "buffer": THREE_BOARDS.encode(),
    }])  # fmt: skip
    page.get_by_role("button", name="Upload").click()
    expect(page.locator(".messages")).to_contain_text("3 boards read")
    expect(page.locator("#analysis")).to_contain_text("0 of 3 boards analysed")
    shoot(page, "upload-queued")

    analyse_next_batch(game.pk, GAME)  # the background worker's job
    expect(page.locator("#analysis")).to_contain_text(
        "3 of 3 boards analysed: done", timeout=10_000
    )
    page.select_option("select[name=method]", "dd-par")
    page.get_by_role("button", name="Change the scoring").click()
    expect(page.locator(".messages")).to_contain_text("IMPs against the double-dummy par")
    page.get_by_role("link", name="Enter hand 1").click()

    # Hand 1: every player holds one whole suit, 10 HCP each (tests/events/test_par_commands.py).
    expect(page.locator(".hand-diagram")).to_be_visible()
    expect(page.locator(".ot-counted")).to_contain_text("NS 20 · EW 20 HCP")
    expect(page.locator(".ot-par")).to_have_text("Par NS +1510: 7S N, 7S S")
    shoot(page, "hand-1-dealt")
    # Hand-worked (tests/scoring/test_dd_par.py): 4S+3 510 against +1510, 14 IMPs to EW;
    # 1NT= vulnerable 90 against par 0, 3 to NS; 6S+1 by EW 1460 against EW +2210, 13 to NS.
    play(page, 1, "4S", "N", "7")
    expect(page.locator(".ot-last")).to_contain_text("NS -14 IMPs against par")
    play(page, 2, "1NT", "N", "1")
    play(page, 3, "6S", "E", "7")
    page.wait_for_url(re.compile(rf"/one-table/{game.pk}/$"))
    expect(page.locator("#total-ns")).to_have_text("2")
    expect(page.locator("#total-ew")).to_have_text("-2")
    expect(page.locator("#hand-3")).to_contain_text("EW +2210: 7S E, 7S W")
    shoot(page, "tally-dd-par")

    page.set_viewport_size({"width": 360, "height": 780})
    shoot(page, "tally-dd-par-360")
    expect(page.locator("#hand-1 td.ot-detail").first).to_be_hidden()
    page.get_by_text("Show every column").click()
    expect(page.locator("#hand-1")).to_contain_text("NS +1510: 7S N, 7S S")
    shoot(page, "tally-dd-par-360-every-column")
    page.goto(f"/one-table/{game.pk}/hands/3/")
    expect(page.locator(".ot-saved")).to_contain_text("NS +13 IMPs against par")
    shoot(page, "hand-3-360")
    context.close()
