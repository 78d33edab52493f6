"""Victory points: the WBF 2013 scales, the ACBL Swiss scales, club tables, and Harris's.

WBF 2013 (Technical Report of the WBF Scoring Panel, January 2013): the winner's VPs are
10 + 10 (1 - R^(M/B)) / (1 - R) for a margin of M IMPs, with R = tau^3 = sqrt(5) - 2 and the
blitz B = 15 sqrt(boards); rounded to hundredths, then raised by 0.01 wherever rounding would
make one IMP worth more than the IMP before it (the "concavity" correction). The tables this
gives are checked, entry by entry, against reproductions of the WBF's published tables in
tests/scoring/data (the WBF's own PDFs were not available to us).

The WBF's tables give VPs for whole-IMP margins only, and we found no WBF text on fractional
margins (Butler or adjusted-score totals). Our rule, stated so a director can check it: on
the continuous scale a fractional margin is read on the straight line between its two
whole-IMP neighbours and rounded to the hundredth, a half up; on a whole-VP scale it is first
rounded to the nearest whole IMP, a half up.
"""

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from numbers import Real

from scoring.rounding import round_half_away

__all__ = [
    "vp_wbf",
    "vp_harris",
    "round_half_away",
    "HARRIS_SCALES",
    "VP_SCALES",
    "ClubVPRow",
    "ClubVPTable",
    "match_vps",
    "parse_club_vp_table",
    "wbf_discrete_bands",
]

_TAU = (math.sqrt(5) - 1) / 2


def _check_boards(boards: int) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ValueError(f"boards must be a whole number of at least 1, got {boards!r}")


@cache
def _wbf_table(boards: int) -> tuple[int, ...]:
    """Winner's VPs in hundredths for margins 0, 1, 2, ... up to the blitz."""
    blitz = 15 * math.sqrt(boards)
    hundredths = []
    margin = 0
    while margin < blitz:
        exact = 10 + 10 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU**3)
        hundredths.append(math.floor(exact * 100 + 0.5))
        margin += 1
    hundredths.append(2000)
    # WBF: rounding can make a 1-IMP step larger than the step before it; where it does,
    # the lower value goes up by 0.01 so the scale stays concave.
    changed = True
    while changed:
        changed = False
        for k in range(2, len(hundredths)):
            if hundredths[k] - hundredths[k - 1] > hundredths[k - 1] - hundredths[k - 2]:
                hundredths[k - 1] += 1
                changed = True
    return tuple(hundredths)


def vp_wbf(imp_margin: float, boards: int) -> float:
    """The winner's VPs on the WBF 2013 20-point scale; the loser gets 20 minus this.

    Fractional margins (cross-IMP averages) are read between the whole-IMP values (module
    docstring).
    """
    _check_boards(boards)
    if (
        isinstance(imp_margin, bool)
        or not isinstance(imp_margin, Real)
        or not math.isfinite(imp_margin)
        or imp_margin < 0
    ):
        raise ValueError(
            f"margin must be a number of IMPs at least 0, got {imp_margin!r} "
            "(the loser's VPs are 20 minus the winner's)"
        )
    return float(_continuous_hundredths(Fraction(imp_margin), boards) / 100)


# Larry Harris's club scales (*Bridge Director's Companion*, Devyn Press, 1991), as David
# Jette's *Scoring for Home Duplicate Bridge* reprints them: for each boards-per-set, rows of
# (largest IMP difference of the row, VPs when ahead, VPs when behind); the last row is open.
HARRIS_SCALES = {
    3: ((0, 5, 5), (1, 6, 4), (3, 7, 3), (6, 8, 2), (9, 9, 1), (None, 10, 0)),
    4: ((0, 7, 7), (1, 8, 6), (2, 9, 5), (4, 10, 4), (6, 11, 3), (9, 12, 2), (12, 13, 1),
        (None, 14, 0)),
    5: ((0, 8, 8), (1, 9, 7), (2, 10, 6), (4, 11, 5), (6, 12, 4), (9, 13, 3), (12, 14, 2),
        (15, 15, 1), (None, 16, 0)),
    6: ((0, 10, 10), (1, 11, 9), (2, 12, 8), (3, 13, 7), (5, 14, 6), (7, 15, 5), (10, 16, 4),
        (13, 17, 3), (16, 18, 2), (19, 19, 1), (None, 20, 0)),
    7: ((0, 12, 12), (1, 13, 11), (2, 14, 10), (3, 15, 9), (4, 16, 8), (6, 17, 7), (8, 18, 6),
        (10, 19, 5), (13, 20, 4), (16, 21, 3), (19, 22, 2), (22, 23, 1), (None, 24, 0)),
    8: ((0, 13, 13), (1, 14, 12), (2, 15, 11), (3, 16, 10), (4, 17, 9), (6, 18, 8), (8, 19, 7),
        (10, 20, 6), (13, 21, 5), (16, 22, 4), (19, 23, 3), (22, 24, 2), (25, 25, 1),
        (None, 26, 0)),
}  # fmt: skip


def vp_harris(imp_difference: float | Fraction, boards_per_set: int) -> int:
    """VPs for an IMP difference on Harris's club scale for 3-8 boards per set."""
    if boards_per_set not in HARRIS_SCALES:
        raise ValueError(f"the club VP scales cover 3-8 boards per set, not {boards_per_set!r}")
    if isinstance(imp_difference, bool) or not isinstance(imp_difference, Real):
        raise ValueError(f"IMP difference {imp_difference!r} is not a number")
    difference = round_half_away(imp_difference)
    for largest, ahead, behind in HARRIS_SCALES[boards_per_set]:
        if largest is None or abs(difference) <= largest:
            return ahead if difference >= 0 else behind
    raise AssertionError("every scale ends with an open row")


VP_SCALES = {
    "wbf-2013": "WBF 2013 continuous 20-point scale (two decimals)",
    "wbf-2013-discrete": "WBF 2013 discrete 20-point scale (whole VPs)",
    "acbl-20": "ACBL 20-point Swiss scale (6-8 or 9-11 boards)",
    "acbl-30": "ACBL 30-point Swiss scale (6-8 or 9-11 boards)",
    "club": "Club-defined table",
}

# The ACBL's two North American Swiss scales, as reproduced by BridgeHands
# (https://server.bridgehands.com/V/Victory_Points.htm, "the two common scales used in North
# America"): for each range of boards, the largest margin of each row, with the winner's VPs.
# Each row is (largest margin, or None for the rest; the winner's VPs).
_ACBL_SCALES: dict[str, dict[range, tuple[tuple[int | None, int], ...]]] = {
    "acbl-20": {
        range(6, 9): ((0, 10), (2, 11), (4, 12), (7, 13), (10, 14), (13, 15), (16, 16), (19, 17),
                      (23, 18), (27, 19), (None, 20)),
        range(9, 12): ((0, 10), (2, 11), (5, 12), (9, 13), (13, 14), (17, 15), (21, 16), (25, 17),
                       (30, 18), (35, 19), (None, 20)),
    },
    "acbl-30": {
        range(6, 9): ((0, 15), (1, 18), (2, 19), (3, 20), (4, 21), (6, 22), (8, 23), (10, 24),
                      (13, 25), (16, 26), (19, 27), (23, 28), (27, 29), (None, 30)),
        range(9, 12): ((0, 15), (1, 18), (2, 19), (4, 20), (6, 21), (8, 22), (11, 23), (14, 24),
                       (17, 25), (21, 26), (25, 27), (30, 28), (35, 29), (None, 30)),
    },
}  # fmt: skip


@dataclass(frozen=True)
class ClubVPRow:
    """Margins from `low` to `high` IMPs (no `high`: and above) give these VPs."""

    low: int
    high: int | None
    winner: Fraction
    loser: Fraction


@dataclass(frozen=True)
class ClubVPTable:
    """A club's own IMP-to-VP table, rows in order of margin from 0 to an open last row."""

    rows: tuple[ClubVPRow, ...]

    def vps(self, margin: int) -> tuple[Fraction, Fraction]:
        """(winner's VPs, loser's VPs) for a whole-IMP margin."""
        for row in self.rows:
            if row.high is None or margin <= row.high:
                return row.winner, row.loser
        raise AssertionError("a parsed table always ends with an open row")


_CLUB_ROW = re.compile(
    r"^\s*(?P<low>\d+)\s*(?:-\s*(?P<high>\d+)|(?P<open>\+))\s+"
    r"(?P<winner>-?\d+(?:\.\d+)?)\s*-\s*(?P<loser>-?\d+(?:\.\d+)?)\s*$"
)


def parse_club_vp_table(text: str) -> ClubVPTable:
    """Read a club table, one row a line: `0-2 10-10`, `3-6 11-9`, ..., `25+ 20-0`.

    Rows must run from a margin of 0 without gaps or overlaps and end with an open row
    (`N+`); the winner's VPs may not fall nor the loser's rise as the margin grows, and the
    row holding a margin of 0 must give both teams the same.
    """
    rows: list[ClubVPRow] = []
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise ValueError("the club VP table is empty: give one row a line, e.g. '0-2 10-10'")
    for number, line in lines:
        row = _parse_club_row(number, line)
        where = f"line {number} ({line.strip()!r})"
        last_high = rows[-1].high if rows else -1
        if last_high is None:
            raise ValueError(f"{where} comes after the open row {rows[-1].low}+")
        expected_low = last_high + 1
        if row.low > expected_low:
            raise ValueError(
                f"{where} leaves a gap: margins {expected_low}-{row.low - 1} have no row"
            )
        if row.low < expected_low:
            raise ValueError(f"{where} overlaps the row before, which already covers {row.low}")
        if rows and (row.winner < rows[-1].winner or row.loser > rows[-1].loser):
            raise ValueError(f"{where} gives the winner less or the loser more than the row before")
        if row.low == 0 and row.winner != row.loser:
            raise ValueError(f"{where} holds a margin of 0, so both teams must get the same VPs")
        rows.append(row)
    if rows[-1].high is not None:
        raise ValueError(
            f"the last row (line {lines[-1][0]}) must be open, e.g. '{rows[-1].high + 1}+ 20-0'"
        )
    return ClubVPTable(tuple(rows))


def _parse_club_row(number: int, line: str) -> ClubVPRow:
    match = _CLUB_ROW.match(line)
    if not match:
        raise ValueError(
            f"line {number} ({line.strip()!r}) is not a row like '3-6 11-9' or '25+ 20-0'"
        )
    low = int(match["low"])
    high = None if match["open"] else int(match["high"])
    if high is not None and high < low:
        raise ValueError(f"line {number} ({line.strip()!r}) runs backwards: {low} is above {high}")
    return ClubVPRow(low, high, Fraction(match["winner"]), Fraction(match["loser"]))


def _check_imp_total(name: str, value) -> Fraction:
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"{name} must be a number of IMPs, got {value!r}")
    elif isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        raise ValueError(f"{name} must be a number of IMPs, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must be at least 0 (IMPs for, not a margin), got {value!r}")
    return Fraction(value)


def _whole_margin(margin: Fraction) -> int:
    # A whole-VP table has a row per whole IMP, so a fractional margin is rounded to the nearest
    # whole IMP first, as an EBU tournament director advises on the EBU forum ("VP scales in
    # Swiss pairs", ebu.co.uk/forum/discussion/688): under n.5 reads the lower row. Exactly
    # n.5 reads the higher row: the EBU White Book (§4.2.6.3, as docs/research/vp-scales.md §7
    # quotes it) rounds exact halves away from average, and a margin is never negative.
    return math.floor(margin + Fraction(1, 2))


def _continuous_hundredths(margin: Fraction, boards: int) -> Fraction:
    # Between two whole margins the scale is read along the straight line joining them,
    # then rounded to the hundredth, a half up.
    table = _wbf_table(boards)
    lower = math.floor(margin)
    if lower >= len(table) - 1:
        return Fraction(2000)
    exact = table[lower] + (margin - lower) * (table[lower + 1] - table[lower])
    return Fraction(math.floor(exact + Fraction(1, 2)))


@cache
def wbf_discrete_bands(boards: int) -> tuple[int, ...]:
    """The WBF 2013 discrete scale: the smallest whole-IMP margin worth 11, 12, ..., 20 VPs.

    Built the way the EBU's scale generator builds it (ebu.co.uk/dynamic/js/vps.js, as a
    public port describes it): each band ends at the last whole margin before the continuous
    curve reaches the next half VP, then bands are widened from the top down until none is
    narrower than the band below it (the WBF Technical Report: on the discrete scale "the IMP
    range is non-decreasing for each subsequent integer VP score"). Every band for 5-16, 20,
    24, 28, 32, 40, 48, 56 and 64 boards is checked against a transcription of the EBU's
    published table (tests/scoring/data); shorter matches against no published table.
    """
    _check_boards(boards)
    blitz = 15 * math.sqrt(boards)
    ratio = _TAU**3
    # The largest margin still worth 10, 11, ..., 19 VPs: the last whole margin before the
    # continuous curve crosses 10.5, 11.5, ..., 19.5.
    uppers = [
        math.floor(blitz * math.log(1 - (1 - ratio) * (vp + 0.5 - 10) / 10) / math.log(ratio))
        for vp in range(10, 20)
    ]
    # Concavity: no band may be narrower than the band below it, the 10-10 band counting
    # both sides of a draw (-u..u). Where one is, its lower neighbour gives up its top margin.
    index = 0
    while index < len(uppers) - 1:
        below = 2 * uppers[0] + 1 if index == 0 else uppers[index] - uppers[index - 1]
        if uppers[index + 1] - uppers[index] < below:
            uppers[index] -= 1
            index = 0
            continue
        index += 1
    return tuple(upper + 1 for upper in uppers)


def _discrete_vps(starts: tuple[int, ...], margin: int, top: int) -> int:
    return top - len(starts) + sum(1 for start in starts if margin >= start)


def match_vps(
    imps_a: float,
    imps_b: float,
    boards: int,
    scale: str = "wbf-2013",
    club_table: ClubVPTable | None = None,
) -> tuple[Fraction, Fraction]:
    """(Team A's VPs, team B's VPs) for a match's IMP totals on the named scale.

    Exact Fractions: two decimals on the continuous scale, whole VPs on the others (a club
    table may have halves). Fractional IMP totals (Butler, adjusted scores) are allowed: on
    the continuous scale the margin is read between the whole-IMP values of the table; on a
    whole-VP scale it is first rounded to the nearest whole IMP, a half up.
    """
    if scale not in VP_SCALES:
        raise ValueError(f"unknown VP scale {scale!r}: choose one of {', '.join(VP_SCALES)}")
    _check_boards(boards)
    total_a = _check_imp_total("team A's IMPs", imps_a)
    total_b = _check_imp_total("team B's IMPs", imps_b)
    margin = abs(total_a - total_b)
    winner, loser = _winner_loser_vps(margin, boards, scale, club_table)
    return (winner, loser) if total_a >= total_b else (loser, winner)


def _winner_loser_vps(margin, boards, scale, club_table):
    if scale == "club":
        if club_table is None:
            raise ValueError("scale 'club' needs the club's VP table")
        return club_table.vps(_whole_margin(margin))
    if scale == "wbf-2013":
        winner = _continuous_hundredths(margin, boards) / 100
        return winner, 20 - winner
    if scale == "wbf-2013-discrete":
        whole = _discrete_vps(wbf_discrete_bands(boards), _whole_margin(margin), 20)
        return Fraction(whole), Fraction(20 - whole)
    return _acbl_vps(scale, boards, _whole_margin(margin))


def _acbl_vps(scale, boards, margin):
    for boards_range, rows in _ACBL_SCALES[scale].items():
        if boards in boards_range:
            top = rows[-1][1]
            for high, winner in rows:
                if high is None or margin <= high:
                    return Fraction(winner), Fraction(top - winner)
    raise ValueError(
        f"the {VP_SCALES[scale]} has tables for 6-8 and 9-11 boards a match, not {boards}"
    )
