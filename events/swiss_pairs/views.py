"""A Swiss pairs event's pages: set it up, type the pairs, draw each round from the standings,
enter each table's boards, and follow the live standings. Plain forms (POST, then a redirect),
so they work without JavaScript; the event page asks every second whether anything changed."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core import versions
from events.core.access import for_director, for_reader
from events.core.live import live_page, live_view
from events.core.new_event import create_event_page
from events.core.params import int_or_none
from events.pdfs.views import paper_size, pdf_download
from events.swiss_pairs import phone, play
from events.swiss_pairs.forms import PairsForm, SwissPairsEventForm
from events.swiss_pairs.models import SwissPairsEvent, SwissPairsTable

WHAT = "Swiss pairs event"


def _for_reader(request, pk: int) -> SwissPairsEvent:
    return for_reader(request, SwissPairsEvent, pk, WHAT)


def _for_director(request, pk: int) -> SwissPairsEvent:
    return for_director(request, SwissPairsEvent, pk, WHAT)


@require_GET
def swiss_pairs_list(request):
    events = SwissPairsEvent.objects.readable_by(request.user).select_related("club")[:30]
    return render(request, "swiss_pairs/list.html", {"events": events})


@require_http_methods(["GET", "POST"])
def swiss_pairs_create(request):
    form, template = SwissPairsEventForm, "swiss_pairs/form.html"
    return create_event_page(request, form, template, then="swiss_pairs_pairs")


@require_GET
@vary_on_headers("HX-Request")
@live_view
def swiss_pairs_event(request, pk):
    event = _for_reader(request, pk)
    return live_page(request, event, "swiss_pairs/event.html", lambda: _context(event))


def _context(event: SwissPairsEvent) -> dict:
    table = play.standings(event)
    drawn = table.drawn
    # A round with results cannot be taken back (play.undraw_last_round): no button for it.
    entered = any(score.has_results for score in table.rounds.get(drawn, []))
    return {
        "undraw_round": drawn if drawn and not entered else None,
        "standings": table,
        "rounds": [
            (number, event.boards_of_round(number), tables)
            for number, tables in sorted(table.rounds.items(), reverse=True)
        ],  # fmt: skip
        "next_round": drawn + 1 if drawn < event.rounds else None,
        "unfinished": table.unfinished(drawn),
    }


@require_http_methods(["GET", "POST"])
def swiss_pairs_pairs(request, pk):
    event = _for_director(request, pk)
    pairs = list(event.pairs.all())
    initial = {"pairs": "\n".join(pair.names for pair in pairs)}
    form = PairsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            count = play.save_pairs(event, form.cleaned_data["pairs"])
        except play.SwissPairsError as error:
            form.add_error("pairs", str(error))
        else:
            messages.success(request, f"{count} pairs saved.")
            return redirect("swiss_pairs_event", pk=event.pk)
    drawn = event.tables.exists()
    return render(request, "swiss_pairs/pairs.html", {"event": event, "form": form,
                                                      "drawn": drawn, "pairs": pairs})  # fmt: skip


@require_POST
def swiss_pairs_draw(request, pk):
    return _round_action(request, pk, play.draw_next_round, "Round {} is drawn.")


@require_POST
def swiss_pairs_undraw(request, pk):
    return _round_action(request, pk, play.undraw_last_round, "Round {}'s draw is taken back.")


def _round_action(request, pk, action, done: str):
    """Draw or take back a round: the round the page's button named (none from an older page:
    "²" is a digit int() refuses), then back to the event with what happened, in words."""
    event = _for_director(request, pk)
    text = request.POST.get("round", "")
    try:
        number = action(event, int_or_none(text) if text.isdigit() else None)
    except play.SwissPairsError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done.format(number))
    return redirect("swiss_pairs_event", pk=event.pk)


@require_POST
def swiss_pairs_publish(request, pk):
    event = _for_director(request, pk)
    versions.bump(event, published=request.POST.get("published") == "1")
    return redirect("swiss_pairs_event", pk=event.pk)


@require_http_methods(["GET", "POST"])
def swiss_pairs_table(request, pk, table_pk):
    """One table's boards, one box each: type, Tab, type, Enter saves and goes to the next
    table of the round still waiting for boards."""
    event = _for_director(request, pk)
    tables = SwissPairsTable.objects.select_related("ns", "ew")
    table = get_object_or_404(tables, pk=table_pk, event=event, ew__isnull=False)
    boards = list(event.boards_of_round(table.round))
    error = None
    if request.method == "POST":
        typed = {board: request.POST.get(f"board-{board}", "") for board in boards}
        # What the form showed, to keep a board the table's phone saved meanwhile.
        seen = {board: request.POST.get(f"seen-{board}", "") for board in boards}
        try:
            count = play.save_table(
                event, table, typed, seen if f"seen-{boards[0]}" in request.POST else None
            )
        except play.SwissPairsError as problem:
            error = problem
        else:
            messages.success(request, f"Table {table.table}: {count} boards saved.")
            return redirect(_next_table(event, table))
    else:
        typed = {result.board: result.result for result in table.results.all()}
    stored = {result.board: result.result for result in table.results.all()}
    if error and request.method == "POST":  # a board saved meanwhile shows as it now is
        for board in boards:
            if stored.get(board, "") != " ".join(request.POST.get(f"seen-{board}", "").split()):
                typed[board] = stored.get(board, "")
    rows = [(board, typed.get(board, ""), stored.get(board, "")) for board in boards]
    focus = error.board if error and error.board else boards[0]
    context = {"event": event, "table": table, "rows": rows, "error": error, "focus": focus,
               "queried": phone.queried(table)}  # fmt: skip
    return render(request, "swiss_pairs/table.html", context, status=400 if error else 200)


@require_POST
def swiss_pairs_award(request, pk, table_pk):
    """The director's match score for a table (a forfeit): both pairs' VPs, or both blank."""
    event = _for_director(request, pk)
    table = get_object_or_404(SwissPairsTable, pk=table_pk, event=event, ew__isnull=False)
    post = request.POST
    try:
        done = play.award_match(event, table, post.get("ns_vps", ""), post.get("ew_vps", ""))
    except play.SwissPairsError as error:
        messages.error(request, str(error))
        return redirect("swiss_pairs_table", pk=event.pk, table_pk=table.pk)
    messages.success(request, done)
    return redirect("swiss_pairs_event", pk=event.pk)


def _next_table(event: SwissPairsEvent, table: SwissPairsTable) -> str:
    waiting = (
        event.tables.filter(round=table.round, ew__isnull=False, table__gt=table.table)
        .exclude(pk__in=[table.pk])
        .order_by("table")
    )
    boards = event.boards_per_round
    for candidate in waiting.prefetch_related("results"):
        if len(candidate.results.all()) < boards:
            return reverse("swiss_pairs_table", args=[event.pk, candidate.pk])
    return reverse("swiss_pairs_event", args=[event.pk])


@require_GET
def swiss_pairs_standings_pdf(request, pk):
    paper, event = paper_size(request), _for_reader(request, pk)
    context = _context(event)
    return pdf_download(
        request, event, "swiss-pairs-standings", "swiss_pairs/event.html", context, paper
    )
