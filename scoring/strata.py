"""Stratified places: beside the whole field's places, each pair's place among the pairs of its
own masterpoint stratum and the strata below it.

The practice of ACBL clubs, as their published pages describe it (docs/rules.md cites them):
stratum A is the whole field; stratum B is the pairs holding fewer masterpoints than B's limit,
stratum C those under C's lower limit, so the strata nest and a C pair competes in A, B and C.
A pair's holding is the higher of its players' (the usual way) or their average (allowed in
some events). A player whose holding is not known keeps the pair in A alone: a stratum is a
limit a pair must be shown to be under.
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from scoring.domain import StratifyBy
from scoring.ranking import rank

__all__ = ["STRATUM_NAMES", "Strata", "pair_holding", "strata_of", "stratum_places"]

STRATUM_NAMES = "ABC"

Pair = TypeVar("Pair", bound=Hashable)


@dataclass(frozen=True)
class Strata:
    """The limits under A: `limits[0]` is B's, `limits[1]` C's ("fewer than" that many)."""

    limits: tuple[int, ...]
    by: StratifyBy = StratifyBy.HIGHER

    def __post_init__(self) -> None:
        if not 1 <= len(self.limits) <= len(STRATUM_NAMES) - 1:
            raise ValueError("Give one limit (stratum B) or two (strata B and C).")
        if any(limit < 1 for limit in self.limits):
            raise ValueError("A stratum's limit is at least 1 masterpoint.")
        if list(self.limits) != sorted(set(self.limits), reverse=True):
            raise ValueError("Each stratum's limit is below the one above it (B above C).")

    @property
    def names(self) -> str:
        return STRATUM_NAMES[: len(self.limits) + 1]


def pair_holding(holdings: Sequence[Fraction | None], by: StratifyBy) -> Fraction | None:
    """The pair's holding from its players' (None: some player's is not known)."""
    if not holdings or any(holding is None for holding in holdings):
        return None
    known = [Fraction(holding) for holding in holdings if holding is not None]
    if by == StratifyBy.AVERAGE:
        return sum(known, Fraction(0)) / len(known)
    return max(known)


def strata_of(holding: Fraction | None, strata: Strata) -> str:
    """The strata a pair competes in, A first: "A", "AB" or "ABC"."""
    names = "A"
    if holding is None:
        return names
    for name, limit in zip(strata.names[1:], strata.limits, strict=True):
        if holding >= limit:
            break
        names += name
    return names


def stratum_places(
    figures: Mapping[Pair, Fraction], strata_by_pair: Mapping[Pair, str]
) -> dict[Pair, dict[str, str]]:
    """Each ranked pair's place in every stratum it competes in, from the figure the field's
    places follow (the percentage, or the total), ties sharing a place as in the field."""
    places: dict[Pair, dict[str, str]] = {pair: {} for pair in figures}
    for name in STRATUM_NAMES:
        members = [pair for pair in figures if name in strata_by_pair.get(pair, "A")]
        for pair, place in zip(members, rank(figures[pair] for pair in members), strict=True):
            places[pair][name] = place
    return places
