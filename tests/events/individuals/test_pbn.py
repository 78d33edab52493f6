"""An individual's results as PBN 2.1 (Portable Bridge Notation, Tis Veugen and Kaj G. Backas):
a game for each result played, the four players in the seat tags.

Board 1 of a 5-table Rainbow, typed as tests/events/individuals/test_individuals.py types it:
4S N = at tables 1 (and 4S S = at 2), 4S N +1 at 3, 4S N -1 at 4, 3S N = at 5. Board 1 is
dealt by North with nobody vulnerable (Law 2). Scores by Law 77: 4S making 10 tricks 120 + 300
(game not vulnerable) = 420, 11 tricks 450, 9 tricks −50, 3S making 9 tricks 140. ACBL
matchpoints over five results (a top of 4): 450 → 4, 420 twice → 2.5 each, 140 → 1, −50 → 0.
"""

import re

import pytest
from django.test import Client
from django.urls import reverse

from events.individuals.models import IndividualPlayer
from tests.events.individuals.test_individuals import enter_board_one, make_individual, play

pytestmark = pytest.mark.django_db


def _games(text: str) -> list[dict[str, str]]:
    games = []
    for block in text.split("\r\n\r\n"):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]\r?$', block, re.MULTILINE))
        if "Board" in tags:
            games.append(tags)
    return games


def test_each_result_played_is_a_game_with_its_four_players(club, client):
    event = make_individual(club, published=True)
    enter_board_one(event)
    third = play(event, 1, 3)
    IndividualPlayer.objects.filter(pk=third.north_id).update(name="Ann Ash")
    IndividualPlayer.objects.filter(pk=third.west_id).update(name="Wyn Wood")
    response = client.get(reverse("individual_results_pbn", args=[event.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/x-pbn")
    text = response.content.decode()
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    games = _games(text)
    assert [game["Table"] for game in games] == ["1", "2", "3", "4", "5"]  # board 1 only
    game = games[2]
    assert (game["Board"], game["Round"], game["Dealer"], game["Vulnerable"]) == (
        "1", str(third.round), "N", "None"
    )  # fmt: skip
    assert (game["North"], game["West"]) == ("Ann Ash", "Wyn Wood")
    assert game["South"] == f"Player {third.south.number}"
    assert (game["Contract"], game["Declarer"], game["Result"]) == ("4S", "N", "11")
    assert (game["Score"], game["ScoreMP"]) == ("NS 450", "NS 4")
    assert [(g["Score"], g["ScoreMP"]) for g in games] == [
        ("NS 420", "NS 2.5"), ("NS 420", "NS 2.5"), ("NS 450", "NS 4"), ("NS -50", "NS 0"),
        ("NS 140", "NS 1"),
    ]  # fmt: skip
    assert games[1]["Declarer"] == "S"


def test_an_unpublished_individuals_file_is_for_its_directors(club, director_client):
    event = make_individual(club)
    url = reverse("individual_results_pbn", args=[event.pk])
    assert Client().get(url).status_code == 404
    assert director_client.get(url).status_code == 200
