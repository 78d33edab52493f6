"""Entering and correcting a result: one traveller line validated, stored and rescored in one
transaction, the session locked and the board's history written (events.entry.changes).
"""

from dataclasses import dataclass
from typing import TypeGuard

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

import scoring
from events.core.prepared import prepared
from events.entry.changes import (
    Correction,
    author,
    check_unchanged,
    correction_of,
    locked,
    mark_corrected,
    reason,
    record_deletion,
)
from events.entry.errors import EntryError, EntryWarning, MovementWarning
from events.models import Board, Pair, Result, ResultChange, TableEntry
from events.standings import scorer
from scoring.domain import Direction


@dataclass(frozen=True)
class RowState:
    """The traveller row a line was typed on, as the typist saw it.

    `ns` is the NS pair the row showed (None: the row of the NS pair typed; the director may
    have typed other pairs over the row's, and its result then moves to them); `new` says it
    was the row for a pairing of the director's own (Other pairs). `version` is the version of
    the row's result the line was typed against (0: the row was empty; None: not checked);
    `replacing` says the typist saw the result stored meanwhile and chose theirs over it.
    """

    ns: Pair | None = None
    new: bool = False
    version: int | None = None
    replacing: bool = False


def save_result(
    board: Board,
    ns: Pair,
    ew: Pair,
    text: str,
    user,
    *,
    row: RowState | None = None,
    override=False,
    foul_group=None,
    rescore=True,
    correction: Correction | None = None,
    source: str = "",
) -> Result:
    """Validate and store one traveller line, then rescore. Raises EntryError.

    `override` confirms a warning (an off-movement pairing, a doubtful trick count). A line
    ending in F2 (or `foul_group`) puts the result in group 2 of a fouled board (Law 87).
    `rescore=False` leaves rescoring to the caller (an import rescores once at the end).

    From a traveller row, `row` is the row as the typist saw it: if it changed since,
    EntryConflict and nothing stored. `source` says where it was entered when not at the
    director's keyboard ("table 3"), for the history.

    A director's save of a result the opponents queried at the table is the ruling on it: the
    same line again lets it stand, another line changes it (the history says which).
    In a finalised session a change needs its `correction` (else CorrectionNeeded).
    """
    row = row or RowState()
    with transaction.atomic():
        board = locked(board)
        _check_pairs(board, ns, ew)
        text, marked_group = scoring.split_foul_group(text)
        try:
            entry = scoring.parse_entry(text, board.number, confirmed=override)
        except scoring.NeedsConfirmation as doubt:
            raise EntryWarning(str(doubt)) from None
        except ValueError as error:
            raise EntryError(str(error)) from None
        row_ns = None if row.new else (row.ns or ns)
        met = _results_met(board, row_ns, ns, ew)
        row_result = met.of_ns(row_ns)
        query = _awaiting_ruling(row_result) if not source else None
        group = next((g for g in (marked_group, foul_group) if g is not None), 0)
        if row.version is not None:
            stored = row_result if row_ns == ns or row_result is not None else met.of_ns(ns)
            if _same_line(stored, ns, ew, entry, group):
                if query is not None and stored is row_result:
                    _rule(query, stored, _shown(stored), user)  # the result stands
                    return stored
                # Both typists typed the same slip, or the line came again after its answer
                # was lost (a 500 after the commit), or Enter on a row left as it was. A row
                # moved to other pairs, or typed on the Other pairs row, is found under the
                # pairs typed. Nothing changed: the session keeps its version, so no open
                # page fetches its standings again.
                transaction.set_rollback(True)
                return stored
        check_unchanged(row_result, row.version, entry)
        seating = _seating(board, ns, ew, override)
        result = _result_to_write(board, ns, ew, row_ns, row_result, met)
        correction = correction_of(board, correction, result if result.pk else None, str(entry))
        before = _shown(result) if result.pk else None
        if result.pk and result.ns_pair_id != ns.pk:
            # The row's result moves to the pairs the director typed: history says both sides.
            record_deletion(board, result, user, correction)
            before = None
        result.ns_pair = ns
        result.ew_pair = ew
        result.round = seating.round if seating else result.round
        fill_result(result, entry)
        if marked_group is not None or foul_group is not None:
            result.foul_group = marked_group if marked_group is not None else foul_group
        result.updated_by = author(user)
        result.version = board.section.event.version
        result.save()
        changed = before != _shown(result)
        if query is not None:
            _rule(query, result, before, user, correction)
        elif changed:
            _record(
                board,
                result,
                before,
                user,
                replacing=row.replacing,
                source=source,
                correction=correction,
            )
        if changed and correction is not None:
            mark_corrected(board)
        if rescore:
            scorer.rescore_board(board.section.event, board)
        return result


def _shown(result: Result) -> tuple:
    """What a result is, as the history compares it: its line, score and opponents."""
    return (result.text, result.ns_score, result.ew_pair_id)


def _awaiting_ruling(result: Result | None) -> TableEntry | None:
    """The table's entry of a result the opponents queried and nobody has ruled on (read
    with the result: no query of its own)."""
    entry = getattr(result, "table_entry", None) if result is not None else None
    return entry if entry is not None and entry.awaiting_ruling else None


def _rule(query: TableEntry, result: Result, before, user, correction=None) -> None:
    """The director's ruling on a queried result: it stands (saved as it was) or it was
    changed. Written on the table's entry, for its phone, and in the board's history."""
    stands = before == _shown(result)
    TableEntry.objects.filter(pk=query.pk).update(
        ruling=TableEntry.STANDS if stands else TableEntry.CHANGED,
        ruled_at=timezone.now(),
        ruled_by=author(user),
    )
    ResultChange.objects.create(
        board=result.board,
        ns_pair=result.ns_pair,
        ew_pair=result.ew_pair,
        action=ResultChange.UPHELD if stands else ResultChange.RULED,
        old_text=before[0] if before else "",
        old_ns_score=before[1] if before else None,
        new_text=result.text,
        new_ns_score=result.ns_score,
        changed_by=author(user),
        source=query.link.source,
        **reason(correction),
    )


def _same_line(
    result: Result | None, ns: Pair, ew: Pair, entry: scoring.Entry, group
) -> TypeGuard[Result]:
    """Whether `result` is the line typed, stored already (so not None)."""
    return (
        result is not None
        and (result.ns_pair_id, result.ew_pair_id) == (ns.pk, ew.pk)
        and (result.text, result.foul_group) == (str(entry), group)
    )


@dataclass
class _ResultsMet:
    """The stored results of a board that one line may meet: the row's, the typed NS pair's
    and the typed EW pair's (at most one each: both pairs play a board once)."""

    results: list[Result]

    def of_ns(self, pair: Pair | None) -> Result | None:
        return next((r for r in self.results if pair is not None and r.ns_pair_id == pair.pk), None)

    def of_ew(self, pair: Pair, besides: Result) -> Result | None:
        return next((r for r in self.results if r.ew_pair_id == pair.pk and r != besides), None)


def _results_met(board: Board, row_ns: Pair | None, ns: Pair, ew: Pair) -> _ResultsMet:
    """One query for what the save checks against (a save is the hot path)."""
    return _ResultsMet(_results_meeting(board.pk, (row_ns or ns).pk, ns.pk, ew.pk))


@prepared
def _results_meeting(board, row_ns, ns, ew):
    meeting = Q(ns_pair=row_ns) | Q(ns_pair=ns) | Q(ew_pair=ew)
    results = Result.objects.filter(meeting, board=board)
    return results.select_related("ns_pair", "ew_pair", "updated_by", "table_entry")


def _result_to_write(board, ns, ew, row_ns, row_result, met: _ResultsMet) -> Result:
    """The stored result this line replaces (the row's own, or the NS pair's), or a new one;
    refuses a line that would take another row's place."""
    target = row_result if row_ns == ns else met.of_ns(ns)
    if target is not None and target is not row_result:
        raise EntryError(
            f"Board {board.number} already has a result for {_label(ns)} "
            f"(against {_label(target.ew_pair)}): correct that row instead."
        )
    result = target or row_result or Result(board=board, ns_pair=ns)
    clash = met.of_ew(ew, besides=result)
    if clash:
        raise EntryError(
            f"Board {board.number} already has a result for {_label(ew)} "
            f"(against {_label(clash.ns_pair)})."
        )
    return result


def _check_pairs(board: Board, ns: Pair, ew: Pair) -> None:
    section_id = board.section_id
    if ns.section_id != section_id:
        raise EntryError(f"NS pair {ns} is not in this section.")
    if ew.section_id != section_id:
        raise EntryError(f"EW pair {ew} is not in this section.")
    if ns.pk == ew.pk:
        raise EntryError("A pair cannot play against itself.")
    if board.section.event.is_howell:
        return
    if ns.direction == ew.direction:
        raise EntryError(f"Pairs {ns} and {ew} are both {ns.direction} pairs.")
    # Arrow-switched rounds (and imported files that say so) seat EW pairs NS.
    if board.section.has_movement and not board.section.arrow_switch:
        if ns.direction != Direction.NS:
            raise EntryError(f"Pair {ns} sits EW in this Mitchell, not NS.")
        if ew.direction != Direction.EW:
            raise EntryError(f"Pair {ew} sits NS in this Mitchell, not EW.")


def _seating(board: Board, ns: Pair, ew: Pair, override: bool):
    movement = board.section.movement()
    if movement is None:
        return None
    for seating in movement.plays_of_board(board.number):
        if (seating.ns, seating.ew) == (ns.key, ew.key):
            return seating
    if override:
        return None
    raise MovementWarning(
        f"The movement does not send {_label(ns)} against {_label(ew)} "
        f"to board {board.number}. Check the pairs, or save anyway."
    )


def _label(pair: Pair) -> str:
    return str(pair) if pair.direction else f"pair {pair.number}"


def fill_result(result: Result, entry: scoring.Entry) -> None:
    """Copy a parsed entry onto a result's fields (its points are the scorer's)."""
    contract = entry.contract
    result.kind = entry.kind
    result.text = str(entry)
    result.ns_score = entry.ns_score
    result.ns_percent = entry.ns_percent
    result.ew_percent = entry.ew_percent
    result.foul_group = 0
    result.contract_level = contract.level if contract else None
    result.contract_strain = contract.strain if contract else ""
    result.doubled = contract.doubled if contract else 0
    result.declarer = entry.declarer
    result.tricks = entry.tricks


def _record(
    board: Board, result: Result, before, user, *, replacing=False, source="", correction=None
) -> None:
    if before is None:
        action = ResultChange.CREATED
    else:
        action = ResultChange.REPLACED if replacing else ResultChange.CORRECTED
    ResultChange.objects.create(
        board=board,
        ns_pair=result.ns_pair,
        ew_pair=result.ew_pair,
        action=action,
        old_text=before[0] if before else "",
        old_ns_score=before[1] if before else None,
        new_text=result.text,
        new_ns_score=result.ns_score,
        changed_by=author(user),
        source=source,
        **reason(correction),
    )
