"""A stratified session's places in each stratum (scoring/strata.py), from its players'
masterpoint holdings on the club's roster.

A pair's players are the members whose names they are, compared case-blind (events/club/
players.py); a name on no member, or a member with no holding, keeps the pair in stratum A.
One query reads the holdings, however many pairs.
"""

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any

import scoring
from events.core.names import player_key
from events.models import Event, Member, Pair


def pair_strata(event: Event, pairs: dict[int, Pair]) -> dict[int, str]:
    """Each pair's strata ("A", "AB", "ABC") by pk; {} when the session is not stratified."""
    strata = event.strata
    if strata is None:
        return {}
    names = {player_key(name) for pair in pairs.values() for name in _players(pair)}
    holdings = dict(
        Member.objects.filter(club_id=event.club_id, masterpoints_held__isnull=False)
        .filter(key__in=names)
        .values_list("key", "masterpoints_held")
    )
    found = {}
    for pk, pair in pairs.items():
        held = [holdings.get(player_key(name)) for name in _players(pair)]
        holding = scoring.pair_holding(
            [None if value is None else Fraction(value) for value in held], strata.by
        )
        found[pk] = scoring.strata_of(holding, strata)
    return found


def _players(pair: Pair) -> list[str]:
    return [name for name in (pair.player1, pair.player2) if name]


def places_in_strata(
    standings: list[scoring.Standing], strata_by_pair: Mapping[Any, str]
) -> dict[Hashable, str]:
    """Each placed pair's stratified places as the standings print them: "A 3= · B 1"."""
    figures = {
        s.pair: s.percentage if s.percentage is not None else s.average
        for s in standings
        if s.boards and (s.percentage is not None or s.average is not None)
    }
    places = scoring.stratum_places(figures, strata_by_pair)
    return {
        pair: " · ".join(f"{name} {place}" for name, place in by_stratum.items())
        for pair, by_stratum in places.items()
    }
