"""Double-dummy analysis of a session's hand records, in the background job runner (django-q2).

DDS takes a quarter of a second a deal, so it never runs inside a request or a result save:
the upload queues `analyse_next_batch`, which analyses one batch of boards, stores each board's
table and par, and queues itself again until every dealt board is done. The session's
`analysis_*` fields say what is happening, so a failure is shown to the director, never silent;
the queue retries a failed batch (settings.Q_CLUSTER) and the director can retry at once.
"""

from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django_q.tasks import async_task

from events.handrecords.dd import dd_tables
from events.models import Board, Event
from scoring import board_vulnerability, par

__all__ = ["BATCH", "analyse_next_batch", "progress", "queue_analysis"]

# One batch of CalcAllTables: about 10 s on two cores, then progress is saved.
BATCH = 40
TASK = "events.handrecords.jobs.analyse_next_batch"


def queue_analysis(event: Event) -> None:
    """Ask the background worker to analyse every dealt board of the session not yet analysed."""
    Event.objects.filter(pk=event.pk).update(
        analysis_queued_at=timezone.now(), analysis_attempts=0, analysis_error=""
    )
    transaction.on_commit(lambda: async_task(TASK, event.pk, group=f"analysis-{event.pk}"))


def pending_boards(event_id: int):
    return Board.objects.filter(section__event_id=event_id, dd__isnull=True).exclude(deal="")


def analyse_next_batch(event_id: int) -> int:
    """Analyse up to BATCH pending boards of the session; queue the rest. Returns boards done.

    Boards of different sections dealt the same cards are solved once. Any error is recorded
    on the session and raised again, so the job runner counts the attempt and retries it.
    """
    Event.objects.filter(pk=event_id).update(analysis_attempts=F("analysis_attempts") + 1)
    try:
        boards = list(pending_boards(event_id).order_by("number", "pk"))
        deals = list(dict.fromkeys(board.deal for board in boards))[:BATCH]
        tables = dict(zip(deals, dd_tables(deals), strict=True))
        done = _store(boards, tables)
    except Exception as error:
        Event.objects.filter(pk=event_id).update(
            analysis_error=f"{type(error).__name__}: {error}"[:500]
        )
        raise
    remaining = pending_boards(event_id).exists()
    Event.objects.filter(pk=event_id).update(
        analysis_error="",
        analysis_attempts=0,
        analysis_queued_at=timezone.now() if remaining else None,
    )
    if remaining:
        async_task(TASK, event_id, group=f"analysis-{event_id}")
    return done


def _store(boards: list[Board], tables: dict[str, dict]) -> int:
    done = 0
    with transaction.atomic():
        for board in boards:
            table = tables.get(board.deal)
            if table is None:
                continue
            result = par(table, board_vulnerability(board.number))
            # The deal may have been replaced by a new upload since this batch began.
            done += Board.objects.filter(pk=board.pk, deal=board.deal).update(
                dd=table, par_score=result.score, par_contracts=", ".join(result.contracts)
            )
    return done


def progress(event: Event) -> dict:
    """Boards dealt and analysed so far, and the state of the background analysis."""
    counts = (
        Board.objects.filter(section__event=event)
        .exclude(deal="")
        .aggregate(dealt=Count("pk"), analysed=Count("pk", filter=Q(dd__isnull=False)))
    )
    return {
        **counts,
        "running": counts["analysed"] < counts["dealt"],
        "error": event.analysis_error,
        "attempts": event.analysis_attempts,
        "queued_at": event.analysis_queued_at,
    }
