"""What each of a session's PDFs holds, made from the session alone: the background worker
makes them, with no request (and no reader: every reader gets the same file).

Each has its own lean template (templates/events/pdf/) rather than its web page's: WeasyPrint
took a minute over the travellers page's grids, flexboxes and thousands of table cells, and
lays out these in a few seconds (benchmarks/pdfs.py).
"""

import math
from collections.abc import Callable
from dataclasses import dataclass

from django.template.loader import render_to_string

from events.models import Board, Event
from events.pdfs.render import recap_in_parts
from events.pdfs.text import Column, aligned, dd_grid, deal_hands, text_table, traveller_table
from events.sessions import finalising
from events.standings import recaps
from events.standings.ranking import event_standings
from events.templatetags.clubscore import par_text, points, printed, signed, two_places

__all__ = [
    "DOCUMENTS", "KINDS", "Document", "card_cells", "card_summary", "document_html",
    "hand_record_sheets", "score_card_html",
]  # fmt: skip

# What a landscape US Letter page (the narrower paper) holds across, in mm: the width less the
# margins (static/css/pdf.css) and the recap's three cells' padding; and a 7.5pt figure's width
# (DejaVu Sans Mono's advance, 0.602 em). The names get what is left, in steps of 5 mm.
RECAP_WIDTH_MM, FIGURE_MM = 279.4 - 20 - 9, 7.5 * 0.602 * 25.4 / 72
RECAP_NAMES_MM = range(35, 75, 5)
# Recap rows in one block: a landscape page holds about fifty lines under its headings.
RECAP_ROWS_A_BLOCK = 40
BOARDS_A_SHEET = 6  # hand records: two across, three down, as the dealing programs print them


@dataclass(frozen=True)
class Document:
    kind: str  # its URL's name: travellers.pdf
    title: str
    template: str
    context: Callable[[Event], dict]  # with `pages`, an estimate for the progress shown


def document_html(event: Event, kind: str) -> tuple[str, int]:
    """The PDF's HTML and about how many pages it prints on."""
    document = DOCUMENTS[kind]
    context = {"event": event, "title": document.title, **document.context(event)}
    return render_to_string(document.template, context), context["pages"]


def _standings(event: Event) -> dict:
    standings = event_standings(event)
    if event.is_hdb:
        heading = "VPs"
    else:
        heading = "MPs" if event.uses_percentages else "IMPs"
        if event.totals_factored:
            heading += " (factored)"
    rows = sum(len(group.rows) + 4 for _, groups in standings for group in groups)
    # Every reader gets the same file: the reasons the director kept private stay out.
    corrections = finalising.corrections(event)
    rows += len(corrections) + 2 if corrections else 0
    return {"standings": standings, "total_heading": heading, "corrections": corrections,
            "pages": math.ceil(rows / 55)}  # fmt: skip


def _recap(event: Event) -> dict:
    data = recaps.load(event)
    parts = recap_in_parts(recaps.recap(data))
    shown = []
    for section, boards, tables in parts:
        if event.across_field:
            where = " · across the field"
        else:
            where = f" · section {section.shown_name}" if len(parts) > 1 else ""
        left = [Column("Rank"), Column("Pair", left=True)]
        right = [Column(str(board.number)) for board in boards] + [Column("Total")]
        if event.uses_percentages:
            right.append(Column("%"))
        groups = []
        for title, rows in tables:
            lines = [_recap_line(event, row) for row in rows]
            blocks = [
                aligned(left, "Names", right, lines[start : start + RECAP_ROWS_A_BLOCK], gap=" ")
                for start in range(0, len(lines), RECAP_ROWS_A_BLOCK)
            ]
            groups.append((title + where, blocks))
        figures = max((block.characters for _, blocks in groups for block in blocks), default=0)
        shown.append({"groups": groups, "names_mm": _names_mm(figures)})
    return {"parts": shown, "top": data.top, "pages": len(shown)}


def _names_mm(figures: int) -> int:
    """The widest names column (static/css/pdf.css's names-NN) beside `figures` characters."""
    room = RECAP_WIDTH_MM - figures * FIGURE_MM
    return max([RECAP_NAMES_MM[0], *(mm for mm in RECAP_NAMES_MM if mm <= room)])


def _recap_line(event: Event, row) -> tuple[list, str, list]:
    ranked = row.percentage is not None or row.total
    pair = f"{row.pair.section.name if event.across_field else ''}{row.pair}"
    figures = [points(cell) for cell in row.cells] + [two_places(row.total)]
    if event.uses_percentages:
        figures.append("" if row.percentage is None else two_places(row.percentage))
    return [row.rank if ranked else "—", pair], row.pair.names, figures


def _travellers(event: Event) -> dict:
    data = recaps.load(event)
    several = len(data.sections) > 1 and not event.across_field
    boards = [
        _board(board, event, several_sections=several, lines=data.lines_by_board.get(board.pk, []))
        for board in data.boards
    ]
    rows = [boards[start : start + 2] for start in range(0, len(boards), 2)]
    # Lines of 9.5pt, about 80 to an A4 page: a board's heading, deal and par take about 16.
    height = sum(max(_board_lines(board) for board in row) + 2 for row in rows)
    return {"rows": rows, "pages": max(1, math.ceil(height / 78))}


def _board(board: Board, event: Event | None, *, several_sections=False, lines=None) -> dict:
    shown = {
        "number": board.number,
        "dealer": board.dealer,
        "vulnerability": board.vulnerability,
        "section_name": board.section.shown_name if several_sections else "",
        "hands": deal_hands(board.deal) if board.deal else None,
        "makes": dd_grid(board.dd),
        "par": par_text(board),
        "par_score": board.par_score,
    }
    if lines is not None:
        shown["traveller"] = traveller_table(lines, event.points_name)
        shown["results"] = len(lines)
    return shown


def _board_lines(board: dict) -> int:
    return 3 + (16 if board["hands"] else 0) + max(board["results"], 1)


def _score_cards(event: Event) -> dict:
    data = recaps.load(event)
    cards = [_card(event, card) for card in recaps.all_cards(data)]
    return {"cards": cards, "pages": len(cards)}


def _card(event: Event, card: dict) -> dict:
    """One line a board, the opponents' names last: a letter the monospaced font lacks (drawn
    from another, wider or narrower) then moves nothing after it."""
    columns, rows = card_cells(event, card)
    return {
        "pair": card["pair"], "summary": card_summary(event, card["standing"]),
        "table": text_table(columns, rows) if rows else None,
    }  # fmt: skip


def card_cells(event: Event, card: dict) -> tuple[list[Column], list[list[str]]]:
    """A score card's columns and its rows of printed figures (a PDF's, an e-mail's)."""
    columns = [Column("Bd"), Column("Seat", left=True), Column("Contract", left=True),
               Column("Score"), Column(event.points_name)]  # fmt: skip
    if not event.uses_imps:
        columns.append(Column("%"))
    columns += [Column("Total"), Column("Opp", left=True), Column("Opponents", left=True)]
    rows = []
    for row in card["rows"]:
        cells = [str(row.line.board.number), row.seat, row.line.shown_contract,
                 signed(row.score), points(row.points)]  # fmt: skip
        if not event.uses_imps:
            cells.append(printed(row.board_percent, 0))
        cells += [two_places(row.running), str(row.opponents), row.opponents.names]
        rows.append(cells)
    return columns, rows


def score_card_html(event: Event, card: dict) -> str:
    """One pair's score card as the score cards PDF prints it (events/pdf/score_cards.html)."""
    context = {"event": event, "title": "Score card", "cards": [_card(event, card)], "pages": 1}
    return render_to_string(DOCUMENTS["score-cards"].template, context)


def card_summary(event: Event, standing) -> str:
    if standing is None:
        return ""
    parts = [
        f"Place {standing.rank if standing.boards else '—'}",
        f"{event.points_name} {two_places(standing.total)}",
    ]
    if standing.percentage is not None:
        parts.append(f"{two_places(standing.percentage)}%")
    if standing.average is not None:
        parts.append(f"{two_places(standing.average)} a board")
    parts.append(f"{standing.boards} board{'s' if standing.boards != 1 else ''}")
    if standing.penalty:
        parts.append(f"penalty −{two_places(standing.penalty)}")
    return " · ".join(parts)


def _hand_records(event: Event) -> dict:
    # Sections dealt the same boards print each board once.
    unique = {}
    dealt = Board.objects.filter(section__event=event).exclude(deal="").select_related("section")
    for board in dealt.order_by("number", "section__name"):
        unique.setdefault((board.number, board.deal), board)
    return hand_record_sheets(unique.values())


def hand_record_sheets(deals) -> dict:
    """Dealt boards (a session's, a teams event's: rows with `number`, `deal`, `dd` and par)
    laid out for events/pdf/hand_records.html: BOARDS_A_SHEET a page, two across."""
    boards = [_board(deal, None) for deal in deals]
    sheets = [
        [boards[row : row + 2] for row in range(start, min(start + BOARDS_A_SHEET, len(boards)), 2)]
        for start in range(0, len(boards), BOARDS_A_SHEET)
    ]
    return {"sheets": sheets, "pages": max(1, len(sheets))}


DOCUMENTS = {
    document.kind: document
    for document in [
        Document("standings", "Standings", "events/pdf/standings.html", _standings),
        Document("recap", "Recap", "events/pdf/recap.html", _recap),
        Document("travellers", "Travellers", "events/pdf/travellers.html", _travellers),
        Document("score-cards", "Score cards", "events/pdf/score_cards.html", _score_cards),
        Document("hand-records", "Hand records", "events/pdf/hand_records.html", _hand_records),
    ]
}
KINDS = tuple(DOCUMENTS)
