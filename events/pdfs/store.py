"""A session's PDFs: each made once per session version, off the request path, and kept.

A request for a PDF is answered with the stored file when it shows the session as it is (or as
it was when the reader asked: the "being prepared" page waits for a version, not for whatever
is newest by then). Otherwise `ask` makes sure a render is queued and the reader is shown how
far it has got. The background worker (django-q2, `manage.py qcluster`, as for the hand-record
analysis) runs `render`, which claims the PDF's row (events.models.SessionPdf) in one UPDATE, so
one process at a time makes a given PDF however many readers ask, and goes on while readers
ask for newer versions than it made. Finalising or publishing a session queues all its PDFs
(`prepare_all`), so they are there before anyone asks.

Without the background worker (settings.PDF_BACKGROUND off, as in the tests) `ask` renders in
the request itself, through the same claim.
"""

import logging
import time
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.db.models.functions import Greatest
from django.utils import timezone
from django_q.tasks import async_task

from events.models import Board, Event, SessionPdf
from events.pdfs.documents import KINDS, document_html
from events.pdfs.render import PAPERS, Progress, render_document

__all__ = ["STALE_AFTER", "ask", "prepare_all", "render", "retry", "stored"]

logger = logging.getLogger(__name__)

TASK = "events.pdfs.store.render"
# A render still marked as running this long after it started was cut short (the worker was
# stopped or timed out, settings.Q_CLUSTER): the next ask, or the queue's retry, starts it again.
STALE_AFTER = timedelta(seconds=settings.Q_CLUSTER["timeout"] + 10)
MAX_ATTEMPTS = 3  # renders of one version cut short before it counts as failed
REPORT_EVERY = 0.3  # seconds between two progress reports written to the database

PANGO_MISSING = (
    "PDFs need the Pango libraries on the server (Debian: apt-get install libpango-1.0-0 "
    "libpangoft2-1.0-0). The page itself prints fine."
)


def stored(event: Event, kind: str, paper: str, version: int) -> SessionPdf | None:
    """The stored PDF, file and all, if it shows `version` of the session or a later one."""
    return SessionPdf.objects.filter(
        event=event, kind=kind, paper=paper, version__gte=version
    ).first()


def ask(event: Event, kind: str, paper: str, version: int | None = None) -> SessionPdf:
    """Make sure a PDF showing at least `version` (by default the session's) is on its way;
    returns its row, without the file, as it is now."""
    version = event.version if version is None else version
    rows = SessionPdf.objects.filter(event=event, kind=kind, paper=paper)
    now = timezone.now()
    if not rows.exists():
        try:
            with transaction.atomic():
                pdf = SessionPdf.objects.create(
                    event=event,
                    kind=kind,
                    paper=paper,
                    wanted_version=version,
                    state=SessionPdf.QUEUED,
                    queued_at=now,
                )
        except IntegrityError:
            pass  # another request made the row a moment ago: the code below is for both
        else:
            _start(pdf.pk)
            return rows.defer("content").get()
    # Nothing under way (or it failed on an older version, or it was cut short): queue it.
    # Each is one conditional UPDATE, so of two requests at once only one queues the render.
    requeue = (
        Q(state=SessionPdf.IDLE)
        | Q(state=SessionPdf.FAILED, wanted_version__lt=version)
        | Q(state=SessionPdf.RENDERING, started_at__lt=now - STALE_AFTER)
    )
    queued = rows.filter(requeue).update(
        state=SessionPdf.QUEUED,
        queued_at=now,
        wanted_version=Greatest("wanted_version", version),
        error="",
    )
    if queued:
        pdf = rows.defer("content").get()
        _start(pdf.pk)
    else:  # a render is queued or running: it goes on to this version when it is done
        rows.filter(wanted_version__lt=version).update(wanted_version=version)
    return rows.defer("content").get()


def retry(event: Event, kind: str, paper: str) -> None:
    """A director asks again for a PDF whose render failed."""
    rows = SessionPdf.objects.filter(event=event, kind=kind, paper=paper, state=SessionPdf.FAILED)
    if rows.update(state=SessionPdf.QUEUED, queued_at=timezone.now(), attempts=0, error=""):
        _start(rows.model.objects.get(event=event, kind=kind, paper=paper).pk)


def prepare_all(event: Event) -> None:
    """Queue every PDF of the session (A4 and Letter), so that a finalised or published
    session's PDFs are ready before anyone asks. Only with the background worker: without it a
    PDF is made when first asked for."""
    if not settings.PDF_BACKGROUND:
        return
    version = Event.objects.values_list("version", flat=True).get(pk=event.pk)
    dealt = Board.objects.filter(section__event=event).exclude(deal="").exists()
    for paper in PAPERS:
        for kind in KINDS:
            if kind != "hand-records" or dealt:
                ask(event, kind, paper, version)


def _start(pdf_id: int) -> None:
    if settings.PDF_BACKGROUND:
        transaction.on_commit(lambda: async_task(TASK, pdf_id, group=f"pdf-{pdf_id}"))
    else:
        render(pdf_id)


def render(pdf_id: int) -> None:
    """Make the PDF of row `pdf_id`, if this process is the one to claim it, and again while
    readers have asked for a newer version of the session than the one it made."""
    now = timezone.now()
    stale = Q(state=SessionPdf.RENDERING, started_at__lt=now - STALE_AFTER)
    claim = Q(state=SessionPdf.QUEUED) | stale
    rows = SessionPdf.objects.filter(pk=pdf_id)
    if not rows.filter(claim).update(
        state=SessionPdf.RENDERING,
        started_at=now,
        attempts=F("attempts") + 1,
        pages_done=0,
        step="Reading the results",
    ):
        return  # done, or being made by another process
    while _render_once(pdf_id):
        pass


def _render_once(pdf_id: int) -> bool:
    """One render of the session as it is now; whether a newer version is wanted already."""
    rows = SessionPdf.objects.filter(pk=pdf_id)
    pdf = rows.defer("content").select_related("event__club").first()
    if pdf is None:
        return False  # the session was purged meanwhile
    event = pdf.event
    if pdf.attempts > MAX_ATTEMPTS:
        _fail(
            rows,
            event.version,
            "it was cut short too often (it took too long, or the server ran out of memory)",
        )
        return False
    if pdf.version is not None and pdf.version >= event.version:
        rows.update(state=SessionPdf.IDLE, step="", attempts=0)
        return False
    version, started = event.version, time.monotonic()  # the version, then what it shows
    try:
        html, expected = document_html(event, pdf.kind)
        rows.update(pages_expected=pdf.pages or expected)
        content, pages = render_document(html, pdf.paper, _reporter(rows))
    except OSError as error:  # WeasyPrint without the Pango libraries it loads at import
        _fail(rows, version, f"{PANGO_MISSING} ({error})")
        return False
    except Exception as error:
        logger.exception("The %s PDF of session %s could not be made", pdf.kind, event.pk)
        _fail(rows, version, f"{type(error).__name__}: {error}")
        return False
    with transaction.atomic():
        wanted = rows.select_for_update().values_list("wanted_version", flat=True).get()
        again = wanted > version
        rows.update(
            content=content,
            version=version,
            pages=pages,
            made_at=timezone.now(),
            render_seconds=time.monotonic() - started,
            error="",
            pages_done=0,
            state=SessionPdf.RENDERING if again else SessionPdf.IDLE,
            step="Reading the results" if again else "",
            attempts=1 if again else 0,
            started_at=timezone.now() if again else None,
        )
    return again


def _fail(rows, version: int, message: str) -> None:
    rows.update(
        state=SessionPdf.FAILED,
        error=message[:500],
        step="",
        started_at=None,
        wanted_version=Greatest("wanted_version", version),
    )


def _reporter(rows):
    """Writes a render's progress to its row for the "being prepared" page, at most every
    REPORT_EVERY seconds (a page is laid out in a few hundredths of a second)."""
    last = [0.0]

    def report(progress: Progress) -> None:
        now = time.monotonic()
        if now - last[0] >= REPORT_EVERY:
            last[0] = now
            rows.update(step=progress.step, pages_done=progress.pages)

    return report
