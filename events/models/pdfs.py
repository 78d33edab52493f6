"""A session's PDFs, each made once per session version in the background and kept to serve."""

from django.db import models
from django.db.models import Q

from .sessions import Event

__all__ = ["PDF_KINDS", "PDF_PAPERS", "SessionPdf"]

PDF_KINDS = ("standings", "recap", "travellers", "score-cards", "hand-records")
PDF_PAPERS = ("a4", "letter")


class SessionPdf(models.Model):
    """One PDF of a session (a kind, on a paper): the file last made and the session version it
    shows, and the state of the render that makes the next one (events/pdfs/store.py).

    One row per PDF (the unique constraint) is also its claim: a render starts only by moving
    this row from queued to rendering in one UPDATE, which one process at a time can do, so the
    same PDF is never made twice at once. The file is in the database rather than on disk: the
    worker and the web server share nothing else, a file and the version it shows change in one
    statement, and a session's PDFs go with it when it is purged.
    """

    IDLE, QUEUED, RENDERING, FAILED = "idle", "queued", "rendering", "failed"
    STATES = (IDLE, QUEUED, RENDERING, FAILED)

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pdfs")
    kind = models.CharField(max_length=20)
    paper = models.CharField(max_length=10)
    # The file last made, the session version it shows, its pages and how long it took.
    content = models.BinaryField(null=True, editable=False)
    version = models.PositiveIntegerField(null=True)
    pages = models.PositiveIntegerField(null=True)
    render_seconds = models.FloatField(null=True)
    made_at = models.DateTimeField(null=True)
    # The next file: the newest version asked for, and how its render is going.
    wanted_version = models.PositiveIntegerField()
    state = models.CharField(max_length=10, default=QUEUED)
    queued_at = models.DateTimeField(null=True)
    started_at = models.DateTimeField(null=True)
    step = models.CharField(max_length=60, blank=True)
    pages_done = models.PositiveIntegerField(default=0)
    pages_expected = models.PositiveIntegerField(null=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=500, blank=True)

    class Meta:
        verbose_name = "session PDF"
        constraints = [
            models.UniqueConstraint(fields=["event", "kind", "paper"], name="session_pdf_once"),
            models.CheckConstraint(condition=Q(kind__in=PDF_KINDS), name="session_pdf_kind_known"),
            models.CheckConstraint(
                condition=Q(paper__in=PDF_PAPERS), name="session_pdf_paper_known"
            ),
            models.CheckConstraint(
                condition=Q(state__in=["idle", "queued", "rendering", "failed"]),
                name="session_pdf_state_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} ({self.paper}) of session {self.event_id}"
