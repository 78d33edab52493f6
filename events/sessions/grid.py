"""The grid of a section's tables and rounds: what each table has entered in each round."""

from dataclasses import dataclass

from events.models import Board, Result, Section
from events.phone.table_round import CONFIRMED, ENTERED, MISSING, QUERIED, BoardAtTable
from events.queries import section_pairs

__all__ = ["Cell", "status_grid"]


@dataclass
class Cell:
    round: int
    table: int
    state: str  # sit-out, missing, partial, entered, queried, confirmed
    entered: int = 0
    due: int = 0
    late: bool = False


def status_grid(section: Section) -> tuple[list[tuple[int, list[Cell]]], list[int]]:
    """The director's table × round grid of phone entry, and the tables that are late."""
    movement = section.movement()
    if movement is None:
        return [], []
    pairs = {pair.key: pair.pk for pair in section_pairs(section.pk)}
    boards = dict(Board.objects.filter(section=section).values_list("number", "pk"))
    results = {
        (r.board_id, r.ns_pair_id): r
        for r in Result.objects.filter(board__section=section).select_related("table_entry")
    }
    seatings = {(s.round, s.table): s for s in movement.seatings}
    grid = []
    for round_number in range(1, movement.rounds + 1):
        cells = []
        for table in range(1, movement.tables + 1):
            seating = seatings.get((round_number, table))
            if seating is None or not seating.is_played:
                cells.append(Cell(round_number, table, "sit-out"))
                continue
            ns = pairs[seating.ns]
            shown = [
                BoardAtTable(None, results.get((boards[n], ns)))
                for n in movement.boards_of_set(seating.board_set)
            ]
            cells.append(_cell(round_number, table, [b.status for b in shown]))
        grid.append((round_number, cells))
    return grid, _mark_late(grid)


def _cell(round_number: int, table: int, statuses: list[str]) -> Cell:
    entered = sum(status != MISSING for status in statuses)
    if QUERIED in statuses:
        state = QUERIED
    elif all(status == CONFIRMED for status in statuses):
        state = CONFIRMED
    elif entered == len(statuses):
        state = ENTERED
    else:
        state = "partial" if entered else MISSING
    return Cell(round_number, table, state, entered, len(statuses))


def _mark_late(grid) -> list[int]:
    """A table is late when the room has moved on without it: it still lacks results of a
    round before the latest round in which at least half the tables have entered something."""
    room_round = 0
    for round_number, cells in grid:
        playing = [c for c in cells if c.state != "sit-out"]
        started = [c for c in playing if c.entered]
        if playing and 2 * len(started) >= len(playing):
            room_round = round_number
    late = set()
    for round_number, cells in grid:
        if round_number >= room_round:
            continue
        for cell in cells:
            if cell.state in (MISSING, "partial"):
                cell.late = True
                late.add(cell.table)
    return sorted(late)
