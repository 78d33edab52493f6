"""The PDF downloads, for whoever may read the session: A4 by default, `?paper=letter` for US
Letter.

A session's PDF is served from what the background worker stored (events/pdfs/store.py). When
the stored one is older than the session, the reader gets a "being prepared" page instead,
which follows the render (an htmx poll, or a refresh without JavaScript) and then downloads
the file: `?version=N&wait=1` is that page's address, `?version=N` the file's. A teams event's
PDFs are small and still made as they are asked for (`pdf_download`).
"""

from django.core.exceptions import BadRequest
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from events.core.access import event_for_reader, is_director
from events.models import SessionPdf
from events.pdfs import store as pdf_store
from events.pdfs.documents import DOCUMENTS
from events.pdfs.render import PAPERS, render_document, render_pdf

# A render that has waited this long without starting: the page says the worker may be down.
WORKER_PATIENCE_SECONDS = 30
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}


@require_http_methods(["GET", "POST"])
def session_pdf(request, pk, kind):
    paper, event = paper_size(request), event_for_reader(request, pk)
    if request.method == "POST":  # "Try again" after a failed render: directors only
        if is_director(request, event):
            pdf_store.retry(event, kind, paper)
        return redirect(f"{request.path}?paper={paper}")
    version = _version(request, event)
    pdf = pdf_store.stored(event, kind, paper, version)
    waiting = "wait" in request.GET
    if pdf is not None and not waiting:
        return _file(event, kind, pdf)
    wait_url = f"{request.path}?paper={paper}&version={version}&wait=1"
    if pdf is not None:  # the page waiting for it: now it downloads it
        if request.htmx:
            return HttpResponse(status=204, headers={"HX-Redirect": wait_url})
        file_url = f"{request.path}?paper={paper}&version={version}"
        return _status_page(request, event, kind, paper, None, wait_url, file_url=file_url)
    status = pdf_store.ask(event, kind, paper)  # the session as it is now, or newer
    if status.state == SessionPdf.IDLE and status.version is not None and status.version >= version:
        return _file(event, kind, pdf_store.stored(event, kind, paper, version))  # made inline
    return _status_page(request, event, kind, paper, status, wait_url)


def _version(request, event) -> int:
    """The session version the reader is waiting for: the one the page was opened at."""
    try:
        return min(int(request.GET.get("version", event.version)), event.version)
    except ValueError:
        raise BadRequest("version is a number") from None


def _file(event, kind: str, pdf: SessionPdf) -> HttpResponse:
    response = HttpResponse(bytes(pdf.content), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="clubscore-{event.pk}-{kind}.pdf"'
    return response


def _status_page(request, event, kind, paper, status, wait_url, file_url=None):
    """Being prepared (202, following the render), failed (503), or ready (200: the file
    downloads from here, once)."""
    context = {
        "event": event,
        "director": is_director(request, event),
        "job": status,
        "title": DOCUMENTS[kind].title,
        "paper_name": PAPER_NAMES[paper],
        "paper": paper,
        "wait_url": wait_url,
        "file_url": file_url,
    }
    http_status = 200
    if status is not None:
        context.update(_progress(status))
        if status.version is not None:
            context["earlier_url"] = f"{request.path}?paper={paper}&version={status.version}"
        http_status = 503 if status.state == SessionPdf.FAILED else 202
    template = "events/pdf_preparing.html"
    if request.htmx:
        template += "#status"
    return render(request, template, context, status=http_status)


def _progress(pdf: SessionPdf) -> dict:
    now = timezone.now()
    if pdf.state == SessionPdf.RENDERING and pdf.started_at:
        expected = pdf.pages_expected
        share = min(99, 100 * pdf.pages_done // expected) if expected and pdf.pages_done else None
        return {"rendering": True, "seconds": int((now - pdf.started_at).total_seconds()),
                "percent": share, "expected": expected}  # fmt: skip
    if pdf.state == SessionPdf.QUEUED and pdf.queued_at:
        waited = int((now - pdf.queued_at).total_seconds())
        return {
            "queued": True,
            "seconds": waited,
            "worker_missing": waited >= WORKER_PATIENCE_SECONDS,
        }
    return {"failed": pdf.state == SessionPdf.FAILED}


def paper_size(request) -> str:
    paper = request.GET.get("paper", "a4").lower()
    if paper not in PAPERS:
        raise BadRequest(f"paper is one of {', '.join(PAPERS)}")
    return paper


def pdf_download(
    request, event, page: str, template: str, context: dict, paper: str, *, document=False
):
    """A teams event's page as a PDF, made in the request; with `document`, `template` is one
    of the lean PDF templates (templates/events/pdf/, as a session's hand records) instead."""
    context = {"event": event, "director": is_director(request, event), **context}
    try:
        if document:
            pdf, _ = render_document(render_to_string(template, context), paper)
        else:
            pdf = render_pdf(request, template, context, paper)
    except OSError as error:  # WeasyPrint without the Pango libraries it loads at import
        return HttpResponse(
            f"{pdf_store.PANGO_MISSING} ({error})",
            content_type="text/plain; charset=utf-8",
            status=503,
        )
    response = HttpResponse(pdf, "application/pdf")
    response["Content-Disposition"] = f'attachment; filename="clubscore-{event.pk}-{page}.pdf"'
    return response
