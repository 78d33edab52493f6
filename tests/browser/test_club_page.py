"""A club's page on a phone 360 px wide: every kind of game the club has (pairs sessions with
their state, teams events, one-table games), for a visitor and for the club's director."""

import datetime
import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from events.entry.changes import Correction
from events.entry.saving import save_result
from events.models import Board, Event
from events.one_table.models import OneTableSession
from events.sessions.finalising import finalise_session
from events.sessions.lifecycle import delete_session
from tests.browser.conftest import log_in
from tests.browser.test_player_journey import assert_fits
from tests.events.teams.factories import make_teams_event
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 360


def _published(event):
    Event.objects.filter(pk=event.pk).update(published=True)
    return Event.objects.get(pk=event.pk)


def _enter_board_one(event, director, texts):
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    board = Board.objects.get(section=section, number=1)
    seatings = section.movement().plays_of_board(1)
    for seating, text in zip(seatings, texts, strict=True):
        save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)
    return board, pairs, seatings


@pytest.fixture
def club():
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")
    day = datetime.date(2026, 11, 24)
    tonight = _published(
        make_session(club, name="Tuesday evening pairs", date=day, scoring_method="ebu-matchpoints")
    )
    _enter_board_one(tonight, director, ["420", "450", "-50"])
    final = _published(make_session(club, name="Monday pairs", date=day.replace(day=23)))
    finalise_session(final)
    corrected = _published(
        make_session(
            club, name="Friday pairs", date=day.replace(day=20), tables=3, boards_per_round=1
        )
    )
    board, pairs, seatings = _enter_board_one(corrected, director, ["420", "450", "-50"])
    finalise_session(corrected)
    first = seatings[0]
    save_result(
        board,
        pairs[first.ns],
        pairs[first.ew],
        "4S N +1",
        director,
        correction=Correction("The slip was misread"),
    )
    make_session(club, name="Rehearsal", date=day.replace(day=19), scoring_method="hdb")
    gone = make_session(club, name="Wednesday pairs entered twice", date=day.replace(day=18))
    delete_session(gone, User.objects.get(username="dora"))
    teams = make_teams_event(club, name="Winter Swiss teams", date=day.replace(day=22))
    teams.published = True
    teams.save(update_fields=["published"])
    make_teams_event(
        club,
        teams="Ace\nBell",
        name="Draft knockout",
        date=day.replace(day=18),
        kind="ko",
    )
    OneTableSession.objects.create(
        club=club,
        name="Thursday one-table",
        date=day.replace(day=21),
        published=True,
        north="Ann Archer",
        east="Bob Baker",
        south="Cat Chen",
        west="Dan Dale",
    )
    return club


def _row(page, name):
    return page.locator("table.list tbody tr").filter(has_text=name)


def test_a_visitor_sees_every_game_of_the_club_and_each_sessions_state(page, screenshot, club):
    page.set_viewport_size({"width": WIDTH, "height": 800})
    page.goto(f"/clubs/{club.slug}/")
    expect(page.locator("h1")).to_have_text("Riverside Bridge Club")
    expect(_row(page, "Tuesday evening pairs")).to_contain_text("provisional")
    expect(_row(page, "Monday pairs")).to_contain_text("final")
    expect(_row(page, "Friday pairs")).to_contain_text("corrected")
    expect(page.locator("#teams-events")).to_contain_text("Winter Swiss teams")
    expect(page.locator("#one-table-games")).to_contain_text("Thursday one-table")
    main = page.locator("main")
    for hidden in ("Rehearsal", "Draft knockout", "not published", "entered twice"):
        expect(main).not_to_contain_text(hidden)
    assert_fits(page, WIDTH, "table.list")
    screenshot("club-page-360-visitor")

    # Each game's link leads to it.
    _row(page, "Winter Swiss teams").get_by_role("link", name="Winter Swiss teams").click()
    page.wait_for_url(re.compile(r"/teams/\d+/$"))
    page.go_back()
    _row(page, "Friday pairs").get_by_role("link", name="corrected").click()
    page.wait_for_url(re.compile(r"/sessions/\d+/corrections/$"))
    expect(page.locator("main")).to_contain_text("4S N +1")


def test_the_clubs_director_sees_its_unpublished_games_too_within_360_px(page, screenshot, club):
    log_in(page, "dora")
    page.set_viewport_size({"width": WIDTH, "height": 800})
    page.goto(f"/clubs/{club.slug}/")
    expect(_row(page, "Rehearsal")).to_contain_text("not published")
    expect(_row(page, "Draft knockout")).to_contain_text("not published")
    expect(_row(page, "Friday pairs")).to_contain_text("corrected")
    expect(page.locator(".recently-deleted")).to_contain_text("Wednesday pairs entered twice")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= WIDTH, f"the club page is {width}px wide at {WIDTH}px"
    assert_fits(page, WIDTH, "table.list")
    screenshot("club-page-360-director")

    # On a computer the scoring, the kind of teams event, the players and when a session was
    # deleted come back.
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(_row(page, "Rehearsal")).to_contain_text("Home Duplicate Bridge")
    expect(page.locator(".recently-deleted")).to_contain_text("by dora")
    screenshot("club-page-desktop-director")
