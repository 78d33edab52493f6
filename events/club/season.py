"""A club's season as its players lived it: each member's results across chosen sessions, read
from the sessions' stored standings (events/standings/stored.py) in a fixed number of queries.

A pair's players are the members whose names they are, compared case-blind (events/club/
players.py explains why at most one member is). A player who is no member is kept under the
name as typed, so a visitor's results are not lost either.
"""

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from events.core.names import player_key
from events.models import Club, Event
from events.standings.stored import SessionStanding, stored_standings

__all__ = [
    "PlayerResult", "player_key", "results_by_player", "results_of_player", "season_sessions",
]  # fmt: skip


@dataclass(frozen=True)
class PlayerResult:
    """One player's result in one session: their pair's standing and who partnered them."""

    event: Event
    standing: SessionStanding
    name: str  # as the pair has it
    partner: str  # "" when the pair has one name


def season_sessions(
    club: Club, *, director: bool, start: date | None = None, end: date | None = None
) -> list[Event]:
    """The club's pairs sessions in date order (published ones only, unless the reader directs
    the club), between `start` and `end` inclusive when given."""
    events = Event.objects.not_deleted().filter(club=club)
    if not director:
        events = events.filter(published=True)
    if start is not None:
        events = events.filter(date__gte=start)
    if end is not None:
        events = events.filter(date__lte=end)
    return list(events.select_related("club").order_by("date", "pk"))


def results_of_player(events: list[Event], name: str) -> list[PlayerResult]:
    """One player's results in `events` (as results_by_player finds them), read as fast."""
    key = player_key(name)

    def named(player1: str, player2: str) -> bool:
        return player_key(player1) == key or player_key(player2) == key

    return results_by_player(events, named).get(key, [])


def results_by_player(
    events: list[Event], named: Callable[[str, str], bool] | None = None
) -> dict[str, list[PlayerResult]]:
    """Every player's results in `events`, by player_key, in the events' order (of the pairs
    `named` accepts, when given). A pair with no board played gives its players no result."""
    standings = stored_standings(events, named)
    found: dict[str, list[PlayerResult]] = defaultdict(list)
    for event in events:
        for standing in standings[event.pk]:
            if not standing.boards:
                continue
            names = standing.names
            for name in dict.fromkeys(names):
                partner = next((other for other in names if other != name), "")
                found[player_key(name)].append(PlayerResult(event, standing, name, partner))
    return dict(found)
