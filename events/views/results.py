"""The pages players read and directors print: recap, travellers, score cards, a club's
sessions. Each is live: an open page asks every second whether the session changed (an
unchanged session answers 204 at the cost of one query) and swaps in what is new.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from events import pdf_store, recaps
from events.access import directs, event_for_director, event_for_reader
from events.live import live_page, live_view, touch
from events.models import Club, Event, Section
from events.prepared import prepared
from events.standings import event_standings, section_standings
from events.views.params import int_or_none


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
def club_sessions(request, slug):
    club = get_object_or_404(Club, slug=slug)
    events = Event.objects.not_deleted().filter(club=club)
    deleted = Event.objects.none()
    if directs(request, club):
        deleted = Event.objects.restorable_by(request.user).filter(club=club)
    else:
        events = events.filter(published=True)
    # Right after a delete the session is named at the top with its Undo button.
    undo = next((e for e in deleted if str(e.pk) == request.GET.get("deleted")), None)
    context = {"club": club, "events": events, "deleted": deleted, "undo": undo}
    return render(request, "events/club.html", context)


@login_required
@require_POST
def session_finalise(request, pk):
    event = event_for_director(request, pk)
    event.finalised = request.POST.get("finalised") == "1"
    event.save(update_fields=["finalised"])
    touch(event)
    if event.finalised:
        pdf_store.prepare_all(event)
    return redirect("session_detail", pk=event.pk)


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
