"""The rows a traveller page or a table's round shows: what the movement expects, and what
has been entered (including results the director saved off-movement)."""

from dataclasses import dataclass

from events.models import Board, Pair, Result, Section


@dataclass
class Row:
    board: Board
    ns: Pair
    ew: Pair
    round: int | None = None
    table: int | None = None
    result: Result | None = None
    error: str = ""
    warning: str = ""
    typed: str = ""
    focus: bool = False

    @property
    def key(self) -> str:
        return f"{self.board.pk}-{self.ns.pk}-{self.ew.pk}"


def _pairs_by_key(section: Section, pairs=None) -> dict:
    if pairs is None:
        pairs = Pair.objects.filter(section=section)
    return {pair.key: pair for pair in pairs}


def board_rows(board: Board, pairs: list[Pair] | None = None) -> list[Row]:
    section = board.section
    results = {r.ns_pair_id: r for r in Result.objects.for_board(board)}
    movement = section.movement()
    rows = []
    if movement is not None:
        by_key = _pairs_by_key(section, pairs)
        for seating in movement.plays_of_board(board.number):
            ns, ew = by_key[seating.ns], by_key[seating.ew]
            result = results.get(ns.pk)
            if result is not None and result.ew_pair_id != ew.pk:
                result = None  # entered against other opponents: shown as its own row below
            rows.append(Row(board, ns, ew, seating.round, seating.table, result))
    shown = {row.result.pk for row in rows if row.result}
    for result in results.values():
        if result.pk not in shown:
            rows.append(Row(board, result.ns_pair, result.ew_pair, result.round, None, result))
    return rows


def table_round_rows(
    section: Section, round_number: int, table: int, pairs: list[Pair] | None = None
) -> list[Row]:
    movement = section.movement()
    seating = movement.seating(round_number, table)
    if not seating.is_played:
        return []
    by_key = _pairs_by_key(section, pairs)
    ns, ew = by_key[seating.ns], by_key[seating.ew]
    numbers = list(movement.boards_of_set(seating.board_set))
    boards = Board.objects.filter(section=section, number__in=numbers).select_related(
        "section__event"
    )
    results = {
        r.board_id: r
        for r in Result.objects.filter(board__in=boards, ns_pair=ns).select_related(
            "ns_pair", "ew_pair"
        )
    }
    return [Row(b, ns, ew, round_number, table, results.get(b.pk)) for b in boards]


def mark_saved(rows: list[Row], saved_key: str) -> None:
    """Put the cursor where the next slip goes: the next empty row, else an earlier empty row,
    else the row after the one just saved (after the last row: nowhere, so Enter moves on)."""
    keys = [row.key for row in rows]
    if saved_key not in keys:
        return
    index = keys.index(saved_key)
    empty_after = [row for row in rows[index + 1 :] if row.result is None]
    empty_before = [row for row in rows[:index] if row.result is None]
    candidates = empty_after or empty_before or rows[index + 1 :]
    if candidates:
        candidates[0].focus = True
