"""Putting a PBN hand record onto a session's boards: all of it, or nothing."""

from dataclasses import dataclass

from django.db import transaction

from events.handrecords.jobs import queue_analysis
from events.handrecords.pbn import PBNError, read_pbn
from events.live import touch
from events.models import Board, Event
from scoring import board_dealer, board_vulnerability

__all__ = ["HandRecordImport", "import_hand_records"]


@dataclass(frozen=True)
class HandRecordImport:
    boards: int  # boards of the file put on the session
    changed: int  # of those, boards whose deal is new, so analysed again
    without_deal: list[int]  # the session's board numbers the file has no deal for


def import_hand_records(event: Event, text: str) -> HandRecordImport:
    """Every deal of the file onto the session's boards of that number (in every section),
    then the background analysis queued. A PBNError, and nothing stored, when the file is
    malformed, deals a board twice, names a board the session lacks, or gives a board another
    dealer or vulnerability than its number has (scores follow the number)."""
    records = read_pbn(text)
    numbers = set(
        Board.objects.filter(section__event=event).values_list("number", flat=True).distinct()
    )
    seen: set[int] = set()
    for record in records:
        if record.board in seen:
            raise PBNError(f"board {record.board}: the file deals it twice")
        seen.add(record.board)
    missing = sorted(seen - numbers)
    if missing:
        raise PBNError(
            f"the session has no board {_list(missing)}: it has boards "
            f"{min(numbers)}-{max(numbers)}"
            if numbers
            else "the session has no boards yet"
        )
    for record in records:
        expected = (board_dealer(record.board), board_vulnerability(record.board))
        if (record.dealer, record.vulnerability) != expected:
            raise PBNError(
                f"board {record.board}: the file has dealer {record.dealer}, vulnerable "
                f"{record.vulnerability}; board {record.board} is dealt by {expected[0]} with "
                f"{expected[1]} vulnerable, and Clubscore scores it that way"
            )
    changed = 0
    with transaction.atomic():
        for record in records:
            changed += (
                Board.objects.filter(section__event=event, number=record.board)
                .exclude(deal=record.deal)
                .update(deal=record.deal, dd=None, par_score=None, par_contracts="")
            )
        touch(event)
        if changed:
            queue_analysis(event)
    return HandRecordImport(len(records), changed, sorted(numbers - seen))


def _list(numbers: list[int]) -> str:
    return ", ".join(str(number) for number in numbers)
