"""A director changes a scoring convention in the browser and sees the session rescored."""

import re

import pytest
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.models import Board
from tests.browser.conftest import log_in
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_switching_to_summed_cross_imps_rescores_and_names_the_option(page, screenshot):
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club")
    event = make_session(club, tables=3, boards_per_round=1, scoring_method="cross-imps")
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    board = Board.objects.get(section=section, number=1)
    seatings = section.movement().plays_of_board(1)
    for seating, text in zip(seatings, ["420", "450", "-50"], strict=True):
        save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)

    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/")
    expect(page.locator(".scored-by")).to_contain_text("IMPs averaged over comparisons")
    page.get_by_role("link", name="Scoring options").click()
    page.select_option("select[name=cross_imps]", "total")
    page.fill("input[name=ave_plus_imps]", "1")
    screenshot("options-form")
    page.get_by_role("button", name="Save and rescore").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))
    expect(page.locator(".messages")).to_contain_text("Rescored")
    expect(page.locator(".scored-by")).to_contain_text("IMPs summed over comparisons")
    expect(page.locator(".scored-by")).to_contain_text("Ave+ 1 IMP per comparison")
    # +450 against +420 (+1) and -50 (+11): summed 12 IMPs, the best NS total.
    first_ns = page.locator("#standings table").first.locator("tbody tr").first
    expect(first_ns).to_contain_text("12.00")
    screenshot("options-rescored")


def test_scored_as_a_program_sets_its_options_and_the_results_name_it(page, screenshot):
    # A club moving from ACBLscore: one choice sets factored totals, percentages of the printed
    # total and 1/½ matchpoints, and the results say whose conventions they follow.
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club")
    event = make_session(club, tables=3, boards_per_round=1, scoring_method="ebu-matchpoints")
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    board = Board.objects.get(section=section, number=1)
    for seating, text in zip(
        section.movement().plays_of_board(1), ["420", "450", "-50"], strict=True
    ):
        save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)

    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/options/")
    page.select_option("select[name=scored_as]", "acblscore")
    screenshot("options-scored-as")
    page.get_by_role("button", name="Save and rescore").click()
    page.wait_for_url(re.compile(rf"/sessions/{event.pk}/$"))
    scored = page.locator(".scored-by")
    expect(scored).to_contain_text("matchpoints, ACBL 1/½")
    expect(scored).to_contain_text("percentages of the total as printed (2 decimals)")
    expect(scored).to_contain_text("(as ACBLscore)")
    screenshot("options-scored-as-rescored")
