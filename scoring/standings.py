"""A session's standings from its scored results: totals, percentages and places.

Matchpoints: percentage of the tops of the boards a pair has been scored on so far.
Cross-IMPs and Butler: IMP totals (no percentage). Home Duplicate Bridge (seed 004): each set of
boards played together at one table gives every pair VPs for its IMP total against the mean of
the other pairs' totals in its direction on that set; a pair's total is its VPs.
"""

from collections import defaultdict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from scoring.board_scoring import MATCHPOINT_METHODS, BoardPoints
from scoring.hdb import hdb_set_vps
from scoring.ranking import rank
from scoring.vps import HARRIS_SCALES

__all__ = ["ScoredResult", "Standing", "standings", "hdb_vps_by_pair"]


@dataclass(frozen=True)
class ScoredResult:
    board: int
    ns: Hashable
    ew: Hashable
    points: BoardPoints


@dataclass(frozen=True)
class Standing:
    pair: Hashable
    group: str | None  # the direction in a Mitchell, None when all pairs rank together
    total: float
    percentage: float | None
    rank: str
    boards: int


def standings(
    method: str,
    results: list[ScoredResult],
    pairs: list[Hashable],
    group_of=lambda pair: None,
    board_sets: Mapping[int, Hashable] | None = None,
) -> list[Standing]:
    """Standings of `pairs`, ranked within the group `group_of(pair)` gives (a direction)."""
    totals: dict[Hashable, float] = {pair: 0.0 for pair in pairs}
    tops: dict[Hashable, float] = defaultdict(float)
    boards: dict[Hashable, int] = defaultdict(int)
    for result in results:
        for pair, earned in ((result.ns, result.points.ns), (result.ew, result.points.ew)):
            if earned is None:
                continue
            boards[pair] += 1
            if method != "hdb":
                totals[pair] = totals.get(pair, 0.0) + earned
            if result.points.top:
                tops[pair] += result.points.top

    vp_possible: dict[Hashable, int] = {}
    if method == "hdb":
        if board_sets is None:
            raise ValueError("Home Duplicate Bridge needs the board sets of the movement")
        vps, vp_possible = hdb_vps_by_pair(results, board_sets)
        totals = {pair: float(vps.get(pair, 0)) for pair in totals}

    def percentage(pair) -> float | None:
        if method in MATCHPOINT_METHODS:
            return 100 * totals[pair] / tops[pair] if tops[pair] else None
        if method == "hdb":
            return 100 * totals[pair] / vp_possible[pair] if vp_possible.get(pair) else None
        return None

    grouped: dict[str | None, list[Hashable]] = defaultdict(list)
    for pair in totals:
        grouped[group_of(pair)].append(pair)
    table = []
    for group, members in grouped.items():
        # Rank on rounded totals so float noise (1/3 IMPs) never splits a real tie.
        places = rank([round(totals[pair], 6) for pair in members])
        for pair, place in zip(members, places, strict=True):
            table.append(Standing(pair, group, totals[pair], percentage(pair), place, boards[pair]))
    return table


def hdb_vps_by_pair(
    results: list[ScoredResult], board_sets: Mapping[int, Hashable]
) -> tuple[dict[Hashable, int], dict[Hashable, int]]:
    """Each pair's VPs over the sets scored so far, and the most it could have had."""
    set_sizes: dict[Hashable, int] = defaultdict(int)
    for board_set in board_sets.values():
        set_sizes[board_set] += 1
    meetings: dict[Hashable, dict[tuple, list[float]]] = defaultdict(dict)
    for result in results:
        if result.points.ns is None:
            continue
        meeting = meetings[board_sets[result.board]].setdefault((result.ns, result.ew), [0, 0])
        meeting[0] += result.points.ns
        meeting[1] += result.points.ew

    vps: dict[Hashable, int] = defaultdict(int)
    possible: dict[Hashable, int] = defaultdict(int)
    for board_set, tables in meetings.items():
        if len(tables) < 2:
            continue  # nobody to compare with yet
        size = set_sizes[board_set]
        if size not in HARRIS_SCALES:
            raise ValueError(f"the club VP scales cover 3-8 boards per set, not {size}")
        best = HARRIS_SCALES[size][-1][1]
        for side in (0, 1):
            side_pairs = [pair_of_table[side] for pair_of_table in tables]
            side_totals = [imps[side] for imps in tables.values()]
            for pair, won in zip(side_pairs, hdb_set_vps(side_totals, size), strict=True):
                vps[pair] += won
                possible[pair] += best
    return dict(vps), dict(possible)
