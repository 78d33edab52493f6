"""What the results pages show: recap matrices, sorted travellers and personal score cards.

Everything is built in memory from one load of the session (a fixed number of queries,
whatever the field size); the points are the stored ones, which rescoring keeps exact.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from django.db.models import prefetch_related_objects
from django.urls import reverse

from events.models import Board, Event, Pair, Result, Section
from events.standings.ranking import StandingGroup, event_standings
from events.templatetags.clubscore import adjusted_label, signed
from scoring.domain import Direction
from scoring.rounding import exact

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
UNSORTED = float("-inf")


@dataclass
class Line:
    """One result as every page shows it."""

    result: Result
    board: Board
    ns: Pair
    ew: Pair

    @cached_property
    def contract(self) -> str:
        r = self.result
        if r.contract_level is None:
            return ""
        if r.contract_level == 0:
            return "Pass"
        return f"{r.contract_level}{SUITS[r.contract_strain]}{('', '×', '××')[r.doubled]}"

    @property
    def outcome(self) -> str:
        """ "=", "+1", "−2": tricks against the contract."""
        r = self.result
        if not r.contract_level or r.tricks is None:
            return ""
        over = r.tricks - 6 - r.contract_level
        return "=" if over == 0 else f"{over:+d}".replace("-", "−")

    @property
    def sort_key(self) -> float:
        return self.result.ns_score if self.result.kind == Result.PLAYED else UNSORTED

    # What the pages print, worked out here once rather than by template logic on every row
    # (a 40-table session's travellers have 1,440 rows).

    @property
    def shown_contract(self) -> str:
        """The contract column: "4♠× S −2", an adjusted score's name, "Not played"."""
        r = self.result
        if self.contract:
            return f"{self.contract} {r.declarer} {self.outcome}"
        if r.kind == Result.ADJUSTED:
            return adjusted_label(r)
        if r.kind == Result.NOT_PLAYED:
            return "Not played"
        return r.text

    @property
    def shown_score(self) -> str:
        """NS's score, signed ("+420", "-50"), for a board that was played."""
        return signed(self.result.ns_score) if self.result.kind == Result.PLAYED else ""


@dataclass
class CardRow:
    line: Line
    seat: str  # "NS" or "EW": where the pair sat on this board
    opponents: Pair
    score: int | None  # from the pair's side
    points: float | None
    board_percent: float | None
    running: Fraction  # exact: a sum of rounded floats could land beside a half


@dataclass
class RecapRow:
    pair: Pair
    rank: str
    total: float
    percentage: float | None
    cells: list  # the pair's points on each board of the section, None where not played


@dataclass
class SessionData:
    event: Event
    sections: list[Section]
    pairs: dict[int, Pair]
    boards: list[Board]
    lines: list[Line]
    lines_by_board: dict[int, list[Line]] = field(default_factory=dict)

    @cached_property
    def standings(self) -> list[tuple[Section, list[StandingGroup]]]:
        """Worked out (or taken from the scoring cache) when a page first asks for them."""
        return event_standings(self.event, self.pairs.values())

    @cached_property
    def lines_by_pair(self) -> dict[int, list[Line]]:
        by_pair = defaultdict(list)
        for line in self.lines:
            by_pair[line.ns.pk].append(line)
            by_pair[line.ew.pk].append(line)
        return by_pair

    @property
    def top(self) -> float | None:
        tops = {line.result.top for line in self.lines if line.result.top}
        return max(tops) if tops else None


def load(event: Event) -> SessionData:
    """The whole session in four queries; its standings, when a page asks for them, take one
    more (and three to score the session, unless its version's scoring is cached)."""
    prefetch_related_objects([event], "sections")  # the templates' event.sections.all
    sections = list(event.sections.all())
    by_section = {section.pk: section for section in sections}
    pairs = {pair.pk: pair for pair in Pair.objects.filter(section__event=event)}
    for pair in pairs.values():
        pair.section = by_section[pair.section_id]
    _link_score_cards(event.pk, pairs.values())
    boards = list(Board.objects.filter(section__event=event).order_by("section__name", "number"))
    by_board = {}
    for board in boards:
        board.section = by_section[board.section_id]
        board.traveller_url = reverse("board_traveller", args=[board.pk])
        by_board[board.pk] = board
    lines = [
        Line(result, by_board[result.board_id], pairs[result.ns_pair_id], pairs[result.ew_pair_id])
        for result in Result.objects.filter(board__section__event=event).order_by("pk")
    ]
    lines_by_board = defaultdict(list)
    for line in lines:
        lines_by_board[line.board.pk].append(line)
    for board_lines in lines_by_board.values():
        board_lines.sort(key=lambda line: line.sort_key, reverse=True)
    return SessionData(event, sections, pairs, boards, lines, dict(lines_by_board))


def _link_score_cards(event_id: int, pairs) -> None:
    """Each pair's score card address, reversed once rather than on every row naming it."""
    for pair in pairs:
        pair.card_url = reverse("score_card", args=[event_id, pair.pk])


def recap(data: SessionData) -> list[tuple[Section, list, list[tuple[str, list[RecapRow]]]]]:
    """Per section: its boards, and per ranking group the rows of the classic matrix."""
    points = {}
    for line in data.lines:
        points[(line.ns.pk, line.board.pk)] = line.result.ns_points
        points[(line.ew.pk, line.board.pk)] = line.result.ew_points
    shown = []
    for section, groups in data.standings:
        boards = [b for b in data.boards if b.section_id == section.pk or data.event.across_field]
        tables = []
        for group in groups:
            rows = [
                RecapRow(
                    row.pair,
                    row.rank,
                    row.total,
                    row.percentage,
                    [points.get((row.pair.pk, board.pk)) for board in boards],
                )
                for row in group.rows
            ]
            tables.append((group.title, rows))
        shown.append((section, boards, tables))
    return shown


def score_card(data: SessionData, pair: Pair) -> list[CardRow]:
    """The pair's session board by board, in the order it played them."""
    mine = sorted(
        data.lines_by_pair.get(pair.pk, ()),
        key=lambda line: (line.result.round or 0, line.board.number),
    )
    rows, running = [], Fraction(0)
    for line in mine:
        sat_ns = line.ns.pk == pair.pk
        r = line.result
        points = r.ns_points if sat_ns else r.ew_points
        running += exact(points or 0)
        score = None
        if r.kind == Result.PLAYED:
            score = r.ns_score if sat_ns else -r.ns_score
        percent = 100 * points / r.top if points is not None and r.top else None
        rows.append(
            CardRow(
                line,
                Direction.NS if sat_ns else Direction.EW,
                line.ew if sat_ns else line.ns,
                score,
                points,
                percent,
                running,
            )
        )
    return rows


def standing_of(data: SessionData, pair: Pair):
    for _, groups in data.standings:
        for group in groups:
            for row in group.rows:
                if row.pair.pk == pair.pk:
                    return row
    return None


def sorted_lines(board: Board, pairs) -> list[Line]:
    """One board's results as its public traveller shows them, best NS score first."""
    by_pk = {pair.pk: pair for pair in pairs}
    _link_score_cards(board.section.event_id, by_pk.values())
    lines = [
        Line(result, board, by_pk[result.ns_pair_id], by_pk[result.ew_pair_id])
        for result in Result.objects.filter(board=board)
    ]
    return sorted(lines, key=lambda line: line.sort_key, reverse=True)


def card(data: SessionData, pair: Pair) -> dict:
    """What a score card shows: the pair, its boards and its standing."""
    return {"pair": pair, "rows": score_card(data, pair), "standing": standing_of(data, pair)}


def all_cards(data: SessionData) -> list[dict]:
    """Everyone's score card, in standings order."""
    return [
        card(data, row.pair)
        for _, groups in data.standings
        for group in groups
        for row in group.rows
    ]
