"""The pages players read and directors print: recap, travellers, score cards, a club's
sessions. Each is live: an open page asks every second whether the session changed (an
unchanged session answers 204 at the cost of one query) and swaps in what is new.
"""

from django.contrib.auth.decorators import login_required
from django.db.models import F
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from events import recaps
from events.access import directs, event_for_director, event_for_reader, is_director
from events.models import Club, Event
from events.standings import event_standings


def unchanged(request, event) -> bool:
    """A live page's poll for a session still at the version the page shows."""
    return bool(request.htmx) and request.GET.get("since") == str(event.version)


def _page(request, event, template: str, context: dict):
    context = {"event": event, "director": is_director(request, event), **context}
    if request.htmx:
        return render(request, f"{template}#live", context)
    return render(request, template, context)


@require_GET
@vary_on_headers("HX-Request")
def recap(request, pk):
    event = event_for_reader(request, pk)
    if unchanged(request, event):
        return HttpResponse(status=204)
    data = recaps.load(event)
    return _page(request, event, "events/recap.html",
                 {"data": data, "recap": recaps.recap(data)})  # fmt: skip


@require_GET
@vary_on_headers("HX-Request")
def travellers(request, pk):
    event = event_for_reader(request, pk)
    if unchanged(request, event):
        return HttpResponse(status=204)
    data = recaps.load(event)
    boards = [(board, data.lines_by_board.get(board.pk, [])) for board in data.boards]
    return _page(request, event, "events/travellers.html", {"data": data, "boards": boards})


@require_GET
@vary_on_headers("HX-Request")
def score_card(request, pk, pair_pk):
    event = event_for_reader(request, pk)
    if unchanged(request, event):
        return HttpResponse(status=204)
    data = recaps.load(event)
    pair = data.pairs.get(pair_pk)
    if pair is None:
        raise Http404("No such pair in this session")
    cards = [_card(data, pair)]
    return _page(request, event, "events/score_card.html", {"data": data, "cards": cards})


@require_GET
def score_cards(request, pk):
    """Everyone's score card, one pair a printed page (for the director to hand out)."""
    event = event_for_reader(request, pk)
    if unchanged(request, event):
        return HttpResponse(status=204)
    data = recaps.load(event)
    pairs = [row.pair for _, groups in data.standings for group in groups for row in group.rows]
    cards = [_card(data, pair) for pair in pairs]
    return _page(request, event, "events/score_card.html",
                 {"data": data, "cards": cards, "everyone": True})  # fmt: skip


def _card(data, pair) -> dict:
    return {"pair": pair, "rows": recaps.score_card(data, pair),
            "standing": recaps.standing_of(data, pair)}  # fmt: skip


@require_GET
def club_sessions(request, slug):
    club = get_object_or_404(Club, slug=slug)
    events = Event.objects.filter(club=club)
    if not directs(request, club):
        events = events.filter(published=True)
    return render(request, "events/club.html", {"club": club, "events": events})


@login_required
@require_POST
def session_finalise(request, pk):
    event = event_for_director(request, pk)
    event.finalised = request.POST.get("finalised") == "1"
    event.save(update_fields=["finalised"])
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)  # open pages refresh
    return redirect("session_detail", pk=event.pk)


@require_GET
@vary_on_headers("HX-Request")
def standings_fragment(request, pk):
    """The compact standings beside a traveller, for its live refresh."""
    event = event_for_reader(request, pk)
    if unchanged(request, event):
        return HttpResponse(status=204)
    context = {"event": event, "standings": event_standings(event), "compact": True}
    return render(request, "events/_standings.html", context)
