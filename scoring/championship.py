"""A championship of several sessions: each entrant's session scores combined, and its places.

Three combinations are in use, all legal (David Stevenson, *Combining Sessions with Different
Tops*, blakjak.org, which lists them with who recommends which):
- `total`: the matchpoints added up as scored, no factoring (the EBU Movements Manual by John
  Manning recommends it, there cited);
- `factored`: each session's matchpoints factored to a common top (the largest top, here of any
  entrant's session), then added up: a session with a smaller top then weighs as much as one
  with a larger (Stevenson's method 3);
- `average`: the mean of the session percentages (his method 5, "presumably equivalent" to 3;
  the ACBL's *Tech file: Event guidelines* ranks a side game series on the sum of session
  percentages);
- `imps`, for sessions scored in IMPs (Butler or cross-IMPs): the IMPs added up. A session's
  IMPs are its boards' IMPs added up (Cliff Short, *Pairs with a Team's Flavour!*, Hemel
  Hempstead Bridge Club: "the pair with the highest total IMPs over all the boards played"),
  and sessions add up as boards do; a session has no top, so nothing is factored.

A session an entrant did not play: no written rule was found, so the director chooses
(`MissedSession`): it scores nothing, or it is left out and the entrant is judged on the
sessions it played (its mean, or its total factored up to all the sessions, as ACBLscore
factors up a short pair's total). A session nobody has a score in yet (a later session not
begun) is no session yet: the standings after each session are those of the sessions so far.

The entrants rank all together (an outright field across the sessions' sections and
directions, as the ASE Scorer's help, *Running a multi-session event*, describes it), places
by scoring.ranking. Everything is exact (Fractions).
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.domain import Combination, MissedSession
from scoring.ranking import rank

__all__ = ["SessionScore", "ChampionshipStanding", "championship_standings"]


@dataclass(frozen=True)
class SessionScore:
    """An entrant's result in one session: its points (matchpoints, less penalties) out of
    `top` (the most it could have scored on the boards it was scored on), and the percentage
    its session published (by default points over top). A session scored in IMPs has its IMPs
    as points and no top (None), so no percentage."""

    points: Fraction
    top: Fraction | None
    percentage: Fraction | None = None

    def __post_init__(self):
        if self.top is None:
            if self.percentage is not None:
                raise ValueError("a session scored in IMPs (no top) has no percentage")
            return
        if self.top <= 0:
            raise ValueError(f"a session score needs a top above 0, not {self.top}")
        if self.percentage is None:
            object.__setattr__(self, "percentage", 100 * Fraction(self.points) / self.top)


@dataclass(frozen=True)
class ChampionshipStanding:
    entrant: Hashable
    sessions: tuple[Fraction | None, ...]  # what each session counts (None: not played)
    total: Fraction  # the sum (total, factored) or the mean percentage (average)
    rank: str  # "" for an entrant with no session played
    played: int


def championship_standings(
    sessions: Sequence[Mapping[Hashable, SessionScore]],
    entrants: Sequence[Hashable],
    combination: str = Combination.FACTORED,
    missed: str = MissedSession.ZERO,
    common_top: Fraction | None = None,
) -> list[ChampionshipStanding]:
    """Standings of `entrants` over `sessions` (in order, each entrant -> its SessionScore),
    in the entrants' order; `common_top` is what `factored` factors to (by default the largest
    top of any score)."""
    combination = Combination.parse(combination)
    missed = MissedSession.parse(missed)
    started = [session for session in sessions if session]
    in_imps = {score.top is None for session in started for score in session.values()}
    if in_imps and in_imps != {combination is Combination.IMPS}:
        raise ValueError(
            "IMPs add up only with `imps`, and `imps` adds up only sessions scored in IMPs"
        )
    if common_top is None:
        tops = [score.top for session in started for score in session.values() if score.top]
        common_top = max(tops, default=Fraction(0))
    counted: dict[Hashable, tuple[Fraction | None, ...]] = {}
    for entrant in entrants:
        counted[entrant] = tuple(
            _counts(session[entrant], combination, Fraction(common_top)) if entrant in session
            else None
            for session in sessions
        )  # fmt: skip
    totals = {
        entrant: _combined(values, len(started), combination, missed)
        for entrant, values in counted.items()
    }
    placed = [entrant for entrant in entrants if any(v is not None for v in counted[entrant])]
    places = dict(zip(placed, rank([totals[entrant] for entrant in placed]), strict=True))
    return [
        ChampionshipStanding(
            entrant,
            counted[entrant],
            totals[entrant],
            places.get(entrant, ""),
            sum(value is not None for value in counted[entrant]),
        )
        for entrant in entrants
    ]


def _counts(score: SessionScore, combination: Combination, common_top: Fraction) -> Fraction:
    """What one session counts: its points, its points factored to the common top (the
    percentage of it), or its percentage."""
    if combination in (Combination.TOTAL, Combination.IMPS):
        return Fraction(score.points)
    percentage = score.percentage
    assert percentage is not None  # __post_init__ has worked it out from the points
    if combination is Combination.FACTORED:
        return percentage * common_top / 100
    return percentage


def _combined(values, started: int, combination: Combination, missed: MissedSession) -> Fraction:
    played = [value for value in values if value is not None]
    if not played:
        return Fraction(0)
    total = sum(played, Fraction(0))
    counted_sessions = len(played) if missed is MissedSession.LEFT_OUT else started
    if combination is Combination.AVERAGE:
        return total / counted_sessions
    if missed is MissedSession.LEFT_OUT:
        return total * started / len(played)
    return total
