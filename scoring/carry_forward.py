"""A championship's qualifying stage and its final: who goes through, what each finalist carries
forward, and the final's standings.

- Who goes through: the director's number of the best entrants of the qualifying standings,
  overall or of each section's field (ACBLscore offers both: "qualification based on section
  fields" and "based on overall rank", ACBLscore manual, American Contract Bridge League). An
  entrant tied with the last one through goes through too: no written rule was reached, so
  this is Clubscore's own reading (a cut inside a tie would need a tie-break nobody wrote).
- What is carried forward (the EBU White Book's *Carry-forward Score Formula*, English Bridge
  Union): C = S × FT / (2 × QT), S the qualifying matchpoints, QT and FT the matchpoint tops
  on a board in the qualifying stage and the final. Clubscore lets the director choose the
  share the White Book fixes at a half: C = share × S × FT / QT.
- The final's standings: carry-forward plus the final session's score, on one basis; places
  by scoring.ranking. Everything is exact (Fractions).
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.domain import Combination, QualifyBy
from scoring.ranking import rank

__all__ = [
    "EBU_SHARE",
    "QualifyBy",
    "FinalStanding",
    "qualifiers",
    "carry_forward",
    "stage_top",
    "final_standings",
]

EBU_SHARE = Fraction(1, 2)  # the White Book's 2 × QT: half the qualifying score


@dataclass(frozen=True)
class FinalStanding:
    entrant: Hashable
    carried: Fraction  # carried forward from the qualifying stage
    final: Fraction | None  # the final session's score (None: not played yet)
    total: Fraction
    rank: str


def qualifiers(
    figures: Mapping[Hashable, Fraction],
    places: int,
    fields: Mapping[Hashable, Hashable] | None = None,
) -> list[Hashable]:
    """The entrants that go through, best first (ties in `figures`' order): the `places` best
    by qualifying figure (higher is better) of the whole field, or of each field when `fields`
    gives each entrant's; an entrant tied with the last one through goes through too."""
    if places < 1:
        raise ValueError(f"at least one entrant goes through, not {places}")
    by_field: dict[Hashable, list[Hashable]] = {}
    for entrant in figures:
        by_field.setdefault(fields[entrant] if fields is not None else None, []).append(entrant)
    through: set[Hashable] = set()
    for members in by_field.values():
        best = sorted((figures[entrant] for entrant in members), reverse=True)
        cut = best[min(places, len(best)) - 1]
        through.update(entrant for entrant in members if figures[entrant] >= cut)
    order = {entrant: index for index, entrant in enumerate(figures)}
    return sorted(through, key=lambda entrant: (-figures[entrant], order[entrant]))


def carry_forward(
    score: Fraction, share: Fraction, qualifying_top: Fraction, final_top: Fraction
) -> Fraction:
    """What a finalist carries forward: `share` of its qualifying `score`, rescaled from the
    qualifying stage's top to the final's (the White Book's formula has share 1/2, tops on a
    board). Share 0 is a fresh start; 1 carries the whole score."""
    if not 0 <= share <= 1:
        raise ValueError(f"a share is 0 to 1, not {share}")
    if qualifying_top <= 0 or final_top <= 0:
        raise ValueError("tops are above 0")
    return Fraction(share) * Fraction(score) * Fraction(final_top) / Fraction(qualifying_top)


def stage_top(tops: Sequence[Fraction], combination: str = Combination.FACTORED) -> Fraction:
    """The most a championship's combined figure can be (scoring.championship_standings), from
    the largest top of each begun session: their sum added up as scored, the largest of them
    once a session when factored to it, 100 for an average percentage. The qualifying figure as
    a percentage of it is the basis a final carries forward."""
    combination = Combination.parse(combination)
    if combination is Combination.IMPS:
        raise ValueError("IMPs have no top: a final carries a share of a percentage")
    if combination is Combination.AVERAGE:
        return Fraction(100)
    if combination is Combination.TOTAL:
        return sum(tops, Fraction(0))
    return max(tops, default=Fraction(0)) * len(tops)


def final_standings(
    carried: Mapping[Hashable, Fraction], final: Mapping[Hashable, Fraction]
) -> list[FinalStanding]:
    """The finalists (`carried`'s keys, in its order) with their final session's score where
    they have one: each ranks on carried + final score (the final counting 0 until played)."""
    totals = {entrant: carried[entrant] + final.get(entrant, Fraction(0)) for entrant in carried}
    places = rank(totals.values())
    return [
        FinalStanding(entrant, carried[entrant], final.get(entrant), totals[entrant], place)
        for entrant, place in zip(carried, places, strict=True)
    ]
