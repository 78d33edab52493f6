"""How a club session's masterpoint awards are made from a federation's rule, with their
working: the field compared (`Field`), its scale of awards place by place (`Scale`), what each
rule must say (`MasterpointRule`, and `ShareRule` for a scale whose places are shares of first),
and one function, `masterpoint_awards`, that gives each pair its award, sharing a tie's places
by the rule's own `tie`. The federations' rules themselves are in scoring.masterpoints. Awards
stay exact Fractions; pages print them with scoring.rounding.
"""

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar


def shown(value: Fraction) -> str:
    """An exact value in the words of the working: 0.8, 0.35, 2/15."""
    for digits in range(5):
        scaled = value * 10**digits
        if scaled.denominator == 1:
            whole, part = divmod(scaled.numerator, 10**digits)
            return str(whole) if digits == 0 else f"{whole}.{part:0{digits}d}"
    if value.denominator > 1000:  # an exponential's 12 digits: four say enough
        return f"≈{float(value):.4f}"
    return f"{value.numerator}/{value.denominator}"


def places_text(count: int) -> str:
    return f"{count} place{'' if count == 1 else 's'}"


@dataclass(frozen=True)
class Field:
    """The pairs compared together: a Mitchell direction, or with `one_winner` a field each
    pair of which meets the others (a Howell, an arrow-switched Mitchell); `boards` played."""

    pairs: int
    one_winner: bool = False
    boards: int | None = None


@dataclass(frozen=True)
class Scale:
    """The awards of one comparison group, place by place, and how first place's came."""

    rule: "MasterpointRule"
    pairs: int
    depth: int
    first: Fraction
    working: str
    awards: tuple[Fraction, ...]  # place 1 to `depth`

    def at(self, place: int) -> Fraction:
        return self.awards[place - 1] if place <= self.depth else Fraction(0)


@dataclass(frozen=True)
class MasterpointRule:
    """A federation's club-session rule: its scale for a field, the words of each place's
    award, and how a tie shares the places it covers."""

    key: str
    name: str
    source: str

    def refusal(self, field: Field) -> str | None:
        """Why no award can be computed for this field by what was read of the rule, if so."""
        return None

    def scale(self, field: Field) -> Scale:
        raise NotImplementedError

    def place_words(self, place: int) -> str:
        raise NotImplementedError

    tie_note: ClassVar[str] = "an equal share; the rule's page states no tie rule"

    def tie(self, total: Fraction, count: int) -> tuple[Fraction, str]:
        points = total / count
        return points, f"{shown(total)} shared equally = {shown(points)} ({self.tie_note})"


@dataclass(frozen=True)
class ShareRule(MasterpointRule):
    """First place's award grows with the field; each later place is a share of it."""

    def first(self, field: Field) -> tuple[Fraction, str]:
        raise NotImplementedError

    def depth(self, pairs: int) -> int:
        raise NotImplementedError

    def depth_words(self, pairs: int) -> str:
        raise NotImplementedError

    def share(self, place: int) -> Fraction:
        raise NotImplementedError

    def share_words(self, place: int) -> str:
        raise NotImplementedError

    def scale(self, field: Field) -> Scale:
        depth = self.depth(field.pairs)
        first, working = self.first(field)
        working += f"; awards to {places_text(depth)} ({self.depth_words(field.pairs)})"
        awards = tuple(first * self.share(place) for place in range(1, depth + 1))
        return Scale(self, field.pairs, depth, first, working, awards)

    def place_words(self, place: int) -> str:
        return self.share_words(place)


def masterpoint_scale(
    rule: MasterpointRule, pairs: int, one_winner: bool = False, boards: int | None = None
) -> Scale:
    """The awards of a group of `pairs` pairs: a Mitchell direction, or with `one_winner` a
    field every pair of which is compared with every other (a Howell)."""
    return rule.scale(Field(pairs, one_winner, boards))


@dataclass(frozen=True)
class Award:
    """One pair's award: exact points (0 for none) and the lines of its working."""

    place: str
    points: Fraction
    working: tuple[str, ...]
    refused: bool = False  # no award could be computed; the working says why


def masterpoint_awards(
    rule: MasterpointRule,
    pairs: int,
    places: list[str],
    one_winner: bool = False,
    boards: int | None = None,
) -> list[Award]:
    """Each pair's award in one comparison group of `pairs` pairs, from its place as
    scoring.ranking gives it ("3", or "2=" for a place shared by all who show it)."""
    refusal = rule.refusal(Field(pairs, one_winner, boards))
    if refusal:
        return [Award(place, Fraction(0), (refusal,), refused=True) for place in places]
    scale = masterpoint_scale(rule, pairs, one_winner, boards)
    counts: dict[str, int] = {}
    for place in places:
        counts[place] = counts.get(place, 0) + 1
    result = []
    for place in places:
        first_place = int(place.rstrip("="))
        if first_place < 1 or first_place + counts[place] - 1 > pairs:
            raise ValueError(f"Place {place} does not fit a group of {pairs} pairs.")
        covered = range(first_place, first_place + counts[place])
        lines = [scale.working]
        for each in covered:
            if each > scale.depth:
                lines.append(f"place {each}: beyond the {places_text(scale.depth)} awarded, 0")
            elif each == 1:
                lines.append(f"place 1: {shown(scale.first)}")
            else:
                lines.append(f"place {each}: {rule.place_words(each)} = {shown(scale.at(each))}")
        total = sum((scale.at(each) for each in covered), Fraction(0))
        points = total
        if len(covered) > 1:
            points, words = rule.tie(total, len(covered))
            lines.append(f"{len(covered)} pairs tie: {words}")
        result.append(Award(place, points, tuple(lines)))
    return result
