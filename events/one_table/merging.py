"""One-table games' seats, renamed when a club merges two members (events/club/merging.py)."""

from events.club.merging import NamedPlayers, count, named, renamed, two_players
from events.core import versions
from events.models import Member
from events.one_table.models import OneTableSession

SEATS = ("north", "east", "south", "west")


def _find(kept: Member, duplicate: Member) -> list[OneTableSession]:
    old, new = duplicate.name.lower(), kept.name.lower()
    games = OneTableSession.objects.filter(club_id=kept.club_id).filter(
        named(old, *SEATS) | named(new, *SEATS)
    )
    found = []
    for game in games:
        seated = {getattr(game, seat).lower() for seat in SEATS}
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
