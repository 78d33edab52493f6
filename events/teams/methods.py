"""A board-a-match or Patton event's numbers from its stored boards (scoring/board_a_match.py
holds the rules): each board's points, and a match's total. IMPs to VPs stays in entry.py."""

from fractions import Fraction

import scoring
from events.teams.models import MatchBoard, TeamsEvent

__all__ = ["ADJUSTED_SHARES", "aggregate", "board_points", "match_points", "patton_parts",
           "points_at_stake"]  # fmt: skip

# (home, away) share of a board's point for each artificial score: Law 12C2(a)'s Ave 50%,
# Ave+ 60% and Ave− 40%, as the pairs game shares a board.
_PLUS, _MINUS, _HALF = scoring.AVERAGE_PLUS_SHARE, scoring.AVERAGE_MINUS_SHARE, Fraction(1, 2)
ADJUSTED_SHARES = {
    "ave": (_HALF, _HALF),
    "home-plus": (_PLUS, _MINUS),
    "away-plus": (_MINUS, _PLUS),
    "both-plus": (_PLUS, _PLUS),
}


def _shares(board: MatchBoard) -> tuple[Fraction, Fraction]:
    if board.adjusted:
        return ADJUSTED_SHARES[board.adjusted]
    return scoring.bam_board(board.open_ns_score, board.closed_ns_score)


def board_points(event: TeamsEvent, board: MatchBoard) -> tuple[Fraction, Fraction]:
    """(home, away) points the board gives under the event's method: 1, ½, 0 at board-a-match,
    2, 1, 0 at Patton (an artificial score its share of them)."""
    home, away = _shares(board)
    weight = scoring.PATTON_BOARD if event.is_patton else 1
    return weight * home, weight * away


def aggregate(boards: list[MatchBoard]) -> int:
    """The home team's net total points over the boards played in both rooms."""
    return sum(
        scoring.board_net(board.open_ns_score, board.closed_ns_score)
        for board in boards
        if not board.adjusted
    )


def match_points(event: TeamsEvent, boards: list[MatchBoard]) -> tuple[Fraction, Fraction]:
    """(home, away) total of a match with every board: board points at board-a-match; at
    Patton those doubled plus the aggregate's 2 points a board."""
    shares = [_shares(board) for board in boards]
    if not event.is_patton:
        return scoring.bam_match(shares)
    score = scoring.patton_match(shares, aggregate(boards), event.boards_per_match)
    return score.home, score.away


def patton_parts(event: TeamsEvent, boards: list[MatchBoard]) -> scoring.PattonScore:
    """A Patton match's board points and aggregate points apart (the scorecard shows both)."""
    shares = [_shares(board) for board in boards]
    return scoring.patton_match(shares, aggregate(boards), event.boards_per_match)


def points_at_stake(event: TeamsEvent) -> int:
    """A match's points between the two teams: a point a board at board-a-match, 4 a board at
    Patton (2 for the board, 2 for the aggregate)."""
    per_board = 2 * scoring.PATTON_BOARD if event.is_patton else 1
    return per_board * event.boards_per_match
