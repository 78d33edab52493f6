"""A teams event's hand records: a PBN file onto the event's boards, all of it or nothing,
then the background double-dummy analysis queued (events.handrecords.jobs, which knows teams
events through the DealOwner TeamsConfig.ready() registers).

Boards are numbered across the event: round r plays the r-th set of `boards_per_match`
(events.teams.entry.board_numbers), so one file deals the whole event, or a file a round
deals that round's boards, with the numbers, dealers and vulnerability they have there.
"""

from django.db import transaction

from events.core import versions
from events.handrecords.jobs import queue_analysis
from events.handrecords.pbn import PBNError, read_hand_records
from events.handrecords.session_import import (
    HandRecordImport,
    checked_records,
    store_new_deals,
)
from events.teams.entry import board_numbers
from events.teams.models import TeamMatch, TeamsDeal, TeamsEvent
from events.teams.setup import rounds_total

__all__ = ["event_board_numbers", "import_teams_hand_records", "match_deals",
           "round_board_numbers", "round_deals", "rounds_boards"]  # fmt: skip


def round_board_numbers(event: TeamsEvent, number: int) -> list[int]:
    """The boards round (or KO segment) `number` plays: its drawn matches', or, before the
    draw, the round's set of the event's boards."""
    numbers = {
        board
        for match in event.matches.filter(round=number).select_related("event")
        for board in board_numbers(match)
    }
    if not numbers:
        numbers = set(board_numbers(TeamMatch(event=event, round=number)))
    return sorted(numbers)


def rounds_boards(event: TeamsEvent) -> dict[int, list[int]]:
    """The boards of each round the event plays (or has drawn), by round number."""
    drawn = event.matches.values_list("round", flat=True).distinct()
    rounds = max([rounds_total(event), *drawn])
    return {number: round_board_numbers(event, number) for number in range(1, rounds + 1)}


def event_board_numbers(event: TeamsEvent) -> list[int]:
    """Every board the event plays: each round's set, for every round it plays."""
    return sorted({n for numbers in rounds_boards(event).values() for n in numbers})


def import_teams_hand_records(
    event: TeamsEvent, text: str, round_number: int | None = None
) -> HandRecordImport:
    """Every deal of the file onto the event's boards of that number (those of round
    `round_number` alone when it is given), then the background analysis queued. Nothing is
    stored when the file has a problem: a malformed tag or deal, a board dealt twice, a board
    the event (or round) does not play, a dealer or vulnerability other than the number's."""
    if round_number is None:
        numbers, owner = set(event_board_numbers(event)), "event"
    else:
        numbers, owner = set(round_board_numbers(event, round_number)), f"round {round_number}"
    if not numbers:
        raise PBNError("the event plays no boards yet: enter its teams first")
    _refuse_a_round_numbered_from_one(text, numbers, owner)
    records = checked_records(text, numbers, "event" if round_number is None else "round")
    with transaction.atomic():
        # The event's row first, as every change of it takes them (events/core/versions.py).
        versions.bump(event)
        new = store_new_deals(TeamsDeal, records, event=event)
        if new:
            queue_analysis(event)
    without = sorted(numbers - {record.board for record in records})
    return HandRecordImport(len(records), len(new), without)


def _refuse_a_round_numbered_from_one(text: str, numbers: set[int], owner: str) -> None:
    """A dealing program asked for a round's boards may number them 1, 2, ... again: say so
    in the words a director needs, since board 8 is dealt by another hand than board 1."""
    if min(numbers) == 1 or owner == "event":
        return
    records, _ = read_hand_records(text)
    found = {record.board for record in records}
    if found and not found & numbers and max(found) <= len(numbers):
        raise PBNError(
            f"the file deals boards {min(found)}-{max(found)}, but {owner} plays boards "
            f"{min(numbers)}-{max(numbers)}: deal those numbers (their dealers and "
            "vulnerability follow the number), or upload a file for the whole event"
        )


def round_deals(event: TeamsEvent, number: int) -> list[TeamsDeal]:
    """The dealt boards of round `number`, in order."""
    return list(event.deals.filter(number__in=round_board_numbers(event, number)))


def match_deals(match: TeamMatch) -> list[TeamsDeal]:
    """The dealt boards a match plays, in order."""
    return list(TeamsDeal.objects.filter(event_id=match.event_id, number__in=board_numbers(match)))
