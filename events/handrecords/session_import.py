"""Putting a PBN hand record onto a session's boards: all of it, or nothing (a one-table
game's: events.one_table.hand_records, through `checked_records`)."""

from dataclasses import dataclass

from django.db import transaction

from events.core import versions
from events.handrecords.jobs import queue_analysis
from events.handrecords.pbn import HandRecord, PBNError, read_hand_records
from events.models import Board, Event
from scoring import board_dealer, board_vulnerability

__all__ = ["HandRecordImport", "checked_records", "import_hand_records", "store_new_deals"]


@dataclass(frozen=True)
class HandRecordImport:
    boards: int  # boards of the file put on the session
    changed: int  # of those, boards whose deal is new, so analysed again
    without_deal: list[int]  # the session's board numbers the file has no deal for


def checked_records(text: str, numbers: set[int], owner: str = "session") -> list[HandRecord]:
    """The file's deals, or a PBNError naming every problem: a malformed tag or deal, a board
    dealt twice, a board the `owner` ("session", "game") lacks, a board with another dealer or
    vulnerability than its number has (scores follow the number). A board whose game repeats
    with the same deal (a results file's game for each table or room) is read once."""
    read, problems = read_hand_records(text)
    first: dict[int, HandRecord] = {}
    for record in read:
        if record.board not in first:
            first[record.board] = record
        elif first[record.board] != record:
            problems.append(f"board {record.board}: the file deals it twice")
    records, seen = list(first.values()), set(first)
    missing = sorted(seen - numbers)
    if missing:
        problems.append(
            f"the {owner} has no board {_list(missing)}: it has boards "
            f"{min(numbers)}-{max(numbers)}"
            if numbers
            else f"the {owner} has no boards yet"
        )
    for record in records:
        expected = (board_dealer(record.board), board_vulnerability(record.board))
        if record.board in numbers and (record.dealer, record.vulnerability) != expected:
            problems.append(
                f"board {record.board}: the file has dealer {record.dealer}, vulnerable "
                f"{record.vulnerability}; board {record.board} is dealt by {expected[0]} with "
                f"{expected[1]} vulnerable, and Clubscore scores it that way"
            )
    if problems:
        raise PBNError(*problems)
    return records


def import_hand_records(event: Event, text: str) -> HandRecordImport:
    """Every deal of the file onto the session's boards of that number (in every section),
    then the background analysis queued; nothing stored when `checked_records` refuses it."""
    numbers = set(
        Board.objects.filter(section__event=event).values_list("number", flat=True).distinct()
    )
    records = checked_records(text, numbers)
    changed = 0
    with transaction.atomic():
        # The session's row first, then its boards', as every change of a session takes them
        # (events/core/versions.py): boards first deadlocked with a change of rounds meanwhile.
        versions.bump(event)
        for record in records:
            changed += (
                Board.objects.filter(section__event=event, number=record.board)
                .exclude(deal=record.deal)
                .update(deal=record.deal, dd=None, par_score=None, par_contracts="")
            )
        if changed:
            queue_analysis(event)
    return HandRecordImport(len(records), changed, sorted(numbers - {r.board for r in records}))


def store_new_deals(deals, records: list[HandRecord], **owner) -> list[HandRecord]:
    """The records whose deal the owner's rows (`deals`, a model with `number` and `deal`, of
    `owner`: game=..., event=...) do not hold yet, stored with their analysis cleared; a deal
    already there keeps its analysis. Runs inside the caller's transaction."""
    stored = dict(deals.objects.filter(**owner).values_list("number", "deal"))
    new = [record for record in records if stored.get(record.board) != record.deal]
    for record in new:
        deals.objects.update_or_create(
            **owner, number=record.board,
            defaults={"deal": record.deal, "dd": None, "par_score": None, "par_contracts": ""},
        )  # fmt: skip
    return new


def _list(numbers: list[int]) -> str:
    return ", ".join(str(number) for number in numbers)
