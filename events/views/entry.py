"""Traveller entry: a board's traveller, or one table's round, typed from the keyboard.

A POST saves (or clears) one line through events.results (validate, store, rescore in one
transaction) and answers an HTMX request with the refreshed rows and an HX-Trigger on which
the page asks for the live standings at once. A GET may carry `after=<row>` (the cursor goes
to the row after it: the typist kept the other result) or `focus=<row>`. The rows poll every
second with `since=<version>` (events.live): 204 while the session is unchanged, else the
rows as stored, which the page takes in row by row around the row being typed
(static/js/entry.js), so another director's or a table's saves show without a reload.

A save the database could not finish (a lock or statement timeout, a dropped connection) is
rolled back whole and answers 503 with the rows, the typed line still in its box and a
message beside it; sending it again is safe (events.results finds a line already stored). An
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
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.access import board_for_director, board_for_reader, is_director, section_for_director
from events.entry.forms import ResultForm
from events.live import live_page, live_view, unchanged
from events.models import Board, Pair, Result, ResultChange
from events.models.results import REASON_LENGTH
from events.queries import section_pairs
from events.recaps import sorted_lines
from events.results import (
    Correction,
    CorrectionNeeded,
    EntryConflict,
    EntryError,
    EntryWarning,
    delete_result,
    save_result,
)
from events.sessions import grid as tables_grid
from events.standings.ranking import section_standings
from events.travellers import (
    Row,
    board_rows,
    mark_focus,
    mark_saved,
    missing_boards,
    reload_results,
    table_round_rows,
)
from events.views.params import int_or_none

logger = logging.getLogger(__name__)

LOGIN_EXPIRED = "Your login has expired: log in again in another tab, then press Enter."
NOT_SAVED = (
    "Not saved: the database was busy or lost its connection. Your text is still here: "
    "press Enter to try again."
)
SAVED_EVENT = "clubscore:saved"  # templates/events/_standings.html refreshes on it
NOT_DELETED_FINAL = (
    "Not deleted: the results are final, so a deletion is a correction players see. Empty "
    "the row here and say why."
)
ROW_GONE = (
    "This row is not on the traveller any more (or its pairs are not in this section): "
    "nothing was stored. Type the pairs and the result in the Other pairs row."
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
    outcome = None
    if writing:
        outcome = _save(request, pairs, lambda _: board)
        if outcome is None and not request.htmx:
            return redirect("board_traveller", pk=board.pk)
    rows = board_rows(board, pairs, new_row=director)
    _place_cursor(rows, outcome, request)
    context = _context(
        request, board.section, rows, pairs, board=board, show_board=False,
        action=reverse("board_traveller", args=[board.pk]), **_neighbours(board),
    )  # fmt: skip
    if context["next_board"] is None and _all_entered(rows):
        # The last board's last slip: say what is still missing rather than lose the cursor.
        context["missing"] = missing_boards(board.section)
        context["missing_count"] = sum(count for _, count in context["missing"])
    return _respond(request, "events/board.html", context, outcome)


def _public_board(request, board):
    """A board's results as players read them, best NS score first, with `pair=<id>`'s row
    marked; live like the session's other pages (events.live)."""
    event = board.section.event
    highlight = int_or_none(request.GET.get("pair"))

    def context():
        pairs = _pairs(board.section)
        lines = {"board": board, "section": board.section, "lines": sorted_lines(board, pairs),
                 "highlight": highlight}  # fmt: skip
        if request.htmx:
            return lines
        standings = [(board.section, section_standings(board.section, pairs))]
        return {**lines, **_neighbours(board), "standings": standings}

    return live_page(request, event, "events/board.html", context, highlight)


def _neighbours(board) -> dict:
    around = Board.objects.filter(
        section=board.section_id, number__in=[board.number - 1, board.number + 1]
    )
    by_number = {b.number: b for b in around}
    return {
        "previous_board": by_number.get(board.number - 1),
        "next_board": by_number.get(board.number + 1),
    }


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
        if outcome is None and not request.htmx:
            return redirect("table_round", pk=section.pk, table=table, round_number=round_number)
        reload_results(rows)  # as stored now: this save's, or after a refusal what it met
    _place_cursor(rows, outcome, request)
    context = _context(
        request, section, rows, pairs, seating=movement.seating(round_number, table),
        movement=movement, table=table, round_number=round_number, show_board=True,
        action=reverse("table_round", args=[section.pk, table, round_number]),
        last_round=round_number == movement.rounds,
    )  # fmt: skip
    # The grid is drawn with the page; after a save it asks for itself (table_round_grid), so
    # the typist does not wait for 225 cells to get the cursor back.
    grid = tables_grid.table_round_grid(section, pairs) if not request.htmx else None
    if context["last_round"] and _all_entered(rows):
        grid = grid or tables_grid.table_round_grid(section, pairs)
        context["missing_cells"] = [cell for cell in grid.cells if cell.unfinished]
    context["grid"] = grid
    return _respond(request, "events/table_round.html", context, outcome)


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


def _save(request, pairs, board_of) -> dict | None:
    """Save (or clear) the posted line; None when done, else what to show beside the row."""
    form = ResultForm(request.POST, pairs=pairs)
    board = board_of(int_or_none(request.POST.get("board")))
    if board is None:
        raise Http404("No such board here")
    post = request.POST
    outcome = {
        "key": f"{board.pk}-{post.get('ns', '')}-{post.get('ew', '')}",
        "typed": post.get("text", ""),
        "typed_ns": post.get("ns_number"),
        "typed_ew": post.get("ew_number"),
        "version": int_or_none(post.get("version")),
        # A row off the movement that has gone meanwhile (its result deleted) is shown again.
        "row": Row(
            board,
            form.pairs.get(int_or_none(post.get("ns"))),
            form.pairs.get(int_or_none(post.get("ew"))),
        ),
    }
    if form.errors.keys() == {"reason"}:
        return {**outcome, "correction": form.errors["reason"][0], **_typed_reason(post)}
    if not form.is_valid():
        message = "; ".join(str(e) for errors in form.errors.values() for e in errors)
        return {**outcome, "error": message or "Type a result."}
    data = form.cleaned_data
    correction = Correction(data["reason"], data["publish_reason"]) if data["reason"] else None
    try:
        if data["text"]:
            result = _save_line(board, data, request.user, correction)
            request.saved_key = f"{board.pk}-{result.ns_pair_id}-{result.ew_pair_id}"
            # A stored result carries the session's version its save made: the rows, read
            # after it, are at least that new (their poll asks from there).
            request.rows_version = result.version
        else:
            request.deleted_text = _clear(board, data, request.user, correction)
            request.cleared_key = outcome["key"]
    except CorrectionNeeded as needed:
        # The session is final: the row asks why, and keeps what was typed and confirmed.
        return {**outcome, "correction": str(needed), "clearing": not data["text"],
                **_typed_reason(post)}  # fmt: skip
    except EntryConflict as conflict:
        return {**outcome, "conflict": conflict}
    except EntryWarning as warning:
        return {**outcome, "warning": str(warning), "clearing": not data["text"]}
    except EntryError as error:
        return {**outcome, "error": str(error)}
    except (OperationalError, InterfaceError):
        # The transaction was rolled back whole; the rows are shown again from a sound
        # connection so the typist sees the line still in its box.
        logger.warning("Board %s: a save failed in the database", board.pk, exc_info=True)
        connection.close_if_unusable_or_obsolete()
        return {**outcome, "error": NOT_SAVED, "status": 503}
    return None


def _typed_reason(post) -> dict:
    """A correction's reason as typed, and the answers already given, to show them again."""
    return {
        "reason": post.get("reason", ""), "publish_reason": bool(post.get("publish_reason")),
        "override": bool(post.get("override")),
    }  # fmt: skip


def _save_line(board, data, user, correction) -> Result:
    return save_result(
        board, data["ns"], data["ew"], data["text"], user, override=data["override"],
        row_ns=data["row_ns"], new_row=data["new_row"], expected_version=data["version"],
        replacing=data["replace"], correction=correction,
    )  # fmt: skip


def _clear(board, data, user, correction) -> str:
    """An emptied row: after a confirming Enter (or ✕), its result is deleted; in a finalised
    session the reason asked for is the confirmation. Returns the line deleted ("" when
    someone else had deleted it already)."""
    row_ns = data["row_ns"]
    result = Result.objects.filter(board=board, ns_pair=row_ns).first() if row_ns else None
    if result is None or result.ew_pair_id != data["ew"].pk:
        if data["version"]:
            return ""  # already cleared by someone else: what the typist wanted
        raise EntryError("Type a result.")
    if not data["override"] and not board.section.event.finalised:
        raise EntryWarning(
            f"Clear this row? {result.text} will be deleted (it stays in the board's History)."
        )
    delete_result(result, user, expected_version=data["version"], correction=correction)
    return result.text


def _place_cursor(rows: list[Row], outcome: dict | None, request) -> None:
    if request.method == "GET":
        mark_saved(rows, request.GET.get("after", ""))
        mark_focus(rows, request.GET.get("focus", ""))
        return
    if outcome is None:
        if hasattr(request, "cleared_key"):
            # The cursor stays on the row just emptied, where its right result (if any) goes;
            # on a long traveller the next empty row may be a screen away. A row off the
            # movement goes with its result: then the Other pairs row, where it was typed.
            emptied = next((row for row in rows if row.key == request.cleared_key), None)
            emptied = emptied or next((row for row in rows if row.new), None)
            if emptied is not None:
                emptied.focus = True
                emptied.deleted_text = request.deleted_text
        else:
            mark_saved(rows, request.saved_key)
        return
    row = next((row for row in rows if row.key == outcome["key"]), None)
    if row is None and outcome["row"].ns and outcome["row"].ew:
        row = outcome["row"]
        rows.insert(len([r for r in rows if not r.new]), row)
    if row is None:
        # Pairs not in the section, or an off-movement row that cannot be shown again: say
        # so where the director types a pairing of their own (or beside the board's row).
        row = next((r for r in rows if r.new), None) or next(
            (r for r in rows if r.board == outcome["row"].board), None
        )
        if row is None:
            raise Http404("No such row here")
        outcome = {**outcome, "error": ROW_GONE, "typed_ns": None, "typed_ew": None,
                   "version": None}  # fmt: skip
    row.error = outcome.get("error", "")
    row.warning = outcome.get("warning", "")
    row.clearing = outcome.get("clearing", False)
    row.correction = outcome.get("correction", "")
    row.reason, row.publish_reason = outcome.get("reason", ""), outcome.get("publish_reason")
    row.override = outcome.get("override", False)
    row.typed = outcome["typed"]
    row.typed_ns, row.typed_ew = outcome["typed_ns"], outcome["typed_ew"]
    row.posted_version = outcome["version"]
    row.focus = True
    if "conflict" in outcome:
        _show_conflict(row, outcome["conflict"])


def _show_conflict(row: Row, conflict: EntryConflict) -> None:
    """Both results beside the row, and who stored (or deleted) the other one, and when."""
    row.conflict = conflict
    stored = conflict.stored
    if stored is not None:
        row.changed_by = stored.updated_by.get_username() if stored.updated_by else ""
        row.changed_at = stored.updated_at
        return
    deletion = ResultChange.objects.filter(
        board=row.board, ns_pair=row.ns, action=ResultChange.DELETED
    ).first()
    if deletion is not None:
        row.changed_by = deletion.changed_by.get_username() if deletion.changed_by else ""
        row.changed_at = deletion.changed_at


def _all_entered(rows: list[Row]) -> bool:
    return all(row.result is not None for row in rows if not row.new)


def _context(request, section, rows, pairs, **extra) -> dict:
    event = section.event
    return {
        "event": event,
        "section": section,
        "rows": rows,
        "pairs": pairs,
        "director": is_director(request, event),
        # The session's version the rows are at least as new as: their poll's `since`.
        "rows_version": getattr(request, "rows_version", event.version),
        **extra,
    }


def _respond(request, template: str, context: dict, outcome: dict | None):
    """The whole page; for HTMX only the rows. After a save the standings beside them are
    not redrawn here but asked for at once by the page (`clubscore:saved`): they are the
    session's, shared by every open page through the live cache, while the typist waits only
    for their own rows."""
    status = outcome.get("status", 200) if outcome else 200
    if not request.htmx:
        section = context["section"]
        standings = [(section, section_standings(section, context["pairs"]))]
        return render(request, template, {**context, "standings": standings}, status=status)
    response = HttpResponse(
        render_to_string("events/_traveller.html", context, request=request), status=status
    )
    if status != 200:
        response["Clubscore-Rows"] = "swap"  # static/js/htmx-errors.js: show these rows
    if request.method == "POST" and outcome is None:
        response["HX-Trigger"] = SAVED_EVENT
    return response
