"""A teams event's hand records and files of its boards: the PBN upload (the whole event or a
round) with the analysis's progress, a round's hand-record sheet as a PDF, and the event as a
PBN file with each room's result."""

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core.access import for_director, for_reader
from events.handrecords.jobs import queue_analysis
from events.handrecords.views import upload_page
from events.pdfs.documents import hand_record_sheets
from events.pdfs.views import paper_size, pdf_download
from events.teams.forms import TeamsHandRecordForm
from events.teams.hand_records import import_teams_hand_records, round_deals, rounds_boards
from events.teams.models import TeamsEvent
from events.teams.pbn_writer import write_teams_pbn


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def teams_hand_records(request, pk):
    """Upload a PBN file for the event or a round; then the page follows the analysis."""
    event = for_director(request, TeamsEvent, pk, "teams event")
    rounds = rounds_boards(event)
    word = "Segment" if event.is_ko else "Round"
    form = TeamsHandRecordForm(rounds, request.POST or None, request.FILES or None, round_word=word)

    def import_records(owner, text):
        return import_teams_hand_records(owner, text, form.cleaned_data["round"])

    context = {"event": event, "director": True, "rounds": rounds}
    return upload_page(request, event, import_records, "teams/hand_records.html", context, form)


@require_POST
def teams_analysis_retry(request, pk):
    event = for_director(request, TeamsEvent, pk, "teams event")
    queue_analysis(event)
    messages.info(request, "The analysis is queued again.")
    return redirect("teams_hand_records", pk=event.pk)


@require_GET
def teams_round_hand_records_pdf(request, pk, number):
    """A round's boards, each with its diagram, makeable contracts and par, to hand out after
    the round (the same sheet as a session's hand records)."""
    paper, event = paper_size(request), for_reader(request, TeamsEvent, pk, "teams event")
    if number not in rounds_boards(event):
        raise Http404("No such round")
    words = "Segment" if event.is_ko else "Round"
    context = {"title": f"Hand records, {words.lower()} {number}", "owner_words": words.lower(),
               **hand_record_sheets(round_deals(event, number))}  # fmt: skip
    page = f"teams-round-{number}-hand-records"
    template = "teams/pdf/hand_records.html"
    return pdf_download(request, event, page, template, context, paper, document=True)


@require_GET
def teams_pbn(request, pk):
    """The event as PBN 2.1: a game a room of every board played, with its deal when known."""
    event = for_reader(request, TeamsEvent, pk, "teams event")
    response = HttpResponse(write_teams_pbn(event), content_type="application/x-pbn; charset=utf-8")
    filename = f"clubscore-teams-{event.pk}-{slugify(f'{event.name[:60]} {event.date}')}.pbn"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
