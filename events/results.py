"""Entering, correcting and deleting results: one transaction each, board locked, rescored.

Every save locks its board row, so two people entering the same board at once queue up
instead of losing a result; every change is written to the board's history.
"""

from django.db import transaction

import scoring
from events.models import Board, Pair, Result, ResultChange


class EntryError(ValueError):
    """Bad input, explained in the director's words: nothing was stored."""


class MovementWarning(EntryError):
    """The movement does not send this pair to this board; the director may override."""


def save_result(board: Board, ns: Pair, ew: Pair, text: str, user, *, override=False) -> Result:
    """Validate and store one traveller line, then rescore the board. Raises EntryError."""
    with transaction.atomic():
        board = _locked(board)
        _check_pairs(board, ns, ew)
        try:
            entry = scoring.parse_entry(text, board.number)
        except ValueError as error:
            raise EntryError(str(error)) from None
        seating = _seating(board, ns, ew, override)
        clash = (
            Result.objects.filter(board=board, ew_pair=ew)
            .exclude(ns_pair=ns)
            .select_related("ns_pair")
            .first()
        )
        if clash:
            raise EntryError(
                f"Board {board.number} already has a result for {_label(ew)} "
                f"(against {_label(clash.ns_pair)})."
            )
        result = Result.objects.filter(board=board, ns_pair=ns).first()
        before = (result.text, result.ns_score, result.ew_pair_id) if result else None
        if result is None:
            result = Result(board=board, ns_pair=ns)
        result.ew_pair = ew
        result.round = seating.round if seating else result.round
        _fill(result, entry)
        result.updated_by = _author(user)
        result.save()
        if before != (result.text, result.ns_score, result.ew_pair_id):
            _record(board, result, before, user)
        rescore_board(board)
        return result


def delete_result(result: Result, user) -> None:
    with transaction.atomic():
        board = _locked(result.board)
        ResultChange.objects.create(
            board=board,
            ns_pair=result.ns_pair,
            ew_pair=result.ew_pair,
            action=ResultChange.DELETED,
            old_text=result.text,
            old_ns_score=result.ns_score,
            changed_by=_author(user),
        )
        result.delete()
        rescore_board(board)


def rescore_board(board: Board) -> None:
    """Score every result of the board again with the session's method (two queries)."""
    results = list(Result.objects.filter(board=board).order_by("pk"))
    entries = [
        scoring.Entry(r.kind, ns_score=r.ns_score, ns_percent=r.ns_percent, ew_percent=r.ew_percent)
        for r in results
    ]
    method = board.section.event.scoring
    for result, points in zip(
        results, scoring.score_board(method, entries, board.expected_results), strict=True
    ):
        result.ns_points, result.ew_points, result.top = points.ns, points.ew, points.top
    Result.objects.bulk_update(results, ["ns_points", "ew_points", "top"])


def _locked(board: Board) -> Board:
    return (
        Board.objects.select_for_update(of=("self",))
        .select_related("section__event")
        .get(pk=board.pk)
    )


def _check_pairs(board: Board, ns: Pair, ew: Pair) -> None:
    section_id = board.section_id
    if ns.section_id != section_id:
        raise EntryError(f"NS pair {ns} is not in this section.")
    if ew.section_id != section_id:
        raise EntryError(f"EW pair {ew} is not in this section.")
    if ns.pk == ew.pk:
        raise EntryError("A pair cannot play against itself.")
    if not board.section.event.is_howell:
        if ns.direction != "NS":
            raise EntryError(f"Pair {ns} sits EW in this Mitchell, not NS.")
        if ew.direction != "EW":
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


def _author(user):
    return user if user is not None and user.is_authenticated else None


def _label(pair: Pair) -> str:
    return str(pair) if pair.direction else f"pair {pair.number}"


def _fill(result: Result, entry: scoring.Entry) -> None:
    contract = entry.contract
    result.kind = entry.kind
    result.text = str(entry)
    result.ns_score = entry.ns_score
    result.ns_percent = entry.ns_percent
    result.ew_percent = entry.ew_percent
    result.contract_level = contract.level if contract else None
    result.contract_strain = contract.strain if contract else ""
    result.doubled = contract.doubled if contract else 0
    result.declarer = entry.declarer
    result.tricks = entry.tricks


def _record(board: Board, result: Result, before, user) -> None:
    ResultChange.objects.create(
        board=board,
        ns_pair=result.ns_pair,
        ew_pair=result.ew_pair,
        action=ResultChange.CREATED if before is None else ResultChange.CORRECTED,
        old_text=before[0] if before else "",
        old_ns_score=before[1] if before else None,
        new_text=result.text,
        new_ns_score=result.ns_score,
        changed_by=_author(user),
    )
