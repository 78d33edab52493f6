"""A ladder's table: the club's players over the ladder's sessions (events.club.season, read
from the stored standings), ranked by scoring.ladders.

A reader who does not direct the club sees the published sessions only; a director sees the
unpublished ones too, marked. Queries: the sessions, then their stored standings, however many
sessions and pairs; the ranked table is kept under the sessions' versions, so a ladder read
again before a session changes costs the sessions' query alone.
"""

import hashlib
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction

from django.core.cache import cache

import scoring
from events.club.season import PlayerResult, results_by_player, season_sessions
from events.core.live import LIVE_SECONDS
from events.models import Club, Event, Ladder
from scoring.domain import LadderRule


@dataclass(frozen=True)
class LiveLadder:
    """What a live page follows (events.core.live): the ladder's own version, its club's
    masterpoint rule and each shown session's version and state, in one word; final once the
    season is over and every session in it is final."""

    pk: int
    club: Club
    created_at: datetime
    version: str
    finalised: bool


@dataclass(frozen=True)
class LadderRow:
    rank: str  # "" for a player not qualified yet
    name: str  # as the player's latest session has it
    figure: float
    played: int
    counted: int  # the sessions the figure counts


@dataclass(frozen=True)
class LadderTable:
    sessions: list[Event]
    rows: list[LadderRow]  # placed
    waiting: list[LadderRow]  # under N or the minimum: listed below, not placed
    unpublished: int  # the sessions shown to a director only


def ladder_sessions(ladder: Ladder, director: bool) -> list[Event]:
    return season_sessions(ladder.club, director=director, start=ladder.start, end=ladder.end)


def live_subject(ladder: Ladder, sessions: list[Event], today: date) -> LiveLadder:
    states = ".".join(f"{e.pk}:{e.version}{'p' if e.published else ''}" for e in sessions)
    word = f"{ladder.version}:{ladder.club.masterpoints}:{states}"
    over = ladder.end < today and all(event.finalised for event in sessions)
    digest = hashlib.sha1(word.encode()).hexdigest()[:16]
    return LiveLadder(ladder.pk, ladder.club, ladder.created_at, digest, over)


def ladder_table(ladder: Ladder, sessions: list[Event], subject: LiveLadder) -> LadderTable:
    """The table, kept in the shared cache under the subject's version: a ladder read again
    before any of its sessions changed is not ranked again (events.core.live keeps its pages'
    live parts the same way)."""
    key = f"ladder:{ladder.pk}:{ladder.created_at.timestamp()}:{subject.version}"
    rows = cache.get(key)
    if rows is None:
        rows = _ranked(ladder, sessions)
        cache.set(key, rows, LIVE_SECONDS)
    placed = [row for row in rows if row.rank]
    waiting = [row for row in rows if not row.rank]
    unpublished = sum(not event.published for event in sessions)
    return LadderTable(sessions, placed, waiting, unpublished)


def _ranked(ladder: Ladder, sessions: list[Event]) -> list[LadderRow]:
    rule = LadderRule.parse(ladder.rule)
    by_player = results_by_player(sessions)
    figures = {
        key: [_figure(result, rule) for result in results] for key, results in by_player.items()
    }
    counted = {key: [f for f in values if f is not None] for key, values in figures.items()}
    entries = scoring.ladder(dict(sorted(counted.items())), rule, ladder.sessions)
    rows = []
    for entry in entries:
        rows.append(
            LadderRow(
                entry.rank,
                by_player[entry.player][-1].name,
                float(entry.figure),
                entry.played,
                len(entry.counted),
            )
        )
    return rows


def _figure(result: PlayerResult, rule: LadderRule) -> Fraction | None:
    """What one session counts: its percentage (none when scored at IMPs), or the masterpoints
    it awarded (none awarded: 0)."""
    if rule is LadderRule.MASTERPOINTS:
        return result.standing.masterpoints or Fraction(0)
    return result.standing.percentage
