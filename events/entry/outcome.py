"""What one Enter on a traveller row came to, and where the cursor goes after it.

A posted line is saved, or its row cleared, or it is refused: then the row shows why beside the
line still in its box (an error, a warning to confirm, the reason a correction asks for, the
other result of a conflict). `Outcome` carries that from the save to the rows about to be drawn,
and `place_cursor` puts it, and the cursor, on them.
"""

import dataclasses
from dataclasses import dataclass

from django.http import Http404

from events.core.params import int_or_none
from events.entry.changes import Correction
from events.entry.deleting import clear_row
from events.entry.errors import CorrectionNeeded, EntryConflict, EntryError, EntryWarning
from events.entry.rows import Row, mark_focus, mark_saved
from events.entry.saving import RowState, save_result
from events.models import Board, Result, ResultChange

ROW_GONE = (
    "This row is not on the traveller any more (or its pairs are not in this section): "
    "nothing was stored. Type the pairs and the result in the Other pairs row."
)


@dataclass(frozen=True)
class Outcome:
    """One posted line: what was typed on which row, and what became of it."""

    key: str  # the posted row's key ("<board>-<ns>-<ew>", as the row's form sent it)
    row: Row  # the posted row: an off-movement row gone meanwhile is shown again
    typed: str = ""
    typed_ns: str | None = None  # pair numbers typed over the row's own
    typed_ew: str | None = None
    version: int | None = None  # the version of the row's result it was typed against
    # Stored: `saved_key` is the key of the row the result is on now, `rows_version` the
    # session's version its save made (the rows, read after it, are at least that new).
    # Cleared: `deleted_text` is the line deleted ("" when somebody else had deleted it).
    done: bool = False
    saved_key: str = ""
    rows_version: int | None = None
    cleared: bool = False
    deleted_text: str = ""
    # Refused: what the row says beside the line, and what it asks.
    error: str = ""
    warning: str = ""
    conflict: EntryConflict | None = None
    correction: str = ""  # the session is final: why change it?
    clearing: bool = False  # the line asked to clear the row
    reason: str = ""  # the reason typed, its publishing and a confirmation, shown again
    publish_reason: bool = False
    override: bool = False
    status: int = 200  # 503: the database could not finish the save (sending it again is safe)

    @classmethod
    def posted(cls, board: Board, post, pairs: dict) -> "Outcome":
        """The line as posted on `board`'s row, nothing done yet; `pairs` by primary key."""
        ns, ew = int_or_none(post.get("ns")), int_or_none(post.get("ew"))
        return cls(
            key=f"{board.pk}-{post.get('ns', '')}-{post.get('ew', '')}",
            row=Row(board, pairs.get(ns), pairs.get(ew)),
            typed=post.get("text", ""),
            typed_ns=post.get("ns_number"),
            typed_ew=post.get("ew_number"),
            version=int_or_none(post.get("version")),
        )

    def refused(self, **why) -> "Outcome":
        return dataclasses.replace(self, **why)

    def asking_why(self, question: str, post, *, clearing=False) -> "Outcome":
        """Refused until the director says why (a correction): what they typed and confirmed
        is kept, to show it again."""
        return self.refused(
            correction=question,
            clearing=clearing,
            reason=post.get("reason", ""),
            publish_reason=bool(post.get("publish_reason")),
            override=bool(post.get("override")),
        )


def enter_line(posted: Outcome, form, user) -> Outcome:
    """Save the posted line (an empty one clears its row) as the valid `form` (a ResultForm
    bound to it) reads it; an EntryError is the refusal the row shows."""
    if form.errors.keys() == {"reason"}:
        return posted.asking_why(form.errors["reason"][0], form.data)
    if not form.is_valid():
        message = "; ".join(str(e) for errors in form.errors.values() for e in errors)
        return posted.refused(error=message or "Type a result.")
    data = form.cleaned_data
    board = posted.row.board
    correction = Correction(data["reason"], data["publish_reason"]) if data["reason"] else None
    try:
        if data["text"]:
            result = _save_line(board, data, user, correction)
            return dataclasses.replace(
                posted,
                done=True,
                rows_version=result.version,
                saved_key=f"{board.pk}-{result.ns_pair_id}-{result.ew_pair_id}",
            )
        deleted = clear_row(
            board,
            data["ew"],
            user,
            row=_row_state(data),
            confirmed=data["override"],
            correction=correction,
        )
        return dataclasses.replace(posted, done=True, cleared=True, deleted_text=deleted)
    except CorrectionNeeded as needed:
        # The session is final: the row asks why, and keeps what was typed and confirmed.
        return posted.asking_why(str(needed), form.data, clearing=not data["text"])
    except EntryConflict as conflict:
        return posted.refused(conflict=conflict)
    except EntryWarning as warning:
        return posted.refused(warning=str(warning), clearing=not data["text"])
    except EntryError as error:
        return posted.refused(error=str(error))


def _save_line(board, data, user, correction) -> Result:
    return save_result(
        board,
        data["ns"],
        data["ew"],
        data["text"],
        user,
        row=_row_state(data),
        override=data["override"],
        correction=correction,
    )


def _row_state(data) -> RowState:
    """The row as the typist saw it, from a valid ResultForm's data."""
    return RowState(data["row_ns"], data["new_row"], data["version"], data["replace"])


def place_cursor(rows: list[Row], outcome: Outcome | None, query) -> None:
    """Mark the row the cursor goes to, and a refused line beside its row. Nothing posted: a
    GET's `query` may say after= (the row after that one) or focus= (that row)."""
    if outcome is None:
        mark_saved(rows, query.get("after", ""))
        mark_focus(rows, query.get("focus", ""))
        return
    if outcome.cleared:
        # The cursor stays on the row just emptied, where its right result (if any) goes;
        # on a long traveller the next empty row may be a screen away. A row off the
        # movement goes with its result: then the Other pairs row, where it was typed.
        emptied = next((row for row in rows if row.key == outcome.key), None)
        emptied = emptied or next((row for row in rows if row.new), None)
        if emptied is not None:
            emptied.focus = True
            emptied.deleted_text = outcome.deleted_text
        return
    if outcome.done:
        mark_saved(rows, outcome.saved_key)
        return
    row = next((row for row in rows if row.key == outcome.key), None)
    if row is None and outcome.row.ns and outcome.row.ew:
        row = outcome.row
        rows.insert(len([r for r in rows if not r.new]), row)
    if row is None:
        # Pairs not in the section, or an off-movement row that cannot be shown again: say
        # so where the director types a pairing of their own (or beside the board's row).
        row = next((r for r in rows if r.new), None) or next(
            (r for r in rows if r.board == outcome.row.board), None
        )
        if row is None:
            raise Http404("No such row here")
        outcome = outcome.refused(error=ROW_GONE, typed_ns=None, typed_ew=None, version=None)
    _show_refusal(row, outcome)


def _show_refusal(row: Row, outcome: Outcome) -> None:
    row.error, row.warning, row.clearing = outcome.error, outcome.warning, outcome.clearing
    row.correction = outcome.correction
    row.reason, row.publish_reason = outcome.reason, outcome.publish_reason
    row.override = outcome.override
    row.typed = outcome.typed
    row.typed_ns, row.typed_ew = outcome.typed_ns, outcome.typed_ew
    row.posted_version = outcome.version
    row.focus = True
    if outcome.conflict is not None:
        _show_conflict(row, outcome.conflict)


def _show_conflict(row: Row, conflict: EntryConflict) -> None:
    """Both results beside the row, and who stored (or deleted) the other one, and when."""
    row.conflict = conflict
    stored = conflict.stored
    if stored is not None:
        row.changed_by = stored.updated_by.get_username() if stored.updated_by else ""
        row.changed_at = stored.updated_at
        return
    deletion = ResultChange.objects.filter(
        board=row.board, ns_pair=row.ns, action=ResultChange.DELETED
    ).first()
    if deletion is not None:
        row.changed_by = deletion.changed_by.get_username() if deletion.changed_by else ""
        row.changed_at = deletion.changed_at
