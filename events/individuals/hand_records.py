"""An individual's hand records: a PBN file onto the event's boards, all of it or nothing, then
the background double-dummy analysis queued (events.handrecords.jobs, which knows individuals
through the DealOwner IndividualsConfig.ready() registers). Each board is played at several
tables, always with the same deal, so one deal a board number serves them all.
"""

from django.db import transaction

from events.core import versions
from events.handrecords.jobs import queue_analysis
from events.handrecords.session_import import HandRecordImport, checked_records, store_new_deals
from events.individuals.models import IndividualDeal, IndividualEvent

__all__ = ["deals_by_number", "import_individual_hand_records"]


def import_individual_hand_records(event: IndividualEvent, text: str) -> HandRecordImport:
    """Every deal of the file onto the event's board of that number, then the analysis queued.
    Nothing is stored when the file has a problem: a malformed tag or deal, a board dealt
    twice, a board the event does not play, a dealer or vulnerability other than the number's
    (Law 2)."""
    numbers = set(range(1, event.boards + 1))
    records = checked_records(text, numbers, "individual")
    with transaction.atomic():
        versions.bump(event)  # the event's row first, as every change of it takes it
        new = store_new_deals(IndividualDeal, records, event=event)
        if new:
            queue_analysis(event)
    return HandRecordImport(len(records), len(new), sorted(numbers - {r.board for r in records}))


def deals_by_number(event: IndividualEvent) -> dict[int, IndividualDeal]:
    return {deal.number: deal for deal in IndividualDeal.objects.filter(event=event)}
