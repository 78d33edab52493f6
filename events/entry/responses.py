"""What a traveller page answers: the whole page, or for HTMX only its rows.

After a save the standings beside the rows are not redrawn with them but asked for at once by
the page, on the save's HX-Trigger (`clubscore:saved`): they are the session's, shared by every
open page through the live cache, while the typist waits only for their own rows.
"""

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from events.core.access import is_director
from events.entry.outcome import Outcome
from events.entry.rows import Row
from events.models import Board
from events.standings.ranking import section_standings

SAVED_EVENT = "clubscore:saved"  # templates/events/_standings.html refreshes on it


def all_entered(rows: list[Row]) -> bool:
    return all(row.result is not None for row in rows if not row.new)


def rows_context(request, section, rows, pairs, outcome: Outcome | None, **extra) -> dict:
    event = section.event
    saved = outcome.rows_version if outcome is not None else None
    return {
        "event": event,
        "section": section,
        "rows": rows,
        "pairs": pairs,
        "director": is_director(request, event),
        # The session's version the rows are at least as new as: their poll's `since`.
        "rows_version": event.version if saved is None else saved,
        **extra,
    }


def respond(request, template: str, context: dict, outcome: Outcome | None):
    """The whole page; for HTMX only the rows, and after a save the trigger for the rest."""
    status = outcome.status if outcome is not None else 200
    if not request.htmx:
        section = context["section"]
        standings = [(section, section_standings(section, context["pairs"]))]
        return render(request, template, {**context, "standings": standings}, status=status)
    response = HttpResponse(
        render_to_string("events/_traveller.html", context, request=request), status=status
    )
    if status != 200:
        response["Clubscore-Rows"] = "swap"  # static/js/htmx-errors.js: show these rows
    if outcome is not None and outcome.done:
        response["HX-Trigger"] = SAVED_EVENT
    return response


def neighbours(board) -> dict:
    """The boards before and after this one in its section, for the page's links."""
    around = Board.objects.filter(
        section=board.section_id, number__in=[board.number - 1, board.number + 1]
    )
    by_number = {b.number: b for b in around}
    return {
        "previous_board": by_number.get(board.number - 1),
        "next_board": by_number.get(board.number + 1),
    }
