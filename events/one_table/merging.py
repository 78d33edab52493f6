"""One-table games' seats, renamed when a club merges two members (events/club/merging.py)."""

from events.club.merging import NamedPlayers, count, named, renamed, two_players
from events.core import versions
from events.core.names import player_key
from events.models import Member
from events.one_table.models import OneTableSession

SEATS = ("north", "east", "south", "west")


def _find(kept: Member, duplicate: Member) -> list[OneTableSession]:
    old, new = player_key(duplicate.name), player_key(kept.name)
    games = OneTableSession.objects.filter(club_id=kept.club_id).filter(
        named(duplicate.name, *SEATS) | named(kept.name, *SEATS)
    )
    found = []
    for game in games:
        seated = {player_key(getattr(game, seat)) for seat in SEATS}
        if {old, new} <= seated:
            raise two_players(kept.name, duplicate.name, game)
        if old in seated:
            found.append(game)
    return found


def _rename(games: list[OneTableSession], old: str, new: str) -> None:
    versions.bump(OneTableSession.objects.filter(pk__in={game.pk for game in games}))
    for game in games:
        for seat in SEATS:
            setattr(game, seat, renamed(getattr(game, seat), old, new))
    OneTableSession.objects.bulk_update(games, list(SEATS))


SEATED = NamedPlayers(_find, _rename, lambda n, old: f"{count(n, 'one-table game')} renamed.")
