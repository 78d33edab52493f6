"""An individual's results read from its plays and scored by scoring.individual: every board's
traveller, each player's standing and score card. Two queries, whatever the size."""

from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from events.individuals.models import IndividualEvent, IndividualPlay, IndividualPlayer
from scoring import BoardPoints, IndividualResult, PlayerScore, individual_board
from scoring import individual_standings as standings_of
from scoring.entry import ADJUSTED, NOT_PLAYED, PLAYED, Entry


@dataclass(frozen=True)
class ScoredPlay:
    play: IndividualPlay
    points: BoardPoints | None  # None while its result is not in


@dataclass(frozen=True)
class Scored:
    event: IndividualEvent
    players: dict[int, IndividualPlayer]  # by number
    travellers: dict[int, list[ScoredPlay]]  # by board
    standings: list[PlayerScore]

    def traveller(self, board: int) -> list[ScoredPlay]:
        return self.travellers.get(board, [])

    def card(self, number: int) -> list[ScoredPlay]:
        """The plays of player `number`, in round order."""
        plays = [scored for traveller in self.travellers.values() for scored in traveller
                 if number in _numbers(scored.play)]  # fmt: skip
        return sorted(plays, key=lambda scored: (scored.play.round, scored.play.board))

    @property
    def table(self) -> list[tuple[PlayerScore, IndividualPlayer]]:
        """The standings, best first, each with its player."""
        return [(standing, self.players[standing.player]) for standing in self.standings]

    def standing(self, number: int) -> PlayerScore:
        return next(standing for standing in self.standings if standing.player == number)


def entry_of(play: IndividualPlay) -> Entry | None:
    """The stored result as the scoring library reads it; None when none is in yet."""
    if play.kind == PLAYED:
        return Entry(PLAYED, ns_score=play.ns_score)
    if play.kind == ADJUSTED:
        return Entry(ADJUSTED, ns_percent=play.ns_percent, ew_percent=play.ew_percent)
    if play.kind == NOT_PLAYED:
        return Entry(NOT_PLAYED)
    return None


def _numbers(play: IndividualPlay) -> tuple[int, int, int, int]:
    return (play.north.number, play.south.number, play.east.number, play.west.number)


def scored(event: IndividualEvent) -> Scored:
    players = {player.number: player for player in IndividualPlayer.objects.filter(event=event)}
    by_pk = {player.pk: player for player in players.values()}
    plays = list(IndividualPlay.objects.filter(event=event).order_by("board", "table"))
    for play in plays:  # the players are those already read: no query a play
        play.north, play.south = by_pk[play.north_id], by_pk[play.south_id]
        play.east, play.west = by_pk[play.east_id], by_pk[play.west_id]
    plays_per_board = event.layout.plays_per_board
    travellers: dict[int, list[ScoredPlay]] = {}
    entered: list[list[IndividualResult]] = []
    for board, board_plays in groupby(plays, key=lambda play: play.board):
        board_plays = list(board_plays)
        results = [IndividualResult(board, *_numbers(play), entry)
                   for play in board_plays if (entry := entry_of(play)) is not None]  # fmt: skip
        points = iter(individual_board(results, plays_per_board) if results else [])
        travellers[board] = [
            ScoredPlay(play, next(points) if entry_of(play) is not None else None)
            for play in board_plays
        ]
        if results:
            entered.append(results)
    standings = standings_of(players, entered, plays_per_board)
    return Scored(event, players, travellers, standings)


def earned(scored_play: ScoredPlay, number: int) -> Fraction | None:
    """What player `number` earned from a play: their side's points."""
    if scored_play.points is None:
        return None
    ns = number in (scored_play.play.north.number, scored_play.play.south.number)
    return scored_play.points.ns if ns else scored_play.points.ew
