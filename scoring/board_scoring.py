"""Scoring one board by a session's method: comparable results against each other, adjusted
scores as fixed awards, missing results made up (Neuberg or averages), and the board brought
to the section's common top so that every board weighs the same.

All points are exact Fractions: places are decided by comparing them, and a float rounding
must never split a tie or make one.
"""

from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from scoring.adjusted import adjusted_imps, adjusted_matchpoints
from scoring.domain import Method
from scoring.entry import ADJUSTED, PLAYED, WEIGHTED, Entry
from scoring.field_imps import butler_datum, cross_imp_totals, drop_count
from scoring.imps import imps
from scoring.matchpoints import matchpoints, neuberg, top
from scoring.options import ScoringOptions
from scoring.rounding import rounded

__all__ = [
    "BoardPoints",
    "score_board",
    "on_own_top",
    "two_places",
    "METHODS",
    "MATCHPOINT_METHODS",
    "IMP_METHODS",
    "scale_of",
]

MATCHPOINT_METHODS: dict[str, str] = {Method.MATCHPOINTS: "acbl", Method.EBU_MATCHPOINTS: "ebu"}
IMP_METHODS = (Method.CROSS_IMPS, Method.BUTLER, Method.HDB)
METHODS = (*MATCHPOINT_METHODS, *IMP_METHODS)
DEFAULT_OPTIONS = ScoringOptions()


@dataclass(frozen=True)
class BoardPoints:
    """What one result earned; `top` is the most either side could earn (matchpoints only)."""

    ns: Fraction | None
    ew: Fraction | None
    top: Fraction | None = None


NOT_SCORED = BoardPoints(None, None)


def scale_of(method: str) -> str:
    return MATCHPOINT_METHODS[method]


def score_board(
    method: str,
    entries: list[Entry],
    expected: int,
    options: ScoringOptions = DEFAULT_OPTIONS,
    *,
    due: int | None = None,
) -> list[BoardPoints]:
    """Points of each entry on one board, in the same order.

    `expected` is how many results the movement says the board gets; results not yet in,
    not played or adjusted leave fewer comparable ones, made up as `options` says. `due` is
    the section's common number of results: a board due fewer is factored up to it.
    """
    if method not in METHODS:
        raise ValueError(f"unknown scoring method {method!r}: use one of {', '.join(METHODS)}")
    comparable = [i for i, entry in enumerate(entries) if _is_comparable(entry)]
    spreads = [_spread(entries[i]) for i in comparable]
    if method in MATCHPOINT_METHODS:
        if on_own_top(method, options, any(entry.kind == ADJUSTED for entry in entries)):
            # BriAn, Bridge Base Online: the played results among themselves, nothing made up.
            board_due = common_due = max(len(comparable), 1)
        else:
            board_due = max(expected, len(comparable), 1)
            common_due = max(due or board_due, board_due)
        points = _matchpoint_board(
            scale_of(method), entries, comparable, spreads, common_due, options
        )
    else:
        points = _imp_board(method, entries, comparable, spreads, options)
    if options.rounds_boards(method):
        points = [rounded_points(earned) for earned in points]
    return points


def on_own_top(method: str, options: ScoringOptions, adjusted: bool) -> bool:
    """Whether a board (with an adjusted score among its results, or not) is scored on its
    own played results' top rather than factored to the section's common top: so under
    `adjusted_boards="unfactored"` at matchpoints (BriAn, Bridge Base Online)."""
    return adjusted and method in MATCHPOINT_METHODS and options.adjusted_boards == "unfactored"


def rounded_points(points: BoardPoints) -> BoardPoints:
    """A board's points as EBUScore, PairsScorer, Pianola and KoPS print and add them: each
    side's to 2 decimals; the top stays exact."""
    if points.ns is None:
        return points
    # A scored board gives both sides points, never one.
    return BoardPoints(two_places(points.ns), two_places(cast(Fraction, points.ew)), points.top)


def two_places(value: Fraction) -> Fraction:
    """Rounded to hundredths by the one rule of scoring.rounding (halves away from zero, so
    NS and EW IMPs stay opposite), kept exact."""
    return Fraction(rounded(value))


def _is_comparable(entry: Entry) -> bool:
    return entry.kind in (PLAYED, WEIGHTED)


def _spread(entry: Entry) -> tuple[tuple[Fraction, int], ...]:
    """A result as (weight, NS score) parts: one part, or a weighted score's (Law 12C1(c)).
    Only played results are spread, and each has its NS score."""
    if entry.kind == WEIGHTED:
        return tuple(
            (Fraction(percent, 100), cast(int, part.ns_score)) for percent, part in entry.components
        )
    return ((Fraction(1), cast(int, entry.ns_score)),)


def _matchpoint_board(scale, entries, comparable, spreads, common_due, options):
    board_top = Fraction(top(common_due, scale))
    unit = Fraction(1, 2) if scale == "acbl" else Fraction(1)  # one tied comparison
    points = [NOT_SCORED] * len(entries)
    for index, earned in zip(comparable, _comparison_points(spreads, scale), strict=True):
        count = len(comparable)
        if count < common_due and options.missing_results == "average":
            # ScoreBridge: each result the board is short of, of the results the section's
            # top stands for, is an average comparison (a tie); nothing is factored.
            earned, count = earned + (common_due - count) * unit, common_due
        if count < common_due:
            earned = neuberg(earned, count, common_due, scale)
        points[index] = BoardPoints(earned, board_top - earned, board_top)
    for index, entry in enumerate(entries):
        if entry.kind == ADJUSTED:
            points[index] = BoardPoints(
                adjusted_matchpoints(entry.ns_percent, board_top),
                adjusted_matchpoints(entry.ew_percent, board_top),
                board_top,
            )
    return points


def _comparison_points(spreads, scale) -> list[Fraction]:
    """NS matchpoints of each comparable result against the others on the board.

    A weighted result counts in each comparison by the weights of its parts, both when it is
    scored and when others are compared with it, so the board still sums to n(n-1)/2.
    """
    if len(spreads) <= 1:
        return [Fraction(0)] * len(spreads)
    if all(len(spread) == 1 for spread in spreads):
        return [Fraction(mp) for mp in matchpoints([s[0][1] for s in spreads], scale)]
    win = 1 if scale == "acbl" else 2
    earned = []
    for index, spread in enumerate(spreads):
        total = Fraction(0)
        for other_index, other in enumerate(spreads):
            if other_index == index:
                continue
            for weight, score in spread:
                for other_weight, other_score in other:
                    share = weight * other_weight * win
                    total += (
                        share if score > other_score else share / 2 if score == other_score else 0
                    )
        earned.append(total)
    return earned


def _imp_board(method, entries, comparable, spreads, options) -> list[BoardPoints]:
    points = [NOT_SCORED] * len(entries)
    if len(comparable) == 1:
        ns_imps, ew_imps = [Fraction(0)], [Fraction(0)]
    elif method == "cross-imps" and comparable:
        ns_imps = _cross_imps(spreads, options.cross_imps == "total")
        ew_imps = [-imps for imps in ns_imps]
    elif method == "butler" and comparable:
        ns_imps = _butler_imps(spreads, options)
        ew_imps = [-imps for imps in ns_imps]
    elif comparable:  # Home Duplicate Bridge: each direction against its own lowest score
        ns_imps = _imps_above_lowest(spreads)
        ew_imps = _imps_above_lowest([[(w, -s) for w, s in spread] for spread in spreads])
    else:
        ns_imps = ew_imps = []
    for index, ns, ew in zip(comparable, ns_imps, ew_imps, strict=True):
        points[index] = BoardPoints(ns, ew)
    for index, entry in enumerate(entries):
        if entry.kind == ADJUSTED:
            points[index] = _adjusted_imp_points(method, entry, ns_imps, ew_imps, options)
    return points


def _adjusted_imp_points(method, entry, ns_imps, ew_imps, options) -> BoardPoints:
    per_board = Fraction(options.ave_plus_imps)
    if method == "cross-imps" and options.cross_imps == "total":
        # Ruter: Ave+ is worth so many IMPs for each result it would have been compared with.
        per_board = options.ave_plus_imps * max(len(ns_imps), 1)
    if method != "hdb":
        return BoardPoints(
            adjusted_imps(entry.ns_percent, per_board), adjusted_imps(entry.ew_percent, per_board)
        )
    # IMPs above the lowest are never negative, so Average cannot be 0 IMPs (that is the
    # bottom): Average is the mean the played results in the direction earned, Ave+ that mean
    # plus the Ave+ IMPs, Ave- that mean less them, never below the bottom (0).
    return BoardPoints(
        max(_mean(ns_imps) + adjusted_imps(entry.ns_percent, per_board), Fraction(0)),
        max(_mean(ew_imps) + adjusted_imps(entry.ew_percent, per_board), Fraction(0)),
    )


def _mean(values) -> Fraction:
    return Fraction(sum(values), len(values)) if values else Fraction(0)


def _cross_imps(spreads, total: bool) -> list[Fraction]:
    """Each result's IMPs against every other result: summed (total) or averaged."""
    if all(len(spread) == 1 for spread in spreads):
        sums = [Fraction(s) for s in cross_imp_totals([spread[0][1] for spread in spreads])]
    else:
        sums = [
            sum(
                (
                    w * ow * imps(s - os)
                    for o, other in enumerate(spreads)
                    if o != i
                    for w, s in spread
                    for ow, os in other
                ),
                Fraction(0),
            )
            for i, spread in enumerate(spreads)
        ]
    return sums if total else [value / (len(spreads) - 1) for value in sums]


def _butler_imps(spreads, options) -> list[Fraction]:
    """IMPs against the trimmed mean of the played scores; a weighted result takes no part in
    the datum (it was not played out) and each of its parts is IMPed against it."""
    plain = [spread[0][1] for spread in spreads if len(spread) == 1]
    plain = plain or [score for spread in spreads for _, score in spread]
    # The director's drop applies as far as the board's results allow: while a board has few
    # results (during entry, or a small field) it keeps at least the middle one or two.
    drop = min(drop_count(len(plain), options.drop), (len(plain) - 1) // 2)
    datum = butler_datum(plain, drop, options.datum_rounding)
    return [sum((w * imps(s - datum) for w, s in spread), Fraction(0)) for spread in spreads]


def _imps_above_lowest(spreads) -> list[Fraction]:
    lowest = min(score for spread in spreads for _, score in spread)
    return [sum((w * imps(s - lowest) for w, s in spread), Fraction(0)) for spread in spreads]
