"""A two-session championship with a late pair in session 1, as a director runs it in the
browser: session 1 starts with a half table (EW 4 absent), the late pair arrives after round 1
and fills it (ACBLscore's LATE command; Jannersten's BridgeTab, *Add a pair*: the pair takes
its number from the round the change takes effect), both sessions are played, and the
championship matches the late pair by its names and ranks it on the boards it played (its
session 1 percentage over the boards it met: docs/rules.md, "Late changes" and
"Championships")."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.models import Board, Championship, Result
from tests.browser.conftest import log_in
from tests.events.championships.helpers import name_pairs
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = {
    ("NS", 1): ("Ann", "Bob"), ("NS", 2): ("Cat", "Dan"), ("NS", 3): ("Eve", "Fay"),
    ("NS", 4): ("Gil", "Hy"), ("EW", 1): ("Ida", "Jo"), ("EW", 2): ("Kit", "Len"),
    ("EW", 3): ("Max", "Ned"), ("EW", 4): ("Oda", "Pip"),
}  # fmt: skip
LINES = {1: "4S N +1", 2: "4S N =", 3: "4S N -1", 4: "3NT N ="}


def _play_rounds(event, director, rounds):
    """Each table of each of `rounds` types its NS pair's line on the round's boards."""
    section = event.sections.get()
    movement = section.movement()
    pairs = {p.key: p for p in section.pairs.all()}
    for round_number in rounds:
        for table in range(1, movement.tables + 1):
            seating = movement.seating(round_number, table)
            ns, ew = pairs.get(seating.ns), pairs.get(seating.ew)
            if ns is None or ew is None:
                continue  # a sit-out
            for number in movement.boards_of_set(seating.board_set):
                board = Board.objects.get(section=section, number=number)
                save_result(board, ns, ew, LINES[ns.number], director)
    return movement.rounds


def test_a_late_pair_in_session_1_ranks_in_the_championship(page, screenshot):
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")
    one = make_session(club, name="Pairs championship 1", tables=4, boards_per_round=2,
                       phantom="EW")  # fmt: skip
    two = make_session(club, name="Pairs championship 2", tables=4, boards_per_round=2,
                       date=datetime.date(2026, 11, 25))  # fmt: skip
    for event in (one, two):
        event.published = True
        event.save()
    name_pairs(one, NAMES)
    name_pairs(two, NAMES)
    # Round 1 of session 1: NS 4 sits out against the absent EW 4.
    section = one.sections.get()
    _play_rounds(one, director, [1])

    log_in(page, "dora")
    page.goto(f"/sessions/{one.pk}/")
    page.get_by_role("link", name="Edit session").click()
    page.get_by_role("link", name="Change the movement…").click()
    page.select_option("select[name=phantom]", "")
    page.get_by_role("button", name="Preview the change").click()
    expect(page.locator("#late-preview")).to_contain_text("New pair: EW 4")
    page.locator("#late-preview").get_by_role("button", name="Change the movement").click()
    page.wait_for_url(re.compile(rf"/sessions/{one.pk}/$"))
    expect(page.locator(".messages")).to_contain_text("6 results kept, 0 removed")
    screenshot("championship-late-pair-session-1")

    name_pairs(one, NAMES)  # the late pair's names, as the director types them on arrival
    rounds = section.movement().rounds
    _play_rounds(one, director, range(2, rounds + 1))  # round 1 is over when the pair comes
    _play_rounds(two, director, range(1, two.sections.get().movement().rounds + 1))

    page.goto("/clubs/riverside/")
    page.get_by_role("link", name="New championship").click()
    page.fill("input[name=name]", "Winter championship")
    page.get_by_role("checkbox", name=re.compile("Pairs championship 1, Tue")).check()
    page.get_by_role("checkbox", name=re.compile("Pairs championship 2, Wed")).check()
    page.get_by_label("Combined by").select_option("average")
    page.get_by_role("button", name="Create the championship").click()
    expect(page.get_by_role("heading", name="Session 2")).to_be_visible()
    page.get_by_role("button", name="Save the entrants").click()
    championship = Championship.objects.get()
    assert page.url.endswith(f"/championships/{championship.pk}/")
    assert championship.entrants.count() == 8  # the late pair is one entrant, not two

    late = page.get_by_role("row").filter(has_text="Oda & Pip")
    cells = late.get_by_role("cell")
    # Place, then each session's percentage and the average: every one a figure, none "—".
    expect(cells.nth(0)).to_have_text(re.compile(r"^\d+=?$"))
    for column in (1, 2, 3):
        expect(cells.nth(column)).to_have_text(re.compile(r"^\d+\.\d\d$"))
    screenshot("championship-late-pair-standings")
    # The late pair met three of the four NS pairs' boards in session 1: fewer boards than the
    # pairs who played from round 1, and a percentage over those boards only.
    late_pair = section.pairs.get(direction="EW", number=4)
    early_pair = section.pairs.get(direction="EW", number=1)
    played = Result.objects.filter(board__section=section)
    assert played.filter(ew_pair=late_pair).count() < played.filter(ew_pair=early_pair).count()
