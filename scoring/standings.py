"""A session's standings from its scored results: totals, percentages and places.

Places never follow raw totals, because pairs play different numbers of boards (sit-outs,
boards not played, short movements):
- matchpoints: the percentage of the tops of the boards a pair was scored on (or, as Bridge
  Base Online prints it, the mean of the pair's percentages board by board);
- cross-IMPs and Butler: the IMPs per board played (the factored total orders the same);
- Home Duplicate Bridge (Jette's *Scoring for Home Duplicate Bridge*): VPs per set against
  the field, as a percentage of the VPs the pair could have won.
Everything is exact (Fractions): a tie is a tie only when the values are equal.
"""

from collections import defaultdict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar, cast

from scoring.board_scoring import DEFAULT_OPTIONS, MATCHPOINT_METHODS, two_places
from scoring.hdb import hdb_set_vps
from scoring.options import ScoringOptions
from scoring.ranking import rank
from scoring.session import ScoredResult
from scoring.vps import HARRIS_SCALES

__all__ = ["ScoredResult", "Standing", "Penalty", "standings", "hdb_vps_by_pair"]

# A caller's pair key (a database id, a pair number): one type for the pairs and the penalties,
# so a caller's dict[int, Penalty] fits (a Mapping of Hashable keys would refuse it).
PairKey = TypeVar("PairKey", bound=Hashable)


@dataclass(frozen=True)
class Penalty:
    """Procedural penalties off a pair's score: in the method's points (matchpoints, IMPs or
    VPs) and, at matchpoints, in percent of a top on one board (EBU practice)."""

    points: Fraction = Fraction(0)
    percent_of_top: Fraction = Fraction(0)


@dataclass(frozen=True)
class Standing:
    pair: Hashable
    group: str | None  # the direction in a Mitchell, None when all pairs rank together
    total: Fraction  # earned on the boards, less any penalty
    percentage: Fraction | None
    rank: str  # "" for a pair that has played no board: it has no place
    boards: int
    shown_total: Fraction  # the total as printed: raw, or factored up to the group's boards
    average: Fraction | None = None  # IMPs per board played (IMP methods)
    penalty: Fraction = Fraction(0)
    possible: Fraction | None = None  # what a percentage of points is of: the pair's tops


def standings(
    method: str,
    results: list[ScoredResult],
    pairs: list[PairKey],
    group_of=lambda pair: None,
    board_sets: Mapping[int, Hashable] | None = None,
    options: ScoringOptions = DEFAULT_OPTIONS,
    penalties: Mapping[PairKey, Penalty] | None = None,
    session_boards: int | None = None,
) -> list[Standing]:
    """Standings of `pairs`, ranked within the group `group_of(pair)` gives (a direction).

    `session_boards` is what factored totals are factored up to; by default the session's
    boards as a full card has them: the most boards any pair played (ACBLscore's and
    Compscore3's published totals both follow this, tests/events/real_events).
    """
    mean = options.percentages == "mean" and method in MATCHPOINT_METHODS
    earned, tops, boards, shares = _tally(results, pairs, mean)
    possible = tops
    if method == "hdb":
        if board_sets is None:
            raise ValueError("Home Duplicate Bridge needs the board sets of the movement")
        vps, vp_possible = hdb_vps_by_pair(results, board_sets)
        earned = {pair: Fraction(vps.get(pair, 0)) for pair in earned}
        possible = {pair: Fraction(vp_possible.get(pair, 0)) for pair in earned}
    deducted: dict[Hashable, Fraction] = {
        pair: _deduction(method, penalty, tops[pair], boards[pair])
        for pair, penalty in (penalties or {}).items()
        if pair in earned
    }

    # (total, percentage, average), and then the total shown
    rows: dict[Hashable, tuple] = {}
    for pair in earned:
        total = earned[pair] - deducted.get(pair, 0)
        percentage = None
        if method in MATCHPOINT_METHODS or method == "hdb":
            percentage = 100 * total / possible[pair] if possible[pair] else None
        if mean and percentage is not None:
            percentage = _mean_percentage(shares[pair], deducted.get(pair, 0), possible[pair])
        average = total / boards[pair] if boards[pair] and percentage is None else None
        rows[pair] = (total, percentage, average)

    grouped: dict[str | None, list[Hashable]] = defaultdict(list)
    for pair in earned:
        grouped[group_of(pair)].append(pair)
    table = []
    target = session_boards or max(boards.values(), default=0)
    for group, members in grouped.items():
        for pair in members:
            if options.totals == "factored" and boards[pair] and method != "hdb":
                rows[pair] = _factored(rows[pair], deducted.get(pair, 0), boards[pair], target)
            else:
                rows[pair] = (*rows[pair], rows[pair][0])
            if options.percentages == "from-total" and method in MATCHPOINT_METHODS:
                rows[pair] = _from_total(
                    rows[pair], tops[pair], boards[pair], target, options.totals == "factored"
                )
        # A pair that has played no board has no place (KoPS), and takes none from the others.
        ranked = [pair for pair in members if boards[pair]]
        places = dict(
            zip(ranked, rank([_ranking_value(*rows[pair][:3]) for pair in ranked]), strict=True)
        )
        for pair, place in ((pair, places.get(pair, "")) for pair in members):
            total, percentage, average, shown = rows[pair]
            table.append(
                Standing(
                    pair,
                    group,
                    total,
                    percentage,
                    place,
                    boards[pair],
                    shown,
                    average,
                    deducted.get(pair, Fraction(0)),
                    possible[pair] if percentage is not None else None,
                )
            )
    return table


def _factored(row, penalty, boards, target):
    """ACBLscore, Ruter: a pair that played fewer boards than the session has its total
    factored up (total x session boards / boards played). A penalty comes off after
    factoring. The percentage stays that of the points (see _from_total)."""
    total, percentage, average = row
    shown = (total + penalty) * target / boards - penalty
    return total, percentage, average, shown


def _from_total(row, tops, boards, target, factored):
    """ACBLscore: the percentage is of the total as printed, to two decimals (factored, of
    the session's tops; raw, of the pair's own), and the places follow it."""
    total, percentage, average, shown = row
    if percentage is None or not boards:
        return row
    possible = tops / boards * target if factored else tops
    return total, 100 * two_places(shown) / possible, average, shown


def _mean_percentage(share, penalty, tops) -> Fraction:
    """Bridge Base Online: the mean of the pair's board percentages (each board's points over
    that board's own top), less a penalty as a share of the pair's tops."""
    fractions, scored = share
    return 100 * fractions / scored - 100 * Fraction(penalty) / tops


def _tally(results, pairs, shares_too=False):
    """Each pair's points, tops and boards; with `shares_too`, its points as fractions of each
    board's top and the number of boards that had a top. Sums run in integers per denominator (most
    points are whole or halves) and become Fractions once per pair: Fraction additions are
    slow."""
    earned: dict[Hashable, dict[int, int]] = {pair: defaultdict(int) for pair in pairs}
    tops: dict[Hashable, dict[int, int]] = {pair: defaultdict(int) for pair in pairs}
    fractions: dict[Hashable, dict[int, int]] = {pair: defaultdict(int) for pair in pairs}
    boards: dict[Hashable, int] = {pair: 0 for pair in pairs}
    topped: dict[Hashable, int] = {pair: 0 for pair in pairs}
    for result in results:
        top = result.points.top
        for pair, points in ((result.ns, result.points.ns), (result.ew, result.points.ew)):
            if points is None:
                continue
            if pair not in boards:
                earned[pair], tops[pair], boards[pair] = defaultdict(int), defaultdict(int), 0
                fractions[pair], topped[pair] = defaultdict(int), 0
            earned[pair][points.denominator] += points.numerator
            if top:
                tops[pair][top.denominator] += top.numerator
            if top and shares_too:
                share = Fraction(points) / top
                fractions[pair][share.denominator] += share.numerator
                topped[pair] += 1
            boards[pair] += 1
    shares = {pair: (total, topped[pair]) for pair, total in _fractions(fractions).items()}
    return _fractions(earned), _fractions(tops), boards, shares


def _fractions(sums: dict[Hashable, dict[int, int]]) -> dict[Hashable, Fraction]:
    return {
        pair: sum((Fraction(n, d) for d, n in by_denominator.items()), Fraction(0))
        for pair, by_denominator in sums.items()
    }


def _deduction(method, penalty: Penalty, tops: Fraction, boards: int) -> Fraction:
    if penalty.percent_of_top and method not in MATCHPOINT_METHODS:
        raise ValueError(f"a penalty in percent of a top needs matchpoints, not {method}")
    top = tops / boards if boards else 0
    return Fraction(penalty.points) + Fraction(penalty.percent_of_top) * top / 100


def _ranking_value(total, percentage, average) -> Fraction:
    if percentage is not None:
        return percentage
    return average if average is not None else total


def hdb_vps_by_pair(
    results: list[ScoredResult], board_sets: Mapping[int, Hashable]
) -> tuple[dict[Hashable, int], dict[Hashable, int]]:
    """Each pair's VPs over the sets scored so far, and the most it could have had."""
    set_sizes: dict[Hashable, int] = defaultdict(int)
    for board_set in board_sets.values():
        set_sizes[board_set] += 1
    meetings: dict[Hashable, dict[tuple, list[Fraction | int]]] = defaultdict(dict)
    for result in results:
        if result.points.ns is None:
            continue
        meeting = meetings[board_sets[result.board]].setdefault((result.ns, result.ew), [0, 0])
        meeting[0] += result.points.ns
        meeting[1] += cast(Fraction, result.points.ew)  # scored: both sides have points

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
