"""The demo club and its 7-table Mitchell that `make run` loads, so a newcomer sees a session."""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from events.models import Club, Event, Pair
from events.results import save_result
from events.setup import create_session

DEMO_CLUB = "demo"
DEMO_SESSION = "Tuesday evening pairs"
DEMO_DIRECTOR = ("director", "director")

PLAYERS = [
    "Alice Archer", "Bob Baker", "Carol Chen", "Dev Patel", "Eve Evans", "Frank Fox",
    "Grace Green", "Hugo Hart", "Iris Ito", "Jack Jones", "Kim Kaur", "Liam Lee",
    "Maya Moss", "Noah Nash", "Olga Orr", "Pete Park", "Quinn Quay", "Rosa Ruiz",
    "Sam Stone", "Tara Todd", "Uma Udall", "Vic Vance", "Wendy Wu", "Xavier Xu",
    "Yara Young", "Zane Zito", "Ann Abbot", "Ben Bell",
]  # fmt: skip

# Per board: the contracts the field tends to reach, and the declarer's usual tricks.
TYPICAL = [("4S", 10), ("3NT", 9), ("2H", 8), ("4H", 10), ("1NT", 7), ("5D", 11), ("3S", 9)]


@transaction.atomic
def load_demo() -> Event:
    """Create the demo club, director and session once; later calls change nothing."""
    user_model = get_user_model()
    director = user_model.objects.filter(username=DEMO_DIRECTOR[0]).first()
    if director is None:
        username, password = DEMO_DIRECTOR
        director = user_model.objects.create_user(username=username, password=password)
    club, _ = Club.objects.get_or_create(slug=DEMO_CLUB, defaults={"name": "Demo Bridge Club"})
    club.directors.add(director)
    existing = Event.objects.filter(club=club, name=DEMO_SESSION).first()
    if existing:
        return existing
    event = create_session(
        club=club, name=DEMO_SESSION, date=datetime.date.today(),
        scoring_method="matchpoints", movement="mitchell", tables=7, boards_per_round=3,
    )  # fmt: skip
    event.published = True
    event.save(update_fields=["published"])
    section = event.sections.get()
    names = iter(PLAYERS)
    pairs = list(section.pairs.all())
    for pair in pairs:
        pair.player1, pair.player2 = next(names), next(names)
    Pair.objects.bulk_update(pairs, ["player1", "player2"])
    _play_every_board(section, director)
    return event


def _play_every_board(section, director) -> None:
    pairs = {pair.key: pair for pair in section.pairs.all()}
    movement = section.movement()
    for board in section.boards.all():
        rng = random.Random(board.number)
        contract, tricks = TYPICAL[board.number % len(TYPICAL)]
        declarer = rng.choice("NSEW")
        for seating in movement.plays_of_board(board.number):
            line = _line(rng, contract, tricks, declarer)
            save_result(board, pairs[seating.ns], pairs[seating.ew], line, director)


def _line(rng, contract, tricks, declarer) -> str:
    roll = rng.random()
    if roll < 0.08:
        return "PASS" if contract.startswith("1") else f"{contract}X {declarer} -1"
    if roll < 0.2:
        other = {"N": "E", "S": "W", "E": "S", "W": "N"}[declarer]
        return f"{int(contract[0]) - 1 or 1}{contract[1:]} {other} {rng.choice(['-1', '=', '-2'])}"
    taken = max(0, min(13, tricks + rng.choice([-1, 0, 0, 0, 1, 1, 2])))
    return f"{contract} {declarer} {taken}"
