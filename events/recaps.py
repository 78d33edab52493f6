"""What the results pages show: recap matrices, sorted travellers and personal score cards.

Everything is built in memory from one load of the session (a fixed number of queries,
whatever the field size); the points are the stored ones, which rescoring keeps exact.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from events.models import Board, Event, Pair, Result, Section
from events.standings import StandingGroup, event_standings

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
UNSORTED = float("-inf")


@dataclass
class Line:
    """One result as every page shows it."""

    result: Result
    board: Board
    ns: Pair
    ew: Pair

    @property
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


@dataclass
class CardRow:
    line: Line
    seat: str  # "NS" or "EW": where the pair sat on this board
    opponents: Pair
    score: int | None  # from the pair's side
    points: float | None
    board_percent: float | None
    running: float


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
    standings: list[tuple[Section, list[StandingGroup]]]
    lines_by_board: dict[int, list[Line]] = field(default_factory=dict)

    @property
    def top(self) -> float | None:
        tops = {line.result.top for line in self.lines if line.result.top}
        return max(tops) if tops else None


def load(event: Event) -> SessionData:
    """The whole session in five queries (plus the standings' cached scoring)."""
    sections = list(event.sections.all())
    by_section = {section.pk: section for section in sections}
    pairs = {pair.pk: pair for pair in Pair.objects.filter(section__event=event)}
    for pair in pairs.values():
        pair.section = by_section[pair.section_id]
    boards = list(Board.objects.filter(section__event=event).order_by("section__name", "number"))
    by_board = {}
    for board in boards:
        board.section = by_section[board.section_id]
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
    standings = event_standings(event, pairs.values())
    return SessionData(event, sections, pairs, boards, lines, standings, dict(lines_by_board))


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
                RecapRow(row.pair, row.rank, row.total, row.percentage,
                         [points.get((row.pair.pk, board.pk)) for board in boards])
                for row in group.rows
            ]  # fmt: skip
            tables.append((group.title, rows))
        shown.append((section, boards, tables))
    return shown


def score_card(data: SessionData, pair: Pair) -> list[CardRow]:
    """The pair's session board by board, in the order it played them."""
    mine = [line for line in data.lines if pair.pk in (line.ns.pk, line.ew.pk)]
    mine.sort(key=lambda line: (line.result.round or 0, line.board.number))
    rows, running = [], 0.0
    for line in mine:
        sat_ns = line.ns.pk == pair.pk
        r = line.result
        points = r.ns_points if sat_ns else r.ew_points
        running += points or 0
        score = None
        if r.kind == Result.PLAYED:
            score = r.ns_score if sat_ns else -r.ns_score
        percent = 100 * points / r.top if points is not None and r.top else None
        rows.append(CardRow(line, "NS" if sat_ns else "EW", line.ew if sat_ns else line.ns,
                            score, points, percent, running))  # fmt: skip
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
    lines = [
        Line(result, board, by_pk[result.ns_pair_id], by_pk[result.ew_pair_id])
        for result in Result.objects.filter(board=board)
    ]
    return sorted(lines, key=lambda line: line.sort_key, reverse=True)
