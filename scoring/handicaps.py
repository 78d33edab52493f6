"""Handicapped results: each pair's percentage with its handicap added, ranked beside the
scratch results.

The method clubs publish (docs/rules.md, Handicaps, cites them): a player's handicap is 50
less their average percentage over the club's recent sessions, so a player averaging 55.2% has
-5.2 and one averaging 48.1% has +1.9; a pair's handicap is the mean of its players'; the
handicapped score is the scratch percentage plus the pair's handicap (Perth Bridge Club,
*Handicap System Explained*). Clubs add the whole handicap or a share of it (the ACBL's
*Handicap Club Games Guide* recommends 90-100%; EBUScore offers half or full). A player with no
recent results has no handicap (0) until the director has results to go on.
"""

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

from scoring.domain import Handicapping
from scoring.ranking import rank

__all__ = [
    "HANDICAP_SHARES",
    "grade_handicap",
    "handicapped",
    "pair_handicap",
    "player_handicap",
]

FIFTY = Fraction(50)
HANDICAP_SHARES = {Handicapping.FULL: Fraction(1), Handicapping.HALF: Fraction(1, 2)}

Pair = TypeVar("Pair", bound=Hashable)


def player_handicap(percentages: Sequence[Fraction]) -> Fraction:
    """50 less the player's average percentage; 0 with no results to go on."""
    if not percentages:
        return Fraction(0)
    return FIFTY - sum(percentages, Fraction(0)) / len(percentages)


def grade_handicap(grade: Fraction) -> Fraction:
    """A player's handicap from their grade (scoring/ratings.py): 50 less it, so that a pair's,
    the mean of its players', is 50 less the mean of their grades (the English Bridge Union's
    *National Grading Scheme*, on club handicapped events)."""
    return FIFTY - grade


def pair_handicap(players: Sequence[Fraction]) -> Fraction:
    """The mean of the players' handicaps (a pair of one named player: that player's)."""
    if not players:
        return Fraction(0)
    return sum(players, Fraction(0)) / len(players)


def handicapped(
    scratch: Mapping[Pair, Fraction], handicaps: Mapping[Pair, Fraction], share: Fraction
) -> dict[Pair, tuple[Fraction, str]]:
    """Each pair's handicapped percentage and its place among the pairs of `scratch` (those
    ranked together), ties sharing a place."""
    scores = {
        pair: value + share * handicaps.get(pair, Fraction(0)) for pair, value in scratch.items()
    }
    places = rank(scores.values())
    return {
        pair: (score, place) for (pair, score), place in zip(scores.items(), places, strict=True)
    }
