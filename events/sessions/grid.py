"""The grid of a section's tables and rounds: how many of its boards each table has entered in
each round. The session page and a table round's page show it to the director as a way into
entry; the table links page shows it with what the phones add (a board queried at the table,
the opponents' agreement, a table the room has left behind).

A cell's state says only how far entry got (none, some, all of the round's boards): the phone
facts are flags beside it, so both pages read one set of words.
"""

import dataclasses
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from events.core.prepared import prepared
from events.core.queries import section_pairs
from events.models import Result, Section
from events.phone.table_round import CONFIRMED, QUERIED, entry_status

__all__ = ["Cell", "CellState", "Grid", "table_round_grid"]


class CellState(StrEnum):
    SIT_OUT = "sit-out"
    EMPTY = "empty"
    PARTIAL = "partial"
    DONE = "done"


@dataclass(frozen=True)
class Cell:
    round: int
    table: int
    due: int  # boards the table plays this round; 0 for a sit-out
    entered: int
    queried: bool = False  # a board the opponents disagreed with at the table: a ruling is due
    confirmed: int = 0  # boards the opponents agreed at the table, or the director entered
    late: bool = False  # the room has moved on without this table (`Grid.late_tables`)

    @property
    def state(self) -> CellState:
        if not self.due:
            return CellState.SIT_OUT
        if self.entered >= self.due:
            return CellState.DONE
        return CellState.PARTIAL if self.entered else CellState.EMPTY

    @property
    def unfinished(self) -> bool:
        """Played, and not all its boards entered yet."""
        return self.state in (CellState.EMPTY, CellState.PARTIAL)

    @property
    def agreed(self) -> bool:
        """Every board of the round is in and beyond the table's reach: nothing left to do."""
        return bool(self.due) and self.confirmed >= self.due


@dataclass(frozen=True)
class Grid:
    section_id: int
    rows: list[tuple[int, list[Cell]]]  # (round, its cells in table order)

    @property
    def tables(self) -> list[int]:
        return [cell.table for cell in self.rows[0][1]] if self.rows else []

    @property
    def cells(self) -> list[Cell]:
        return [cell for _, cells in self.rows for cell in cells]

    def late_tables(self) -> list[int]:
        return sorted({cell.table for cell in self.cells if cell.late})


def table_round_grid(section: Section, pairs=None, *, phone: bool = False) -> Grid:
    """One pass over the movement's seatings with the results counted per (board set, NS
    pair): one query. `phone` reads the tables' entries with them (whether the opponents
    agreed or queried), which only the table links page shows."""
    movement = section.movement()
    if movement is None:
        return Grid(section.pk, [])
    if pairs is None:
        pairs = section_pairs(section.pk)
    by_key = {pair.key: pair.pk for pair in pairs}
    if phone:
        entered, confirmed, queried = _phone_counts(section)
    else:
        entered, confirmed, queried = Counter(_played_sets(section.pk)), Counter(), set()
    seatings = {(s.round, s.table): s for s in movement.seatings}
    rows = []
    for round_number in range(1, movement.rounds + 1):
        cells = []
        for table in range(1, movement.tables + 1):
            seating = seatings.get((round_number, table))
            if seating is None or not seating.is_played:
                cells.append(Cell(round_number, table, 0, 0))
                continue
            key = (seating.board_set, by_key[seating.ns])
            due = len(movement.boards_of_set(seating.board_set))
            cells.append(
                Cell(
                    round_number,
                    table,
                    due,
                    min(entered[key], due),
                    key in queried,
                    min(confirmed[key], due),
                )
            )
        rows.append((round_number, cells))
    return Grid(section.pk, _mark_late(rows))


@prepared
def _played_sets(section):
    """(board set, NS pair) of each result of the section."""
    return Result.objects.filter(board__section=section).values_list("board__board_set", "ns_pair")


_SetPair = tuple[int, int]  # (board set, NS pair id)


def _phone_counts(section: Section) -> tuple[Counter[_SetPair], Counter[_SetPair], set[_SetPair]]:
    """Per (board set, NS pair): the results entered, those confirmed, and whether one is
    queried, each result judged as the table's phone judges it."""
    entered: Counter[_SetPair] = Counter()
    confirmed: Counter[_SetPair] = Counter()
    queried: set[_SetPair] = set()
    lines = Result.objects.filter(board__section=section).values_list(
        "board__board_set",
        "ns_pair",
        "version",
        "table_entry__entered_version",
        "table_entry__confirmed_at",
        "table_entry__queried_at",
        "table_entry__ruling",
    )
    for board_set, ns, version, entered_version, confirmed_at, queried_at, ruling in lines:
        key = (board_set, ns)
        entered[key] += 1
        status = entry_status(version, entered_version, confirmed_at, queried_at, ruling)
        if status == CONFIRMED:
            confirmed[key] += 1
        elif status == QUERIED:
            queried.add(key)
    return entered, confirmed, queried


def _mark_late(rows: list[tuple[int, list[Cell]]]) -> list[tuple[int, list[Cell]]]:
    """A table is late when the room has moved on without it: it still lacks results of a
    round before the latest round in which at least half the tables have entered something."""
    room_round = 0
    for round_number, cells in rows:
        playing = [c for c in cells if c.due]
        started = [c for c in playing if c.entered]
        if playing and 2 * len(started) >= len(playing):
            room_round = round_number
    return [
        (
            round_number,
            [dataclasses.replace(c, late=True) if c.unfinished else c for c in cells]
            if round_number < room_round
            else cells,
        )
        for round_number, cells in rows
    ]
