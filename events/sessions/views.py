from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Case, Count, Prefetch, When
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.club.forms import AddToRosterForm
from events.club.roster import Roster
from events.core import versions
from events.core.access import event_for_director, event_for_reader, is_director
from events.core.live import live_page
from events.entry.changes import rescore_event
from events.entry.errors import SessionFinal
from events.mail.sending import status_of as mail_status
from events.models import Board, Pair, Penalty
from events.pdfs import store as pdf_store
from events.phone.links import live_links
from events.phone.network import phone_address
from events.sessions import finalising
from events.sessions import table_cards as movement_cards
from events.sessions.forms import (
    OPTION_FIELDS,
    PlayerNamesFormSet,
    ScoringOptionsForm,
    SessionForm,
)
from events.sessions.grid import table_round_grid
from events.sessions.setup import create_session
from events.standings.forms import PenaltyForm
from events.standings.ranking import event_standings
from scoring.domain import Direction, MovementKind


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
            boards_per_round=data["boards_per_round"],
            sections=data["sections"],
            across_field=data["across_field"],
            options={name: data[name] for name in OPTION_FIELDS},
        )
        return redirect("session_detail", pk=event.pk)
    return render(request, "events/session_form.html", {"form": form})


def _sections_with_progress(event):
    boards = Board.objects.annotate(entered=Count("results")).order_by("number")
    sections = list(event.sections.prefetch_related(Prefetch("boards", queryset=boards)))
    for section in sections:
        section.rounds_grid = table_round_grid(section)  # which tables and rounds are in
    return sections


@require_GET
@vary_on_headers("HX-Request")
def session_detail(request, pk):
    event = event_for_reader(request, pk)

    def context():
        director = is_director(request, event)
        return {
            "standings": event_standings(event), "sections": _sections_with_progress(event),
            "corrections": finalising.corrections(event, director=director),
            # Outside the shared live part: the worker changes them, not the session's version.
            "mails": mail_status(event) if director and not request.htmx else None,
            "history": event.session_changes.select_related("changed_by"),
        }  # fmt: skip

    return live_page(request, event, "events/session_detail.html", context)


@login_required
@require_POST
def session_publish(request, pk):
    event = event_for_director(request, pk)
    event.published = request.POST.get("published") == "1"
    event.save(update_fields=["published"])
    versions.bump(event)
    if event.published:
        pdf_store.prepare_all(event)
    return redirect("session_detail", pk=event.pk)


@require_GET
def table_cards(request, pk):
    """Printable cards: each table's rounds and moves, a Howell's pair guide cards, and the
    director's board-copies summary."""
    event = event_for_reader(request, pk)
    director = is_director(request, event)
    # The links are the director's, and only while the tables may use them. Read, never made
    # here: the session was set up with them (events.phone.links.ensure_links).
    open_links = director and not event.finalised
    links = live_links(event) if open_links else {}
    cards, pair_cards, summaries = [], [], []
    for section in event.sections.all():
        movement = section.movement()
        if movement is None:
            continue
        cards += movement_cards.table_cards(section, movement, links.get(section.pk, ()))
        summaries.append(movement_cards.section_summary(section, movement))
        if movement.kind == MovementKind.HOWELL:
            pair_cards += movement_cards.pair_cards(section, movement)
    context = {
        "event": event,
        "cards": cards,
        "pair_cards": pair_cards,
        "summaries": summaries,
        "several_sections": len(summaries) > 1,
        "director": director,
        "unlinked": open_links and any(card.link is None for card in cards),
        # Where phones reach the links printed on the cards (a director's only).
        "phone": phone_address(request) if director and any(c.link for c in cards) else None,
    }
    return render(request, "events/table_cards.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def session_pairs(request, pk):
    event = event_for_director(request, pk)
    roster = Roster(event.club)
    ns_first = Case(
        When(direction=Direction.NS, then=0), When(direction=Direction.EW, then=1), default=2
    )
    pairs = Pair.objects.filter(section__event=event).select_related("section")
    pairs = pairs.order_by("section__name", ns_first, "number")
    data = request.POST or None
    sections = event.sections.count()
    formset = PlayerNamesFormSet(
        data, queryset=pairs, form_kwargs={"roster": roster, "sections": sections}
    )
    options = AddToRosterForm(data)
    if request.method == "POST" and formset.is_valid() and options.is_valid():
        wanted = options.cleaned_data["add_to_roster"]
        visitors = options.cleaned_data["as_visitors"]
        with transaction.atomic():
            formset.save()
            added = roster.add_new(formset.player_names(), visitor=visitors) if wanted else []
        if added:
            as_what = " as visitors" if visitors else ""
            messages.success(
                request, f"Added to the roster of {event.club}{as_what}: {', '.join(added)}."
            )
        versions.bump(event)  # open pages show the new names
        return redirect("session_detail", pk=event.pk)
    context = {"event": event, "formset": formset, "options": options, "roster": roster}
    return render(request, "events/pairs.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def session_options(request, pk):
    """The director changes the method or a convention; the whole session is rescored."""
    event = event_for_director(request, pk)
    form = ScoringOptionsForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():  # the new options and the points they give, or neither
                # Only the options: the row read at the start of the request may be out of
                # date (a result saved meanwhile moved its version on, which must never go
                # back).
                form.save(commit=False).save(update_fields=list(form.fields))
                rescore_event(event, refusal=OPTIONS_FINAL)
        except SessionFinal as refusal:
            event.refresh_from_db()  # the options as they stay
            form.add_error(None, str(refusal))
        else:
            messages.success(request, f"Rescored: {event.describe_scoring()}.")
            return redirect("session_detail", pk=event.pk)
    return render(request, "events/session_options.html", {"event": event, "form": form})


OPTIONS_FINAL = (
    "Not changed: the results are final, and a new method or option would move every score "
    "players were given. A board's result can still be corrected on its traveller, giving "
    "the reason."
)
PENALTIES_FINAL = (
    "The results are final: penalties are no longer added or removed (the standings players "
    "were given would move). A board's result can still be corrected on its traveller, "
    "giving the reason."
)


@login_required
@require_http_methods(["GET", "POST"])
def session_penalties(request, pk):
    """Procedural penalties: listed, added and removed by the club's directors."""
    event = event_for_director(request, pk)
    form = PenaltyForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        penalty = form.save(commit=False)
        penalty.created_by = request.user
        try:
            with transaction.atomic():  # the penalty and the scores it moves, or neither
                penalty.save()
                rescore_event(event, refusal=PENALTIES_FINAL)
        except SessionFinal as refusal:
            form.add_error(None, str(refusal))
        else:
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
    penalty = get_object_or_404(Penalty, pk=penalty_pk, pair__section__event=event)
    try:
        with transaction.atomic():
            penalty.delete()
            rescore_event(event, refusal=PENALTIES_FINAL)
    except SessionFinal as refusal:
        messages.error(request, str(refusal))
    return redirect("session_penalties", pk=event.pk)
