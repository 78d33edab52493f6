"""One-table duplicate-style par scoring: the *One-Table Duplicate-Style Par Scoring Tally Sheet*.

With only one table there is no field to compare with, so each board is compared with a par
score read from the sheet's par table: the expected score of the *scoring line* (SL) pair, the pair
with more high-card points, for its HCP, its longest fit and its vulnerability. The difference
between the SL pair's actual score and par becomes IMPs for the pair that did better.

Choices where the sheet is open:
- Fit: "8H", "9c", "10S", "13D" (length 8-13, then the suit); None, "NF" or "none" for no
  8-card fit. A shorter "fit" such as "7H" is refused rather than read as no fit, because a
  typo in the length would otherwise change the par silently.
- On a 20-20 board the SL pair is the dealer's side (the sheet's instruction 9a); `scoring_line`
  overrides it (the sheet's example hand 7 chose the declarer's side).
- The sheet's instruction 7 says "rubber score" but its example uses duplicate scores (2S making
  10 tricks is 170, 4H making 11 vulnerable is 650), so the declarer's score is the duplicate one.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import accumulate

from scoring.boards import board_dealer, board_vulnerability, is_vulnerable
from scoring.contracts import contract_score, parse_contract
from scoring.imps import imps

__all__ = [
    "DDParResult",
    "OneTableResult",
    "PAR_TABLE",
    "dd_par_board",
    "one_table_board",
    "one_table_par",
    "parse_fit",
    "scoring_line_pair",
    "tally",
]

# The sheet's par table as printed: HCP, then the major 8-, 9- and 10+-card fits (NV, V), the
# minor fits in the same order, and no fit (NV, V). Points for the SL pair, from over 60,000
# world-class results (the sheet's footnote 1).
_PAR_ROWS = (
    (20,   30,   10,   90,   70,  120,  120,  -20,  -40,  -40,  -60,  -60,  -70,   20,  -10),
    (21,   60,   30,  140,  130,  160,  240,   30,    0,   20,  -10,   40,   40,   40,   20),
    (22,  100,  100,  170,  200,  230,  310,   60,   50,   60,   70,   70,  100,   60,   50),
    (23,  140,  180,  260,  330,  280,  380,   80,   80,   90,  110,  160,  260,   90,   80),
    (24,  190,  310,  330,  450,  370,  510,  160,  180,  170,  200,  260,  320,  160,  150),
    (25,  270,  410,  390,  550,  400,  570,  190,  270,  260,  400,  320,  450,  220,  290),
    (26,  350,  500,  430,  630,  440,  640,  320,  440,  340,  500,  420,  560,  310,  480),
    (27,  400,  580,  470,  690,  510,  730,  360,  490,  410,  590,  480,  680,  390,  580),
    (28,  420,  630,  540,  750,  640,  920,  390,  580,  470,  680,  590,  870,  420,  600),
    (29,  450,  660,  600,  860,  720, 1050,  420,  640,  530,  770,  670, 1000,  440,  630),
    (30,  550,  770,  730, 1050,  920, 1320,  490,  740,  670,  990,  850, 1250,  470,  660),
    (31,  620,  900,  890, 1280, 1020, 1470,  560,  840,  820, 1210,  950, 1400,  510,  710),
    (32,  770, 1120,  970, 1400, 1070, 1550,  710, 1060,  900, 1330, 1000, 1480,  640,  900),
    (33,  910, 1310, 1010, 1460, 1110, 1610,  840, 1240,  940, 1390, 1040, 1540,  820, 1170),
    (34, 1010, 1460, 1110, 1610, 1210, 1760,  940, 1390, 1040, 1540, 1140, 1690,  920, 1320),
    (35, 1110, 1610, 1210, 1760, 1310, 1910, 1040, 1540, 1140, 1690, 1240, 1840, 1020, 1470),
    (36, 1210, 1760, 1310, 1910, 1410, 2060, 1140, 1690, 1240, 1840, 1340, 1990, 1120, 1620),
    (37, 1310, 1910, 1410, 2060, 1510, 2210, 1240, 1840, 1340, 1990, 1440, 2140, 1220, 1770),
    (38, 1410, 2060, 1510, 2210, 1610, 2360, 1340, 1990, 1440, 2140, 1540, 2290, 1320, 1920),
    (39, 1510, 2210, 1610, 2360, 1710, 2510, 1440, 2140, 1540, 2290, 1640, 2440, 1420, 2070),
    (40, 1610, 2360, 1710, 2510, 1810, 2660, 1540, 2290, 1640, 2440, 1740, 2590, 1520, 2220),
)  # fmt: skip

PAR_TABLE: dict[int, tuple[int, ...]] = {row[0]: row[1:] for row in _PAR_ROWS}

# Where each kind of fit starts in a row; the longer fits follow two columns (NV, V) apart.
_FIRST_COLUMN = {"major": 0, "minor": 6, "none": 12}
_SUIT_KIND = {"H": "major", "S": "major", "C": "minor", "D": "minor"}
_FIT = re.compile(r"^(?P<length>\d{1,2})(?P<suit>[CDHS])$")
_NO_FIT = {"NF", "NONE"}
_SIDES = ("NS", "EW")


@dataclass(frozen=True)
class OneTableResult:
    """One row of the tally sheet; IMPs are never negative, one side gets them."""

    board: int
    dealer: str
    vulnerability: str
    contract: str
    declarer: str  # "" when passed out
    tricks: int
    hcp_ns: int
    hcp_ew: int
    sl_pair: str
    fit: str  # "9H" or "NF", as the sheet writes it
    sign: str  # the sheet's ± column: "+" when the SL pair declared, "" when passed out
    declarer_score: int
    sl_score: int
    par: int
    diff: int
    imps_ns: int
    imps_ew: int


def parse_fit(fit: str | None) -> tuple[int, str] | None:
    """The sheet's Fit column: "9H" -> (9, "H"); None, "NF" or "none" -> None (no 8-card fit)."""
    if fit is None:
        return None
    if not isinstance(fit, str):
        raise ValueError(f"fit {fit!r} is not text: give e.g. 9H, or NF for no 8-card fit")
    compact = re.sub(r"\s+", "", fit).upper()
    if compact in _NO_FIT:
        return None
    match = _FIT.match(compact)
    if match is None:
        raise ValueError(f"fit {fit!r}: give the length and suit (e.g. 9H), or NF for no fit")
    length = int(match["length"])
    if length < 8:
        # The table has no column for short fits; refusing catches a mistyped length.
        raise ValueError(f"fit {compact}: under 8 cards is no fit, enter NF (or none)")
    if length > 13:
        raise ValueError(f"fit {compact}: a pair holds at most 13 cards of a suit")
    return length, match["suit"]


def _fit_label(fit: tuple[int, str] | None) -> str:
    return "NF" if fit is None else f"{fit[0]}{fit[1]}"


def one_table_par(hcp: int, fit: str | None, vulnerable: bool) -> int:
    """Par for the SL pair from the sheet's table: its HCP (20-40), longest fit, vulnerability."""
    if isinstance(hcp, bool) or not isinstance(hcp, int) or hcp not in PAR_TABLE:
        raise ValueError(
            f"HCP must be a whole number 20-40 (the scoring line has at least half), got {hcp!r}"
        )
    parsed = parse_fit(fit)
    if parsed is None:
        column = _FIRST_COLUMN["none"]
    else:
        length, suit = parsed
        column = _FIRST_COLUMN[_SUIT_KIND[suit]] + 2 * (min(length, 10) - 8)
    return PAR_TABLE[hcp][column + (1 if vulnerable else 0)]


def scoring_line_pair(board: int, hcp_ns: int, scoring_line: str | None = None) -> str:
    """The SL pair: the one with more HCP, on 20-20 the dealer's (the sheet's instruction 9a)."""
    if scoring_line is not None:
        side = scoring_line.strip().upper() if isinstance(scoring_line, str) else scoring_line
        if side not in _SIDES:
            raise ValueError(f"scoring line must be NS or EW, got {scoring_line!r}")
        return side
    if hcp_ns != 20:
        return "NS" if hcp_ns > 20 else "EW"
    return "NS" if board_dealer(board) in ("N", "S") else "EW"


def _checked_hcp(hcp_ns: int) -> int:
    if isinstance(hcp_ns, bool) or not isinstance(hcp_ns, int) or not 0 <= hcp_ns <= 40:
        raise ValueError(f"NS HCP must be a whole number 0-40, got {hcp_ns!r}")
    return hcp_ns


def _declarer_seat(declarer: str | None, passed_out: bool) -> str:
    seat = declarer.strip().upper() if isinstance(declarer, str) else declarer
    if passed_out:
        return ""  # the sheet's instruction 2a: a passed-out hand scores zero, nobody declared
    if seat not in ("N", "E", "S", "W"):
        raise ValueError(f"declarer must be N, E, S or W, got {declarer!r}")
    return seat


def _sign(seat: str, sl_pair: str) -> str:
    """The sheet's ± column: "+" when the SL pair declared (instruction 9c)."""
    if not seat:
        return ""
    return "+" if (seat in ("N", "S")) == (sl_pair == "NS") else "-"


def _imps_to(sl_pair: str, diff: int) -> tuple[int, int]:
    # The sheet's instruction 12: positive Diff goes to the SL pair, otherwise to the other pair.
    won = abs(imps(diff))
    ns_wins = (sl_pair == "NS") == (diff > 0)
    return (won, 0) if ns_wins else (0, won)


def one_table_board(
    board: int,
    contract: str,
    declarer: str,
    tricks: int,
    hcp_ns: int,
    fit: str | None,
    scoring_line: str | None = None,
) -> OneTableResult:
    """Score one board of a one-table session against the sheet's par.

    `tricks` is what declarer took (0-13); `fit` is the SL pair's longest fit.
    """
    parsed = parse_contract(contract)
    seat = _declarer_seat(declarer, parsed.is_pass)
    hcp_ew = 40 - _checked_hcp(hcp_ns)
    sl_pair = scoring_line_pair(board, hcp_ns, scoring_line)
    sl_hcp = hcp_ns if sl_pair == "NS" else hcp_ew
    if sl_hcp < 20:
        raise ValueError(f"scoring line {sl_pair} holds {sl_hcp} HCP: it must hold at least 20")
    declarer_score = contract_score(parsed, bool(seat) and is_vulnerable(board, seat), tricks)
    sign = _sign(seat, sl_pair)
    sl_score = -declarer_score if sign == "-" else declarer_score
    par = one_table_par(sl_hcp, fit, is_vulnerable(board, sl_pair[0]))
    imps_ns, imps_ew = _imps_to(sl_pair, sl_score - par)
    return OneTableResult(
        board,
        board_dealer(board),
        board_vulnerability(board),
        str(parsed),
        seat,
        tricks,
        hcp_ns,
        hcp_ew,
        sl_pair,
        _fit_label(parse_fit(fit)),
        sign,
        declarer_score,
        sl_score,
        par,
        sl_score - par,
        imps_ns,
        imps_ew,
    )


def tally(results: Iterable[OneTableResult]) -> list[tuple[int, int]]:
    """Running (NS, EW) IMP totals after each board (the sheet's instruction 13)."""
    return list(
        accumulate(
            ((result.imps_ns, result.imps_ew) for result in results),
            lambda total, board: (total[0] + board[0], total[1] + board[1]),
        )
    )


@dataclass(frozen=True)
class DDParResult:
    """One hand scored against its double-dummy par: NS's IMPs, and EW's the opposite."""

    board: int
    contract: str
    declarer: str  # "" when passed out
    tricks: int
    ns_score: int
    par: int
    diff: int
    imps_ns: int
    imps_ew: int


def dd_par_board(board: int, contract: str, declarer: str, tricks: int, par: int) -> DDParResult:
    """IMPs against the double-dummy par (Pavlicek's, from NS's side, `scoring.par`): NS's
    score at the table minus par, on the IMP scale; NS gets the IMPs and EW the opposite, as
    when a team's score is compared with its team-mates' at the other table."""
    if isinstance(par, bool) or not isinstance(par, int):
        raise ValueError(f"par must be a whole number of points from NS's side, got {par!r}")
    parsed = parse_contract(contract)
    seat = _declarer_seat(declarer, parsed.is_pass)
    declarer_score = contract_score(parsed, bool(seat) and is_vulnerable(board, seat), tricks)
    ns_score = -declarer_score if seat in ("E", "W") else declarer_score
    won = imps(ns_score - par)
    return DDParResult(board, str(parsed), seat, tricks, ns_score, par, ns_score - par, won, -won)
