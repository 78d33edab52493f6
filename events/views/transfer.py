"""Upload a travellers CSV as a new session; download a session's results as JSON or CSV."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from events.access import event_for_reader
from events.export import results_document
from events.formats.csv_export import results_csv, travellers_csv
from events.forms import OPTION_FIELDS, ImportForm
from events.importer import ImportProblems, import_travellers
from events.movement_inference import describe_movements


@login_required
@require_http_methods(["GET", "POST"])
def session_import(request):
    form = ImportForm(request.POST or None, request.FILES or None, user=request.user)
    problems = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            text = data["file"].read().decode("utf-8-sig")
        except UnicodeDecodeError:
            problems = [(1, "the file is not UTF-8 text (save it as CSV UTF-8)")]
        else:
            try:
                event = import_travellers(
                    text, club=data["club"], name=data["name"], movement=data["movement"],
                    scoring_method=data["scoring"], user=request.user,
                    options={name: data[name] for name in OPTION_FIELDS},
                )  # fmt: skip
            except ImportProblems as error:
                problems = error.problems
            else:
                messages.info(request, describe_movements(event))
                return redirect("session_detail", pk=event.pk)
    return render(request, "events/import.html", {"form": form, "problems": problems})


@require_GET
def session_export(request, pk):
    event = event_for_reader(request, pk)
    body = json.dumps(results_document(event), indent=2)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="clubscore-session-{event.pk}.json"'
    return response


def _csv_download(event, body: str, what: str) -> HttpResponse:
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    filename = f"clubscore-session-{event.pk}-{what}.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def session_results_csv(request, pk):
    event = event_for_reader(request, pk)
    return _csv_download(event, results_csv(event), "results")


@require_GET
def session_travellers_csv(request, pk):
    """Every result in the format the import page and import_travellers read back."""
    event = event_for_reader(request, pk)
    return _csv_download(event, travellers_csv(event), "travellers")
