"""A club's ladder: its players ranked over a season's sessions by one of three rules, as clubs
publish them (sources in docs/rules.md, "Ladders"):

- `best`: the average of a player's best N session percentages. Clubs publish this one as a
  percentage (Beccles Bridge Club's Jubilee Cup averages a pair's two best of three), so the
  ladder shows the average; with the same N for everyone it ranks exactly as the sum of the
  best N would. A player with fewer than N sessions has no best N yet: listed below the ranked
  players with the average of what they played, unranked, as a player under a minimum is.
- `average`: the average of all a player's session percentages, ranked among the players who
  played at least the minimum number of sessions; the others are listed below, unranked (a
  qualifying number of sessions: Cheltenham Bridge Club's leaderboards, Lingwood's Dagwell
  Trophy, Beccles' John Harrison Trophy).
- `handicapped`: as `average`, over the sessions' handicapped percentages (each the scratch
  percentage with the pair's handicap added, scoring/handicaps.py): Lingwood Bridge Club's
  Handicap Pairs, a simple average of post-handicap scores, at least 7 sessions to qualify.
- `masterpoints`: the sum of the masterpoints a player's sessions awarded them (Ealing Bridge
  Club's bridge ladder, Godalming's Spooner Shield); everyone who played is ranked.

Places follow scoring.ranking: higher is better, ties share the place ("3="). A session scored
without a percentage (IMPs) is not given to this module for the percentage rules. Exact:
Fractions throughout.
"""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.domain import LadderRule
from scoring.ranking import rank

__all__ = ["LadderEntry", "best_of", "ladder"]


@dataclass(frozen=True)
class LadderEntry:
    player: Hashable
    figure: Fraction  # the average % of the counted sessions, or the masterpoints won
    counted: tuple[Fraction, ...]  # the sessions' figures that count, highest first
    played: int
    rank: str  # "" for a player not (yet) qualified

    @property
    def qualified(self) -> bool:
        return bool(self.rank)


def best_of(percentages: Iterable[Fraction], count: int) -> tuple[Fraction, ...]:
    """The `count` highest of `percentages`, highest first (all of them when fewer)."""
    return tuple(sorted(percentages, key=_quickly, reverse=True)[:count])


def _quickly(value: Fraction) -> tuple[float, Fraction]:
    """A sort key in the value's own order, compared as a float first: float() rounds
    correctly, so two values whose floats differ are in their floats' order, and only equal
    floats are compared exactly (a season's sort then costs milliseconds, not tens)."""
    return float(value), value


def ladder(
    results: Mapping[Hashable, Sequence[Fraction]], rule: str, count: int | None = None
) -> list[LadderEntry]:
    """The ladder of `results` (each player's session figures: percentages, or masterpoints
    for `masterpoints`), ranked players first by place, then the unranked by their figure.
    `count` is N for `best` and the minimum number of sessions for `average`."""
    rule = LadderRule.parse(rule)
    if rule is not LadderRule.MASTERPOINTS and (count is None or count < 1):
        raise ValueError(f"a {rule.value} ladder needs a number of sessions of 1 or more")
    entries = [_entry(player, list(figures), rule, count) for player, figures in results.items()]
    entries = [entry for entry in entries if entry.played]
    qualified = [entry for entry in entries if _qualifies(entry, rule, count)]
    places = rank(entry.figure for entry in qualified)
    ranked = [_placed(entry, place) for entry, place in zip(qualified, places, strict=True)]
    ranked.sort(key=lambda entry: _quickly(entry.figure), reverse=True)
    unranked = [entry for entry in entries if not _qualifies(entry, rule, count)]
    unranked.sort(key=lambda entry: (_quickly(entry.figure), entry.played), reverse=True)
    return ranked + unranked


def _entry(player, figures: list[Fraction], rule: LadderRule, count: int | None) -> LadderEntry:
    if rule is LadderRule.MASTERPOINTS:
        counted = best_of(figures, len(figures))
        return LadderEntry(player, sum(counted, Fraction(0)), counted, len(figures), "")
    counted = best_of(figures, count if rule is LadderRule.BEST else len(figures))  # type: ignore[arg-type]
    figure = sum(counted, Fraction(0)) / len(counted) if counted else Fraction(0)
    return LadderEntry(player, figure, counted, len(figures), "")


def _qualifies(entry: LadderEntry, rule: LadderRule, count: int | None) -> bool:
    if rule is LadderRule.MASTERPOINTS:
        return True
    assert count is not None
    return entry.played >= count


def _placed(entry: LadderEntry, place: str) -> LadderEntry:
    return LadderEntry(entry.player, entry.figure, entry.counted, entry.played, place)
