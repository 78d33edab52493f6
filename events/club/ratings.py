"""A club's ratings: each player's grade (scoring/ratings.py) from the club's published pairs
sessions in date order, read from their stored standings (events/standings/stored.py).

The whole history is read in a fixed number of queries and graded once; the grades are kept in
the shared cache under a fingerprint of the sessions (their number, versions, newest id and
latest creation), as events/standings/handicaps.py keeps handicaps, so a page pays one query
for them while no session changes. A pair's opponents are the pairs of its section ranked in
another group (the other direction of a two-winner movement), or, when the section ranks all
its pairs together, every other pair of the section. A session at IMPs counts as the
percentage its IMPs a board are worth (scoring/ratings.py).
"""

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Count, Max, Sum
from django.utils import timezone

from events.club.season import player_key
from events.models import Club, Event
from events.standings.stored import SessionStanding, stored_standings
from scoring.domain import CrossImpForm
from scoring.ratings import (
    MATURE_BOARDS,
    PUBLISHED_BOARDS,
    Grader,
    PairSession,
    imps_percentage,
)

__all__ = ["PlayerRating", "club_ratings", "grades_before", "player_rating"]


@dataclass(frozen=True)
class PlayerRating:
    """A player's grade and the boards of the three years it rests on."""

    name: str  # as their latest graded result has it
    grade: float
    boards: int

    @property
    def status(self) -> str:
        """ "mature" on 1000 boards, "evolving" on 300, "tentative" below."""
        if self.boards >= MATURE_BOARDS:
            return "mature"
        return "evolving" if self.boards >= PUBLISHED_BOARDS else "tentative"


def club_ratings(club: Club, before: datetime.date | None = None) -> dict[str, PlayerRating]:
    """Every graded player's rating by player_key, from the club's published sessions (those
    dated before `before` when given, as of that day; else as of today)."""
    sessions = Event.objects.not_deleted().filter(club=club, published=True)
    if before is not None:
        sessions = sessions.filter(date__lt=before)
    as_of = before or timezone.localdate()
    fingerprint = sessions.aggregate(
        n=Count("pk"), versions=Sum("version"), newest=Max("pk"), created=Max("created_at")
    )
    key = "ratings:{}:{}:{n}:{versions}:{newest}:{created}".format(club.pk, as_of, **fingerprint)
    key = key.replace(" ", "_")  # memcached keys have no spaces
    ratings = cache.get(key)
    if ratings is None:
        events = list(sessions.select_related("club").order_by("date", "pk"))
        ratings = _graded(events, as_of)
        cache.set(key, ratings, 24 * 3600)
    return ratings


def player_rating(club: Club, name: str) -> PlayerRating | None:
    """One player's rating at the club (their name compared case-blind); None if ungraded."""
    return club_ratings(club).get(player_key(name))


def grades_before(
    events: list[Event], days: Iterable[datetime.date]
) -> dict[datetime.date, dict[str, Fraction]]:
    """Each of `days`' grades by player_key, from the published `events` (in date order) dated
    before it: what club_ratings(club, before=day) grades, in one pass over the history, as a
    handicapped session's page takes them (events/standings/handicaps.py)."""
    grader = Grader()
    published = [event for event in events if event.published]
    standings = stored_standings(published)
    grades: dict[datetime.date, dict[str, Fraction]] = {}
    done = 0
    for day in sorted(set(days)):
        while done < len(published) and published[done].date < day:
            _grade_session(grader, published[done], standings[published[done].pk])
            done += 1
        grades[day] = {
            key: Fraction(grader.grade(key, day)).limit_denominator(10_000)
            for key in grader.players
            if grader.boards(key, day)
        }
    return grades


def _grade_session(grader: Grader, event: Event, standing: list[SessionStanding]) -> list:
    """Adds the session's graded pairs to `grader`; returns their rows."""
    rows = [row for row in standing if row.boards and _graded_as(event, row) is not None]
    if rows:
        grader.add_session(event.date, _pair_sessions(event, rows))
    return rows


def _graded(events: list[Event], as_of: datetime.date) -> dict[str, PlayerRating]:
    grader = Grader()
    if events:  # a session dated ahead: grades as of its day (a Grader only moves forward)
        as_of = max(as_of, events[-1].date)
    names: dict[str, str] = {}
    standings = stored_standings(events)
    for event in events:
        for row in _grade_session(grader, event, standings[event.pk]):
            if len(row.names) == 2:
                names.update({player_key(name): name.strip() for name in row.names})
    return {
        key: PlayerRating(names[key], grader.grade(key, as_of), grader.boards(key, as_of))
        for key in grader.players
        if grader.boards(key, as_of)
    }


def _graded_as(event: Event, row: SessionStanding) -> float | None:
    """The percentage a pair's session counts as: its own, or its IMPs a board turned into
    one (averaged cross-IMPs and Butler; cross-IMPs summed over comparisons are not graded)."""
    if row.percentage is not None:
        return float(row.percentage)
    if row.average is None or event.is_hdb or event.cross_imps == CrossImpForm.TOTAL:
        return None
    return imps_percentage(float(row.average))


def _pair_sessions(event: Event, rows: Sequence[SessionStanding]) -> list[PairSession]:
    return [
        PairSession(
            players=tuple(dict.fromkeys(player_key(name) for name in row.names)),
            percentage=_graded_as(event, row) or 0.0,
            boards=row.boards,
            opponents=_opponents(rows, index),
        )
        for index, row in enumerate(rows)
    ]


def _opponents(rows: Sequence[SessionStanding], index: int) -> tuple[int, ...]:
    own = rows[index]
    section = [i for i, row in enumerate(rows) if row.section == own.section and i != index]
    across = tuple(i for i in section if rows[i].group != own.group)
    return across or tuple(section)
