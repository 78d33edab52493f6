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

An artificial adjusted score takes no part in the field's comparison; each pair's IMPs are its
own (Law 12C2(b) of the 2017 Laws: Ave+ +3, Ave- -3 IMPs at IMP play), and the match reads the
average of the two pairs' results, as Law 86B does for non-balancing scores in a knockout
match, so that A+/A+ moves neither pair's margin.
"""

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from scoring.adjusted import adjusted_imps
from scoring.field_imps import butler, cross_imp_totals
from scoring.team_movements import SwissEntry, swiss_round
from scoring.teams import AVERAGE_PLUS_IMPS
from scoring.vps import ClubVPTable, match_vps

__all__ = [
    "SWISS_PAIRS_METHODS",
    "adjusted_match_imps",
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


def adjusted_match_imps(
    ns_percent: int, ew_percent: int, ave_plus: Fraction | int = AVERAGE_PLUS_IMPS
) -> Fraction:
    """What a board's artificial score (NS percent / EW percent, 60 for Ave+) adds to the NS
    pair's net IMPs in the match: each pair's own IMPs (50% is 0, each 10% either side
    `ave_plus` IMPs: Law 12C2(b)), averaged as Law 86B averages non-balancing scores, since the
    match is one margin. A+/A- is +3, A+/A+ and A/A are 0, A+/A is +1.5."""
    return (adjusted_imps(ns_percent, ave_plus) - adjusted_imps(ew_percent, ave_plus)) / 2


def swiss_match_imps(
    boards: Mapping[int, Mapping[int, int]],
    method: str = "datum",
    adjusted: Mapping[int, Mapping[int, tuple[int, int]]] | None = None,
) -> dict[int, Fraction]:
    """Each table's net IMPs to its NS pair over the round's boards.

    `boards` maps each board to {table: NS score} for the tables that have played it; a board
    with one score has no field to compare against and scores 0 (a board nobody else played).
    `adjusted` maps a board to {table: (NS percent, EW percent)} for the tables given an
    artificial score on it, which take no part in the field (adjusted_match_imps).
    """
    totals: dict[int, Fraction] = {}
    for artificial in (adjusted or {}).values():
        for table, (ns_percent, ew_percent) in artificial.items():
            totals[table] = totals.get(table, Fraction(0)) + adjusted_match_imps(
                ns_percent, ew_percent
            )
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
