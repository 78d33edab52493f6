"""Drawing a teams event's next round: the Berger table for a round robin, the Swiss draw
from the standings (scoring.swiss_round: no rematch unless unavoidable), a KO's next segment.
A team withdrawn before the round is not drawn (events.teams.withdrawal): a Swiss draws the
others only, a round robin gives its opponent a bye or a forfeit by the team's rule.

A round once drawn stays as drawn: correcting an earlier round's results changes the standings
the next draw reads, never a round already drawn."""

from django.db import transaction

import scoring
from events.core import versions
from events.teams.models import TeamMatch, TeamsEvent
from events.teams.room_links import ensure_room_links
from events.teams.setup import TeamsError, rounds_total
from events.teams.standings import standings
from events.teams.withdrawal import withdrawn_pairs

__all__ = ["drawn_rounds", "draw_next_round", "undraw_last_round", "unfinished"]


def drawn_rounds(event: TeamsEvent) -> int:
    return max(event.matches.values_list("round", flat=True), default=0)


def unfinished(event: TeamsEvent, round_number: int) -> list[TeamMatch]:
    """The matches of a round still waiting for boards (a bye or a forfeit needs none)."""
    matches = event.matches.filter(round=round_number, away__isnull=False, forfeit="")
    return [m for m in matches if m.boards_entered < event.boards_per_match]


def draw_next_round(event: TeamsEvent, expected: int | None = None) -> int:
    """Draw and store the next round; returns its number. A Swiss round waits for the round
    before it to be finished, since it is drawn from the standings. With `expected` (the round
    the director's page offered), a second press of Draw does not draw the round after."""
    with transaction.atomic():
        # The event's lock: two directors pressing Draw get one round each, in turn.
        versions.bump(event)
        teams = list(event.teams.all())
        if len(teams) < 2:
            raise TeamsError("Enter the teams first: at least two.")
        last = drawn_rounds(event)
        if expected is not None and expected != last + 1:
            raise TeamsError(f"Round {expected} is drawn already: see it below.")
        total = rounds_total(event, len(teams))
        if last >= total:
            raise TeamsError(f"All {total} {_rounds_word(event, total)} are drawn.")
        if event.is_swiss and last and (waiting := unfinished(event, last)):
            tables = ", ".join(str(match.table) for match in waiting)
            raise TeamsError(
                f"Round {last} is not finished (table{'s' if len(waiting) > 1 else ''} {tables} "
                "still have boards to enter): the Swiss draw comes from its standings."
            )
        number = last + 1
        if event.is_swiss and len([t for t in teams if not t.withdrawn]) < 2:
            raise TeamsError("Fewer than two teams are still playing: there is no round to draw.")
        by_number = {team.number: team for team in teams}
        pairs = withdrawn_pairs(teams, _pairs(event, number, len(teams)), number)
        table = 0
        for home, away, forfeit in pairs:
            if away is not None:
                table += 1
            TeamMatch.objects.create(
                event=event,
                round=number,
                table=table if away is not None else None,
                home=by_number[home],
                away=by_number.get(away),
                forfeit=forfeit,
            )
        # Each room of each match gets its phone link with the draw, as a pairs table does
        # with its session's movement.
        ensure_room_links(event.matches.filter(round=number).select_related("away"))
        return number


def _pairs(event: TeamsEvent, number: int, teams: int) -> list[tuple[int, int | None]]:
    if event.is_round_robin:
        return scoring.berger_rounds(teams)[number - 1]
    if event.is_ko:
        return [(1, 2)]
    table = standings(event)
    entries = [
        scoring.SwissEntry(row.team.number, float(row.vps), float(row.imp_difference))
        for row in table.rows
        if not row.team.withdrawn
    ]
    played, byes = set(), set()
    for match in event.matches.select_related("home", "away"):
        if match.is_bye:
            byes.add(match.home.number)
        else:
            played.add(frozenset((match.home.number, match.away.number)))
    return scoring.swiss_round(entries, played, byes=byes)


def undraw_last_round(event: TeamsEvent, expected: int | None = None) -> int:
    """Take back the last round drawn, if none of its boards is entered yet (with `expected`,
    only that round: a second press takes back nothing more)."""
    with transaction.atomic():
        versions.bump(event)
        last = drawn_rounds(event)
        if not last:
            raise TeamsError("No round is drawn yet.")
        if expected is not None and expected != last:
            raise TeamsError(f"Round {expected}'s draw is taken back already.")
        matches = event.matches.filter(round=last)
        played = any(m.forfeit_given for m in matches.select_related("home", "away"))
        if played or matches.filter(boards__isnull=False).exists():
            raise TeamsError(
                f"Round {last} has results already: clear its boards first to draw it again."
            )
        matches.delete()
        return last


def _rounds_word(event: TeamsEvent, count: int) -> str:
    word = "segment" if event.is_ko else "round"
    return word if count == 1 else f"{word}s"
