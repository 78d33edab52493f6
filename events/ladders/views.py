"""A ladder's pages: made and edited by the club's directors, followed live by everyone, and
as a PDF."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from events.core.access import directs
from events.core.live import live_page, live_view
from events.ladders.forms import LadderForm
from events.ladders.standings import ladder_sessions, ladder_table, live_subject
from events.models import Club, Ladder
from events.pdfs.views import paper_size, pdf_download


def _ladder(request, pk) -> tuple[Ladder, bool]:
    ladder = get_object_or_404(Ladder.objects.select_related("club"), pk=pk)
    return ladder, directs(request, ladder.club)


def _form_page(request, club, ladder=None):
    form = LadderForm(request.POST or None, instance=ladder, club=club)
    if request.method == "POST" and form.is_valid():
        saved = form.save()
        messages.success(request, f"Saved the ladder “{saved}”.")
        return redirect("ladder_detail", pk=saved.pk)
    context = {"club": club, "form": form, "ladder": ladder}
    return render(request, "events/ladder_form.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def ladder_create(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not directs(request, club):
        raise Http404("No such club")
    return _form_page(request, club)


@login_required
@require_http_methods(["GET", "POST"])
def ladder_edit(request, pk):
    ladder, director = _ladder(request, pk)
    if not director:
        raise Http404("No such ladder")
    return _form_page(request, ladder.club, ladder)


@require_GET
@vary_on_headers("HX-Request")
@live_view
def ladder_detail(request, pk):
    ladder, director = _ladder(request, pk)
    sessions = ladder_sessions(ladder, director)
    subject = live_subject(ladder, sessions, timezone.localdate())

    def context():
        return {"ladder": ladder, "table": ladder_table(ladder, sessions, subject, director)}

    return live_page(request, subject, "events/ladder.html", context)


@require_GET
def ladder_pdf(request, pk):
    ladder, director = _ladder(request, pk)
    paper = paper_size(request)
    sessions = ladder_sessions(ladder, director)
    subject = live_subject(ladder, sessions, timezone.localdate())
    context = {"ladder": ladder, "table": ladder_table(ladder, sessions, subject, director)}
    return pdf_download(request, subject, "ladder", "events/ladder.html", context, paper)
