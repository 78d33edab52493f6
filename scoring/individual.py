"""Scoring an individual: each board's traveller is matchpointed as any pairs traveller is, and
each player earns what the side they sat on earned.

A board's matchpoints do not care who sat: scoring.board_scoring.score_board scores the
traveller. A player's percentage is their matchpoints over the tops of the boards they were
scored on, so a board not played (or not yet in) neither helps nor hurts them.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from scoring.board_scoring import BoardPoints, score_board
from scoring.domain import Method
from scoring.entry import Entry
from scoring.ranking import rank

__all__ = ["IndividualResult", "PlayerScore", "individual_board", "individual_standings"]


@dataclass(frozen=True)
class IndividualResult:
    """One table's result on one board: who sat where, and what they scored."""

    board: int
    north: int
    south: int
    east: int
    west: int
    entry: Entry

    def points_of(self, points: BoardPoints, player: int) -> Fraction | None:
        """What `player` earned from this result (their side's points)."""
        if player in (self.north, self.south):
            return points.ns
        if player in (self.east, self.west):
            return points.ew
        raise ValueError(f"player {player} did not sit at this table on board {self.board}")


@dataclass(frozen=True)
class PlayerScore:
    player: int
    matchpoints: Fraction
    tops: Fraction  # the most the player could have earned on the boards they were scored on
    boards: int
    place: str = ""

    @property
    def percent(self) -> Fraction | None:
        return 100 * self.matchpoints / self.tops if self.tops else None


def individual_board(
    results: list[IndividualResult], plays: int, method: str = Method.MATCHPOINTS
) -> list[BoardPoints]:
    """Each result's NS and EW points on one board, in order; `plays` is how many tables the
    movement gives the board (a result not yet in is made up as a pairs board's is)."""
    return score_board(method, [result.entry for result in results], expected=plays)


def individual_standings(
    players: Iterable[int],
    travellers: Iterable[list[IndividualResult]],
    plays: int,
    method: str = Method.MATCHPOINTS,
) -> list[PlayerScore]:
    """Every player's total, tops and place, best first (ties share a place, "3=")."""
    earned: dict[int, Fraction] = {player: Fraction(0) for player in players}
    tops: dict[int, Fraction] = dict.fromkeys(earned, Fraction(0))
    boards: dict[int, int] = dict.fromkeys(earned, 0)
    for traveller in travellers:
        for result, points in zip(traveller, individual_board(traveller, plays, method),
                                  strict=True):  # fmt: skip
            if points.top is None:
                continue
            for player in (result.north, result.south, result.east, result.west):
                earned[player] += result.points_of(points, player) or 0
                tops[player] += points.top
                boards[player] += 1
    scores = [PlayerScore(player, earned[player], tops[player], boards[player])
              for player in earned]  # fmt: skip
    ordered = sorted(scores, key=lambda score: (-(score.percent or 0), score.player))
    places = rank([score.percent or 0 for score in ordered])
    return [
        PlayerScore(score.player, score.matchpoints, score.tops, score.boards, place)
        for score, place in zip(ordered, places, strict=True)
    ]
