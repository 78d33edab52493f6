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


def play_flat(event: TeamsEvent, number: int) -> None:
    """Every match of the round still to play a draw on every board (2S= in both rooms,
    +110 each: 0 IMPs, 10-10 VPs on a 20-point scale)."""
    from events.teams import entry

    for match in event.matches.filter(round=number, away__isnull=False, forfeit=""):
        rows = [entry.BoardRow(n, "2S N =", "2S S =") for n in entry.board_numbers(match)]
        entry.save_boards(match, rows)


def four_teams_in_round_2(club) -> TeamsEvent:
    """A Swiss of four teams, round 1 played flat (Ace v Bell, Cole v Drew), round 2 drawn
    (Ace v Cole at table 1, Bell v Drew at table 2)."""
    from events.teams import draw

    event = make_teams_event(club, teams="Ace\nBell\nCole\nDrew")
    draw.draw_next_round(event)
    play_flat(event, 1)
    draw.draw_next_round(event)
    return event


def a_and_d_win_by_six(event: TeamsEvent) -> None:
    """Round 1 of four teams A-D (A v B at table 1, C v D at table 2): A beats B and D beats C
    by 6 IMPs (2S = +110 against 2S E = −110 on board 1, board 2 flat)."""
    from events.teams import entry

    first, second = event.matches.filter(round=1).order_by("table")
    entry.save_boards(
        first, [entry.BoardRow(1, "2S N =", "2S E ="), entry.BoardRow(2, "2S N =", "2S S =")]
    )
    entry.save_boards(
        second, [entry.BoardRow(1, "2S E =", "2S N ="), entry.BoardRow(2, "2S N =", "2S S =")]
    )
