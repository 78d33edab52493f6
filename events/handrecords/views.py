"""A session's hand records: upload, the analysis's progress, and the printable sheet.
`upload_page` and `_imported_message` serve one-table games and teams events too
(events.one_table.views, events.teams.deal_views)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core.access import event_for_director, event_for_reader, is_director
from events.handrecords.forms import HandRecordForm
from events.handrecords.jobs import progress, queue_analysis
from events.handrecords.pbn import PBNError
from events.handrecords.session_import import import_hand_records
from events.models import Board


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def hand_records(request, pk):
    """Upload a PBN file; then the page shows how far the background analysis has got."""
    event = event_for_director(request, pk)
    context = {"event": event, "director": True}
    return upload_page(request, event, import_hand_records, "events/hand_records.html", context)


def upload_page(request, owner, import_records, template: str, context: dict, form=None):
    """The upload form and the analysis's progress, for a session, a one-table game or a teams
    event: `import_records(owner, text)` stores the file's deals or raises a PBNError. `form`
    is a HandRecordForm with more fields (a teams event's round), bound to the request."""
    form = form or HandRecordForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            imported = import_records(owner, form.cleaned_data["file"])
        except PBNError as error:
            # Every problem at once, so the next upload is the right one.
            problems = error.problems
            if len(problems) == 1:
                form.add_error("file", f"Nothing was imported: {problems[0]}.")
            else:
                form.add_error(
                    "file",
                    f"Nothing was imported: the file has {len(problems)} problems, listed above.",
                )
        else:
            messages.success(request, _imported_message(imported))
            return redirect(request.path)
    owner.refresh_from_db()
    context = {**context, "form": form, "problems": problems, "progress": progress(owner)}
    if request.htmx:
        return render(request, f"{template}#progress", context)
    return render(request, template, context)


def _imported_message(imported) -> str:
    message = f"{imported.boards} board{'s' if imported.boards != 1 else ''} read"
    if imported.changed:
        message += "; the double-dummy analysis runs in the background, about a second a board"
    else:
        message += "; every deal was already there, so nothing changed"
    if imported.without_deal:
        numbers = ", ".join(str(number) for number in imported.without_deal)
        boards = "boards" if len(imported.without_deal) > 1 else "board"
        message += f". The file has no deal for {boards} {numbers}"
    return message + "."


@login_required
@require_POST
def analysis_retry(request, pk):
    event = event_for_director(request, pk)
    queue_analysis(event)
    messages.info(request, "The analysis is queued again.")
    return redirect("hand_records", pk=event.pk)


def _sheet_context(request, pk) -> dict:
    event = event_for_reader(request, pk)
    boards = Board.objects.filter(section__event=event).exclude(deal="")
    # Sections dealt the same boards print each board once.
    unique = {}
    for board in boards.select_related("section").order_by("number", "section__name"):
        unique.setdefault((board.number, board.deal), board)
    return {"event": event, "director": is_director(request, event), "boards": unique.values()}


@require_GET
def hand_record_sheet(request, pk):
    """Every dealt board with its diagram, double-dummy table and par, to print and hand out."""
    return render(request, "events/hand_record_sheet.html", _sheet_context(request, pk))
