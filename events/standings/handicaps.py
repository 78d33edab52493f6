"""A handicapped session's pair handicaps (scoring/handicaps.py), from each player's average
percentage over the club's published sessions of the 365 days before it, or, as the director
chooses, from each player's grade over the club's published sessions before it
(events/club/ratings.py).

The averages read the sessions' stored standings (events/club/season.py); a session's pair
handicaps are kept in the shared cache under a fingerprint of those sessions (their number,
versions, newest id and creation), so that a standings page, rendered after every save of the night,
pays one query for them while no earlier session changes.
"""

import datetime
from collections import defaultdict
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Count, Max, Sum

import scoring
from events.club.ratings import club_ratings
from events.club.season import player_key, results_by_player
from events.models import Event, Pair
from scoring.domain import HandicapBasis

YEAR = datetime.timedelta(days=365)


def pair_handicaps(event: Event, pairs: dict[int, Pair]) -> dict[int, Fraction]:
    """Each pair's handicap by pk; {} when the session is not handicapped."""
    if not event.handicapping:
        return {}
    if event.handicap_basis == HandicapBasis.GRADE:
        players = _grade_handicaps(event)
    else:
        players = _average_handicaps(event)
    return {
        pk: scoring.pair_handicap(
            [players.get(player_key(name), Fraction(0)) for name in _names(pair)]
        )
        for pk, pair in pairs.items()
    }


def _grade_handicaps(event: Event) -> dict[str, Fraction]:
    """50 less each player's grade from the club's published sessions before this one."""
    ratings = club_ratings(event.club, before=event.date)
    return {
        key: scoring.grade_handicap(Fraction(rating.grade).limit_denominator(10_000))
        for key, rating in ratings.items()
    }


def _average_handicaps(event: Event) -> dict[str, Fraction]:
    earlier = (
        Event.objects.not_deleted()
        .filter(club_id=event.club_id, published=True)
        .filter(date__gte=event.date - YEAR, date__lt=event.date)
    )
    # The newest session's creation tells apart sessions that reuse ids (SQLite, after a
    # rollback); the sum of versions moves with any change to one of them.
    fingerprint = earlier.aggregate(
        n=Count("pk"), versions=Sum("version"), newest=Max("pk"), made=Max("created_at")
    )
    made = fingerprint["made"].timestamp() if fingerprint["made"] else 0
    key = (
        f"handicaps:{event.club_id}:{event.date}:{fingerprint['n']}:"
        f"{fingerprint['versions']}:{fingerprint['newest']}:{made}"
    )
    players = cache.get(key)
    if players is None:
        players = _player_handicaps(list(earlier.select_related("club").order_by("date", "pk")))
        cache.set(key, players, 24 * 3600)
    return players


def _player_handicaps(events: list[Event]) -> dict[str, Fraction]:
    percentages: dict[str, list[Fraction]] = defaultdict(list)
    for key, results in results_by_player(events).items():
        for result in results:
            if result.standing.percentage is not None:
                percentages[key].append(result.standing.percentage)
    return {key: scoring.player_handicap(values) for key, values in percentages.items()}


def _names(pair: Pair) -> list[str]:
    return [name for name in (pair.player1, pair.player2) if name]
