"""A Swiss over two sessions is one event: each session's own results and the standings after
it (events/teams/sessions.py).

The field is test_draw's: four teams, 2-board matches, VPs on the WBF 2013 continuous scale
(World Bridge Federation, 2013 VP scale: the winner's VPs are 10 + 10 (1 − τ^(3M/B)) / (1 − τ³),
τ = (√5 − 1)/2, B = 15√N), on which a 6-IMP win over 2 boards is 14.39 to 5.61 (3M/B =
18/21.21, τ^0.849 = 0.665, 10 × 0.335/0.764 = 4.39) and a 0-IMP match 10 to 10. Round 1
(session 1): A beats B and D beats C by 6 IMPs (2S = +110 against 2S E = −110: 220 points,
6 IMPs on the WBF IMP scale). Round 2 (session 2): A v D and B v C played flat, 10-10 each.
"""

import pytest
from django.urls import reverse

from events.teams import draw
from events.teams.models import TeamsEvent
from events.teams.sessions import event_sessions
from tests.events.teams.factories import a_and_d_win_by_six, make_teams_event, play_flat

pytestmark = pytest.mark.django_db


def _two_sessions(club, published=True):
    event = make_teams_event(
        club, teams="A\nB\nC\nD", rounds=2, session_rounds="1, 1", published=published
    )
    draw.draw_next_round(event)
    a_and_d_win_by_six(event)
    draw.draw_next_round(event)
    return event


def _vps(page: str, table: str) -> dict[str, str]:
    """Each team's VPs in one of the session page's two tables."""
    found = {}
    for letter, number in zip("ABCD", range(1, 5), strict=True):
        start = page.index(f'id="{table}-team-{number}"')
        cell = page.index('class="vps">', start) + len('class="vps">')
        found[letter] = page[cell : page.index("<", cell)]
    return found


def test_each_sessions_own_results_and_the_standings_after_it(client, club):
    event = _two_sessions(club)
    one = client.get(reverse("teams_session", args=[event.pk, 1])).content.decode()
    assert _vps(one, "own") == {"A": "14.39", "B": "5.61", "C": "5.61", "D": "14.39"}
    assert _vps(one, "after") == _vps(one, "own")
    assert "provisional" not in one
    play_flat(event, 2)
    two = client.get(reverse("teams_session", args=[event.pk, 2])).content.decode()
    assert _vps(two, "own") == {"A": "10.00", "B": "10.00", "C": "10.00", "D": "10.00"}
    assert _vps(two, "after") == {"A": "24.39", "B": "15.61", "C": "15.61", "D": "24.39"}


def test_a_session_in_play_is_provisional_and_its_earlier_one_is_not(client, club):
    event = _two_sessions(club)
    two = client.get(reverse("teams_session", args=[event.pk, 2])).content.decode()
    assert "provisional" in two and "round 2: 0 of 2 matches played" in two
    assert _vps(two, "after") == {"A": "14.39", "B": "5.61", "C": "5.61", "D": "14.39"}


def test_the_event_page_links_its_sessions(client, club):
    event = _two_sessions(club)
    page = client.get(reverse("teams_event", args=[event.pk])).content.decode()
    assert "Played over 2 sessions" in page
    assert reverse("teams_session", args=[event.pk, 2]) in page


def test_no_such_session_and_an_unpublished_event_are_not_found(client, club):
    event = _two_sessions(club)
    assert client.get(reverse("teams_session", args=[event.pk, 3])).status_code == 404
    hidden = _two_sessions(club, published=False)
    assert client.get(reverse("teams_session", args=[hidden.pk, 1])).status_code == 404


def test_a_round_robins_last_session_takes_the_rounds_left(club):
    event = make_teams_event(club, kind="round-robin", session_rounds="2, 1")
    # Six teams play five rounds: rounds 1-2, then 3-5.
    assert [(s.first_round, s.last_round) for s in event_sessions(event, 5)] == [(1, 2), (3, 5)]
    assert event_sessions(make_teams_event(club), 4) == []


def test_a_round_robins_sessions_end_with_its_last_round(club):
    """Six teams play five rounds: "4, 4" is rounds 1-4 and 5; in "3, 3, 3" the third session
    would start after the last round, so there are two."""
    typed_as = {"4, 4": [(1, 4), (5, 5)], "3, 3, 3": [(1, 3), (4, 5)], "5, 2": []}
    for typed, expected in typed_as.items():
        event = make_teams_event(club, kind="round-robin", session_rounds=typed)
        assert [(s.first_round, s.last_round) for s in event_sessions(event, 5)] == expected


def _form(**change):
    return {"name": "Two-day Swiss", "date": "2026-11-24", "kind": "swiss",
            "boards_per_match": 7, "rounds": 7, "scoring": "imps-vps", "vp_scale": "wbf-2013",
            "bye_vps": "12", "carry_over_home": 0, "carry_over_away": 0, **change}  # fmt: skip


def test_the_director_sets_the_sessions_up(director_client, club):
    data = _form(club=club.pk, session_rounds=" 4 ,3")
    response = director_client.post(reverse("teams_create"), data)
    assert response.status_code == 302
    assert TeamsEvent.objects.get().session_rounds == "4, 3"


@pytest.mark.parametrize(
    "typed, words",
    [
        ("4, 4", "add up to 8, but the event plays 7"),
        ("7", "Two to 4 sessions, or leave it blank for one; you typed 1"),
        ("1, 1, 1, 1, 3", "you typed 5"),
        ("4, 0, 3", "at least one round"),
        ("four, three", "whole numbers with commas"),
    ],
)
def test_bad_sessions_are_refused_in_words_and_store_nothing(director_client, club, typed, words):
    data = _form(club=club.pk, session_rounds=typed)
    response = director_client.post(reverse("teams_create"), data)
    assert response.status_code == 200
    assert words in response.content.decode()
    assert not TeamsEvent.objects.exists()
