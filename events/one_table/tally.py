"""A one-table game's tally sheet: every hand in the sheet's columns with running totals.

The points come from scoring's one-table rules: par-table IMPs (`one_table_board`), IMPs
against the double-dummy par (`dd_par_board`) or Cliff Hancock's points (`hancock_points`).
"""

from dataclasses import dataclass, replace
from itertools import accumulate
from typing import NamedTuple

import scoring
from events.one_table.models import OneTableDeal, OneTableHand, OneTableSession
from scoring.hancock import par_interval
from scoring.one_table import DDParResult, OneTableResult

__all__ = ["Tally", "TallyRow", "made_column", "score_hand", "tally_sheet"]


@dataclass(frozen=True)
class TallyRow:
    number: int
    dealer: str
    vulnerability: str
    hand: OneTableHand | None = None
    made: str = ""  # the tally sheet's Md column: "4", "5" or "-1"
    board: OneTableResult | None = None  # par IMPs: every column of the tally sheet
    deal: OneTableDeal | None = None  # the hand record's deal and its analysis
    dd_par: DDParResult | None = None  # IMPs against the double-dummy par
    interval: tuple[int, int] | None = None  # Hancock: the contract's HCP range
    points: tuple[int, int] | None = None  # (NS, EW): IMPs, or Hancock points
    totals: tuple[int, int] | None = None

    @property
    def par_pending(self) -> bool:
        """IMPs against par wait for the background analysis to find this hand's par."""
        return self.hand is not None and self.points is None

    @property
    def hcp_ew(self) -> int | None:
        return None if self.hand is None else 40 - self.hand.hcp_ns

    @property
    def result_words(self) -> str:
        """The result as the table says it: "made 5", "down 3"."""
        if not self.made:
            return ""
        return f"down {self.made[1:]}" if self.made.startswith("-") else f"made {self.made}"


@dataclass(frozen=True)
class Tally:
    rows: list[TallyRow]
    totals: tuple[int, int]
    entered: int

    @property
    def next_hand(self) -> int | None:
        """The first hand not yet entered, where the table carries on."""
        return next((row.number for row in self.rows if row.hand is None), None)

    def row(self, number: int) -> TallyRow:
        return self.rows[number - 1]


def tally_sheet(session: OneTableSession) -> Tally:
    """Every hand of the game in the tally sheet's rows, entered or not, with running totals."""
    hands = {hand.number: hand for hand in session.hands.all()}
    deals = {deal.number: deal for deal in session.deals.all()}
    scored = {
        number: score_hand(session, hands[number], deals.get(number)) for number in sorted(hands)
    }
    # The sheet's instruction 13: each hand's points added to the previous total. A hand whose
    # double-dummy par is still being worked out adds nothing yet.
    points = [s.points or (0, 0) for s in scored.values()]
    running = dict(zip(scored, accumulate(points, _add), strict=True))
    rows = []
    for number in range(1, session.boards + 1):
        row = TallyRow(
            number,
            scoring.board_dealer(number),
            scoring.board_vulnerability(number),
            deal=deals.get(number),
        )
        if number in hands:
            row = replace(
                row,
                hand=hands[number],
                made=made_column(hands[number]),
                totals=running[number],
                **scored[number]._asdict(),
            )
        rows.append(row)
    totals = next(reversed(running.values()), (0, 0))
    return Tally(rows, totals, len(hands))


def _add(total: tuple[int, int], points: tuple[int, int]) -> tuple[int, int]:
    return total[0] + points[0], total[1] + points[1]


class _Scored(NamedTuple):
    board: OneTableResult | None = None  # the tally sheet's row
    interval: tuple[int, int] | None = None  # Hancock's HCP range
    dd_par: DDParResult | None = None
    points: tuple[int, int] | None = None  # (NS, EW); None while par is being worked out


def score_hand(session: OneTableSession, hand: OneTableHand, deal: OneTableDeal | None) -> _Scored:
    """The hand's points by the game's method; a ValueError when scoring refuses the hand."""
    if session.is_par_imps:
        board = scoring.one_table_board(
            hand.number,
            hand.contract,
            hand.declarer,
            hand.tricks,
            hand.hcp_ns,
            hand.fit or None,
            hand.scoring_line or None,
        )
        return _Scored(board=board, points=(board.imps_ns, board.imps_ew))
    if session.is_dd_par:
        if deal is None or deal.par_score is None:
            return _Scored()
        result = scoring.dd_par_board(
            hand.number, hand.contract, hand.declarer, hand.tricks, deal.par_score
        )
        return _Scored(dd_par=result, points=(result.imps_ns, result.imps_ew))
    if not hand.declarer:
        return _Scored(points=(0, 0))  # Hancock: a passed-out hand scores nothing
    ns_declared = hand.declared_by_ns
    points = scoring.hancock_points(
        hand.contract,
        hand.tricks,
        hand.hcp_ns if ns_declared else 40 - hand.hcp_ns,
        hand.trump_length_7,
        hand.side_voids,
        vulnerable=scoring.is_vulnerable(hand.number, hand.declarer),
        doubled_rule=session.doubled_rule,
        vulnerable_rule=session.vulnerable_rule,
    )
    # Hancock scores from the declarer's view: the points are the declaring side's.
    interval = par_interval(hand.contract, session.doubled_rule)
    return _Scored(interval=interval, points=(points, 0) if ns_declared else (0, points))


def made_column(hand: OneTableHand) -> str:
    """The tally sheet's Md column: the level made ("4", "5"), or "-1" for down one."""
    if not hand.declarer:
        return ""
    needed = scoring.parse_contract(hand.contract).tricks_needed
    return str(hand.tricks - 6) if hand.tricks >= needed else str(hand.tricks - needed)
