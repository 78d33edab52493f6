"""Masterpoint awards of a club session, by a federation's published rule, with their working.

Three federations' club rules are here. The ACBL's and the ABF's make the same shape of scale
(`ShareRule`): a first-place award that grows with the field, a depth, each later place a share
of first. The EBU's steps down a fixed amount a place (`EbuRule`). Every rule's awards, ties and
working come from one function, `masterpoint_awards` (scoring.masterpoint_awarding); what differs
is held by each rule.

The ACBL's, for its regular club games, as the ACBL Handbook states it (American Contract Bridge
League, *ACBL Handbook*, Chapter 4, Section Three: Masterpoint Award Regulations, "I.
Calculating the Awards", acbl.org):

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

The ABF's green points for a club session, as the *ABF Masterpoint Manual* (Australian Bridge
Federation, online edition at abfmasterpoints.com.au) states them: clause 3.1.1, the winners'
award of a two-winner (Mitchell) field is 0.02WT for T up to 30 tables and W[1-exp(-T/32)]
above, of a one-winner (Howell) field 0.04WT up to 15 tables and W[1-exp(-T/16)] above, W the
grade weight; clause 3.1.3, T counts a half table as a whole one; clause 4.2, awards to the top
half of the field rounded down, runners-up 70% of the winners, each later place the winners'
award divided by one less than the place. Its ties clause (4.4.6) was not reached: a tie here
shares its places equally, as for the ACBL, and the working says so. A session of fewer than
24 boards is factored down by clause 4.4.7 (Appendix A), not reached either: such a session
gets no ABF award and says why. The exponential is irrational, so those awards are exact
fractions of a 12-digit value (short enough to store).

The EBU's *Licensing and Master Points Handbook* (English Bridge Union) was not reached itself.
Its club scale for a one-winner pairs field is taken as Salliere, a GPL scoring program by
Matthew Johnson, reproduces it (MasterPointScale.java, github.com/mjj29/salliere), checked where
the EBU's own forum quotes the Handbook's tables: the number of awards is a quarter (fewer than
18 boards), a third (18 to 35) or a half (36 or more) of the pairs of the full tables, rounded
up ("13 tables 13 awards if 1/2, 19 tables 13 awards if 1/3, 25-26 tables 13 awards if 1/4");
first place gets 6 local points an award, each place 6 fewer, none less than "an over-riding
minimum of 6 points for any club award", none more than 75, 100 or 300 by the same bands; a
tie shares equally, rounded up to a whole point (Salliere's rounding; the Handbook's clauses
3.4 and 3.5 were not reached). The forum quotes clause 3.1.1: no award "unless the original
entry was at least ... 3 complete tables in a single-winner pairs event". The Handbook's
two-winner scale was not reached: a Mitchell direction gets no EBU award, and says why.
"""

from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import ClassVar

from scoring.masterpoint_awarding import (
    Field,
    MasterpointRule,
    Scale,
    ShareRule,
    places_text,
    shown,
)

ACBL_HANDBOOK = (
    "ACBL Handbook, Chapter 4, Section Three: Masterpoint Award Regulations, "
    "I. Calculating the Awards (American Contract Bridge League)"
)
EBU_HANDBOOK = (
    "EBU Licensing and Master Points Handbook, club scale (English Bridge Union), "
    "as Salliere's MasterPointScale reproduces it (Matthew Johnson)"
)
ABF_MANUAL = (
    "ABF Masterpoint Manual, clauses 3.1 Masterpoint formulae and 4.2 Session awards "
    "(Australian Bridge Federation)"
)

SESSION_BOARDS = 24  # the ABF's full session (Manual, Appendix A, "Session")


# Second to fourth place as percentages of first; from fifth on, 1/place of first.
_FIXED_SHARES = {1: Fraction(1), 2: Fraction(70, 100), 3: Fraction(50, 100), 4: Fraction(35, 100)}


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
    """How many places earn an ACBL award: 40% of the group's pairs, to the nearest, .5 up."""
    if pairs < 1:
        raise ValueError("A comparison group has at least one pair.")
    return int(Fraction(2 * pairs, 5) + Fraction(1, 2))


def place_share(place: int) -> Fraction:
    """A place's ACBL award as a share of first place's: 1, 70%, 50%, 35%, then 1/5, 1/6, ..."""
    if place < 1:
        raise ValueError("Places start at 1.")
    return _FIXED_SHARES.get(place, Fraction(1, place))


@dataclass(frozen=True)
class AcblRule(ShareRule):
    rate: Fraction  # first place's award per pair of the comparison group
    maximum: Fraction  # the most any award may be

    def first(self, field: Field) -> tuple[Fraction, str]:
        uncapped = self.rate * field.pairs
        working = f"{shown(self.rate)} × {field.pairs} pairs in the group = {shown(uncapped)}"
        if uncapped > self.maximum:
            return self.maximum, working + f", capped at the maximum {shown(self.maximum)}"
        return uncapped, working

    def depth(self, pairs: int) -> int:
        return award_depth(pairs)

    def depth_words(self, pairs: int) -> str:
        return f"40% of {pairs} pairs"

    def share(self, place: int) -> Fraction:
        return place_share(place)

    def share_words(self, place: int) -> str:
        if place in _FIXED_SHARES:
            return f"{shown(place_share(place) * 100)}% of first"
        return f"1/{place} of first"


@dataclass(frozen=True)
class AbfRule(ShareRule):
    weight: Fraction  # the grade weight W of clause 3.1.1

    tie_note: ClassVar[str] = "an equal share; the Manual's tie clause 4.4.6 was not reached"

    def refusal(self, field: Field) -> str | None:
        if field.boards is not None and field.boards < SESSION_BOARDS:
            return (
                f"{field.boards} boards: the Manual factors the awards of a session of fewer "
                f"than {SESSION_BOARDS} boards down (Appendix A, clause 4.4.7), by a clause "
                "Clubscore has not read, so none is computed"
            )
        return None

    def first(self, field: Field) -> tuple[Fraction, str]:
        pairs, one_winner = field.pairs, field.one_winner
        if pairs < 1:
            raise ValueError("A comparison group has at least one pair.")
        # A two-winner field is one direction, a pair a table; a one-winner field sits two
        # pairs a table, a half table counting as whole (clause 3.1.3).
        tables = -(-pairs // 2) if one_winner else pairs
        per_table, linear_up_to, scale = (
            (Fraction(4, 100), 15, 16) if one_winner else (Fraction(2, 100), 30, 32)
        )
        kind = "one-winner" if one_winner else "two-winner"
        weight = shown(self.weight)
        if tables <= linear_up_to:
            value = per_table * self.weight * tables
            return value, (
                f"{shown(per_table)} × weight {weight} × {tables} tables = {shown(value)} "
                f"({kind} field, clause 3.1.1)"
            )
        with localcontext() as context:
            context.prec = 12
            growth = Fraction(1 - (Decimal(-tables) / scale).exp())
        value = self.weight * growth  # exact in W, so the grades keep their ratios
        return value, (
            f"{weight} × (1 − e^(−{tables}/{scale})) = {shown(value)} "
            f"({kind} field of more than {linear_up_to} tables, clause 3.1.1)"
        )

    def depth(self, pairs: int) -> int:
        if pairs < 1:
            raise ValueError("A comparison group has at least one pair.")
        return pairs // 2

    def depth_words(self, pairs: int) -> str:
        return f"the top half of {pairs} pairs, rounded down"

    def share(self, place: int) -> Fraction:
        if place < 1:
            raise ValueError("Places start at 1.")
        if place == 1:
            return Fraction(1)
        return Fraction(7, 10) if place == 2 else Fraction(1, place - 1)

    def share_words(self, place: int) -> str:
        return "70% of first" if place == 2 else f"first's award ÷ {place - 1}"


_FRACTION_WORDS = {Fraction(1, 4): "quarter", Fraction(1, 3): "third", Fraction(1, 2): "half"}


@dataclass(frozen=True)
class EbuRule(MasterpointRule):
    """The EBU's local points of a one-winner pairs field on its club scale: a number of awards
    by the boards played, `per_award` points a place down from the top, a floor and a cap."""

    per_award: int
    minimum: int
    # (fewer than this many boards, or None for any more, share of the field awarded, cap)
    bands: tuple[tuple[int | None, Fraction, int], ...]
    least_boards: int
    least_tables: int  # complete tables of the original entry (Handbook 3.1.1 (b))

    def refusal(self, field: Field) -> str | None:
        if not field.one_winner:
            return (
                "the EBU Handbook's two-winner (Mitchell) scale was not reached, so no local "
                "points are computed for a direction of a Mitchell"
            )
        if field.boards is None or field.boards < self.least_boards:
            return f"fewer than {self.least_boards} boards earn no local points"
        if field.pairs // 2 < self.least_tables:
            return (
                f"fewer than {self.least_tables} complete tables earn no local points in a "
                "single-winner pairs event (Handbook 3.1.1)"
            )
        return None

    def _band(self, boards: int) -> tuple[Fraction, int, str]:
        low = self.least_boards
        for below, share, cap in self.bands:
            if below is None:
                return share, cap, f"{low} boards or more"
            if boards < below:
                return share, cap, f"{low} to {below - 1} boards"
            low = below
        raise ValueError("The last band of a scale has no upper bound.")

    def scale(self, field: Field) -> Scale:
        if field.boards is None:
            raise ValueError("The EBU's scale needs the number of boards played.")
        share, cap, band = self._band(field.boards)
        tables = field.pairs // 2  # full tables: a half table is not counted
        wanted = 2 * tables * share
        depth = min(field.pairs, -(-wanted.numerator // wanted.denominator))
        top = depth * self.per_award
        awards = tuple(
            Fraction(max(min(top - index * self.per_award, cap), self.minimum))
            for index in range(depth)
        )
        working = f"{self.per_award} × {places_text(depth)} = {top} local points"
        if top > cap:
            working += f", capped at {cap}"
        working += (
            f"; awards to {places_text(depth)} (a {_FRACTION_WORDS[share]} of the {2 * tables} "
            f"pairs of {tables} full tables, rounded up: {band})"
        )
        return Scale(
            self, field.pairs, depth, awards[0] if awards else Fraction(0), working, awards
        )

    def place_words(self, place: int) -> str:
        return f"{self.per_award} a place below first, at least {self.minimum}"

    def tie(self, total: Fraction, count: int) -> tuple[Fraction, str]:
        share = total / count
        points = Fraction(-(-share.numerator // share.denominator))
        words = f"{shown(total)} shared equally = {shown(share)}"
        if points != share:
            words += f", rounded up to {points}"
        if 0 < points < self.minimum:
            points = Fraction(self.minimum)
            words += f", raised to the minimum {self.minimum}"
        return points, words


ACBL_OPEN = AcblRule(
    "acbl-open", "ACBL open club game", ACBL_HANDBOOK, Fraction(1, 10), Fraction(3, 2)
)
ACBL_INVITATIONAL = AcblRule(
    "acbl-invitational",
    "ACBL invitational club game",
    ACBL_HANDBOOK,
    Fraction(8, 100),
    Fraction(6, 5),
)
# Grade weights: Tables 1A and 1B of the Manual are drawn for W = 1.0 and 1.5, the weights of
# regular club sessions; supervised play (Grade F, clause 2.2) earns half the Grade E rate.
ABF_GREEN_CLUB = AbfRule(
    "abf-green-1.5", "ABF green points, club session, weight 1.5", ABF_MANUAL, Fraction(3, 2)
)
ABF_GREEN_WEIGHT_ONE = AbfRule(
    "abf-green-1.0", "ABF green points, club session, weight 1.0", ABF_MANUAL, Fraction(1)
)
ABF_GREEN_SUPERVISED = AbfRule(
    "abf-green-supervised",
    "ABF green points, supervised play (Grade F), weight 0.75",
    ABF_MANUAL,
    Fraction(3, 4),
)
# The club scale as Salliere's MasterPointScale.java reproduces it (see the module's docstring).
EBU_CLUB = EbuRule(
    "ebu-club",
    "EBU local points, club scale, one-winner pairs",
    EBU_HANDBOOK,
    per_award=6,
    minimum=6,
    bands=(
        (18, Fraction(1, 4), 75),
        (36, Fraction(1, 3), 100),
        (None, Fraction(1, 2), 300),
    ),
    least_boards=12,
    least_tables=3,
)
MASTERPOINT_RULES: dict[str, MasterpointRule] = {
    rule.key: rule
    for rule in (
        ACBL_OPEN,
        ACBL_INVITATIONAL,
        ABF_GREEN_CLUB,
        ABF_GREEN_WEIGHT_ONE,
        ABF_GREEN_SUPERVISED,
        EBU_CLUB,
    )
}
