"""A ladder's table: the club's players over the ladder's sessions (events.club.season, read
from the stored standings), ranked by scoring.ladders.

A reader who does not direct the club sees the published sessions only; a director sees the
unpublished ones too, marked. A handicapped ladder also reads the sessions before its start:
each session's pair handicaps come, as the ladder chooses, from its players' published results
of the 365 days before it or from their grades over the club's published sessions before it,
and the ladder adds the whole handicap or half, as a handicapped session's own page does
(events/standings/handicaps.py).

Queries: the sessions, then their stored standings, however many sessions and pairs; the
ranked table is kept under the sessions' versions, so a ladder read again before a session
changes costs the sessions' query alone.
"""

import hashlib
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction

from django.core.cache import cache

import scoring
from events.club.player_links import club_player_urls
from events.club.ratings import grades_before
from events.club.season import PlayerResult, player_key, results_by_player, season_sessions
from events.core.live import LIVE_SECONDS
from events.models import Club, Event, Ladder
from events.standings.handicaps import YEAR
from scoring.domain import HandicapBasis, Handicapping, LadderRule


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
    player_urls: dict[str, str]  # the players' pages, by their names in lower case

    @property
    def linked(self) -> list[tuple[LadderRow, str]]:
        """The placed rows, each with its player's page ("" for none)."""
        return [(row, self.player_urls.get(player_key(row.name), "")) for row in self.rows]

    @property
    def linked_waiting(self) -> list[tuple[LadderRow, str]]:
        return [(row, self.player_urls.get(player_key(row.name), "")) for row in self.waiting]


def ladder_sessions(ladder: Ladder, director: bool) -> list[Event]:
    """The sessions the ladder reads: its own, and for a handicapped one the year before (by
    averages) or every session before (by grades)."""
    start: date | None = ladder.start
    if ladder.rule == LadderRule.HANDICAPPED:
        start = None if ladder.handicap_basis == HandicapBasis.GRADE else ladder.start - YEAR
    return season_sessions(ladder.club, director=director, start=start, end=ladder.end)


def live_subject(ladder: Ladder, sessions: list[Event], today: date) -> LiveLadder:
    states = ".".join(f"{e.pk}:{e.version}{'p' if e.published else ''}" for e in sessions)
    word = f"{ladder.version}:{ladder.club.masterpoints}:{states}"
    over = ladder.end < today and all(event.finalised for event in sessions)
    digest = hashlib.sha1(word.encode()).hexdigest()[:16]
    return LiveLadder(ladder.pk, ladder.club, ladder.created_at, digest, over)


def ladder_table(
    ladder: Ladder, sessions: list[Event], subject: LiveLadder, director: bool = False
) -> LadderTable:
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
    shown = [event for event in sessions if event.date >= ladder.start]
    unpublished = sum(not event.published for event in shown)
    urls, hidden = club_player_urls(ladder.club)
    if not director:  # a member who hides from public pages is left out of the public list
        placed = [row for row in placed if player_key(row.name) not in hidden]
        waiting = [row for row in waiting if player_key(row.name) not in hidden]
    return LadderTable(shown, placed, waiting, unpublished, urls)


def _ranked(ladder: Ladder, sessions: list[Event]) -> list[LadderRow]:
    rule = LadderRule.parse(ladder.rule)
    everything = results_by_player(sessions)
    by_player = {
        key: [result for result in results if result.event.date >= ladder.start]
        for key, results in everything.items()
    }
    by_player = {key: results for key, results in by_player.items() if results}
    if rule is LadderRule.HANDICAPPED:
        if ladder.handicap_basis == HandicapBasis.GRADE:
            shown = {result.event.date for results in by_player.values() for result in results}
            handicap = _grade_handicaps(sessions, shown)
        else:
            handicap = _handicaps(everything)
        share = scoring.HANDICAP_SHARES[Handicapping(ladder.handicapping)]
        figures = {
            key: [_handicapped(result, handicap, share) for result in results]
            for key, results in by_player.items()
        }
    else:
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


def _handicaps(everything: dict[str, list[PlayerResult]]):
    """A function giving a player's handicap on a day: 50 less their average percentage in
    the club's published sessions of the 365 days before it (scoring.player_handicap)."""
    history = {
        key: [
            (result.event.date, result.standing.percentage)
            for result in results
            if result.event.published and result.standing.percentage is not None
        ]
        for key, results in everything.items()
    }

    def handicap(key: str, day: date) -> Fraction:
        window = [value for when, value in history.get(key, []) if day - YEAR <= when < day]
        return scoring.player_handicap(window)

    return handicap


def _grade_handicaps(sessions: list[Event], days: set[date]):
    """A function giving a player's handicap on a day: 50 less their grade from the club's
    published sessions before it (scoring.grade_handicap); none graded: 0."""
    grades = grades_before(sessions, days)

    def handicap(key: str, day: date) -> Fraction:
        grade = grades[day].get(key)
        return Fraction(0) if grade is None else scoring.grade_handicap(grade)

    return handicap


def _handicapped(result: PlayerResult, handicap, share: Fraction) -> Fraction | None:
    """The session's percentage with `share` of the pair's handicap added (scoring.handicapped
    adds it the same way on a handicapped session's page)."""
    percentage = result.standing.percentage
    if percentage is None:
        return None
    names = [name for name in (result.name, result.partner) if name]
    pair = scoring.pair_handicap([handicap(player_key(name), result.event.date) for name in names])
    return percentage + share * pair
