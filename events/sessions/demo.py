"""The demo club and its 7-table Mitchell that `make run` loads, so a newcomer sees a session."""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from events.entry.saving import save_result
from events.handrecords.jobs import queue_analysis
from events.handrecords.stats import random_deals
from events.models import Board, Club, Event, Pair
from events.sessions.setup import create_session
from scoring.deal import hcp, longest_fit, parse_deal
from scoring.domain import Direction, Method, MovementKind

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

DEMO_DEALS_SEED = 2026


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
    existing = Event.objects.not_deleted().filter(club=club, name=DEMO_SESSION).first()
    if existing:
        return existing
    event = create_session(
        club=club,
        name=DEMO_SESSION,
        date=datetime.date.today(),
        scoring_method=Method.MATCHPOINTS,
        movement=MovementKind.MITCHELL,
        tables=7,
        boards_per_round=3,
    )
    event.published = True
    event.save(update_fields=["published"])
    section = event.sections.get()
    names = iter(PLAYERS)
    pairs = list(section.pairs.all())
    for pair in pairs:
        pair.player1, pair.player2 = next(names), next(names)
    Pair.objects.bulk_update(pairs, ["player1", "player2"])
    _deal_every_board(section)
    _play_every_board(section, director)
    # The worker that `make run` starts analyses the deals: tables and par appear shortly.
    queue_analysis(event)
    return event


def _deal_every_board(section) -> None:
    boards = list(section.boards.all())
    for board, deal in zip(boards, random_deals(len(boards), DEMO_DEALS_SEED), strict=True):
        board.deal = deal
    Board.objects.bulk_update(boards, ["deal"])


def _play_every_board(section, director) -> None:
    pairs = {pair.key: pair for pair in section.pairs.all()}
    movement = section.movement()
    for board in section.boards.all():
        rng = random.Random(board.number)
        contract, tricks, side = _likely_contract(board.deal)
        declarer = rng.choice(side)
        for seating in movement.plays_of_board(board.number):
            line = _line(rng, contract, tricks, declarer)
            save_result(board, pairs[seating.ns], pairs[seating.ew], line, director)


def _likely_contract(deal: str) -> tuple[str, int, str]:
    """What a club field tends to bid on the deal: the side with more points declares its
    longest fit (no-trump without one, or a minor with game values), at the level its
    points suggest; the usual result is to make it exactly."""
    hands = parse_deal(deal)
    ns, ew = hcp(hands, Direction.NS), hcp(hands, Direction.EW)
    side = Direction.NS if ns >= ew else Direction.EW
    points, fit = hcp(hands, side), longest_fit(hands, side)
    strain = fit[-1] if fit else "NT"
    if strain in "CD" and 25 <= points < 29:
        strain = "NT"  # 3NT rather than 5 of a minor
    game = {"NT": 3, "S": 4, "H": 4, "D": 5, "C": 5}[strain]
    if points >= 37:
        level = 7
    elif points >= 33:
        level = 6
    elif points >= 25:
        level = game
    else:
        level = min(game - 1, 1 + (points - 20) // 2 + (strain != "NT"))
    return f"{level}{strain}", level + 6, side


def _line(rng, contract, tricks, declarer) -> str:
    roll = rng.random()
    if roll < 0.08:
        return "PASS" if contract.startswith("1") else f"{contract}X {declarer} -1"
    if roll < 0.2:
        other = {"N": "E", "S": "W", "E": "S", "W": "N"}[declarer]
        return f"{int(contract[0]) - 1 or 1}{contract[1:]} {other} {rng.choice(['-1', '=', '-2'])}"
    taken = max(0, min(13, tricks + rng.choice([-1, 0, 0, 0, 1, 1, 2])))
    return f"{contract} {declarer} {taken}"
