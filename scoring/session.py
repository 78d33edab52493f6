"""Scoring every result of a section (or of several sections scored across the field).

A board's results are scored together, except that a fouled board's groups (Law 87) are
scored apart and each brought to the full top. Every board is factored to the section's
common top, so boards played different numbers of times weigh the same. Under the session
rule for adjusted scores (Law 12C2), Ave+ and Ave- then look at each pair's other boards.
"""

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import cast

from scoring.adjusted import AVE_MINUS, AVE_PLUS
from scoring.board_scoring import (
    DEFAULT_OPTIONS,
    MATCHPOINT_METHODS,
    BoardPoints,
    rounded_points,
    scale_of,
    score_board,
)
from scoring.entry import ADJUSTED, PLAYED, WEIGHTED, Entry
from scoring.matchpoints import top
from scoring.options import ScoringOptions

__all__ = [
    "COUNTED_KINDS", "ResultLine", "ScoredResult", "boards_apart", "common_due", "common_top",
    "due_of", "score_section",
]  # fmt: skip


@dataclass(frozen=True)
class ResultLine:
    """One traveller line: who sat NS and EW on which board, what happened there."""

    board: int
    ns: Hashable
    ew: Hashable
    entry: Entry
    foul_group: int = 0


@dataclass(frozen=True)
class ScoredResult:
    board: int
    ns: Hashable
    ew: Hashable
    points: BoardPoints
    adjusted: bool = False


# The kinds of result a board's count of results holds (the others are not compared).
COUNTED_KINDS = (PLAYED, WEIGHTED)


def common_due(lines: Iterable[ResultLine], expected: Mapping[int, int]) -> int:
    """The number of results every board is factored to: the most any board is due or has."""
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for line in lines:
        if line.entry.kind in COUNTED_KINDS:
            counts[(line.board, line.foul_group)] += 1
    return due_of(expected, counts.values())


def due_of(expected: Mapping[int, int], counts: Iterable[int]) -> int:
    """The common due from each board's expected results and each (board, fouled group)'s
    count of COUNTED_KINDS results: what common_due works out from the lines themselves."""
    return max([*expected.values(), *counts, 1])


def common_top(method: str, due: int) -> Fraction | None:
    """The top of every scored line of a matchpoint section whose common due is `due` (its
    BoardPoints.top), but for a board scored on its own top (board_scoring.on_own_top, whose
    points do not depend on the due); None at IMPs, where the due plays no part."""
    if method not in MATCHPOINT_METHODS:
        return None
    return Fraction(top(due, scale_of(method)))


def boards_apart(method: str, options: ScoringOptions) -> bool:
    """Whether a board's points depend on the other boards only through the common due (and
    for IMPs not at all), so that after a change to one board its lines alone may be scored
    again (`score_section(..., due=...)`) while the others keep theirs. Not so under the
    session rule, where Ave+ and Ave- look at the pairs' other boards. Rounding each board's
    points, and scoring a board with an adjusted score on its own top, keep a board's points
    its own."""
    return not (options.adjusted_rule == "session" and method != "hdb")


def score_section(
    method: str,
    lines: list[ResultLine],
    expected: Mapping[int, int],
    options: ScoringOptions = DEFAULT_OPTIONS,
    *,
    due: int | None = None,
) -> list[ScoredResult]:
    """Points of every line, in the same order. `due` is the section's common due when
    `lines` are only some of its boards' (see boards_apart); by default they are all."""
    if due is None:
        due = common_due(lines, expected)
    groups: dict[tuple[int, int], list[int]] = defaultdict(list)
    for index, line in enumerate(lines):
        groups[(line.board, line.foul_group)].append(index)
    points: list[BoardPoints | None] = [None] * len(lines)
    for (board, _), indexes in groups.items():
        entries = tuple(lines[i].entry for i in indexes)
        board_expected = expected.get(board, len(indexes))
        for index, earned in zip(
            indexes, _board_points(method, entries, board_expected, options, due), strict=True
        ):
            points[index] = earned
    scored = [
        # Every line is on a board, and every board's lines got their points above.
        ScoredResult(
            line.board, line.ns, line.ew, cast(BoardPoints, earned), line.entry.kind == ADJUSTED
        )
        for line, earned in zip(lines, points, strict=True)
    ]
    if not boards_apart(method, options):
        scored = _session_rule(method, lines, scored, options)
    return scored


@lru_cache(maxsize=8192)
def _board_points(method, entries, expected, options, due) -> tuple[BoardPoints, ...]:
    """score_board, remembered by everything that decides it: a save changes one board, and
    the section's other boards are scored again exactly as they were (a 15-table section's
    rescore took 7 ms; now its one board's share)."""
    return tuple(score_board(method, list(entries), expected, options, due=due))


def _session_rule(method, lines, scored, options) -> list[ScoredResult]:
    """Law 12C2: a side not at fault gets Ave+ or its score on its other boards if higher; a
    side at fault Ave- or its score on its other boards if lower. Average stays average."""
    earned: dict[Hashable, Fraction] = defaultdict(Fraction)
    possible: dict[Hashable, Fraction] = defaultdict(Fraction)
    boards: dict[Hashable, int] = defaultdict(int)
    for result in scored:
        if result.adjusted or result.points.ns is None:
            continue
        for pair, points in ((result.ns, result.points.ns), (result.ew, result.points.ew)):
            earned[pair] += points
            possible[pair] += result.points.top or 0
            boards[pair] += 1
    matchpoints = method in MATCHPOINT_METHODS

    def session_value(pair, percent, fixed, top):
        if percent not in (AVE_PLUS, AVE_MINUS) or not boards[pair]:
            return fixed
        if matchpoints and not possible[pair]:
            return fixed  # every other board of the pair's has a top of 0: no percentage
        own = earned[pair] / possible[pair] * top if matchpoints else earned[pair] / boards[pair]
        return max(fixed, own) if percent == AVE_PLUS else min(fixed, own)

    rescored = []
    for line, result in zip(lines, scored, strict=True):
        if result.adjusted:
            top = result.points.top
            points = BoardPoints(
                session_value(line.ns, line.entry.ns_percent, result.points.ns, top),
                session_value(line.ew, line.entry.ew_percent, result.points.ew, top),
                top,
            )
            if options.rounds_boards(method):
                points = rounded_points(points)
            result = ScoredResult(result.board, result.ns, result.ew, points, True)
        rescored.append(result)
    return rescored
