"""Teams events for the tests, with sensible defaults: anything overridable by keyword."""

import datetime

from events.teams.models import TeamsEvent
from events.teams.setup import save_teams

SIX_TEAMS = """Ace: Ann, Abe, Amy, Art
Bell: Bea, Ben, Bob, Bud
Cole: Cat, Cid, Cy, Col
Drew: Dan, Dee, Dot, Dov
Eyre: Eve, Ed, Eli, Emma
Fry: Fay, Fox, Flo, Fred"""


def make_teams_event(club, teams: str | None = SIX_TEAMS, **fields) -> TeamsEvent:
    fields.setdefault("name", "Swiss teams")
    fields.setdefault("date", datetime.date(2026, 11, 24))
    fields.setdefault("kind", "swiss")
    fields.setdefault("boards_per_match", 2)
    fields.setdefault("rounds", 4)
    event = TeamsEvent.objects.create(club=club, **fields)
    if teams:
        save_teams(event, teams)
    return event
