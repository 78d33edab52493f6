"""Teams' lists of players, renamed when a club merges two members (events/club/merging.py)."""

from events.club.merging import (
    MergeRefused,
    NamedPlayers,
    count,
    renamed,
    two_players,
)
from events.core import versions
from events.core.names import player_key
from events.models import Member
from events.teams.models import Team, TeamsEvent

MEMBERS_LENGTH = Team._meta.get_field("members").max_length


def _players(team: Team) -> list[str]:
    return [player.strip() for player in team.members.split(",") if player.strip()]


def _find(kept: Member, duplicate: Member) -> list[Team]:
    old, new = player_key(duplicate.name), player_key(kept.name)
    by_event: dict[int, list[Team]] = {}
    for team in Team.objects.filter(event__club_id=kept.club_id).select_related("event"):
        by_event.setdefault(team.event_id, []).append(team)
    found = []
    for teams in by_event.values():
        listed = {player_key(player) for team in teams for player in _players(team)}
        if {old, new} <= listed:
            raise two_players(kept.name, duplicate.name, teams[0].event)
        found += [team for team in teams if old in {player_key(p) for p in _players(team)}]
    return found


def _rename(teams: list[Team], old: str, new: str) -> None:
    versions.bump(TeamsEvent.objects.filter(pk__in={team.event_id for team in teams}))
    for team in teams:
        team.members = ", ".join(renamed(player, old, new) for player in _players(team))
        if len(team.members) > MEMBERS_LENGTH:
            raise MergeRefused(
                f"Team {team.name}'s list of players would be longer than {MEMBERS_LENGTH} "
                f"characters with {new}: shorten it first."
            )
    Team.objects.bulk_update(teams, ["members"])


LISTED = NamedPlayers(
    _find, _rename, lambda n, old: f"{old} renamed among the players of {count(n, 'team')}."
)
