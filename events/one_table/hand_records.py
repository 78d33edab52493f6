"""A one-table game's hand records: a PBN file onto its deals, the hands already entered
taking their HCP and fit from them, and the deals' analysis queued."""

from django.db import transaction

from events.core import versions
from events.handrecords.jobs import queue_analysis
from events.handrecords.session_import import (
    HandRecordImport,
    checked_records,
    store_new_deals,
)
from events.one_table.hands import dealt
from events.one_table.models import OneTableDeal, OneTableSession
from scoring.one_table import scoring_line_pair

__all__ = ["import_game_hand_records", "redeal_hands"]


def import_game_hand_records(game: OneTableSession, text: str) -> HandRecordImport:
    """Every deal of the file onto the one-table game's hands 1 to `game.boards`, then the
    background analysis queued; the hands already entered take their HCP and fit from the
    new deals (redeal_hands). Nothing stored when the file is refused."""
    numbers = set(range(1, game.boards + 1))
    records = checked_records(text, numbers, "game")
    with transaction.atomic():
        # The game's row first, as a hand's save takes it (hands.save_hand): the hands' rows
        # after it. The other order deadlocked with a hand saved meanwhile.
        versions.bump(game)
        new = store_new_deals(OneTableDeal, records, game=game)
        redeal_hands(game, [record.board for record in new])
        if new:
            queue_analysis(game)
    return HandRecordImport(len(records), len(new), sorted(numbers - {r.board for r in records}))


def redeal_hands(game: OneTableSession, numbers: list[int]) -> None:
    """Hands already entered take their HCP and fit from their new deals (a new hand record)."""
    deals = {deal.number: deal for deal in game.deals.filter(number__in=numbers)}
    for hand in game.hands.filter(number__in=numbers):
        values = dealt(deals[hand.number])
        hand.hcp_ns = values.hcp_ns
        if hand.hcp_ns != 20:
            hand.scoring_line = ""
        line = scoring_line_pair(hand.number, hand.hcp_ns, hand.scoring_line or None)
        hand.fit = "" if values.fit(line) == "NF" else values.fit(line)
        hand.save(update_fields=["hcp_ns", "scoring_line", "fit", "updated_at"])
