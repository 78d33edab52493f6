"""Setting up a teams event: its VP scale, its teams, and how many rounds it has."""

import re
from dataclasses import dataclass

from django.db import transaction

from events.core import versions, vp_scales
from events.core.invisible import invisible_problem, without_invisible
from events.core.vp_scales import club_table
from events.teams.models import Team, TeamsEvent

__all__ = ["TeamsError", "club_table", "check_scale", "rounds_total", "save_teams",
           "parse_teams", "TeamLine", "teams_text", "MOST_TEAMS"]  # fmt: skip

MOST_TEAMS = 40
SMALLEST_TEAM = 4  # a team of four (or more): two pairs, one in each room


class TeamsError(ValueError):
    """Why the director's input cannot be stored, in the director's words: nothing stored.
    `problems` lists them one by one when there are several (bad lines of the teams box)."""

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.problems = problems or []


def check_scale(scale: str, boards: int, club_table_text: str = "") -> None:
    """Raise TeamsError if `scale` cannot score matches of `boards` boards (a scale without a
    table for that many boards, or a club table that does not read)."""
    try:
        vp_scales.check_scale(scale, boards, club_table_text)
    except ValueError as error:
        raise TeamsError(str(error)) from None


def rounds_total(event: TeamsEvent, teams: int | None = None) -> int:
    """The rounds the event plays: a round robin's come from its teams (n − 1, or n with a
    bye); Swiss rounds and KO segments are the director's."""
    if not event.is_round_robin:
        return event.rounds
    teams = event.teams.count() if teams is None else teams
    return teams - 1 + teams % 2 if teams >= 2 else 0


@dataclass(frozen=True)
class TeamLine:
    name: str
    members: str


# A match starts only where no space comes before: started inside a run of spaces as well,
# the search rescanned the rest of the run from every space of it (quadratic).
_SEPARATOR = re.compile(r"(?<!\s)(?:\s*[:–—]\s*|\s+-\s+)")


def parse_teams(text: str) -> list[TeamLine]:
    """One team a line: `Name: player, player, player, player` (the players may be left out).
    Every bad line is named; a TeamsError lists them all."""
    teams, problems, seen = [], [], {}
    lines = str(text or "").splitlines()
    count = sum(1 for line in lines if line.strip())
    if count > MOST_TEAMS:  # before reading them one by one: no event has this many
        raise TeamsError(f"{count} teams: Clubscore runs at most {MOST_TEAMS} in one event.")
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            continue
        name, members = _split(line)
        players = [player.strip() for player in members.split(",") if player.strip()]
        where = f"Line {number} ({without_invisible(line)[:30]})"
        if problem := invisible_problem(line):
            problems.append(f"{where}: {problem}.")
        elif not name:
            problems.append(
                f"{where}: the team's name comes first, e.g. Smith: Ann, Bob, Cat, Dan."
            )
        elif len(name) > 60:
            problems.append(f"{where}: a team's name is at most 60 characters.")
        elif name.casefold() in seen:
            problems.append(f"{where}: {name} is already the team on line {seen[name.casefold()]}.")
        elif players and len(players) < SMALLEST_TEAM:
            problems.append(
                f"{where}: a team has four or more players; name them all, or none "
                f"({len(players)} named)."
            )
        else:
            seen[name.casefold()] = number
            teams.append(TeamLine(name, ", ".join(players)))
            if len(", ".join(players)) > 300:
                problems.append(f"{where}: the players' names are too long (300 characters).")
    if problems:
        raise TeamsError(" ".join(problems), problems)
    return teams


def _split(line: str) -> tuple[str, str]:
    parts = _SEPARATOR.split(line, maxsplit=1)
    return (parts[0].strip(), parts[1].strip()) if len(parts) == 2 else (line.strip(), "")


def teams_text(event: TeamsEvent) -> str:
    """The event's teams as the teams box shows them, one a line."""
    return "\n".join(
        f"{team.name}: {team.members}" if team.members else team.name for team in event.teams.all()
    )


def save_teams(event: TeamsEvent, text: str) -> list[Team]:
    """Store the event's teams from the teams box, numbered in the order typed. Once a round is
    drawn the teams may be renamed and their players changed, but not added or removed."""
    lines = parse_teams(text)
    if len(lines) < 2:
        raise TeamsError("An event needs at least two teams: type one a line.")
    if event.is_ko and len(lines) != 2:
        raise TeamsError(f"A knockout match is between two teams, not {len(lines)}.")
    with transaction.atomic():
        versions.bump(event)
        existing = list(event.teams.all())
        drawn = event.matches.exists()
        if drawn and len(lines) != len(existing):
            raise TeamsError(
                f"Round 1 is drawn with {len(existing)} teams: rename them or change their "
                f"players, but keep {len(existing)} lines (the draw depends on them)."
            )
        if not drawn:
            event.teams.all().delete()
            return Team.objects.bulk_create(
                Team(event=event, number=number, name=line.name, members=line.members)
                for number, line in enumerate(lines, start=1)
            )
        # Renames may swap two names: clear them first so the unique names never clash.
        for team in existing:
            Team.objects.filter(pk=team.pk).update(name=f"\u2063{team.number}")
        for team, line in zip(existing, lines, strict=True):
            team.name, team.members = line.name, line.members
            team.save(update_fields=["name", "members"])
        return existing
