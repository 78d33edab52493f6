"""Deleting a result: one transaction, the session locked, the history kept, rescored."""

from django.db import transaction

from events.entry.changes import (
    Correction,
    check_unchanged,
    correction_of,
    locked,
    mark_corrected,
    record_deletion,
)
from events.entry.errors import EntryConflict, EntryError, EntryWarning
from events.entry.saving import RowState
from events.models import Board, Pair, Result
from events.standings import scorer


def delete_result(
    result: Result, user, *, expected_version=None, correction: Correction | None = None
) -> None:
    """Delete a result. With `expected_version`, only if nobody changed it since (else
    EntryConflict); a result somebody else already deleted is left deleted. In a finalised
    session only with its `correction` (else CorrectionNeeded)."""
    with transaction.atomic():
        board = locked(result.board)
        current = _row_result(board, result.ns_pair)
        if current is None or current.pk != result.pk:
            if expected_version is not None and current is not None:
                raise EntryConflict(current, None)
            return
        check_unchanged(current, expected_version)
        correction = correction_of(board, correction, current, None)
        record_deletion(board, current, user, correction)
        current.delete()
        if correction is not None:
            mark_corrected(board)
        scorer.rescore_board(board.section.event, board)


def clear_row(
    board: Board,
    ew: Pair,
    user,
    *,
    row: RowState,
    confirmed=False,
    correction: Correction | None = None,
) -> str:
    """A traveller row emptied by its typist (`ew` the EW pair it showed): after a confirming
    Enter (or ✕), its result is deleted; in a finalised session the reason asked for is the
    confirmation. Returns the line deleted ("" when someone else had deleted it already)."""
    result = Result.objects.filter(board=board, ns_pair=row.ns).first() if row.ns else None
    if result is None or result.ew_pair_id != ew.pk:
        if row.version:
            return ""  # already cleared by someone else: what the typist wanted
        raise EntryError("Type a result.")
    if not confirmed and not board.section.event.finalised:
        raise EntryWarning(
            f"Clear this row? {result.text} will be deleted (it stays in the board's History)."
        )
    delete_result(result, user, expected_version=row.version, correction=correction)
    return result.text


def _row_result(board: Board, ns: Pair | None) -> Result | None:
    if ns is None:
        return None
    return (
        Result.objects.filter(board=board, ns_pair=ns)
        .select_related("ns_pair", "ew_pair", "updated_by")
        .first()
    )
