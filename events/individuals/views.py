"""An individual's pages: set it up, name its players, enter each board's traveller, read the
standings and each player's score card.

The traveller is a plain form (one line a table, Enter saves them all and goes on to the next
board), so it works without JavaScript; the standings ask every second whether anything changed.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core import versions
from events.core.access import directs, for_director, for_reader
from events.core.live import unchanged
from events.core.params import int_or_none
from events.individuals import table_round
from events.individuals.entries import save_result
from events.individuals.export import individual_json
from events.individuals.forms import IndividualEventForm, PlayerNamesForm
from events.individuals.hand_records import deals_by_number
from events.individuals.models import (
    IndividualDeal,
    IndividualEvent,
    IndividualPlay,
    IndividualPlayer,
)
from events.individuals.pbn import write_individual_pbn
from events.individuals.scores import earned, scored
from events.individuals.setup import create_individual
from events.models import Member
from events.pdfs.views import paper_size, pdf_download
from events.sessions.lifecycle import delete_session, restore_until
from events.sessions.lifecycle_views import restore_and_show
from scoring.entry import NeedsConfirmation

WHAT = "individual"


def _for_reader(request, pk: int) -> IndividualEvent:
    return for_reader(request, IndividualEvent, pk, WHAT)


def _for_director(request, pk: int) -> IndividualEvent:
    return for_director(request, IndividualEvent, pk, WHAT)


@login_required
@require_http_methods(["GET", "POST"])
def individual_create(request):
    form = IndividualEventForm(request.POST or None, user=request.user)
    if request.method == "GET":
        form.initial.setdefault("date", timezone.localdate())
    if request.method == "POST" and form.is_valid():
        event = form.save(commit=False)
        event.created_by = request.user
        create_individual(event)
        return redirect("individual_players", pk=event.pk)
    return render(request, "individuals/form.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def individual_players(request, pk):
    event = _for_director(request, pk)
    players = list(IndividualPlayer.objects.filter(event=event))
    form = PlayerNamesForm(request.POST or None, players=players)
    if request.method == "POST" and form.is_valid():
        changed: list[IndividualPlayer] = []
        for player in players:
            name = form.cleaned_data[f"name_{player.number}"].strip()
            if name != player.name:
                player.name = name
                changed.append(player)
        with transaction.atomic():
            versions.bump(event)
            IndividualPlayer.objects.bulk_update(changed, ["name"])
        return redirect("individual_standings", pk=event.pk)
    members = Member.objects.filter(club=event.club, active=True, visitor=False)
    context = {"event": event, "form": form,
               "members": members.order_by("name").values_list("name", flat=True)}  # fmt: skip
    return render(request, "individuals/players.html", context)


@require_GET
@vary_on_headers("HX-Request")
def individual_standings(request, pk):
    event = _for_reader(request, pk)
    if unchanged(request, event):
        return HttpResponse(status=204)
    director = directs(request, event.club)
    context = {"event": event, "scores": scored(event), "director": director,
               "boards": range(1, event.boards + 1),
               "queried": table_round.queried(event) if director else (),
               "links": event.links.all() if director and not request.htmx else ()}  # fmt: skip
    if request.htmx:
        return render(request, "individuals/standings.html#live", context)
    return render(request, "individuals/standings.html", context)


@require_http_methods(["GET", "POST"])
def individual_board(request, pk, number):
    """The traveller of board `number`: a director types every table's result on it."""
    event = (_for_director if request.method == "POST" else _for_reader)(request, pk)
    if not 1 <= number <= event.boards:
        raise Http404("No such board")
    scores = scored(event)
    lines = scores.traveller(number)
    errors: dict[int, str] = {}
    typed: dict[int, str] = {}
    if request.method == "POST":
        for line in lines:
            typed[line.play.table] = text = request.POST.get(f"table_{line.play.table}", "")
            if text.strip() == line.play.text:
                continue
            try:
                save_result(line.play, text, confirmed=bool(request.POST.get("confirmed")))
            except NeedsConfirmation as doubt:
                errors[line.play.table] = f"{doubt} Press Enter again to store it as typed."
            except ValueError as problem:
                errors[line.play.table] = str(problem)
        if not errors:
            following = number + 1 if number < event.boards else None
            if following:
                return redirect("individual_board", pk=event.pk, number=following)
            return redirect("individual_standings", pk=event.pk)
        lines = scored(event).traveller(number)
    director = directs(request, event.club)
    queried = {b.play.table: b for b in table_round.queried(event, number)} if director else {}
    rows = [(line, typed.get(line.play.table, line.play.text), errors.get(line.play.table, ""),
             queried.get(line.play.table)) for line in lines]  # fmt: skip
    context = {"event": event, "number": number, "rows": rows, "errors": errors,
               "director": director, "focus": int_or_none(request.GET.get("focus")),
               "deal": IndividualDeal.objects.filter(event=event, number=number).first(),
               "confirming": any("Enter again" in error for error in errors.values()),
               "previous": number - 1 if number > 1 else None,
               "next": number + 1 if number < event.boards else None}  # fmt: skip
    return render(request, "individuals/board.html", context)


@login_required
@require_POST
def individual_result_stands(request, pk, number):
    """The director's ruling on a result the opponents queried on a table's phone: it stands.
    (A changed result is simply typed again on the traveller.)"""
    event = _for_director(request, pk)
    table = int_or_none(request.POST.get("table"))
    if table_round.result_stands(event, number, table):
        messages.success(request, f"Board {number}, table {table}: the result stands.")
    else:
        messages.info(request, "That query has been ruled on already.")
    return redirect("individual_board", pk=event.pk, number=number)


@require_GET
def individual_card(request, pk, number):
    """Player `number`'s score card: every board they played, with whom, and what it earned."""
    event = _for_reader(request, pk)
    scores = scored(event)
    if number not in scores.players:
        raise Http404("No such player")
    deals = deals_by_number(event)
    rows = [(line, earned(line, number), deals.get(line.play.board))
            for line in scores.card(number)]  # fmt: skip
    context = {"event": event, "player": scores.players[number], "rows": rows,
               "standing": scores.standing(number), "dealt": bool(deals)}  # fmt: skip
    return render(request, "individuals/card.html", context)


@login_required
@require_POST
def individual_publish(request, pk):
    event = _for_director(request, pk)
    versions.bump(event, published=request.POST.get("published") == "1")
    return redirect("individual_standings", pk=event.pk)


@login_required
@require_http_methods(["GET", "POST"])
def individual_delete(request, pk):
    """A confirmation page saying what goes; the delete hides the event, restorable a while
    (events.sessions.lifecycle, as a session's and a teams event's)."""
    event = _for_director(request, pk)
    if request.method == "POST":
        delete_session(event, request.user)
        club_page = reverse("club_sessions", args=[event.club.slug])
        return redirect(f"{club_page}?deleted_individual={event.pk}")
    plays = IndividualPlay.objects.filter(event=event)
    lost = {"players": IndividualPlayer.objects.filter(event=event).exclude(name="").count(),
            "results": plays.exclude(kind="").count(), "plays": plays.count()}  # fmt: skip
    context = {"event": event, "lost": lost, "restore_until": restore_until(event)}
    return render(request, "individuals/delete.html", context)


@login_required
@require_POST
def individual_restore(request, pk):
    return restore_and_show(request, IndividualEvent, pk, "individual_standings")


@require_GET
def individual_standings_pdf(request, pk):
    paper, event = paper_size(request), _for_reader(request, pk)
    context = {"scores": scored(event), "title": "Standings"}
    template = "individuals/standings_pdf.html"
    return pdf_download(
        request, event, "individual-standings", template, context, paper, document=True
    )


@require_GET
def individual_results_pbn(request, pk):
    """Every result played as a PBN 2.1 game with its four players (events/individuals/pbn.py)."""
    event = _for_reader(request, pk)
    response = HttpResponse(
        write_individual_pbn(scored(event)), content_type="text/x-pbn; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="clubscore-individual-{event.pk}.pbn"'
    return response


@require_GET
def individual_results_json(request, pk):
    """The clubscore-individual/1 document (events/individuals/export.py)."""
    event = _for_reader(request, pk)
    response = HttpResponse(individual_json(scored(event)), content_type="application/json")
    filename = f"clubscore-individual-{event.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
