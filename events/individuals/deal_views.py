"""An individual's hand records: the PBN upload with the analysis's progress (the pairs
session's page, events.handrecords.views.upload_page), and the retry of a failed analysis.
The board's traveller and the players' score cards show the deals, tables and par."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core.access import for_director
from events.handrecords.jobs import queue_analysis
from events.handrecords.views import upload_page
from events.individuals.hand_records import deals_by_number, import_individual_hand_records
from events.individuals.models import IndividualEvent

WHAT = "individual"


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def individual_hand_records(request, pk):
    """Upload a PBN file for the event; then the page follows the analysis."""
    event = for_director(request, IndividualEvent, pk, WHAT)
    context = {"event": event, "director": True, "deals": deals_by_number(event).values()}
    template = "individuals/hand_records.html"
    return upload_page(request, event, import_individual_hand_records, template, context)


@login_required
@require_POST
def individual_analysis_retry(request, pk):
    event = for_director(request, IndividualEvent, pk, WHAT)
    queue_analysis(event)
    messages.info(request, "The analysis is queued again.")
    return redirect("individual_hand_records", pk=event.pk)
