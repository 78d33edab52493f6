"""Correcting a past round of a Swiss: nothing already drawn is redrawn, and the save says which
teams it moved in the standings, from and to, through the service and the pages.

Sources: EBU White Book 2017, 3.6 (a Swiss round is drawn from the standings after the round
before; nothing redraws a round once drawn); the WBF's 2013 VP scale as the Danish Bridge
Federation publishes it for 2 boards (tests/scoring/data): 13 IMPs is 17.69–2.31, 0 IMPs 10–10.
"""

import pytest
from django.test import Client
from django.urls import reverse

from events.teams import corrections, draw, entry
from events.teams.models import MatchBoard
from tests.events.teams.factories import make_teams_event, play_flat

pytestmark = pytest.mark.django_db

# Board 1 (none vulnerable): 4S= +420 in the open room, 4S-1 -50 in the closed: 470, 10 IMPs.
# Board 2 (NS vulnerable): 3NT by E down 2 not vulnerable +100, passed out 0: 100, 3 IMPs.
WIN_13 = [entry.BoardRow(1, "4S N =", "4S S -1"), entry.BoardRow(2, "3NT E -2", "PASS")]
WIN_13_FORM = {"open-1": "4S N =", "closed-1": "4S S -1", "open-2": "3NT E -2",
               "closed-2": "PASS"}  # fmt: skip


def the_draw(event):
    matches = event.matches.select_related("home", "away").order_by("round", "table")
    return [(m.pk, m.round, m.table, m.home.number, m.away.number if m.away else None)
            for m in matches]  # fmt: skip


@pytest.fixture
def swiss(club):
    """Four teams, rounds 1 and 2 played flat (20 VPs each), round 3 drawn."""
    event = make_teams_event(club, teams="Ace\nBell\nCole\nDrew")
    for number in (1, 2):
        draw.draw_next_round(event)
        play_flat(event, number)
    draw.draw_next_round(event)
    return event


def moved(moves):
    return [(m.team, m.vps_before, m.vps_after, m.place_before, m.place_after) for m in moves]


def test_correcting_round_1_redraws_nothing_and_names_every_team_it_moved(swiss):
    drawn = the_draw(swiss)
    # Every pair flat so far: the standings stay in team order, so round 1 drew 1-2, 3-4,
    # round 2 1-3, 2-4, round 3 1-4, 2-3 (White Book 3.6, top down, no rematch).
    assert [(r, h, a) for _, r, _, h, a in drawn] == [
        (1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 2, 4), (3, 1, 4), (3, 2, 3)]  # fmt: skip
    first = swiss.matches.get(round=1, table=1)  # Ace v Bell, flat: now 13-0 to Ace
    moves = corrections.save_boards(first, WIN_13)
    assert the_draw(swiss) == drawn  # the same matches, tables and teams
    # Ace 17.69 + 10, Bell 2.31 + 10; Cole and Drew keep 20 but share second, no longer first.
    assert moved(moves) == [
        ("Ace", "20.00", "27.69", "1=", "1"),
        ("Cole", "20.00", "20.00", "1=", "2="),
        ("Drew", "20.00", "20.00", "1=", "2="),
        ("Bell", "20.00", "12.31", "1=", "4"),
    ]
    assert [m.vps_moved for m in moves] == [True, False, False, True]


def test_the_next_round_is_drawn_from_the_corrected_standings(club):
    event = make_teams_event(club, teams="Ace\nBell\nCole\nDrew")
    draw.draw_next_round(event)
    play_flat(event, 1)
    corrections.save_boards(event.matches.get(round=1, table=2), [
        entry.BoardRow(1, "4S N =", "4S S -1"), entry.BoardRow(2, "3NT E -2", "PASS")])  # fmt: skip
    # Cole 17.69, Ace and Bell 10, Drew 2.31: Cole meets the best it has not met, Ace.
    draw.draw_next_round(event)
    pairs = event.matches.filter(round=2).values_list("home__name", "away__name")
    assert list(pairs) == [("Cole", "Ace"), ("Bell", "Drew")]


def test_a_save_that_moves_nothing_says_so(swiss):
    first = swiss.matches.get(round=1, table=1)
    # 2S= in both rooms again, typed as NS scores: the same 10-10.
    assert corrections.save_boards(first, [entry.BoardRow(1, "110", "110")]) == []


def test_a_forfeit_entered_later_names_what_it_moved(swiss):
    first = swiss.matches.get(round=1, table=1)
    moves = corrections.save_adjustments(first, forfeit="away")
    # Bell forfeits round 1: 0 VPs for it, a bye's 12 for Ace (docs/rules.md, the club's 12).
    assert moved(moves) == [
        ("Ace", "20.00", "22.00", "1=", "1"),
        ("Cole", "20.00", "20.00", "1=", "2="),
        ("Drew", "20.00", "20.00", "1=", "2="),
        ("Bell", "20.00", "10.00", "1=", "4"),
    ]


def test_a_bad_correction_stores_nothing_and_moves_nothing(swiss):
    first = swiss.matches.get(round=1, table=1)
    stored = list(MatchBoard.objects.values_list("match", "number", "open_result"))
    with pytest.raises(entry.MatchEntryError):
        corrections.save_boards(first, [entry.BoardRow(1, "4S N =", "5Z S =")])
    assert list(MatchBoard.objects.values_list("match", "number", "open_result")) == stored


def test_the_match_page_says_what_moved_once_after_a_save(director_client, swiss):
    first = swiss.matches.get(round=1, table=1)
    url = reverse("teams_match_enter", args=[swiss.pk, first.pk])
    response = director_client.post(url, WIN_13_FORM, follow=True)
    assert response.redirect_chain[-1][0] == reverse("teams_match", args=[swiss.pk, first.pk])
    body = response.content.decode()
    assert "Round 1, table 1: Ace 13 – 0 Bell IMPs, 17.69–2.31 VPs." in body
    assert "<strong>Ace</strong>:\n        20.00 → 27.69 VPs, place 1= → 1</li>" in body
    assert "<strong>Drew</strong>:\n        20.00 VPs, place 1= → 2=</li>" in body
    again = director_client.get(reverse("teams_match", args=[swiss.pk, first.pk]))
    assert "The standings moved" not in again.content.decode()  # said once


def test_an_htmx_save_answers_with_what_moved(director_client, swiss):
    first = swiss.matches.get(round=1, table=1)
    url = reverse("teams_match_enter", args=[swiss.pk, first.pk])
    response = director_client.post(url, WIN_13_FORM, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert 'id="standing-moves"' in body and "20.00 → 12.31 VPs, place 1= → 4" in body


def test_readers_never_see_a_directors_moves(director_client, swiss):
    swiss.published = True
    swiss.save()
    first = swiss.matches.get(round=1, table=1)
    director_client.post(reverse("teams_match_enter", args=[swiss.pk, first.pk]), WIN_13_FORM)
    reader = Client()  # a player's phone: no login
    body = reader.get(reverse("teams_match", args=[swiss.pk, first.pk])).content.decode()
    assert "Round 1, table 1: Ace v Bell" in body and "The standings moved" not in body


def test_a_bad_board_on_the_page_stores_nothing_and_says_no_moves(director_client, swiss):
    first = swiss.matches.get(round=1, table=1)
    url = reverse("teams_match_enter", args=[swiss.pk, first.pk])
    before = list(MatchBoard.objects.values_list("pk", "open_result", "closed_result"))
    response = director_client.post(url, {**WIN_13_FORM, "closed-2": "9NT E ="})
    body = response.content.decode()
    assert response.status_code == 200 and "Nothing was saved: check board 2." in body
    assert list(MatchBoard.objects.values_list("pk", "open_result", "closed_result")) == before
    assert "The standings moved" not in body


def test_a_forfeit_given_on_the_page_shows_what_it_moved(director_client, swiss):
    first = swiss.matches.get(round=1, table=1)
    url = reverse("teams_match_adjust", args=[swiss.pk, first.pk])
    data = {"forfeit": "away", "home_imp_penalty": "0", "away_imp_penalty": "0",
            "home_vp_penalty": "0", "away_vp_penalty": "0"}  # fmt: skip
    body = director_client.post(url, data, follow=True).content.decode()
    assert "Forfeit and penalties saved; the match is rescored." in body
    assert "<strong>Bell</strong>:\n        20.00 → 10.00 VPs, place 1= → 4</li>" in body


def test_a_save_in_the_round_in_play_goes_back_to_the_standings_and_says_what_moved(
    director_client, swiss
):
    last = swiss.matches.get(round=3, table=1)  # Ace v Drew, not played yet
    url = reverse("teams_match_enter", args=[swiss.pk, last.pk])
    data = {"open-5": "4S N =", "closed-5": "4S S -1", "open-6": "2S N =", "closed-6": "2S S ="}
    response = director_client.post(url, data, follow=True)
    assert response.redirect_chain == [(reverse("teams_event", args=[swiss.pk]), 302)]
    body = response.content.decode()
    # Board 5 (NS vulnerable): 4S= +620 in the open room, 4S-1 -100 in the closed: 720, 12
    # IMPs; board 6 flat: 17.31–2.69 on the WBF 2013 scale for 2 boards.
    assert "Round 3, table 1: Ace 12 – 0 Drew IMPs, 17.31–2.69 VPs." in body
    assert "<strong>Ace</strong>:\n        20.00 → 37.31 VPs, place 1= → 1</li>" in body
    assert "<strong>Drew</strong>:\n        20.00 → 22.69 VPs, place 1= → 2</li>" in body
    page = director_client.get(reverse("teams_event", args=[swiss.pk])).content.decode()
    assert "The standings moved" not in page  # said once
