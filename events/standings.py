"""Standings and recaps of a section, computed from the stored board points."""

from dataclasses import dataclass

import scoring
from events.models import Pair, Result, Section


@dataclass(frozen=True)
class StandingRow:
    pair: Pair
    total: float
    percentage: float | None
    rank: str
    boards: int


@dataclass(frozen=True)
class StandingGroup:
    title: str
    rows: list[StandingRow]


def section_standings(section: Section, pairs: list[Pair] | None = None) -> list[StandingGroup]:
    """One group per direction in a Mitchell, one for a Howell, best first (two queries)."""
    if pairs is None:
        pairs = Pair.objects.filter(section=section)
    pairs = {pair.pk: pair for pair in pairs}
    rows = Result.objects.filter(board__section=section).values_list(
        "board__number", "ns_pair_id", "ew_pair_id", "ns_points", "ew_points", "top"
    )
    scored = [
        scoring.ScoredResult(number, ns, ew, scoring.BoardPoints(ns_points, ew_points, top))
        for number, ns, ew, ns_points, ew_points, top in rows
    ]
    board_sets = None
    if section.event.scoring == "hdb":
        board_sets = dict(section.boards.values_list("number", "board_set"))
    table = scoring.standings(
        section.event.scoring,
        scored,
        list(pairs),
        group_of=lambda pk: pairs[pk].direction or None,
        board_sets=board_sets,
    )
    groups: dict[str | None, list[StandingRow]] = {}
    for standing in table:
        row = StandingRow(
            pairs[standing.pair], standing.total, standing.percentage, standing.rank,
            standing.boards,
        )  # fmt: skip
        groups.setdefault(standing.group, []).append(row)
    ordered = []
    # NS before EW, the order of a printed recap.
    for group in sorted(groups, key=lambda g: {"NS": 0, "EW": 1}.get(g, 2)):
        members = sorted(groups[group], key=lambda r: (-round(r.total, 6), r.pair.number))
        ordered.append(StandingGroup(f"{group} pairs" if group else "All pairs", members))
    return ordered
