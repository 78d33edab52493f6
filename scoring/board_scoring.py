"""Scoring one board by a session's method: comparable results against each other, adjusted
scores as fixed awards, and Neuberg factoring when fewer results than due are comparable."""

from dataclasses import dataclass

from scoring.adjusted import adjusted_imps, adjusted_matchpoints
from scoring.entry import ADJUSTED, PLAYED, Entry
from scoring.field_imps import butler, cross_imps
from scoring.hdb import hdb_imps
from scoring.matchpoints import matchpoints, neuberg, top

__all__ = ["BoardPoints", "score_board", "METHODS", "MATCHPOINT_METHODS", "scale_of"]

MATCHPOINT_METHODS = {"matchpoints": "acbl", "ebu-matchpoints": "ebu"}
IMP_METHODS = ("cross-imps", "butler", "hdb")
METHODS = (*MATCHPOINT_METHODS, *IMP_METHODS)


@dataclass(frozen=True)
class BoardPoints:
    """What one result earned; `top` is the most either side could earn (matchpoints only)."""

    ns: float | None
    ew: float | None
    top: float | None = None


NOT_SCORED = BoardPoints(None, None)


def scale_of(method: str) -> str:
    return MATCHPOINT_METHODS[method]


def score_board(method: str, entries: list[Entry], expected: int) -> list[BoardPoints]:
    """Points of each entry on one board, in the same order.

    `expected` is how many results the movement says the board gets; results not yet in,
    not played or adjusted leave fewer comparable ones, which Neuberg factors up to it.
    """
    if method not in METHODS:
        raise ValueError(f"unknown scoring method {method!r}: use one of {', '.join(METHODS)}")
    comparable = [i for i, entry in enumerate(entries) if entry.kind == PLAYED]
    ns_scores = [entries[i].ns_score for i in comparable]
    if method in MATCHPOINT_METHODS:
        return _matchpoint_board(scale_of(method), entries, comparable, ns_scores, expected)
    return _imp_board(method, entries, comparable, ns_scores)


def _matchpoint_board(scale, entries, comparable, ns_scores, expected) -> list[BoardPoints]:
    due = max(expected, len(comparable), 1)
    board_top = top(due, scale)
    points = [NOT_SCORED] * len(entries)
    if comparable:
        earned = matchpoints(ns_scores, scale) if len(comparable) > 1 else [0.0]
        for index, mp in zip(comparable, earned, strict=True):
            if len(comparable) < due:
                mp = neuberg(mp, len(comparable), due, scale)
            points[index] = BoardPoints(mp, board_top - mp, board_top)
    for index, entry in enumerate(entries):
        if entry.kind == ADJUSTED:
            points[index] = BoardPoints(
                adjusted_matchpoints(entry.ns_percent, board_top),
                adjusted_matchpoints(entry.ew_percent, board_top),
                board_top,
            )
    return points


def _imp_board(method, entries, comparable, ns_scores) -> list[BoardPoints]:
    points = [NOT_SCORED] * len(entries)
    if len(comparable) == 1:
        ns_imps, ew_imps = [0.0], [0.0]
    elif method == "cross-imps" and comparable:
        ns_imps = cross_imps(ns_scores)
        ew_imps = [-imps for imps in ns_imps]
    elif method == "butler" and comparable:
        ns_imps = butler(ns_scores)[1]
        ew_imps = [-imps for imps in ns_imps]
    elif comparable:  # Home Duplicate Bridge: each direction against its own lowest score
        ns_imps = hdb_imps(ns_scores)
        ew_imps = hdb_imps([-score for score in ns_scores])
    else:
        ns_imps = ew_imps = []
    for index, ns, ew in zip(comparable, ns_imps, ew_imps, strict=True):
        points[index] = BoardPoints(float(ns), float(ew))
    for index, entry in enumerate(entries):
        if entry.kind == ADJUSTED:
            points[index] = BoardPoints(
                adjusted_imps(entry.ns_percent), adjusted_imps(entry.ew_percent)
            )
    return points
