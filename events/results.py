"""Entering, correcting and deleting results: one transaction each, session locked, rescored.

Every save first takes its session's row lock (bumping the session's version), so two people
entering at once queue up instead of losing a result, and rescoring, which reaches across
boards (the common top, Law 12C2's session rule, scoring across the field), always sees
every committed result. Every change is written to the board's history.
"""

from django.db import transaction
from django.db.models import F

import scoring
from events import scorer
from events.models import Board, Event, Pair, Result, ResultChange


class EntryError(ValueError):
    """Bad input, explained in the director's words: nothing was stored."""


class EntryWarning(EntryError):
    """Probably a slip of the pen; the director may confirm and save anyway."""


class MovementWarning(EntryWarning):
    """The movement does not send this pair to this board; the director may override."""


def save_result(
    board: Board, ns: Pair, ew: Pair, text: str, user, *, override=False, foul_group=None,
    rescore=True,
) -> Result:  # fmt: skip
    """Validate and store one traveller line, then rescore. Raises EntryError.

    `override` confirms a warning (an off-movement pairing, a doubtful trick count). A line
    ending in F2 (or `foul_group`) puts the result in group 2 of a fouled board (Law 87).
    `rescore=False` leaves rescoring to the caller (an import rescores once at the end).
    """
    with transaction.atomic():
        board = _locked(board)
        _check_pairs(board, ns, ew)
        text, marked_group = scoring.split_foul_group(text)
        try:
            entry = scoring.parse_entry(text, board.number, confirmed=override)
        except scoring.NeedsConfirmation as doubt:
            raise EntryWarning(str(doubt)) from None
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
        if marked_group is not None or foul_group is not None:
            result.foul_group = marked_group if marked_group is not None else foul_group
        result.updated_by = _author(user)
        result.save()
        if before != (result.text, result.ns_score, result.ew_pair_id):
            _record(board, result, before, user)
        if rescore:
            scorer.rescore(board.section.event, [board.section_id])
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
        scorer.rescore(board.section.event, [board.section_id])


def rescore_event(event: Event) -> None:
    """Rescore every section, e.g. after the director changed a scoring option."""
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).update(version=F("version") + 1)
        scorer.rescore(Event.objects.get(pk=event.pk))


def _locked(board: Board) -> Board:
    """Lock the session (one row, always first: no deadlock), bump its version, and reload
    the board with its section and session."""
    event_id = Board.objects.filter(pk=board.pk).values_list("section__event_id", flat=True)
    Event.objects.filter(pk__in=event_id).update(version=F("version") + 1)
    return Board.objects.select_related("section__event").get(pk=board.pk)


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
    result.foul_group = 0
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
