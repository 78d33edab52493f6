"""Upload a results file (travellers CSV, PBN, ...) as a new session, or another kind's file
(a teams event's USEBIO file) as that kind of event (events.core.kinds); download a session's
results as JSON, CSV, PBN, ..."""

from pathlib import PurePath

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from events.core import kinds
from events.core.access import event_for_reader
from events.formats import (
    READERS,
    WRITERS,
    ImportProblems,
    described,
    read_traveller_file,
    write_results,
)
from events.formats.csv_export import masterpoints_csv, results_csv, travellers_csv
from events.formats.forms import ImportForm, kilobytes
from events.models import METHOD_CHOICES, MOVEMENT_CHOICES
from events.sessions.forms import OPTION_FIELDS
from events.sessions.importing import import_traveller_file
from events.sessions.movement_inference import describe_movements

NAME_HELP = "Leave empty to use the event name in the file, or else the file's own name."


class ResultsFileForm(ImportForm):
    """The import form for any results file: another program's file names its event, shows
    its movement and may say its scoring method, so each may be left to the file."""

    # A Bridgemate .bws is an Access database carrying the players' table: bigger than text.
    MAX_OTHER_BYTES = 16_000_000

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].required = False
        self.fields["name"].help_text = NAME_HELP
        self.fields["file"].label = "Results file"
        self.fields["file"].help_text = ", ".join(f".{name}" for name in READERS)
        self.fields["movement"] = forms.ChoiceField(
            choices=[("", "As the file shows"), *MOVEMENT_CHOICES], required=False
        )
        self.fields["scoring"] = forms.ChoiceField(
            choices=[("", "As the file says"), *METHOD_CHOICES],
            required=False,
        )
        self.order_fields(["club", "file", "name", "movement", "scoring"])

    def clean_file(self):
        upload = self.cleaned_data["file"]
        extension = PurePath(upload.name).suffix.lower().lstrip(".")
        if extension not in READERS:
            known = ", ".join(f".{name}" for name in READERS)
            raise forms.ValidationError(f"Clubscore reads {known} files; this is {upload.name}.")
        if extension == "csv":
            return super().clean_file()
        if upload.size > self.MAX_OTHER_BYTES:
            raise forms.ValidationError(
                f"The file is {kilobytes(upload.size)}; a results file is at most "
                f"{kilobytes(self.MAX_OTHER_BYTES)}."
            )
        return upload


@login_required
@require_http_methods(["GET", "POST"])
def session_import(request):
    form = ResultsFileForm(request.POST or None, request.FILES or None, user=request.user)
    problems, warnings = [], []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        upload = data["file"]
        warnings = []
        try:
            parsed = read_traveller_file(upload.read(), PurePath(upload.name).suffix, upload.name)
            if kind := kinds.importing(parsed):
                event = kind.file_import.store(
                    parsed,
                    club=data["club"],
                    name=data["name"],
                    user=request.user,
                    warnings=warnings,
                )
            else:
                event = import_traveller_file(
                    parsed,
                    club=data["club"],
                    name=data["name"],
                    movement=data["movement"] or None,
                    scoring_method=data["scoring"] or None,
                    user=request.user,
                    options={name: data[name] for name in OPTION_FIELDS},
                    warnings=warnings,
                )
        except ImportProblems as error:
            problems = error.described()
        else:
            _say_imported(request, event, warnings, form)
            return redirect(kinds.of(event).detail, pk=event.pk)
    return render(request, "events/import.html", {"form": form, "problems": problems})


def _say_imported(request, event, warnings, form) -> None:
    """What was imported, each warning, and for another kind's file (a teams file) the page's
    pairs choices the director made that it did not use."""
    file_import = kinds.of(event).file_import
    if file_import is None:
        messages.info(request, describe_movements(event))
    else:
        messages.info(request, file_import.described(event, form.cleaned_data["file"].name))
    for warning in described(warnings):
        messages.warning(request, f"Imported with a warning: {warning}")
    club = form.cleaned_data["club"]
    if file_import is not None and (unused := _pairs_choices_made(form, club)):
        messages.warning(
            request,
            f"Not used: {unused}. These are a pairs session's; "
            f"{file_import.file_words} takes its scoring from the "
            "file.",
        )


def _pairs_choices_made(form, club) -> str:
    """The pairs-session choices the director changed from the club's defaults, by label
    ("Movement, Scored as"), or ""."""
    changed = [form["movement"].label] if form.data.get("movement") else []
    changed += [form["scoring"].label] if form.data.get("scoring") else []
    for name in OPTION_FIELDS:
        posted = form[name].data
        if posted not in (None, "") and form.fields[name].has_changed(getattr(club, name), posted):
            changed.append(form[name].label)
    return ", ".join(changed)


@require_GET
def session_export(request, pk):
    return session_results_file(request, pk, "json")


@require_GET
def session_results_file(request, pk, format_name):
    """The session's results in one of the formats of events.formats.WRITERS."""
    writer = WRITERS.get(format_name)
    if writer is None:
        raise Http404(f"no results format {format_name!r}")
    event = event_for_reader(request, pk)
    try:
        body = write_results(event, format_name)
    except ValueError as error:  # a format that cannot say how this session was scored
        messages.error(request, f"No {format_name.upper()} file: {error}.")
        return redirect("session_detail", pk=event.pk)
    response = HttpResponse(body, content_type=writer.content_type)
    filename = f"clubscore-session-{event.pk}.{writer.extension}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
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


@require_GET
def session_masterpoints_csv(request, pk):
    """Each player's award under the club's masterpoint rule, for the federation's returns."""
    event = event_for_reader(request, pk)
    if not event.club_id or not event.club.masterpoints:
        raise Http404("this club awards no masterpoints")
    return _csv_download(event, masterpoints_csv(event), "masterpoints")
