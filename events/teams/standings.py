"""What the teams pages show: the standings (by VPs, or by board-a-match or Patton points), a
match's scorecard, a KO match's totals.

The standings read the totals stored with each match (events.teams.entry.rescore); only a
bye's and a forfeit's award is worked out here, since "the team's average" changes with every
match the team plays.
"""

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from itertools import accumulate

import scoring
from events.teams.entry import board_numbers
from events.teams.methods import board_points, patton_parts, points_at_stake
from events.teams.models import MatchBoard, Team, TeamMatch, TeamsEvent
from events.teams.setup import rounds_total

__all__ = ["KOStanding", "RoundPlayed", "ScorecardRow", "Standings", "TeamStanding", "bye_vps",
           "ko_standing", "patton_summary", "scorecard", "standings"]  # fmt: skip

BYE_VPS = Decimal(12)  # the usual bye on a 20-point scale: a 12-8 win


@dataclass
class TeamStanding:
    team: Team
    vps: Decimal = Decimal(0)  # the event's total: VPs, or board-a-match or Patton points
    imps_for: Decimal = Decimal(0)
    imps_against: Decimal = Decimal(0)
    played: int = 0  # matches with a result, byes and forfeits included
    byes: int = 0
    vp_penalties: Decimal = Decimal(0)
    place: str = ""
    match_vps: list = field(default_factory=list)  # the scale's VPs of matches played out

    @property
    def imp_difference(self) -> Decimal:
        return self.imps_for - self.imps_against

    def add(self, vps: Decimal, penalty: Decimal, imps=(Decimal(0), Decimal(0))) -> None:
        """One match's (or bye's) VPs, less the team's VP penalty, and its IMPs for and against."""
        self.vps += vps - penalty
        self.vp_penalties += penalty
        self.imps_for += imps[0]
        self.imps_against += imps[1]
        self.played += 1


@dataclass(frozen=True)
class RoundPlayed:
    """How far a drawn round has got: its matches with a result (byes left out)."""

    number: int
    played: int
    matches: int

    @property
    def complete(self) -> bool:
        return self.played == self.matches


@dataclass(frozen=True)
class Standings:
    rows: list[TeamStanding]
    matches_done: int
    matches_drawn: int
    rounds: list[RoundPlayed] = field(default_factory=list)  # the rounds drawn, in order
    rounds_total: int = 0

    @property
    def rounds_complete(self) -> int:
        """The rounds played out, one after the other from round 1."""
        done = 0
        for played in self.rounds:
            if not played.complete:
                break
            done = played.number
        return done

    @property
    def finished(self) -> bool:
        return bool(self.rounds_total) and self.rounds_complete == self.rounds_total

    @property
    def progress(self) -> str:
        """After which round the standings are, and how far the rounds in play have got:
        "after round 1 of 4 · round 2: 1 of 3 matches played"."""
        parts = []
        if self.rounds_complete:
            parts.append(f"after round {self.rounds_complete} of {self.rounds_total}")
        in_play = [r for r in self.rounds if r.number > self.rounds_complete]
        for played in in_play:
            if played.played or played is in_play[0]:
                matches = "match" if played.matches == 1 else "matches"
                parts.append(
                    f"round {played.number}: {played.played} of {played.matches} {matches} played"
                )
        return " · ".join(parts)


def bye_vps(event: TeamsEvent, row: TeamStanding) -> Decimal:
    """What a bye (or an opponent's forfeit) scores: 12 VPs, or the team's average VPs over
    the matches it played out (12 until it has played one). At board-a-match and Patton always
    the team's average points, half the points at stake until it has played a match."""
    if (event.byes_score_average or event.by_boards) and row.match_vps:
        return scoring.rounded(Fraction(sum(row.match_vps)) / len(row.match_vps))
    if event.by_boards:
        return scoring.rounded(Fraction(points_at_stake(event), 2))
    return BYE_VPS


def _totals(event: TeamsEvent, match: TeamMatch) -> tuple[Decimal, Decimal] | None:
    """A played-out match's (home, away) total under the event's method, else None."""
    if event.by_boards:
        totals = match.home_points, match.away_points
    else:
        totals = match.home_vps, match.away_vps
    return None if totals[0] is None else totals


def standings(event: TeamsEvent, rounds: range | None = None) -> Standings:
    """Every team with its VPs (or board-a-match or Patton points), IMPs for and against and
    matches played; places by that total (equal totals share the place, listed by IMP
    difference, at board-a-match and Patton by team number). With `rounds`, those rounds'
    matches only (a session's, events.teams.sessions): a bye there scores the team's average
    over the matches of those rounds."""
    rows = {team.pk: TeamStanding(team) for team in event.teams.all()}
    matches = list(event.matches.all())
    if rounds is not None:
        matches = [match for match in matches if match.round in rounds]
    awarded = []  # (row, VP penalty): byes and forfeits, scored once the averages are known
    done = 0
    by_round: dict[int, list[int]] = {}  # round: [matches with a result, matches]
    for match in matches:
        home, away = rows[match.home_id], rows.get(match.away_id)
        if not match.is_bye:
            counts = by_round.setdefault(match.round, [0, 0])
            counts[0] += bool(match.forfeit) or _totals(event, match) is not None
            counts[1] += 1
        if match.is_bye:
            home.byes += 1
            awarded.append((home, Decimal(0)))
        elif match.forfeit:
            offender, other = (home, away) if match.forfeit == "home" else (away, home)
            penalties = _penalties(match, offender is home)
            offender.add(Decimal(0), penalties[0])
            awarded.append((other, penalties[1]))
        elif (totals := _totals(event, match)) is not None:
            home.add(totals[0], match.home_vp_penalty, (match.home_imps, match.away_imps))
            away.add(totals[1], match.away_vp_penalty, (match.away_imps, match.home_imps))
            home.match_vps.append(totals[0])
            away.match_vps.append(totals[1])
        else:
            continue
        done += 1
    for row, penalty in awarded:
        row.add(bye_vps(event, row), penalty)
    if event.by_boards:  # no IMPs in the game: equal totals are listed by number
        ordered = sorted(rows.values(), key=lambda r: (-r.vps, r.team.number))
    else:
        ordered = sorted(rows.values(), key=lambda r: (-r.vps, -r.imp_difference, r.team.number))
    for row, place in zip(ordered, scoring.rank([row.vps for row in ordered]), strict=True):
        row.place = place
    rounds = [RoundPlayed(number, *counts) for number, counts in sorted(by_round.items())]
    return Standings(ordered, done, len(matches), rounds, rounds_total(event))


def _penalties(match: TeamMatch, offender_is_home: bool) -> tuple[Decimal, Decimal]:
    """(offender's, other's) VP penalties of a forfeited match."""
    if offender_is_home:
        return match.home_vp_penalty, match.away_vp_penalty
    return match.away_vp_penalty, match.home_vp_penalty


@dataclass(frozen=True)
class ScorecardRow:
    number: int
    board: MatchBoard | None
    running: tuple[int, int] | None  # (home, away) after this board
    points: tuple | None = None  # board-a-match or Patton: what the board gave each team
    running_points: tuple | None = None

    # A result stays on one line however narrow the screen ("2S N +1", not "2S N" over "+1").
    @property
    def open_text(self) -> str:
        return self.board.open_result.replace(" ", "\u00a0") if self.board else ""

    @property
    def closed_text(self) -> str:
        return self.board.closed_result.replace(" ", "\u00a0") if self.board else ""


def scorecard(match: TeamMatch) -> list[ScorecardRow]:
    """Board by board, both rooms and the IMPs, with the running score (a Vugraph match's);
    at board-a-match and Patton each board's points and their running total too."""
    event = match.event
    stored = {board.number: board for board in match.boards.all()}
    rows, home, away, points_home, points_away = [], 0, 0, Fraction(0), Fraction(0)
    for number in board_numbers(match):
        board = stored.get(number)
        if board is None or not board.complete:  # half a board: its other room playing
            rows.append(ScorecardRow(number, board, None))
            continue
        home, away = home + board.home_imps, away + board.away_imps
        points = running = None
        if event.by_boards:
            points = board_points(event, board)
            points_home, points_away = points_home + points[0], points_away + points[1]
            running = (points_home, points_away)
        rows.append(ScorecardRow(number, board, (home, away), points, running))
    return rows


def patton_summary(match: TeamMatch) -> scoring.PattonScore | None:
    """A played-out Patton match's board points and aggregate points apart."""
    if not match.event.is_patton or match.home_points is None:
        return None
    return patton_parts(match.event, list(match.boards.all()))


@dataclass(frozen=True)
class KOStanding:
    home: Team
    away: Team
    carry_over: tuple[Decimal, Decimal]
    segments: list[tuple[TeamMatch, tuple[Decimal, Decimal]]]  # each with its running total
    totals: tuple[Decimal, Decimal]
    finished: bool

    @property
    def leader(self) -> Team | None:
        if self.totals[0] == self.totals[1]:
            return None
        return self.home if self.totals[0] > self.totals[1] else self.away


def ko_standing(event: TeamsEvent) -> KOStanding | None:
    """A knockout match's IMPs segment by segment, carried over (no VPs)."""
    teams = list(event.teams.all())
    if len(teams) != 2:
        return None
    matches = list(event.matches.filter(away__isnull=False))
    carry = (event.carry_over_home, event.carry_over_away)
    pairs = [(m.home_imps, m.away_imps) for m in matches]
    running = list(
        accumulate(pairs, lambda total, seg: scoring.ko_totals([seg], total), initial=carry)
    )[1:]
    totals = scoring.ko_totals(pairs, carry)
    finished = len(matches) == event.rounds and all(
        m.boards_entered == event.boards_per_match or m.forfeit for m in matches
    )
    return KOStanding(
        teams[0], teams[1], carry, list(zip(matches, running, strict=True)), totals, finished
    )
