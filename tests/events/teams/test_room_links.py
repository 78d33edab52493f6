"""A room's link once its match is no longer played at the table, and the director's grid of
a round's rooms.

A team that withdraws leaves its later matches byes for their opponents or forfeits (docs/rules.md,
"A team that withdraws", after the Contract Bridge Association of Ireland's *Additional rules
for C.B.A.I. competitions*): nothing is played in those rooms, so their links stop working and
say why, and a phone that showed the match before says so too, storing nothing.
"""

import pytest
from django.core.cache import cache
from django.urls import reverse

from events.entry.errors import EntryError
from events.teams import draw, entry
from events.teams import phone as room_phone
from events.teams.models import MatchBoard
from events.teams.room_models import MatchRoomLink
from events.teams.withdrawal import withdraw
from tests.events.teams.factories import four_teams_in_round_2, make_teams_event, play_flat

pytestmark = pytest.mark.django_db

FOUR_S_N_MADE = {"level": "4", "strain": "S", "doubled": "", "declarer": "N", "made": "="}


@pytest.fixture(autouse=True)
def fresh_budgets():
    cache.clear()  # request budgets are counted in the cache


@pytest.fixture
def swiss(club):
    """Four teams, round 1 played flat (1-2, 3-4), round 2 drawn (1-3, 2-4)."""
    return four_teams_in_round_2(club)


@pytest.fixture
def rooms(swiss):
    match = swiss.matches.get(round=2, table=2)
    return {link.room: link for link in match.room_links.filter(revoked_at__isnull=True)}


def url(link):
    return reverse("teams_room_phone", args=[link.token])


def save(client, link):
    data = {"action": "save", "board": 3, "version": 0, **FOUR_S_N_MADE}
    return client.post(url(link), data)


@pytest.mark.parametrize(
    "rule, words",
    [
        ("bye", "Bell has a bye this round"),
        ("forfeit", "Drew withdrew, so it is scored as a forfeit"),
    ],
)
def test_a_withdrawal_closes_its_later_matches_room_links_with_words(
    client, swiss, rooms, rule, words
):
    withdraw(swiss, swiss.teams.get(name="Drew").pk, 1, rule)
    old = [link.pk for link in rooms.values()]
    assert not MatchRoomLink.objects.filter(pk__in=old, revoked_at__isnull=True).exists()
    for response in (client.get(url(rooms["open"])), save(client, rooms["closed"])):
        assert response.status_code == 410
        assert f"This match is not played: {words}." in response.content.decode()
    assert not MatchBoard.objects.filter(match__round=2).exists()


def test_a_withdrawn_teams_forfeit_leaves_the_round_free_to_take_back(
    director_client, client, swiss, rooms
):
    withdraw(swiss, swiss.teams.get(name="Drew").pk, 1, "forfeit")
    save(client, rooms["open"])
    response = director_client.post(reverse("teams_undraw", args=[swiss.pk]), {"round": "2"})
    assert response.status_code == 302 and not swiss.matches.filter(round=2).exists()


@pytest.mark.parametrize("rule", ["bye", "forfeit"])
def test_a_phone_that_showed_the_match_before_the_withdrawal_stores_nothing(swiss, rooms, rule):
    # The phone found its link, then Drew withdrew before its save reached the match.
    withdraw(swiss, swiss.teams.get(name="Drew").pk, 1, rule)
    with pytest.raises(EntryError, match="This match is not played"):
        room_phone.enter_result(rooms["open"], 3, "4S N =", expected_version=0)
    with pytest.raises(EntryError, match="This match is not played"):
        room_phone.confirm(rooms["open"], 3, 0)
    assert not MatchBoard.objects.filter(match__round=2).exists()


def test_a_phone_whose_match_both_teams_left_stores_nothing(swiss, rooms):
    for name in ("Drew", "Bell"):
        withdraw(swiss, swiss.teams.get(name=name).pk, 1, "forfeit")
    with pytest.raises(EntryError, match="no longer in the draw"):
        room_phone.enter_result(rooms["open"], 3, "4S N =", expected_version=0)


def test_a_forfeit_the_director_gives_closes_the_links_until_taken_off(client, swiss, rooms):
    match = rooms["open"].match
    entry.save_adjustments(match, forfeit="home")
    response = client.get(url(rooms["open"]))
    assert response.status_code == 410
    assert "Bell forfeits the match, so it is scored as a forfeit." in response.content.decode()
    entry.save_adjustments(match, forfeit="")
    assert save(client, rooms["open"]).status_code == 302
    assert MatchBoard.objects.get(match=match, number=3).open_result


def test_a_round_drawn_after_a_withdrawal_gives_the_forfeit_no_links(swiss):
    withdraw(swiss, swiss.teams.get(name="Drew").pk, 2, "forfeit")
    play_flat(swiss, 2)
    draw.draw_next_round(swiss)
    linked = MatchRoomLink.objects.filter(match__round=3).values_list("match__forfeit", flat=True)
    assert set(linked) == {""} and len(linked) == 2  # Drew's forfeit has none


@pytest.mark.parametrize("teams", ["Ace\nBell\nCole\nDrew", "A\nB\nC\nD\nE\nF\nG\nH\nI\nJ"])
def test_the_rooms_grid_takes_the_same_queries_for_2_or_5_matches(
    director_client, club, teams, django_assert_max_num_queries
):
    event = make_teams_event(club, teams=teams)
    draw.draw_next_round(event)
    for link in MatchRoomLink.objects.filter(match__event=event, room="open"):
        room_phone.enter_result(link, 1, "4S N =", expected_version=0)
    page = reverse("teams_round_rooms", args=[event.pk, 1])
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        with django_assert_max_num_queries(8):  # the same for 2 matches or 5
            response = director_client.get(page, **htmx)
        assert response.content.decode().count("1/2") == len(teams.split()) // 2
