"""Writing one result on a play, from the words a director or a table typed."""

from django.db import transaction

from events.core import versions
from events.individuals.models import IndividualPlay
from scoring import parse_entry
from scoring.entry import ADJUSTED, NOT_PLAYED, PLAYED, WEIGHTED


class ResultError(ValueError):
    """A result that cannot be stored; its message says why, in words."""


def result_fields(typed: str, board: int, *, confirmed: bool = False, lead: str = "") -> dict:
    """The play's result fields for `typed` (4S N =, PASS, -100, A+/A-, NP) on `board`; empty
    text clears them. A ValueError (NeedsConfirmation among them) says what is wrong."""
    typed = typed.strip()
    fields: dict = {"kind": "", "text": "", "ns_score": None, "ns_percent": None,
                    "ew_percent": None, "lead": ""}  # fmt: skip
    if typed:
        entry = parse_entry(typed, board, confirmed=confirmed)
        if entry.kind == WEIGHTED:
            raise ResultError("A weighted score is not taken in an individual: give A+/A- or a "
                              "percentage pair such as 60/40.")  # fmt: skip
        fields |= {"kind": entry.kind, "text": str(entry), "lead": lead}
        if entry.kind == PLAYED:
            fields["ns_score"] = entry.ns_score
        elif entry.kind == ADJUSTED:
            fields |= {"ns_percent": entry.ns_percent, "ew_percent": entry.ew_percent}
        else:
            assert entry.kind == NOT_PLAYED
    return fields


def save_result(
    play: IndividualPlay, typed: str, *, confirmed: bool = False, lead: str = ""
) -> None:
    """Store `typed` (4S N =, PASS, -100, A+/A-, NP) on `play`; empty text clears it.

    A ValueError (NeedsConfirmation among them) says what is wrong; nothing is stored then."""
    fields = result_fields(typed, play.board, confirmed=confirmed, lead=lead)
    with transaction.atomic():
        versions.bump(play.event)  # the event's row first: a change's lock (events.core.versions)
        IndividualPlay.objects.filter(pk=play.pk).update(**fields)
    for name, value in fields.items():
        setattr(play, name, value)
