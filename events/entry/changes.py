"""What every change to a session's results shares: the session's lock, the correction a
finalised session asks for, and the board's history of deletions.

Every save or deletion first takes its session's row lock (bumping the session's version), so
two people entering at once queue up instead of losing a result, and rescoring, which reaches
across boards (the common top, Law 12C2's session rule, scoring across the field), always sees
every committed result. Every change is written to the board's history.

Once the director has finalised a session, a change to a result is a correction: it is made
only with the director's reason (`Correction`), which the history keeps, and the session is
marked corrected, so players see it. Changes that would move every score (the scoring
options, penalties) are refused then (`SessionFinal`).
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from events.core import versions
from events.core.prepared import prepared
from events.entry.errors import CorrectionNeeded, EntryConflict, SessionFinal
from events.models import Board, Event, Result, ResultChange, ResultMail
from events.standings import scorer


@dataclass(frozen=True)
class Correction:
    """Why the director changes a finalised result, and whether players see the reason."""

    reason: str
    public: bool = False


def locked(board: Board) -> Board:
    """Lock the session (one row, always first: no deadlock), bump its version, and reload
    the board with its section and session."""
    event_id = Board.objects.filter(pk=board.pk).values_list("section__event_id", flat=True)
    versions.bump(Event.objects.filter(pk__in=event_id))
    found = _board_with_session(board.pk)
    if not found:
        raise Board.DoesNotExist(f"board {board.pk} was deleted")
    return found[0]


@prepared
def _board_with_session(pk):
    return Board.objects.select_related("section__event").filter(pk=pk)


def check_unchanged(row_result: Result | None, expected_version, typed=None) -> None:
    """EntryConflict when the row's result is not the version the typist saw (0: none);
    `expected_version` None checks nothing."""
    if expected_version is None:
        return
    if (row_result.version if row_result else 0) != expected_version:
        raise EntryConflict(row_result, typed)


def correction_of(
    board: Board, correction: Correction | None, stored: Result | None, typed: str | None
) -> Correction | None:
    """The correction this change is, in a finalised session (None before finalising): one
    without its reason is CorrectionNeeded, saying what would change. Costs no query (the
    session came with the board's lock)."""
    if not board.section.event.finalised:
        return None
    if correction is None or not correction.reason.strip():
        was = f"it was {stored.text}" if stored else "it was not entered"
        now = f"now {typed}" if typed else "now deleted"
        raise CorrectionNeeded(
            f"The results are final: players will see this correction ({was}, {now}). "
            "Say why you make it."
        )
    return correction


def mark_corrected(board: Board) -> None:
    """The session says it was corrected (players are shown the corrections), and its PDFs
    are made again once the correction is committed, ready before anyone asks; the members who
    agreed are e-mailed the corrected results (events/mail/)."""
    from events.mail import sending  # the mails and the PDFs read results: imported when needed
    from events.pdfs import store as pdf_store

    event = board.section.event
    Event.objects.filter(pk=event.pk).update(corrected_at=timezone.now())
    transaction.on_commit(lambda: pdf_store.prepare_all(event))
    sending.queue_after_commit(event, ResultMail.CORRECTION)


def record_deletion(board: Board, result: Result, user, correction=None) -> None:
    ResultChange.objects.create(
        board=board,
        ns_pair=result.ns_pair,
        ew_pair=result.ew_pair,
        action=ResultChange.DELETED,
        old_text=result.text,
        old_ns_score=result.ns_score,
        changed_by=author(user),
        **reason(correction),
    )


def reason(correction: Correction | None) -> dict:
    """The history's fields for a correction's reason (none for an ordinary change)."""
    if correction is None:
        return {}
    return {"reason": correction.reason.strip(), "reason_public": correction.public}


def author(user):
    return user if user is not None and user.is_authenticated else None


def rescore_event(event: Event, *, refusal: str = "") -> None:
    """Rescore every section, e.g. after the director changed a scoring option. For a
    finalised session SessionFinal(`refusal`), and the caller's transaction rolls back."""
    with transaction.atomic():
        versions.bump(event)
        current = Event.objects.get(pk=event.pk)
        if current.finalised:
            raise SessionFinal(refusal or FINAL_SCORES)
        scorer.rescore(current)


FINAL_SCORES = (
    "The results are final: they are no longer rescored. A board's result can still be "
    "corrected on its traveller, giving the reason."
)
