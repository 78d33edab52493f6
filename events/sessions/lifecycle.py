"""A session after it is set up: its rounds changed, deleted (kept a while), restored, purged.
A teams event (any kind events.core.kinds.soft_deleted names) is deleted, restored and purged
the same way.

Like a result's save (events/entry/), each action is one transaction that takes the session's
row lock first and moves its version on, so open pages refresh and two directors never
half-apply a change.
"""

import copy
import datetime
from collections import Counter

from django.db import transaction
from django.utils import timezone

from events.core import kinds, versions
from events.models import Board, Event, Result, Section
from events.models.sessions import RESTORE_DAYS, SoftDeleted
from events.standings import scorer

__all__ = [
    "MovementChangeRefused", "change_rounds", "delete_session", "edit_session", "expired",
    "purge_deleted",
    "restore_session", "restore_until", "sync_boards",
]  # fmt: skip


class MovementChangeRefused(ValueError):
    """A change of movement the director must be told about, in the director's words."""


def edit_session(event: Event, *, name, date, section=None, rounds=None) -> None:
    """Rename or redate the session and, for `section`, play `rounds` rounds (None: all of
    them); all or nothing."""
    with transaction.atomic():
        if section is not None:
            whole = copy.copy(section)
            whole.rounds = None
            full = whole.movement().rounds
            if (rounds or full) != section.movement().rounds:
                change_rounds(section, None if rounds in (None, full) else rounds)
        versions.bump(event)
        Event.objects.filter(pk=event.pk).update(name=name, date=date)
    event.refresh_from_db()


def delete_session(event: SoftDeleted, user) -> None:
    """Hide the session (or teams event) everywhere; its results stay, restorable for
    RESTORE_DAYS."""
    with transaction.atomic():
        versions.bump(event)
        type(event).objects.filter(pk=event.pk).update(deleted_at=timezone.now(), deleted_by=user)
    event.refresh_from_db()


def restore_session(event: SoftDeleted) -> None:
    with transaction.atomic():
        versions.bump(event)
        type(event).objects.filter(pk=event.pk).update(deleted_at=None, deleted_by=None)
    event.refresh_from_db()


def restore_until(event: SoftDeleted) -> datetime.datetime:
    """The last moment a deleted session (or one deleted now) can be restored."""
    return (event.deleted_at or timezone.now()) + datetime.timedelta(days=RESTORE_DAYS)


def expired(now=None, model=Event):
    """Sessions (or, with `model`, teams events) deleted more than RESTORE_DAYS ago: no longer
    restorable, ready to purge."""
    cutoff = (now or timezone.now()) - datetime.timedelta(days=RESTORE_DAYS)
    return model.objects.deleted().filter(deleted_at__lt=cutoff).select_related("club")


def purge_deleted(now=None) -> list[SoftDeleted]:
    """Remove the expired sessions and teams events for good, with everything in them;
    returns them, the sessions first."""
    gone = []
    with transaction.atomic():
        for kind in kinds.soft_deleted():
            expiring = list(expired(now, kind.model).select_for_update(of=("self",)))
            ids = [event.pk for event in expiring]
            if kind.model is Event:
                # Results hold their pairs PROTECTed (a pair with results is never removed
                # alone), so the results go first, then the sessions with everything else.
                Result.objects.filter(board__section__event__in=ids).delete()
            kind.model.objects.filter(pk__in=ids).delete()
            gone += expiring
    return gone


def change_rounds(section: Section, rounds: int | None) -> None:
    """Play `rounds` rounds of the section's movement (None: all of them).

    Boards the new movement no longer plays are removed (their results' history stays, with
    the board's number), new ones added, and each board's expected number of results (the
    Neuberg target) follows the movement. A result the old movement placed and the new one
    does not would be orphaned: then nothing changes and the director is told which results
    stand in the way.
    """
    event = section.event
    with transaction.atomic():
        versions.bump(event)
        section = Section.objects.select_related("event").get(pk=section.pk)
        if section.event.finalised:
            raise MovementChangeRefused(
                "The results are final: the rounds no longer change (the boards' expected "
                "results, and so the scores players were given, would move)."
            )
        old_plan = section.movement()
        section.rounds = rounds
        try:
            new_plan = section.movement()
        except ValueError as error:
            message = str(error)
            raise MovementChangeRefused(f"{message[0].upper()}{message[1:]}.") from None
        if new_plan is None:
            raise MovementChangeRefused("This session has no movement (it was imported).")
        if rounds is not None and new_plan.rounds != rounds:
            raise MovementChangeRefused(
                f"This movement plays all its {new_plan.rounds} rounds; it cannot be shortened."
            )
        _refuse_orphans(section, old_plan, new_plan, boards_played(new_plan))
        section.save(update_fields=["rounds"])
        sync_boards(section, new_plan)
        scorer.rescore(Event.objects.get(pk=event.pk))


def boards_played(plan) -> dict[int, int]:
    """Board number -> its set, for the boards the movement sends to some table."""
    plays = Counter(s.board_set for s in plan.seatings if s.is_played)
    sets = {number: plan.set_of_board(number) for number in plan.boards}
    return {number: board_set for number, board_set in sets.items() if plays[board_set]}


def sync_boards(section: Section, plan) -> None:
    """The section's boards made those `plan` plays: boards it no longer plays are removed
    (their results' history stays, with the board's number), new ones added, and each board's
    expected number of results (the Neuberg target) follows the movement."""
    plays = Counter(s.board_set for s in plan.seatings if s.is_played)
    wanted = boards_played(plan)
    dropped = Board.objects.filter(section=section).exclude(number__in=wanted)
    for board in dropped:
        board.changes.update(former_board_number=board.number)
    dropped.delete()
    existing = {board.number: board for board in Board.objects.filter(section=section)}
    for number, board_set in wanted.items():
        board = existing.get(number) or Board(section=section, number=number)
        board.board_set, board.expected_results = board_set, plays[board_set]
        board.save()


def _seated(plan, board_number: int) -> set:
    return {(s.ns, s.ew) for s in plan.plays_of_board(board_number)} if plan else set()


def _refuse_orphans(section, old_plan, new_plan, wanted) -> None:
    blocking = []
    results = Result.objects.filter(board__section=section).select_related(
        "board", "ns_pair", "ew_pair"
    )
    for result in results.order_by("board__number", "pk"):
        number, seats = result.board.number, (result.ns_pair.key, result.ew_pair.key)
        if number not in wanted or (
            seats in _seated(old_plan, number) and seats not in _seated(new_plan, number)
        ):
            blocking.append(f"board {number} ({result.ns_pair} v {result.ew_pair}: {result.text})")
    if blocking:
        more = len(blocking) - 6
        shown = ", ".join(blocking[:6]) + (f" and {more} more" if more > 0 else "")
        raise MovementChangeRefused(
            f"Results already entered would have no place in the shorter movement: {shown}. "
            "Delete them first, or keep the rounds as they are, or cut the rounds under "
            "Change the movement, which removes them for you and keeps them in the history."
        )
