"""Double-dummy analysis of hand records, in the background job runner (django-q2).

DDS takes a quarter of a second a deal, so it never runs inside a request or a result save:
the upload queues `analyse_next_batch`, which analyses one batch of deals, stores each one's
table and par, and queues itself again until every deal is done. The owner's `analysis_*`
fields (events.models.AnalysisFields) say what is happening, so a failure is shown to the
director, never silent; the queue retries a failed batch (settings.Q_CLUSTER) and the director
can retry at once.

Three kinds of owner have deals (events.handrecords.owners): a pairs session (its sections'
boards), a one-table game and a teams event (their deals, registered by their apps). The rows
carry `number`, `deal`, `dd`, `par_score` and `par_contracts`, and the board number gives the
vulnerability par is worked out for.
"""

from django.db import models, transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django_q.tasks import async_task

from events.core import versions
from events.handrecords import owners
from events.handrecords.dd import dd_tables
from scoring import board_vulnerability, par

__all__ = ["BATCH", "GAME", "SESSION", "analyse_next_batch", "progress", "queue_analysis"]

# One batch of CalcAllTables: about 10 s on two cores, then progress is saved.
BATCH = 40
TASK = "events.handrecords.jobs.analyse_next_batch"
SESSION, GAME = "session", "one-table"


def _kind_of(owner) -> str:
    return owners.of(owner).kind


def _queue(owner_id: int, kind: str) -> None:
    group = owners.get(kind).group.format(owner_id)
    if kind == SESSION:
        async_task(TASK, owner_id, group=group)
    else:
        async_task(TASK, owner_id, kind, group=group)


def queue_analysis(owner: models.Model) -> None:
    """Ask the background worker to analyse every deal of a session or one-table game not
    yet analysed."""
    kind = _kind_of(owner)
    owners.get(kind).owner_model.objects.filter(pk=owner.pk).update(
        analysis_queued_at=timezone.now(), analysis_attempts=0, analysis_error=""
    )
    transaction.on_commit(lambda: _queue(owner.pk, kind))


def pending_boards(owner_id: int, kind: str = SESSION):
    return owners.get(kind).dealt(owner_id).filter(dd__isnull=True)


def analyse_next_batch(owner_id: int, kind: str = SESSION) -> int:
    """Analyse up to BATCH pending deals of the session (or one-table game); queue the rest.
    Returns the deals stored.

    Boards of different sections dealt the same cards are solved once. Any error is recorded
    on the owner and raised again, so the job runner counts the attempt and retries it.
    """
    rows = owners.get(kind).owner_model.objects.filter(pk=owner_id)
    rows.update(analysis_attempts=F("analysis_attempts") + 1)
    try:
        boards = list(pending_boards(owner_id, kind).order_by("number", "pk"))
        deals = list(dict.fromkeys(board.deal for board in boards))[:BATCH]
        tables = dict(zip(deals, dd_tables(deals), strict=True))
        done = _store(boards, tables)
    except Exception as error:
        rows.update(analysis_error=f"{type(error).__name__}: {error}"[:500])
        raise
    remaining = pending_boards(owner_id, kind).exists()
    # The tables and par are part of the session now: open pages refresh, and its PDFs
    # (stored per version, events/pdfs/store.py) are made again with them.
    versions.bump(
        rows,
        by=1 if done else 0,
        analysis_error="",
        analysis_attempts=0,
        analysis_queued_at=timezone.now() if remaining else None,
    )
    if remaining:
        _queue(owner_id, kind)
    return done


def _store(boards: list, tables: dict[str, dict]) -> int:
    done = 0
    with transaction.atomic():
        for board in boards:
            table = tables.get(board.deal)
            if table is None:
                continue
            result = par(table, board_vulnerability(board.number))
            # The deal may have been replaced by a new upload since this batch began.
            done += (
                type(board)
                .objects.filter(pk=board.pk, deal=board.deal)
                .update(dd=table, par_score=result.score, par_contracts=", ".join(result.contracts))
            )
    return done


def progress(owner: models.Model) -> dict:
    """Deals stored and analysed so far, and the state of the background analysis."""
    counts = (
        owners.of(owner)
        .dealt(owner.pk)
        # Sections share board numbers and deals: a director counts boards, not copies.
        .aggregate(
            dealt=Count("number", distinct=True),
            analysed=Count("number", filter=Q(dd__isnull=False), distinct=True),
        )
    )
    return {
        **counts,
        "running": counts["analysed"] < counts["dealt"],
        "error": owner.analysis_error,
        "attempts": owner.analysis_attempts,
        "queued_at": owner.analysis_queued_at,
    }
