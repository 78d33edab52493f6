"""Traveller entry: a board's traveller, or one table's round, typed from the keyboard.

A POST saves (or clears) one line through events.entry.saving (validate, store, rescore in one
transaction) and answers an HTMX request with the refreshed rows and an HX-Trigger on which
the page asks for the live standings at once. A GET may carry `after=<row>` (the cursor goes
to the row after it: the typist kept the other result) or `focus=<row>`. The rows poll every
second with `since=<version>` (events.core.live): 204 while the session is unchanged, else the
rows as stored, which the page takes in row by row around the row being typed
(static/js/entry.js), so another director's or a table's saves show without a reload.

A save the database could not finish (a lock or statement timeout, a dropped connection) is
rolled back whole and answers 503 with the rows, the typed line still in its box and a
message beside it; sending it again is safe (events.entry.saving finds a line already stored). An
HTMX request whose login has expired gets 401 and a message, not the login page swapped into
the rows.
"""

import functools
import logging

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import InterfaceError, OperationalError, connection
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core.access import (
    board_for_director,
    board_for_reader,
    is_director,
    section_for_director,
)
from events.core.live import live_page, live_view, unchanged
from events.core.params import int_or_none
from events.core.queries import section_pairs
from events.entry.changes import Correction
from events.entry.deleting import delete_result
from events.entry.errors import CorrectionNeeded, EntryConflict
from events.entry.forms import ResultForm
from events.entry.outcome import Outcome, enter_line, place_cursor
from events.entry.responses import all_entered, neighbours, respond, rows_context
from events.entry.rows import (
    board_rows,
    missing_boards,
    reload_results,
    table_round_rows,
)
from events.models import Pair, Result, ResultChange
from events.models.results import REASON_LENGTH
from events.sessions import grid as tables_grid
from events.standings.ranking import section_standings
from events.standings.recaps import sorted_lines

logger = logging.getLogger(__name__)

LOGIN_EXPIRED = "Your login has expired: log in again in another tab, then press Enter."
NOT_SAVED = (
    "Not saved: the database was busy or lost its connection. Your text is still here: "
    "press Enter to try again."
)
NOT_DELETED_FINAL = (
    "Not deleted: the results are final, so a deletion is a correction players see. Empty "
    "the row here and say why."
)


def _login_expired(request):
    """For HTMX a 401 with a message (a redirect would swap the login page into the rows, and
    lose what was typed); otherwise the login page, back here after."""
    if request.htmx:
        response = HttpResponse(LOGIN_EXPIRED, status=401, content_type="text/plain")
        response["WWW-Authenticate"] = 'Session realm="Clubscore"'
        return response
    return redirect_to_login(request.get_full_path())


def _director_login_required(view):
    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return _login_expired(request)
        return view(request, *args, **kwargs)

    return wrapped


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
@live_view
def board_traveller(request, pk):
    writing = request.method == "POST"
    if writing and not request.user.is_authenticated:
        return _login_expired(request)
    board = (board_for_director if writing else board_for_reader)(request, pk)
    event = board.section.event
    director = is_director(request, event)
    if not director:
        return _public_board(request, board)
    if unchanged(request, event):
        return HttpResponse(status=204)
    pairs = _pairs(board.section)
    outcome = _save(request, pairs, lambda _: board) if writing else None
    if outcome is not None and outcome.done and not request.htmx:
        return redirect("board_traveller", pk=board.pk)
    rows = board_rows(board, pairs, new_row=director)
    place_cursor(rows, outcome, request.GET)
    context = rows_context(
        request,
        board.section,
        rows,
        pairs,
        outcome,
        board=board,
        show_board=False,
        action=reverse("board_traveller", args=[board.pk]),
        **neighbours(board),
    )
    if context["next_board"] is None and all_entered(rows):
        # The last board's last slip: say what is still missing rather than lose the cursor.
        context["missing"] = missing_boards(board.section)
        context["missing_count"] = sum(count for _, count in context["missing"])
    return respond(request, "events/board.html", context, outcome)


def _public_board(request, board):
    """A board's results as players read them, best NS score first, with `pair=<id>`'s row
    marked; live like the session's other pages (events.core.live)."""
    event = board.section.event
    highlight = int_or_none(request.GET.get("pair"))

    def context():
        pairs = _pairs(board.section)
        lines = {"board": board, "section": board.section, "lines": sorted_lines(board, pairs),
                 "highlight": highlight}  # fmt: skip
        if request.htmx:
            return lines
        standings = [(board.section, section_standings(board.section, pairs))]
        return {**lines, **neighbours(board), "standings": standings}

    return live_page(request, event, "events/board.html", context, highlight)


@_director_login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def table_round(request, pk, table, round_number):
    section, movement = _movement_with(request, pk, table, round_number)
    if unchanged(request, section.event):
        return HttpResponse(status=204)
    pairs = _pairs(section)
    writing = request.method == "POST"
    rows = table_round_rows(section, round_number, table, pairs, with_results=not writing)
    outcome = None
    if writing:
        boards = {row.board.pk: row.board for row in rows}
        outcome = _save(request, pairs, lambda board_id: boards.get(board_id))
        if outcome.done and not request.htmx:
            return redirect("table_round", pk=section.pk, table=table, round_number=round_number)
        reload_results(rows)  # as stored now: this save's, or after a refusal what it met
    place_cursor(rows, outcome, request.GET)
    context = rows_context(
        request,
        section,
        rows,
        pairs,
        outcome,
        seating=movement.seating(round_number, table),
        movement=movement,
        table=table,
        round_number=round_number,
        show_board=True,
        action=reverse("table_round", args=[section.pk, table, round_number]),
        last_round=round_number == movement.rounds,
    )
    # The grid is drawn with the page; after a save it asks for itself (table_round_grid), so
    # the typist does not wait for 225 cells to get the cursor back.
    grid = tables_grid.table_round_grid(section, pairs) if not request.htmx else None
    if context["last_round"] and all_entered(rows):
        grid = grid or tables_grid.table_round_grid(section, pairs)
        context["missing_cells"] = [cell for cell in grid.cells if cell.unfinished]
    context["grid"] = grid
    return respond(request, "events/table_round.html", context, outcome)


@_director_login_required
@require_GET
@vary_on_headers("HX-Request")
def table_round_grid(request, pk, table, round_number):
    """The table × round grid below a table round's rows, as it stands now: the page asks for
    it after each save (`clubscore:saved`)."""
    section, _ = _movement_with(request, pk, table, round_number)
    if not request.htmx:
        return redirect("table_round", pk=section.pk, table=table, round_number=round_number)
    if unchanged(request, section.event):
        return HttpResponse(status=204)
    grid = tables_grid.table_round_grid(section)
    context = {"event": section.event, "section": section, "table": table,
               "round_number": round_number, "grid": grid}  # fmt: skip
    return render(request, "events/_table_round_progress.html", context)


def _movement_with(request, pk, table, round_number):
    """The director's section and its movement, which must have this table and round."""
    section = section_for_director(request, pk)
    movement = section.movement()
    if movement is None or not 1 <= round_number <= movement.rounds:
        raise Http404("No such round")
    if not 1 <= table <= movement.tables:
        raise Http404("No such table")
    return section, movement


@login_required
@require_POST
def result_delete(request, pk):
    """Delete a result as the director last saw it: changed since (the posted `version`, else
    the one read here), nothing is deleted and the board says what the row holds now."""
    result = get_object_or_404(Result.objects.select_related("board", "ns_pair"), pk=pk)
    board = board_for_director(request, result.board_id)
    seen = int_or_none(request.POST.get("version")) or result.version
    reason = request.POST.get("reason", "").strip()[:REASON_LENGTH]
    correction = Correction(reason, bool(request.POST.get("publish_reason"))) if reason else None
    try:
        delete_result(result, request.user, expected_version=seen, correction=correction)
    except CorrectionNeeded:
        messages.warning(request, NOT_DELETED_FINAL)
    except EntryConflict as conflict:
        messages.warning(request, f"Not deleted: {conflict}")
    return redirect("board_traveller", pk=board.pk)


@login_required
@require_GET
def board_history(request, pk):
    board = board_for_director(request, pk)
    changes = ResultChange.objects.filter(board=board).select_related(
        "ns_pair", "ew_pair", "changed_by"
    )
    return render(
        request,
        "events/board_history.html",
        {"board": board, "event": board.section.event, "changes": changes},
    )


def _pairs(section) -> list[Pair]:
    return section_pairs(section.pk)


def _save(request, pairs, board_of) -> Outcome:
    """Save (or clear) the posted line: what it came to, to show beside its row."""
    form = ResultForm(request.POST, pairs=pairs)
    board = board_of(int_or_none(request.POST.get("board")))
    if board is None:
        raise Http404("No such board here")
    posted = Outcome.posted(board, request.POST, form.pairs)
    try:
        return enter_line(posted, form, request.user)
    except (OperationalError, InterfaceError):
        # The transaction was rolled back whole; the rows are shown again from a sound
        # connection so the typist sees the line still in its box.
        logger.warning("Board %s: a save failed in the database", board.pk, exc_info=True)
        connection.close_if_unusable_or_obsolete()
        return posted.refused(error=NOT_SAVED, status=503)
