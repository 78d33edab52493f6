"""One-table games: set one up, enter one hand a screen, read the live tally sheet.

The hand page is a plain form (POST, then a redirect to the next hand), so it works without
JavaScript and a reload never loses a saved hand; the tally sheet asks every second whether
the game changed, like the pairs pages. A game's hand records are uploaded and analysed as a
pairs session's are (events.handrecords.views); with them the hand page shows the deal and
counts the HCP and fits itself.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core import versions
from events.core.access import directs, for_director, for_reader
from events.core.live import unchanged
from events.handrecords.jobs import queue_analysis
from events.handrecords.views import upload_page
from events.one_table import hands
from events.one_table.forms import OneTableSessionForm
from events.one_table.hand_records import import_game_hand_records
from events.one_table.models import ONE_TABLE_METHOD_CHOICES, OneTableDeal, OneTableSession
from events.one_table.tally import tally_sheet
from scoring.domain import Direction

_HAND_FIELDS = ("contract", "declarer", "made", "hcp_ns", "hcp_ew", "fit", "scoring_line",
                "side_voids")  # fmt: skip


def _game_for_reader(request, pk: int) -> OneTableSession:
    return for_reader(request, OneTableSession, pk, "one-table game")


def _game_for_director(request, pk: int) -> OneTableSession:
    return for_director(request, OneTableSession, pk, "one-table game")


@login_required
@require_http_methods(["GET", "POST"])
def one_table_create(request):
    form = OneTableSessionForm(request.POST or None, user=request.user)
    if request.method == "GET":
        form.initial.setdefault("date", timezone.localdate())
    if request.method == "POST" and form.is_valid():
        game = form.save(commit=False)
        game.created_by = request.user
        game.save()
        return redirect("one_table_hand", pk=game.pk, number=1)
    return render(request, "one_table/form.html", {"form": form})


@require_GET
@vary_on_headers("HX-Request")
def one_table_tally(request, pk):
    game = _game_for_reader(request, pk)
    if unchanged(request, game):
        return HttpResponse(status=204)
    context = {"game": game, "tally": tally_sheet(game),
               "director": directs(request, game.club)}  # fmt: skip
    if request.htmx:
        return render(request, "one_table/tally.html#live", context)
    return render(request, "one_table/tally.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def one_table_hand(request, pk, number):
    game = _game_for_director(request, pk)
    if not 1 <= number <= game.boards:
        raise Http404("No such hand")
    error = None
    if request.method == "POST":
        typed = {name: request.POST.get(name, "") for name in _HAND_FIELDS}
        typed["trump_length_7"] = bool(request.POST.get("trump_length_7"))
        try:
            hands.save_hand(game, number, **typed)
        except hands.HandError as problem:
            error = problem
        else:
            if number < game.boards:
                return redirect("one_table_hand", pk=game.pk, number=number + 1)
            return redirect("one_table_tally", pk=game.pk)
    tally = tally_sheet(game)
    row = tally.row(number)
    values = typed if error else hands.hand_values(row.hand)
    dealt = hands.dealt(row.deal)
    if dealt:
        values |= {"hcp_ns": str(dealt.hcp_ns), "hcp_ew": str(dealt.hcp_ew)}
    dealer_side = Direction.NS if row.dealer in ("N", "S") else Direction.EW
    seats = [("N", game.north), ("E", game.east), ("S", game.south), ("W", game.west)]
    values["scoring_line"] = values.get("scoring_line") or dealer_side
    context = {
        "game": game,
        "tally": tally,
        "row": row,
        "values": values,
        "error": error,
        "previous": tally.row(number - 1) if number > 1 else None,
        "focus": error.field if error else "contract",
        "dealer_side": dealer_side,
        "seats": seats,
        "dealer_name": dict(seats)[row.dealer],
        "sides": tuple(Direction),
        "deal": row.deal,
        "dealt": dealt,
    }
    return render(request, "one_table/hand.html", context)


@login_required
@require_POST
def one_table_publish(request, pk):
    game = _game_for_director(request, pk)
    game.published = request.POST.get("published") == "1"
    game.save(update_fields=["published"])
    versions.bump(game)
    return redirect("one_table_tally", pk=game.pk)


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def one_table_hand_records(request, pk):
    """Upload the game's PBN file, follow its analysis, and choose how the game is scored."""
    game = _game_for_director(request, pk)
    context = {"game": game, "methods": ONE_TABLE_METHOD_CHOICES,
               "deals": OneTableDeal.objects.filter(game=game).count()}  # fmt: skip
    return upload_page(
        request, game, import_game_hand_records, "one_table/hand_records.html", context
    )


@login_required
@require_POST
def one_table_analysis_retry(request, pk):
    game = _game_for_director(request, pk)
    queue_analysis(game)
    messages.info(request, "The analysis is queued again.")
    return redirect("one_table_hand_records", pk=game.pk)


@login_required
@require_POST
def one_table_method(request, pk):
    game = _game_for_director(request, pk)
    try:
        hands.change_method(game, request.POST.get("method", ""))
    except hands.MethodError as problem:
        messages.error(request, str(problem))
        return redirect("one_table_hand_records", pk=game.pk)
    messages.success(request, f"The game is now scored with {game.get_method_display()}.")
    return redirect("one_table_tally", pk=game.pk)
