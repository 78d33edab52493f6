from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.access import event_for_director, event_for_reader, is_director
from events.forms import (
    OPTION_FIELDS,
    PenaltyForm,
    PlayerNamesFormSet,
    ScoringOptionsForm,
    SessionForm,
)
from events.live import live_page, touch
from events.models import Board, Pair, Penalty
from events.results import rescore_event
from events.setup import create_session
from events.standings import event_standings


@login_required
@require_http_methods(["GET", "POST"])
def session_create(request):
    form = SessionForm(request.POST or None, user=request.user)
    if request.method == "GET":
        form.initial.setdefault("date", timezone.localdate())
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        event = create_session(
            club=data["club"],
            name=data["name"],
            date=data["date"],
            scoring_method=data["scoring"],
            movement=data["movement"],
            tables=data["tables"],
            boards_per_round=data["boards_per_round"],
            phantom=data.get("phantom", ""),
            options={name: data[name] for name in OPTION_FIELDS},
            arrow_switch=data["arrow_switch"],
        )
        return redirect("session_detail", pk=event.pk)
    return render(request, "events/session_form.html", {"form": form})


def _sections_with_progress(event):
    boards = Board.objects.annotate(entered=Count("results")).order_by("number")
    sections = list(event.sections.prefetch_related(Prefetch("boards", queryset=boards)))
    for section in sections:
        movement = section.movement()
        section.rounds_grid = (
            [(r, range(1, movement.tables + 1)) for r in range(1, movement.rounds + 1)]
            if movement
            else []
        )
    return sections


@require_GET
@vary_on_headers("HX-Request")
def session_detail(request, pk):
    event = event_for_reader(request, pk)

    def context():
        return {"standings": event_standings(event), "sections": _sections_with_progress(event)}

    return live_page(request, event, "events/session_detail.html", context)


@login_required
@require_POST
def session_publish(request, pk):
    event = event_for_director(request, pk)
    event.published = request.POST.get("published") == "1"
    event.save(update_fields=["published"])
    touch(event)
    return redirect("session_detail", pk=event.pk)


@require_GET
def table_cards(request, pk):
    event = event_for_reader(request, pk)
    cards = []
    for section in event.sections.all():
        movement = section.movement()
        if movement is None:
            continue
        for table in range(1, movement.tables + 1):
            seatings = [s for s in movement.seatings if s.table == table]
            rounds = [
                (s, list(movement.boards_of_set(s.board_set)) if s.is_played else [])
                for s in seatings
            ]
            cards.append((section, table, rounds))
    return render(
        request,
        "events/table_cards.html",
        {"event": event, "cards": cards, "director": is_director(request, event)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def session_pairs(request, pk):
    event = event_for_director(request, pk)
    pairs = Pair.objects.filter(section__event=event).order_by(
        "section__name", "direction", "number"
    )
    formset = PlayerNamesFormSet(request.POST or None, queryset=pairs)
    if request.method == "POST" and formset.is_valid():
        formset.save()
        touch(event)  # open pages show the new names
        return redirect("session_detail", pk=event.pk)
    return render(request, "events/pairs.html", {"event": event, "formset": formset})


@login_required
@require_http_methods(["GET", "POST"])
def session_options(request, pk):
    """The director changes the method or a convention; the whole session is rescored."""
    event = event_for_director(request, pk)
    form = ScoringOptionsForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        form.save()
        rescore_event(event)
        messages.success(request, f"Rescored: {event.describe_scoring()}.")
        return redirect("session_detail", pk=event.pk)
    return render(request, "events/session_options.html", {"event": event, "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def session_penalties(request, pk):
    """Procedural penalties: listed, added and removed by the club's directors."""
    event = event_for_director(request, pk)
    form = PenaltyForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        penalty = form.save(commit=False)
        penalty.created_by = request.user
        penalty.save()
        rescore_event(event)
        return redirect("session_penalties", pk=event.pk)
    penalties = Penalty.objects.filter(pair__section__event=event).select_related(
        "pair__section", "created_by"
    )
    context = {"event": event, "form": form, "penalties": penalties}
    return render(request, "events/penalties.html", context)


@login_required
@require_POST
def penalty_delete(request, pk, penalty_pk):
    event = event_for_director(request, pk)
    get_object_or_404(Penalty, pk=penalty_pk, pair__section__event=event).delete()
    rescore_event(event)
    return redirect("session_penalties", pk=event.pk)
