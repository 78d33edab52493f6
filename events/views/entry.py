"""Traveller entry: a board's traveller, or one table's round, typed from the keyboard.

A POST saves one line through events.results (validate, store, rescore in one transaction)
and answers an HTMX request with the refreshed rows plus the live standings, out of band.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.access import board_for_director, board_for_reader, is_director, section_for_director
from events.forms import ResultForm
from events.models import Board, Pair, Result, ResultChange
from events.recaps import sorted_lines
from events.results import EntryError, EntryWarning, delete_result, save_result
from events.standings import section_standings
from events.travellers import Row, board_rows, mark_saved, table_round_rows


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def board_traveller(request, pk):
    writing = request.method == "POST"
    board = (board_for_director if writing else board_for_reader)(request, pk)
    pairs = _pairs(board.section)
    outcome = None
    if writing:
        outcome = _save(request, pairs, lambda _: board)
        if outcome is None and not request.htmx:
            return redirect("board_traveller", pk=board.pk)
    rows = board_rows(board, pairs)
    if writing:
        _apply_outcome(rows, outcome, request)
    context = _context(
        request, board.section, rows, pairs, board=board, show_board=False,
        action=reverse("board_traveller", args=[board.pk]),
    )  # fmt: skip
    if not context["director"]:
        context["lines"] = sorted_lines(board, pairs)
        context["highlight"] = _int(request.GET.get("pair"))
    if not request.htmx:
        context.update(_neighbours(board))
    return _respond(request, "events/board.html", context)


def _neighbours(board) -> dict:
    around = Board.objects.filter(
        section=board.section_id, number__in=[board.number - 1, board.number + 1]
    )
    by_number = {b.number: b for b in around}
    return {
        "previous_board": by_number.get(board.number - 1),
        "next_board": by_number.get(board.number + 1),
    }


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def table_round(request, pk, table, round_number):
    section = section_for_director(request, pk)
    movement = section.movement()
    if movement is None or not 1 <= round_number <= movement.rounds:
        raise Http404("No such round")
    if not 1 <= table <= movement.tables:
        raise Http404("No such table")
    pairs = _pairs(section)
    rows = table_round_rows(section, round_number, table, pairs)
    if request.method == "POST":
        boards = {row.board.pk: row.board for row in rows}
        outcome = _save(request, pairs, lambda board_id: boards.get(board_id))
        if outcome is None and not request.htmx:
            return redirect("table_round", pk=section.pk, table=table, round_number=round_number)
        if outcome is None:
            rows = table_round_rows(section, round_number, table, pairs)
        _apply_outcome(rows, outcome, request)
    seating = movement.seating(round_number, table)
    context = _context(
        request, section, rows, pairs, seating=seating, movement=movement, table=table,
        round_number=round_number, show_board=True,
        action=reverse("table_round", args=[section.pk, table, round_number]),
    )  # fmt: skip
    return _respond(request, "events/table_round.html", context)


@login_required
@require_POST
def result_delete(request, pk):
    result = get_object_or_404(Result.objects.select_related("board"), pk=pk)
    board = board_for_director(request, result.board_id)
    delete_result(result, request.user)
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
    return list(Pair.objects.filter(section=section))


def _save(request, pairs, board_of) -> dict | None:
    """Save the posted line; None when stored, else what to show beside the row."""
    form = ResultForm(request.POST, pairs=pairs)
    board = board_of(_int(request.POST.get("board")))
    if board is None:
        raise Http404("No such board here")
    typed = request.POST.get("text", "")
    key = f"{board.pk}-{request.POST.get('ns')}-{request.POST.get('ew')}"
    if not form.is_valid():
        message = "; ".join(str(e) for errors in form.errors.values() for e in errors)
        return {"key": key, "error": message or "Type a result.", "typed": typed}
    data = form.cleaned_data
    outcome = {"key": key, "typed": typed, "board": board, "ns": data["ns"], "ew": data["ew"]}
    try:
        save_result(
            board, data["ns"], data["ew"], data["text"], request.user, override=data["override"]
        )
    except EntryWarning as warning:
        return {**outcome, "warning": str(warning)}
    except EntryError as error:
        return {**outcome, "error": str(error)}
    request.saved_key = key
    return None


def _apply_outcome(rows: list[Row], outcome: dict | None, request) -> None:
    if outcome is None:
        mark_saved(rows, getattr(request, "saved_key", ""))
        return
    row = next((row for row in rows if row.key == outcome["key"]), None)
    if row is None and "ns" in outcome:
        # A pairing the movement does not list: show it as a row of its own, with the message.
        row = Row(outcome["board"], outcome["ns"], outcome["ew"])
        rows.append(row)
    if row is None:
        raise Http404("No such row here")
    row.error = outcome.get("error", "")
    row.warning = outcome.get("warning", "")
    row.typed = outcome["typed"]
    row.focus = True


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _context(request, section, rows, pairs, **extra) -> dict:
    event = section.event
    if request.method == "POST":
        event.refresh_from_db(fields=["version"])  # the save moved it on: no stale standings
    return {
        "event": event,
        "section": section,
        "rows": rows,
        "director": is_director(request, event),
        "standings": [(section, section_standings(section, pairs))],
        **extra,
    }


def _respond(request, template: str, context: dict):
    if not request.htmx:
        return render(request, template, context)
    rows = render_to_string("events/_traveller.html", context, request=request)
    standings = render_to_string(
        "events/_standings.html", {**context, "oob": True, "compact": True}, request
    )
    return HttpResponse(rows + standings)
