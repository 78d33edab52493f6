"""A final session's strata and handicaps, kept on its pairs when the results are made final.

A stratified session's strata come from its players' masterpoints on the roster, a handicapped
one's handicaps from the sessions before it; both may change after the night (a holding
corrected, an earlier session corrected or published). The places players were given when the
results became final must not move with them, so the strata and handicaps computed then are
kept (events.models.Pair.stratum, Pair.handicap) and read instead from then on.
"""

from fractions import Fraction

from events.models import Event, Pair
from events.standings.handicaps import pair_handicaps
from events.standings.strata import pair_strata

__all__ = ["freeze", "frozen_handicaps", "frozen_strata"]


def freeze(event: Event) -> None:
    """Keep the session's strata and handicaps as they are now on its pairs (inside the
    transaction that makes it final)."""
    if event.strata is None and not event.handicapping:
        return
    pairs = {pair.pk: pair for pair in Pair.objects.filter(section__event=event)}
    strata = pair_strata(event, pairs)
    handicaps = pair_handicaps(event, pairs)
    for pk, pair in pairs.items():
        pair.stratum = strata.get(pk, "")
        pair.handicap = str(handicaps[pk]) if pk in handicaps else ""
    Pair.objects.bulk_update(pairs.values(), ["stratum", "handicap"])


def frozen_strata(event: Event, pairs: dict[int, Pair]) -> dict[int, str] | None:
    """The kept strata of a final session's pairs; None where none were kept."""
    if not event.finalised or not any(pair.stratum for pair in pairs.values()):
        return None
    return {pk: pair.stratum or "A" for pk, pair in pairs.items()}


def frozen_handicaps(event: Event, pairs: dict[int, Pair]) -> dict[int, Fraction] | None:
    if not event.finalised or not any(pair.handicap for pair in pairs.values()):
        return None
    return {pk: Fraction(pair.handicap or 0) for pk, pair in pairs.items()}
