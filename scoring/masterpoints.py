"""Masterpoint awards of a club session, by a federation's published rule, with their working.

The one rule reached in full is the ACBL's for its regular club games, as the ACBL Handbook
states it (American Contract Bridge League, *ACBL Handbook*, Chapter 4, Section Three:
Masterpoint Award Regulations, "I. Calculating the Awards", acbl.org):

- Section awards are made in each *comparison group*: "an eight-table Mitchell movement is two
  groups of 8 pairs. A five-table Howell movement is one group of 10 pairs. In a Mitchell
  movement, a 1/2 table will be treated as though it were a full table ... 7 1/2 tables would
  be 8 pairs in each group while a 5 1/2 table Howell is 11 pairs in the comparison group."
- "Depth of awards is 40% times the number of pairs in the comparison group, rounded to the
  nearest whole number with .5 rounded up."
- Open games award .10 per table (per pair of a Mitchell group) to first place, invitational
  clubs .08 per pair; "The second place award is 70% of 1st, third is 50% of 1st, fourth is
  35%, fifth is 1/5 and sixth is 1/6, etc."; the maximum award is 1.50 (open), 1.20
  (invitational).

Three points the page reached leaves open, each marked in the working it produces and in
docs/rules.md: the open rate is read per pair of the group (the page's first sentence bases all
section awards "on the number of pairs ... in each group", and its other rates are "per pair";
in a Mitchell group the two readings agree, in a Howell they differ); the maximum caps first
place and the other places take their share of the capped award; and a tie shares equally the
awards of the places it covers (the page states no tie rule). Awards stay exact Fractions; the
page states no rounding, so none is applied here (pages print them with scoring.rounding).

The ABF's and the EBU's scales were not reachable in full (see docs/rules.md), so no rule here
claims them.
"""

from dataclasses import dataclass
from fractions import Fraction

ACBL_HANDBOOK = (
    "ACBL Handbook, Chapter 4, Section Three: Masterpoint Award Regulations, "
    "I. Calculating the Awards (American Contract Bridge League)"
)


@dataclass(frozen=True)
class MasterpointRule:
    key: str
    name: str
    source: str
    rate: Fraction  # first place's award per pair of the comparison group
    maximum: Fraction  # the most any award may be


ACBL_OPEN = MasterpointRule(
    "acbl-open", "ACBL open club game", ACBL_HANDBOOK, Fraction(1, 10), Fraction(3, 2)
)
ACBL_INVITATIONAL = MasterpointRule(
    "acbl-invitational",
    "ACBL invitational club game",
    ACBL_HANDBOOK,
    Fraction(8, 100),
    Fraction(6, 5),
)
MASTERPOINT_RULES = {rule.key: rule for rule in (ACBL_OPEN, ACBL_INVITATIONAL)}

# Second to fourth place as percentages of first; from fifth on, 1/place of first.
_FIXED_SHARES = {1: Fraction(1), 2: Fraction(70, 100), 3: Fraction(50, 100), 4: Fraction(35, 100)}


def _text(value: Fraction) -> str:
    """An exact value in the words of the working: 0.8, 0.35, 2/15."""
    for digits in range(5):
        scaled = value * 10**digits
        if scaled.denominator == 1:
            whole, part = divmod(scaled.numerator, 10**digits)
            return str(whole) if digits == 0 else f"{whole}.{part:0{digits}d}"
    return f"{value.numerator}/{value.denominator}"


def comparison_groups(tables, howell: bool) -> list[int]:
    """The pairs of each comparison group of a section of `tables` tables (a multiple of 1/2):
    a Mitchell's two directions, with a half table as a full one, or a Howell's one field."""
    tables = Fraction(tables)
    if tables <= 0 or (2 * tables).denominator != 1:
        raise ValueError(f"A section has a whole or half number of tables, not {tables}.")
    if howell:
        return [int(2 * tables)]
    whole = -(-tables.numerator // tables.denominator)
    return [whole, whole]


def award_depth(pairs: int) -> int:
    """How many places earn an award: 40% of the group's pairs, to the nearest, .5 up."""
    if pairs < 1:
        raise ValueError("A comparison group has at least one pair.")
    return int(Fraction(2 * pairs, 5) + Fraction(1, 2))


def place_share(place: int) -> Fraction:
    """A place's award as a share of first place's: 1, 70%, 50%, 35%, then 1/5, 1/6, ..."""
    if place < 1:
        raise ValueError("Places start at 1.")
    return _FIXED_SHARES.get(place, Fraction(1, place))


@dataclass(frozen=True)
class Scale:
    """The awards of one comparison group, place by place, and how first place's came."""

    rule: MasterpointRule
    pairs: int
    depth: int
    first: Fraction
    working: str
    awards: tuple[Fraction, ...]  # place 1 to `depth`

    def at(self, place: int) -> Fraction:
        return self.awards[place - 1] if place <= self.depth else Fraction(0)


def masterpoint_scale(rule: MasterpointRule, pairs: int) -> Scale:
    depth = award_depth(pairs)
    uncapped = rule.rate * pairs
    first = min(uncapped, rule.maximum)
    working = f"{_text(rule.rate)} × {pairs} pairs in the group = {_text(uncapped)}"
    if first < uncapped:
        working += f", capped at the maximum {_text(rule.maximum)}"
    working += f"; awards to {depth} place{'' if depth == 1 else 's'} (40% of {pairs} pairs)"
    awards = tuple(first * place_share(place) for place in range(1, depth + 1))
    return Scale(rule, pairs, depth, first, working, awards)


@dataclass(frozen=True)
class Award:
    """One pair's award: exact points (0 for none) and the lines of its working."""

    place: str
    points: Fraction
    working: tuple[str, ...]


def _share_words(place: int) -> str:
    share = place_share(place)
    if place == 1:
        return "first place's award"
    if place in _FIXED_SHARES:
        return f"{_text(share * 100)}% of first"
    return f"1/{place} of first"


def masterpoint_awards(rule: MasterpointRule, pairs: int, places: list[str]) -> list[Award]:
    """Each pair's award in one comparison group of `pairs` pairs, from its place as
    scoring.ranking gives it ("3", or "2=" for a place shared by all who show it)."""
    scale = masterpoint_scale(rule, pairs)
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
            if each <= scale.depth:
                lines.append(
                    f"place {each}: {_share_words(each)} = {_text(scale.at(each))}"
                    if each > 1
                    else f"place 1: {_text(scale.first)}"
                )
            else:
                awarded = f"{scale.depth} place{'' if scale.depth == 1 else 's'}"
                lines.append(f"place {each}: beyond the {awarded} awarded, 0")
        total = sum((scale.at(each) for each in covered), Fraction(0))
        points = total / len(covered)
        if len(covered) > 1:
            lines.append(
                f"{len(covered)} pairs tie: {_text(total)} shared equally = {_text(points)} "
                "(an equal share; the rule's page states no tie rule)"
            )
        result.append(Award(place, points, tuple(lines)))
    return result
