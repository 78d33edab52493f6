"""The rows a traveller page or a table's round shows: what the movement expects, and what
has been entered (including results the director saved off-movement); and how far entry has
got, board by board (table by table: events/sessions/grid.py)."""

import re
from dataclasses import dataclass

from django.db.models import Count, Q

from events.core.prepared import prepared
from events.core.queries import section_pairs
from events.entry.errors import EntryConflict
from events.models import Board, Pair, Result, Section

__all__ = [
    "Row", "board_rows", "find_pair", "mark_saved", "missing_boards", "table_round_rows",
]  # fmt: skip


@dataclass
class Row:
    board: Board
    ns: Pair | None
    ew: Pair | None
    round: int | None = None
    table: int | None = None
    result: Result | None = None
    error: str = ""
    warning: str = ""
    typed: str = ""
    typed_ns: str | None = None
    typed_ew: str | None = None
    posted_version: int | None = None
    conflict: EntryConflict | None = None  # the row changed while the typist typed
    changed_by: str = ""  # for a conflict: who stored (or deleted) what the row now holds
    changed_at: object = None
    clearing: bool = False  # the director asked to clear the row and must confirm
    correction: str = ""  # the session is final: why change it? (asked beside the row)
    reason: str = ""  # the reason typed, and whether to publish it, shown again when asked
    publish_reason: bool = False
    override: bool = False  # a warning already confirmed for this line
    deleted_text: str = ""  # the line this save deleted from the row, said beside it
    new: bool = False  # the empty row for a pairing the movement does not have
    focus: bool = False

    @property
    def key(self) -> str:
        ns = self.ns.pk if self.ns else ""
        ew = self.ew.pk if self.ew else ""
        return f"{self.board.pk}-{ns}-{ew}"

    @property
    def version(self) -> int:
        """What the row's next save says it was typed against: the stored result's version, or
        after a refusal the version first typed against, so a change meanwhile still shows."""
        if self.conflict is not None:
            stored = self.conflict.stored
            return stored.version if stored else 0
        if self.posted_version is not None:
            return self.posted_version
        return self.result.version if self.result else 0

    @property
    def refused(self) -> bool:
        """The last save of this row was not stored: an error, a warning, or a clash."""
        return bool(self.error or self.warning or self.conflict or self.correction)

    @property
    def shown_text(self) -> str:
        """What the result box holds: the line typed when it was refused, else the stored one."""
        if self.refused:
            return self.typed
        return self.result.text if self.result else ""

    @property
    def can_put_back(self) -> bool:
        """Whether Esc on a refused row has anything to undo: a line or pair numbers typed
        over the row's own, or a stored line to show again."""
        typed_pairs = (self.ns_number, self.ew_number) != (_number(self.ns), _number(self.ew))
        return bool(self.typed or self.result or typed_pairs)

    @property
    def query(self):
        """The table's entry of this row's result, when the opponents queried it at the table
        and the director has not ruled yet (read with the result: no query of its own)."""
        entry = getattr(self.result, "table_entry", None) if self.result is not None else None
        return entry if entry is not None and entry.awaiting_ruling else None

    @property
    def css_class(self) -> str:
        if self.error:
            state = "has-error"
        elif self.warning or self.conflict or self.correction:
            state = "has-warning"
        else:
            state = "entered" if self.result else ""
        if self.query is not None:
            state += " queried"
        return f"{state} new-row" if self.new else state

    @property
    def label(self) -> str:
        """The row as a screen reader announces each of its boxes."""
        if self.new:
            return f"Board {self.board.number}, other pairs"
        # Only the new row has no pairs: the others are the movement's or a stored result's.
        assert self.ns is not None and self.ew is not None
        return f"Board {self.board.number}, NS {self.ns.number} v EW {self.ew.number}"

    @property
    def ns_number(self) -> str:
        return self.typed_ns if self.typed_ns is not None else _number(self.ns)

    @property
    def ew_number(self) -> str:
        return self.typed_ew if self.typed_ew is not None else _number(self.ew)


def _number(pair: Pair | None) -> str:
    return str(pair.number) if pair else ""


PAIR_TYPED = re.compile(r"^(NS|EW|N|E)?\s*(\d{1,3})\s*(NS|EW|N|E)?$", re.IGNORECASE)


def find_pair(pairs, typed: str, shown: Pair | None, side: str) -> Pair:
    """The pair a director typed in a row's NS or EW box: `3`, or `3 EW` / `EW3` where a
    Mitchell has both an NS and an EW pair 3. A bare number keeps the direction the row
    showed (an arrow-switched round seats EW pairs NS), else the box's own. Raises ValueError.
    """
    typed = (typed or "").strip()
    if not typed:
        if shown is None:
            raise ValueError(f"Type the {side} pair's number.")
        return shown
    match = PAIR_TYPED.match(typed)
    if match is None or (match.group(1) and match.group(3)):
        raise ValueError(f"{side} pair: type a pair number, such as 3 or 3 EW, not “{typed}”.")
    number = int(match.group(2))
    letter = (match.group(1) or match.group(3) or "").upper()
    candidates = [pair for pair in pairs if pair.number == number]
    if letter:
        candidates = [pair for pair in candidates if pair.direction[:1] == letter[:1]]
    if len(candidates) > 1:
        wanted = shown.direction if shown else side
        candidates = [pair for pair in candidates if pair.direction == wanted] or candidates
    if not candidates:
        raise ValueError(f"There is no pair {typed.upper()} in this section.")
    return candidates[0]


def _pairs_by_key(section: Section, pairs=None) -> dict:
    if pairs is None:
        pairs = section_pairs(section.pk)
    return {pair.key: pair for pair in pairs}


def board_rows(board: Board, pairs: list[Pair] | None = None, *, new_row=False) -> list[Row]:
    """The movement's rows, then results saved against other pairings, then (`new_row`) an
    empty row where the director can type a pairing of their own."""
    section = board.section
    results = {
        r.ns_pair_id: r
        for r in Result.objects.for_board(board).select_related("updated_by", "table_entry")
    }
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
    if new_row:
        rows.append(Row(board, None, None, new=True))
    return rows


def table_round_rows(
    section: Section,
    round_number: int,
    table: int,
    pairs: list[Pair] | None = None,
    *,
    with_results=True,
) -> list[Row]:
    """The round's rows at the table; `with_results=False` leaves their results for a
    `reload_results` call (after a save, the rows show what it stored)."""
    movement = section.movement()
    assert movement is not None  # the view found the round in the movement (else a 404)
    seating = movement.seating(round_number, table)
    if not seating.is_played:
        return []
    by_key = _pairs_by_key(section, pairs)
    ns, ew = by_key[seating.ns], by_key[seating.ew]
    numbers = movement.boards_of_set(seating.board_set)  # a range
    rows = []
    for board in _boards_numbered(section.pk, numbers[0], numbers[-1]):
        board.section = section  # the caller's, with its session: no join to read them again
        rows.append(Row(board, ns, ew, round_number, table))
    if with_results:
        reload_results(rows)
    return rows


def reload_results(rows: list[Row]) -> None:
    """Each of a table round's rows (one NS pair, one section) with its board's result as
    stored now."""
    if not rows:
        return
    numbers = [row.board.number for row in rows]
    ns = rows[0].ns
    assert ns is not None  # a table round's rows are its seating's: one NS pair
    found = _results_numbered(rows[0].board.section_id, min(numbers), max(numbers), ns.pk)
    stored = {result.board_id: result for result in found}
    for row in rows:
        row.result = stored.get(row.board.pk)


@prepared
def _boards_numbered(section, first, last):
    return Board.objects.filter(section=section, number__gte=first, number__lte=last)


@prepared
def _results_numbered(section, first, last, ns):
    boards = Q(board__section=section, board__number__gte=first, board__number__lte=last)
    return Result.objects.filter(boards, ns_pair=ns).select_related("table_entry")


def mark_saved(rows: list[Row], saved_key: str) -> None:
    """Put the cursor where the next slip goes: the next empty row, else an earlier empty row,
    else the row after the one just saved (after the last row: nowhere, so Enter moves on)."""
    keys = [row.key for row in rows]
    if saved_key not in keys:
        return
    index = keys.index(saved_key)
    typed = [row for row in rows if not row.new]
    empty_after = [row for row in typed[index + 1 :] if row.result is None]
    empty_before = [row for row in typed[:index] if row.result is None]
    candidates = empty_after or empty_before or typed[index + 1 :]
    if candidates:
        candidates[0].focus = True


def mark_focus(rows: list[Row], key: str) -> None:
    for row in rows:
        if row.key == key:
            row.focus = True
            return


def missing_boards(section: Section) -> list[tuple[Board, int]]:
    """Each board with fewer results than the movement sends it to, and how many it lacks."""
    boards = (
        Board.objects.filter(section=section).annotate(entered=Count("results")).order_by("number")
    )
    return [(b, b.expected_results - b.entered) for b in boards if b.entered < b.expected_results]
