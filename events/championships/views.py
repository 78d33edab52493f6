"""A championship's pages: create it from the club's sessions, match its entrants, and its
combined standings, live while a session is played (events.core.live), as a PDF, and as JSON
or USEBIO files."""

from collections import Counter

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from events.championships import setup
from events.championships.final import final_standings, live_subject, qualifying
from events.championships.forms import ChampionshipForm, EntrantsForm, FinalForm
from events.championships.standings import combined_standings
from events.core.access import directs
from events.core.live import live_page, live_view
from events.core.versions import bump
from events.formats import CHAMPIONSHIP_WRITERS, write_championship
from events.models import Championship, Club
from events.pdfs.views import paper_size, pdf_download
from scoring.domain import Combination


def _championship(request, pk, director_only=False) -> tuple[Championship, bool]:
    """The championship and whether the user directs its club; a 404 for a reader when no
    session of it is published, and for anyone but its directors when `director_only`."""
    championship = get_object_or_404(Championship.objects.select_related("club", "final"), pk=pk)
    director = directs(request, championship.club)
    if director:
        return championship, True
    published = championship.stages.filter(event__published=True, event__deleted_at=None)
    if director_only or not published.exists():
        raise Http404("No such championship")
    return championship, False


@login_required
@require_http_methods(["GET", "POST"])
def championship_create(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not directs(request, club):
        raise Http404("No such club")
    form = ChampionshipForm(club, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        championship = setup.create_championship(
            club, data["name"], data["sessions"], data["combination"], data["missed"]
        )
        return redirect("championship_entrants", pk=championship.pk)
    return render(request, "events/championship_form.html", {"club": club, "form": form})


@require_GET
@vary_on_headers("HX-Request")
@live_view
def championship_detail(request, pk):
    championship, director = _championship(request, pk)
    subject = live_subject(championship)

    def context():
        return {
            "championship": championship,
            "standings": combined_standings(championship, director),
            "final": final_standings(championship, director),
        }

    return live_page(request, subject, "events/championship.html", context)


@require_GET
@vary_on_headers("HX-Request")
@live_view
def championship_after(request, pk, order):
    """The combined standings as they stood after one session: its sessions 1 to `order`."""
    championship, director = _championship(request, pk)
    if not championship.stages.filter(order=order, event__deleted_at__isnull=True).exists():
        raise Http404("No such session of the championship")
    subject = live_subject(championship)

    def context():
        standings = combined_standings(championship, director, through=order)
        return {"championship": championship, "standings": standings, "after": order}

    return live_page(request, subject, "events/championship.html", context, order)


@require_GET
def championship_pdf(request, pk):
    championship, director = _championship(request, pk)
    paper = paper_size(request)
    context = {
        "championship": championship,
        "standings": combined_standings(championship, director),
        "final": final_standings(championship, director),
    }
    subject = live_subject(championship)
    template = "events/championship.html"
    return pdf_download(request, subject, "championship", template, context, paper)


@require_GET
def championship_results_file(request, pk, format_name):
    """The championship as JSON or USEBIO (events.formats.CHAMPIONSHIP_WRITERS), with the
    sessions its reader sees on its page."""
    championship, director = _championship(request, pk)
    writer = CHAMPIONSHIP_WRITERS[format_name]
    try:
        body = write_championship(championship, format_name, director)
    except ValueError as error:  # USEBIO: sessions it has no event type for
        messages.error(request, f"No {format_name.upper()} file: {error}.")
        return redirect("championship_detail", pk=pk)
    response = HttpResponse(body, content_type=writer.content_type)
    filename = f"clubscore-championship-{championship.pk}.{writer.extension}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def championship_entrants(request, pk):
    championship, _ = _championship(request, pk, director_only=True)
    if request.method == "POST" and "by_names" in request.POST:
        setup.match_by_names(championship)
        messages.success(request, "Entrants matched again by the pairs' names.")
        return redirect("championship_entrants", pk=pk)
    pairs = list(setup.championship_pairs(championship))
    entrants = list(championship.entrants.all())
    form = EntrantsForm(pairs, entrants, request.POST or None)
    if request.method == "POST" and form.is_valid():
        setup.assign(championship, form.choices())
        messages.success(request, "Entrants saved.")
        return redirect("championship_detail", pk=pk)
    sessions: dict[int, list] = {}
    for pair in pairs:
        sessions.setdefault(pair.section.event.stage.order, []).append((pair, form.field_of(pair)))
    context = {"championship": championship, "form": form, "sessions": sessions}
    return render(request, "events/championship_entrants.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def championship_final(request, pk):
    """The director marks the final: its session, who goes through, the share carried."""
    championship, _ = _championship(request, pk, director_only=True)
    entrants = championship.entrants.count()
    sizes = (entrants, entrants)
    if championship.combination != Combination.IMPS:  # IMPs: no final (FinalForm)
        stage = qualifying(championship, director=True)
        fields = Counter(stage.fields[pk] for pk in stage.figures)
        sizes = (len(stage.figures) or entrants, max(fields.values(), default=entrants))
    initial = {
        "final": championship.final_id,
        "finalists": championship.finalists,
        "qualify_by": championship.qualify_by,
        "carry_percent": championship.carry_percent,
    }
    form = FinalForm(championship, sizes, request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        bump(
            Championship.objects.filter(pk=championship.pk),
            final=data["final"],
            finalists=data["finalists"] if data["final"] else None,
            qualify_by=data["qualify_by"],
            carry_percent=data["carry_percent"],
        )
        messages.success(request, "Final saved." if data["final"] else "No final.")
        return redirect("championship_detail", pk=pk)
    context = {"championship": championship, "form": form, "sizes": sizes}
    return render(request, "events/championship_final.html", context)
