"""Swiss pairs: each round a pair plays a short match against one other pair at one table; every
board of the round is played at every table, so each table's score is IMPed against the field;
the NS pair's net IMPs over the match are read on a VP scale, and the next round is drawn from
the VP standings as the teams Swiss is (scoring.swiss_round).

Against the field, two ways (the Cambridge Bridge Club's *Cross-IMP Scoring: New options for
the scoring of Swiss Pairs*, cambridge.bridge-club.org/ximps):
- "datum" (Butler): each score IMPed against the datum, the field's mean with the extremes
  dropped (scoring.butler, as a pairs session's Butler scoring);
- "cross": each score IMPed against every other score on the board, averaged (scoring.cross_imps).

At one table the NS pair's IMPs on a board are the EW pair's with the sign changed, so a match
is one number, the NS pair's net IMPs; its size is the margin read on the scale (as EBUScore's
Swiss pairs scorer reads a pair's match IMPs, e.g. 26.1 IMPs for an 18-2 or 17-3 result: EBU
forum, *VP scales in Swiss pairs*).
"""

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from scoring.field_imps import butler, cross_imp_totals
from scoring.team_movements import SwissEntry, swiss_round
from scoring.vps import ClubVPTable, match_vps

__all__ = [
    "SWISS_PAIRS_METHODS",
    "field_imps_to_ns",
    "swiss_match_imps",
    "swiss_match_vps",
    "swiss_pairs_round",
]

SWISS_PAIRS_METHODS = {
    "datum": "IMPs against a datum (Butler)",
    "cross": "Cross-IMPs (against every other table, averaged)",
}


def field_imps_to_ns(ns_scores: Sequence[int], method: str = "datum") -> list[Fraction]:
    """Each table's IMPs on one board to its NS pair, in the order of `ns_scores`."""
    if method == "datum":
        return [Fraction(value) for value in butler(ns_scores)[1]]
    if method == "cross":
        totals = cross_imp_totals(ns_scores)
        return [Fraction(total, len(totals) - 1) for total in totals]
    raise ValueError(f"unknown method {method!r}: choose one of {', '.join(SWISS_PAIRS_METHODS)}")


def swiss_match_imps(
    boards: Mapping[int, Mapping[int, int]], method: str = "datum"
) -> dict[int, Fraction]:
    """Each table's net IMPs to its NS pair over the round's boards.

    `boards` maps each board to {table: NS score} for the tables that have played it; a board
    with one score has no field to compare against and scores 0 (a board nobody else played).
    """
    totals: dict[int, Fraction] = {}
    for results in boards.values():
        tables = list(results)
        for table in tables:
            totals.setdefault(table, Fraction(0))
        if len(tables) < 2:
            continue
        for table, value in zip(tables, field_imps_to_ns([results[t] for t in tables], method)):
            totals[table] += value
    return totals


def swiss_match_vps(
    ns_imps: Fraction | int,
    boards: int,
    scale: str = "wbf-2013",
    club_table: ClubVPTable | None = None,
) -> tuple[Fraction, Fraction]:
    """(NS pair's VPs, EW pair's VPs) for the NS pair's net IMPs over a match of `boards`."""
    margin = abs(Fraction(ns_imps))
    ns_total, ew_total = (margin, Fraction(0)) if ns_imps >= 0 else (Fraction(0), margin)
    return match_vps(ns_total, ew_total, boards, scale, club_table)  # type: ignore[arg-type]


def swiss_pairs_round(
    standings: Sequence[SwissEntry],
    played: Collection[frozenset[int]],
    byes: Collection[int] = (),
) -> list[tuple[int, int | None]]:
    """The next round's tables, table 1 first: (NS pair, EW pair), the higher-ranked pair NS
    (Clubscore's choice: no source we found seats one direction first). An odd field's last
    table is (pair, None), the bye. The draw is the teams Swiss draw's, with each pair a team:
    no rematch while a draw without one exists."""
    return swiss_round(standings, played, byes=byes)
