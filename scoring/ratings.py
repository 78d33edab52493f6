"""Ratings: each player's grade, the percentage they would be expected to score partnering a
player of their own grade against a field of average strength, after the English Bridge
Union's National Grading Scheme (the NGS Working Group: Mike Christie et al., *English Bridge
Union National Grading Scheme, Full description*, Version 16, April 2018). docs/rules.md,
Ratings, says which parts of the scheme come from which public text and which are Clubscore's
readings where the text was out of reach.

A session moves a player's grade by how far their pair beat its par: par is 50 plus the mean of
the two players' grades less the strength of their opposition (the mean grade of the pairs
they played against). The player's session grade is their grade plus the gain times that
margin (a player's own grade is half of their pair's par, so a margin of 1 says their grade
was 2 too low); their grade is the average of their session grades weighted by boards, each
board's weight shrinking by 1/2000 for every board the player has played since, sessions over
three years old left out.
"""

import datetime
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

__all__ = [
    "GAIN",
    "MATURE_BOARDS",
    "NEW_PLAYER_GRADE",
    "PERCENT_PER_IMP",
    "PUBLISHED_BOARDS",
    "WINDOW_BOARDS",
    "Grader",
    "PairSession",
    "Played",
    "Record",
    "boards_of",
    "decay",
    "grade_of",
    "imps_percentage",
    "par",
    "session_grade",
]

NEW_PLAYER_GRADE = 42.0  # the grade a player starts from (EBU blog 57, December 2012)
WINDOW_BOARDS = 2000  # the boards a grade rests on, most recent weighing most (EBU blog 59)
GAIN = 2.0  # the NGS "gain factor" (EBU blog 57)
MATURE_BOARDS = 1000  # a grade on this many boards in three years is "mature" (EBU blog 59)
PUBLISHED_BOARDS = 300  # below this many a grade is "tentative", not published (EBU blog 59)
NEWCOMER_BOARDS = 150  # a mature grade is left alone when partnering a newer player (EBU 2018)
YEARS = 3  # sessions older than this leave a grade (EBU blog 59)
PERCENT_PER_IMP = 6.5  # an IMP a board, averaged cross-IMPs, is worth 6.5% (Stroud BC)


def par(grade: float, partner: float, opposition: float) -> float:
    """The percentage a pair is expected to score: 50, plus the mean of its players' grades,
    less the strength of its opposition."""
    return 50 + (grade + partner) / 2 - opposition


def imps_percentage(imps_per_board: float) -> float:
    """The percentage a session at IMPs counts as: 50, plus 6.5 for each IMP a board."""
    return 50 + PERCENT_PER_IMP * imps_per_board


def session_grade(
    grade: float, partner: float, opposition: float, percentage: float, gain: float = GAIN
) -> float:
    """A player's grade for one session: their grade plus `gain` times their pair's margin
    over par."""
    return grade + gain * (percentage - par(grade, partner, opposition))


def decay(boards_since: int) -> float:
    """The weight left to a board after `boards_since` more boards: 1/2000 off each time."""
    return (1 - 1 / WINDOW_BOARDS) ** boards_since


@dataclass(frozen=True)
class Played:
    """One graded session of a player: when, on how many boards, and its session grade."""

    when: datetime.date
    boards: int
    grade: float


def _recent(history: Sequence[Played], as_of: datetime.date) -> Sequence[Played]:
    """The sessions of the three years to `as_of` (a history is in date order)."""
    oldest = _years_before(as_of, YEARS)
    return history[bisect_right(history, oldest, key=lambda played: played.when) :]


def _years_before(day: datetime.date, years: int) -> datetime.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def _standing(history: Sequence[Played], as_of: datetime.date) -> tuple[float | None, int]:
    """The grade as of `as_of` (None with no session) and the boards it rests on."""
    total = weight_sum = 0.0
    left = 1.0  # the weight left to the board in hand, by decay()
    boards = 0
    for played in reversed(_recent(history, as_of)):
        weight = played.boards * left
        total += weight * played.grade
        weight_sum += weight
        left *= decay(played.boards)
        boards += played.boards
    return (total / weight_sum if weight_sum else None), boards


def grade_of(history: Sequence[Played], as_of: datetime.date) -> float | None:
    """The weighted average of the session grades of the three years to `as_of` (sessions in
    the order played); None with none."""
    return _standing(history, as_of)[0]


def boards_of(history: Sequence[Played], as_of: datetime.date) -> int:
    """The boards a grade as of `as_of` rests on: those of the three years before."""
    return _standing(history, as_of)[1]


@dataclass(frozen=True)
class PairSession:
    """One pair's result in a session: its players (by a key; a pair of one known player
    is not graded but still counts as opposition), its percentage, its boards, and the
    pairs it played against (their indexes in the session's list)."""

    players: tuple[str, ...]
    percentage: float
    boards: int
    opponents: tuple[int, ...]


@dataclass
class Record:
    """A player's (or partnership's) graded sessions with the sums their grade is, kept as
    sessions are added so that a grade costs no pass over the history: each sum is of boards
    times session grade (or of boards) times the weight left to them, as grade_of weighs them."""

    history: list[Played] = field(default_factory=list)
    played_to: list[int] = field(default_factory=list)  # boards ever played, to each session
    total: float = 0.0
    weight: float = 0.0
    boards: int = 0
    oldest: int = 0  # the first session still within three years

    def add(self, played: Played) -> None:
        left = decay(played.boards)
        self.total = self.total * left + played.boards * played.grade
        self.weight = self.weight * left + played.boards
        self.boards += played.boards
        self.played_to.append((self.played_to[-1] if self.played_to else 0) + played.boards)
        self.history.append(played)

    def standing(self, as_of: datetime.date) -> tuple[float | None, int]:
        """As _standing(self.history, as_of), for `as_of` no earlier than asked before."""
        cutoff = _years_before(as_of, YEARS)
        while self.oldest < len(self.history) and self.history[self.oldest].when <= cutoff:
            old = self.history[self.oldest]
            weight = old.boards * decay(self.played_to[-1] - self.played_to[self.oldest])
            self.total -= weight * old.grade
            self.weight -= weight
            self.boards -= old.boards
            self.oldest += 1
        if self.oldest == len(self.history):
            self.total = self.weight = 0.0  # nothing left: no rounding left over either
            return None, 0
        return self.total / self.weight, self.boards


@dataclass
class Grader:
    """Grades kept up to date session by session, in date order."""

    players: dict[str, Record] = field(default_factory=dict)
    partnerships: dict[frozenset[str], Record] = field(default_factory=dict)

    def grade(self, player: str, as_of: datetime.date) -> float:
        """The player's grade; a player with no graded session starts at 42."""
        found = self._standing(self.players, player, as_of)[0]
        return NEW_PLAYER_GRADE if found is None else found

    def boards(self, player: str, as_of: datetime.date) -> int:
        return self._standing(self.players, player, as_of)[1]

    def partnership_grade(self, players: Iterable[str], as_of: datetime.date) -> float | None:
        """The grade of two players as a partnership, from the sessions they played together;
        None before their first."""
        return self._standing(self.partnerships, frozenset(players), as_of)[0]

    @staticmethod
    def _standing(records: dict, key, as_of: datetime.date) -> tuple[float | None, int]:
        record = records.get(key)
        return (None, 0) if record is None else record.standing(as_of)

    def add_session(self, when: datetime.date, pairs: Sequence[PairSession]) -> None:
        """Grade one session: every pair against the grades from before it."""
        before = {
            player: self._standing(self.players, player, when)
            for pair in pairs
            for player in pair.players
        }
        grades = {player: NEW_PLAYER_GRADE if g is None else g for player, (g, _) in before.items()}
        strength = [self._pair_grade(pair, grades) for pair in pairs]
        added: list[tuple[Record, Played]] = []
        for pair in pairs:
            if len(pair.players) != 2 or not pair.boards or not pair.opponents:
                continue
            opposition = sum(strength[i] for i in pair.opponents) / len(pair.opponents)
            first, second = pair.players
            for player, partner in ((first, second), (second, first)):
                # A mature grade does not move with a partner of fewer than 150 boards.
                if before[player][1] >= MATURE_BOARDS and before[partner][1] < NEWCOMER_BOARDS:
                    continue
                grade = session_grade(grades[player], grades[partner], opposition, pair.percentage)
                added.append(
                    (self.players.setdefault(player, Record()), Played(when, pair.boards, grade))
                )
            # A partnership owns all of its margin: its session grade is the grade that makes
            # its par the percentage it scored.
            together = self.partnerships.setdefault(frozenset(pair.players), Record())
            added.append((together, Played(when, pair.boards, pair.percentage - 50 + opposition)))
        for record, played in added:
            record.add(played)

    def _pair_grade(self, pair: PairSession, grades: dict[str, float]) -> float:
        known = [grades[player] for player in pair.players]
        return sum(known) / len(known) if known else NEW_PLAYER_GRADE
