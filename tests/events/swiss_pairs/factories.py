"""Swiss pairs events for the tests."""

import datetime

from events.swiss_pairs import play
from events.swiss_pairs.models import SwissPairsEvent

FOUR_PAIRS = "Ann & Abe\nBea & Ben\nCat & Cid\nDan & Dee"


def make_swiss_pairs(club, pairs: str | None = FOUR_PAIRS, **fields) -> SwissPairsEvent:
    fields.setdefault("name", "Swiss pairs")
    fields.setdefault("date", datetime.date(2026, 11, 28))
    fields.setdefault("rounds", 3)
    fields.setdefault("boards_per_round", 2)
    fields.setdefault("vp_scale", "wbf-2013-discrete")
    event = SwissPairsEvent.objects.create(club=club, **fields)
    if pairs:
        play.save_pairs(event, pairs)
    return event


def enter_round(event: SwissPairsEvent, number: int, results: dict[int, list[str]]) -> None:
    """`results` maps each table number to its boards' results, in board order."""
    for table in event.tables.filter(round=number, ew__isnull=False):
        boards = event.boards_of_round(number)
        play.save_table(event, table, dict(zip(boards, results[table.table])))
