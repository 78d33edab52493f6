"""A handicapped ladder adds the share of each pair's handicap the ladder chooses (the whole or
half), worked from the basis it chooses (players' averages or their grades), as a handicapped
session's own page does.

Sessions as tests/events/standings/test_ranking.py plays them (a 3-table Mitchell where NS 1
tops every board: 100%, NS 2 50%, NS 3 0%, every EW pair 50%).
"""

import datetime
import html

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from events.club.ratings import club_ratings
from events.models import Event, Ladder
from events.standings.ranking import event_standings
from tests.events.club.test_season import name_pair
from tests.events.ladders.test_pages import autumn, rows
from tests.events.standings.test_handicaps import played
from tests.events.standings.test_ranking import play_everything
from tests.factories import make_session

pytestmark = pytest.mark.django_db

SEPTEMBER, OCTOBER = datetime.date(2026, 9, 29), datetime.date(2026, 10, 6)
NAMES = {("NS", 1): ("Ann Smith", "Cy Field"), ("NS", 2): ("Bob Jones", "Eve Hart"),
         ("NS", 3): ("Gil Ray", "Hal Orr")}  # fmt: skip


def test_a_half_handicap_ladder_adds_half_of_each_pairs_handicap(club, director):
    """Perth Bridge Club, *Handicap System Explained* (BridgeWebs): a player's handicap is 50
    less their average percentage, a pair's the mean of its players'. EBUScore's help,
    *Handicaps* (English Bridge Union, ebu.co.uk/ebuscore-wiki/handicaps): the "50%" option
    adjusts a pair by half what the "100%" option does (two 60% players: -10 at 100%, -5 at
    50%). On 29 September Ann & Cy score 100% (handicaps -50), Bob & Eve 50% (0), Gil & Hal
    0% (+50); on 6 October the same again. Half the handicap: 100 - 25 = 75, 50 + 0 = 50,
    0 + 25 = 25 (worked by hand)."""
    played(club, director, SEPTEMBER, NAMES)
    played(club, director, OCTOBER, NAMES)
    ladder = autumn(club, rule="handicapped", sessions=1, handicapping="half")
    page = Client().get(reverse("ladder_detail", args=[ladder.pk]))
    assert rows(page) == [
        ("1=", "Ann Smith", "75.00"), ("1=", "Cy Field", "75.00"),
        ("3=", "Bob Jones", "50.00"), ("3=", "Eve Hart", "50.00"),
        ("5=", "Gil Ray", "25.00"), ("5=", "Hal Orr", "25.00"),
    ]  # fmt: skip
    assert "with half the pair's handicap added" in html.unescape(page.content.decode())


@pytest.mark.parametrize("share", ["full", "half"])
def test_a_ladder_by_grades_counts_what_the_sessions_own_page_counts(club, director, share):
    """The ladder's session, run handicapped by grades with the same share, shows each pair's
    handicapped percentage on its own standings: the ladder counts the same figure. By the
    rule (rules.md, Handicaps from grades; Newcastle-under-Lyme & District Bridge Club, *The
    EBU Grading System*): the pair's handicap is 50 less the mean of its players' grades from
    the club's published sessions before it, here Ann & Cy's, who scored 100% on 29 September:
    their grades are read from the club's Ratings as of 6 October."""
    played(club, director, SEPTEMBER, NAMES)
    tonight = played(club, director, OCTOBER, NAMES)
    ladder = autumn(club, rule="handicapped", sessions=1, handicapping=share,
                    handicap_basis="grade")  # fmt: skip
    page = Client().get(reverse("ladder_detail", args=[ladder.pk]))
    figures = {name: figure for _, name, figure in rows(page)}
    Event.objects.filter(pk=tonight.pk).update(handicapping=share, handicap_basis="grade")
    tonight.refresh_from_db()
    shown = {}
    for _, groups in event_standings(tonight):
        for group in groups:
            for row in group.rows:
                for name in (row.pair.player1, row.pair.player2):
                    if name:
                        shown[name] = f"{float(row.handicapped):.2f}"
    assert figures == shown
    grades = club_ratings(club, before=OCTOBER)
    ann, cy = grades["ann smith"].grade, grades["cy field"].grade
    half = {"full": 1, "half": 0.5}[share]
    assert float(figures["Ann Smith"]) == pytest.approx(
        100 + half * (50 - (ann + cy) / 2), abs=0.01
    )
    assert float(figures["Ann Smith"]) < 100  # a winning grade takes some off


def test_the_director_chooses_the_share_and_basis(director_client, club):
    data = {"name": "Handicap ladder", "rule": "handicapped", "sessions": "1",
            "handicapping": "half", "handicap_basis": "grade", "start": "2026-10-01",
            "end": "2026-12-31"}  # fmt: skip
    director_client.post(reverse("ladder_create", args=[club.slug]), data)
    ladder = Ladder.objects.get()
    assert (ladder.handicapping, ladder.handicap_basis) == ("half", "grade")
    assert ladder.describe_handicap() == (
        "Each session counts its percentage with half the pair's handicap added: 50 less each "
        "player's grade from the club's published sessions before it, the partners' handicaps "
        "averaged."
    )


def test_a_ladder_by_grades_reads_every_session_before_it(client, club, director):
    """A grade rests on the club's whole published history, not a year of it: a session two
    years before the ladder still moves the handicap."""
    long_ago = make_session(club, name="Long ago", date=datetime.date(2024, 9, 1))
    play_everything(long_ago, director)
    Event.objects.filter(pk=long_ago.pk).update(published=True)
    name_pair(long_ago, "NS", 1, "Ann Smith", "Cy Field")
    played(club, director, OCTOBER, NAMES)
    ladder = autumn(club, rule="handicapped", sessions=1, handicap_basis="grade")
    figures = {name: figure for _, name, figure in rows(client.get(
        reverse("ladder_detail", args=[ladder.pk])))}  # fmt: skip
    assert float(figures["Ann Smith"]) < 100
    assert figures["Bob Jones"] == "50.00"  # no graded session before: no handicap


@pytest.mark.parametrize("sessions", [2, 6])
def test_a_ladder_by_grades_reads_a_fixed_number_of_queries(
    client, club, director, sessions, django_assert_max_num_queries
):
    for day in range(1, sessions + 1):  # half of them before the ladder: graded, not shown
        played(club, director, datetime.date(2026, 9 + day % 2, day), NAMES)
    ladder = autumn(club, rule="handicapped", sessions=1, handicap_basis="grade")
    url = reverse("ladder_detail", args=[ladder.pk])
    client.get(url)  # the sessions' standings stored
    cache.clear()  # the table ranked again
    # As a ladder by averages: the ladder, its sessions, their standings (read once more for
    # the grades), and the members' pages the names link to.
    with django_assert_max_num_queries(5):
        assert client.get(url).status_code == 200
