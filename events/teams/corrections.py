"""A save that says what it moved: a match's boards, or its forfeit and penalties, stored with
the standings read before and after in the same transaction, under the event's lock, so the
difference is this save's and nobody else's. A correction to a round that later rounds
followed redraws nothing (events.teams.draw); it moves the standings, and the director sees
which teams it moved (scoring.standing_moves) on the match page."""

from dataclasses import dataclass

from django.db import transaction

import scoring
from events.core import versions
from events.teams import entry
from events.teams.models import TeamMatch
from events.teams.standings import standings

__all__ = ["StandingMove", "save_adjustments", "save_boards"]


@dataclass(frozen=True)
class StandingMove:
    """A team the save moved, in words the page and the session keep: "Ace", "30.5", "1"."""

    team: str
    vps_before: str
    vps_after: str
    place_before: str
    place_after: str

    @property
    def vps_moved(self) -> bool:
        return self.vps_before != self.vps_after

    @property
    def place_moved(self) -> bool:
        return self.place_before != self.place_after


def save_boards(match: TeamMatch, rows, seen=None) -> list[StandingMove]:
    """entry.save_boards, and the teams whose VPs or place it moved."""
    return _with_moves(match, lambda: entry.save_boards(match, rows, seen))


def save_adjustments(match: TeamMatch, **fields) -> list[StandingMove]:
    """entry.save_adjustments, and the teams whose VPs or place it moved."""
    return _with_moves(match, lambda: entry.save_adjustments(match, **fields))


def _with_moves(match: TeamMatch, save) -> list[StandingMove]:
    event = match.event
    if event.is_ko:  # no standings: the match page shows the running IMPs
        save()
        return []
    with transaction.atomic():
        versions.bump(event, by=0)  # the lock before the first reading, so it is this save's
        before = _placings(event)
        save()
        after = _placings(event)
    return [
        StandingMove(
            move.after.name,
            scoring.printed(move.before.total),
            scoring.printed(move.after.total),
            move.before.place,
            move.after.place,
        )
        for move in scoring.standing_moves(before, after)
    ]


def _placings(event) -> list[scoring.Placing]:
    # A team that has played nothing has no place yet (the standings show "—").
    return [
        scoring.Placing(row.team.number, row.team.name, row.vps, row.place if row.played else "—")
        for row in standings(event).rows
    ]
