"""The pages players read and directors print: recap, travellers, score cards, a club's
sessions. Each is live: an open page asks every second whether the session changed (an
unchanged session answers 204 at the cost of one query) and swaps in what is new.
"""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from events.core import kinds, versions
from events.core.access import directs, event_for_director, event_for_reader, is_director
from events.core.live import live_page, live_view
from events.core.params import int_or_none
from events.core.prepared import prepared
from events.mail import sending as mail
from events.models import Club, ResultMail, Section
from events.models.sessions import SoftDeleted
from events.pdfs import store as pdf_store
from events.sessions import finalising
from events.standings import recaps
from events.standings.forms import StrataForm
from events.standings.ranking import event_standings, section_standings
from events.standings.rounds import barometer_standings


@require_GET
@vary_on_headers("HX-Request")
@live_view
def recap(request, pk):
    event = event_for_reader(request, pk)

    def context():
        data = recaps.load(event)
        return {"data": data, "recap": recaps.recap(data)}

    return live_page(request, event, "events/recap.html", context)


@require_GET
@vary_on_headers("HX-Request")
@live_view
def travellers(request, pk):
    event = event_for_reader(request, pk)

    def context():
        data = recaps.load(event)
        boards = [(board, data.lines_by_board.get(board.pk, [])) for board in data.boards]
        return {"data": data, "boards": boards}

    return live_page(request, event, "events/travellers.html", context)


@require_GET
@vary_on_headers("HX-Request")
@live_view
def score_card(request, pk, pair_pk):
    event = event_for_reader(request, pk)

    def context():
        data = recaps.load(event)
        pair = data.pairs.get(pair_pk)
        if pair is None:
            raise Http404("No such pair in this session")
        return {"data": data, "cards": [recaps.card(data, pair)]}

    return live_page(request, event, "events/score_card.html", context)


@require_GET
@vary_on_headers("HX-Request")
@live_view
def score_cards(request, pk):
    """Everyone's score card, one pair a printed page (for the director to hand out)."""
    event = event_for_reader(request, pk)

    def context():
        data = recaps.load(event)
        return {"data": data, "cards": recaps.all_cards(data), "everyone": True}

    return live_page(request, event, "events/score_card.html", context)


@require_GET
@vary_on_headers("HX-Request")
@live_view
def barometer_rounds(request, pk):
    """A barometer session's standings after each complete round, the latest first."""
    event = event_for_reader(request, pk)

    def context():
        return {"barometer": barometer_standings(event)}

    return live_page(request, event, "events/barometer_rounds.html", context)


@require_GET
def club_sessions(request, slug):
    """Every game of the club: pairs sessions with the state of their results, teams events,
    one-table games (each kind of events.core.kinds); its directors see the unpublished ones
    too, and the recently deleted."""
    club = get_object_or_404(Club, slug=slug)
    director = directs(request, club)
    listed = [kind for kind in kinds.all_kinds() if kind.listing]
    games = {kind.listing: kind.model.objects.not_deleted().filter(club=club) for kind in listed}
    deleted = []
    if director:
        deleted = _recently_deleted(request.user, club)
    else:
        games = {name: queryset.filter(published=True) for name, queryset in games.items()}
    # Right after a delete the session (or teams event) is named at the top with its Undo.
    just_deleted = {kind.name: request.GET.get(kind.deleted_param) for kind in kinds.soft_deleted()}
    undo = next((row for row in deleted if str(row.event.pk) == just_deleted[row.kind]), None)
    championships = club.championships.all()
    if not director:
        published = {"stages__event__published": True, "stages__event__deleted_at": None}
        championships = championships.filter(**published).distinct()
    context = {"club": club, "director": director, **games, "deleted": deleted, "undo": undo,
               "championships": championships, "ladders": club.ladders.all()}  # fmt: skip
    return render(request, "events/club.html", context)


@dataclass(frozen=True)
class Deleted:
    """A deleted session or teams event, with where its Restore button posts."""

    event: SoftDeleted
    kind: str  # "session" or "teams": events.core.kinds.EventKind.name
    restore_url: str


def _recently_deleted(user, club) -> list[Deleted]:
    """The club's sessions and teams events a director can still restore, the latest first."""
    rows = [
        Deleted(event, kind.name, reverse(kind.restore, args=[event.pk]))
        for kind in kinds.soft_deleted()
        for event in kind.model.objects.restorable_by(user).filter(club=club)
    ]
    return sorted(rows, key=lambda row: row.event.deleted_at, reverse=True)


@login_required
@require_http_methods(["GET", "POST"])
def session_finalise(request, pk):
    """The question first (what is still missing, what the tables queried), a page that works
    without JavaScript; the director's POST makes the results final. Final is for good: from
    then on a result changes only by a correction with its reason, which players see."""
    event = event_for_director(request, pk)
    if request.method == "POST":
        if request.POST.get("finalised") == "0":
            messages.error(request, NOT_REOPENED)
        elif finalising.finalise_session(event):
            pdf_store.prepare_all(event)
            # Each member who played and agreed is e-mailed the final results (events/mail/).
            mail.queue_after_commit(event, ResultMail.FINALISED)
            messages.success(request, "The results are final. The table links are closed.")
        return redirect("session_detail", pk=event.pk)
    context = {"event": event, "director": True}
    if not event.finalised:
        context["outstanding"] = finalising.outstanding(event)
    return render(request, "events/session_finalise.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def session_strata(request, pk):
    """The director stratifies or handicaps the session: each pair's place in its masterpoint
    strata, and its handicapped percentage and place, are shown beside the field's. Final
    results keep the places players were given."""
    event = event_for_director(request, pk)
    form = StrataForm(request.POST or None, instance=event)
    if request.method == "POST" and not event.finalised and form.is_valid():
        # Only these fields, with the version moved on so open standings show the strata.
        versions.bump(event, **{name: form.cleaned_data[name] for name in form.Meta.fields})
        event.refresh_from_db()
        messages.success(
            request, f"Strata: {event.describe_strata()}. {event.describe_handicaps()}."
        )
        return redirect("session_detail", pk=event.pk)
    return render(request, "events/session_strata.html", {"event": event, "form": form})


NOT_REOPENED = (
    "Final results are not made provisional again: players may have taken them as final. "
    "Correct a result on its board's traveller instead, giving the reason; players see it."
)


@require_GET
def session_corrections(request, pk):
    """Every correction made since the session was finalised, for everyone who may read it."""
    event = event_for_reader(request, pk)
    director = is_director(request, event)
    lines = finalising.corrections(event, director=director)
    context = {"event": event, "director": director, "corrections": lines}
    return render(request, "events/corrections.html", context)


@prepared
def _event_section(event, pk):
    return Section.objects.filter(event=event, pk=pk)


@require_GET
@vary_on_headers("HX-Request")
@live_view
def standings_fragment(request, pk):
    """The compact standings beside a traveller, for its live refresh: the traveller's
    section's (`section=<pk>`), as the page first showed them, else the whole session's."""
    event = event_for_reader(request, pk)
    section_id = int_or_none(request.GET.get("section"))

    def context():
        found = _event_section(event.pk, section_id) if section_id else []
        if not found:
            return {"standings": event_standings(event), "compact": True}
        section = found[0]
        section.event = event  # the one read: no second query
        standings = [(section, section_standings(section))]
        return {"standings": standings, "compact": True, "section": section}

    return live_page(request, event, "events/_standings.html", context, section_id)
