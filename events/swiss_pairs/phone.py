"""Entry at a Swiss pairs table: what a table's phone shows (the round's boards and this
table's result of each), its saves going through the director's own reading of a result
(`play.save_board`, in the event's lock, so the match's IMPs and VPs follow as typed entry's
do), and the opponents' answer, as at a pairs table (events/phone/table_round.py): a result
saved by one side is shown to the other, who agree (then only the director changes it) or call
the director. The table reaches it through its link (events/swiss_pairs/links.py).
"""

import hashlib
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from events.core import versions
from events.entry.errors import EntryError
from events.phone.table_round import (
    QUERIED,
    record_answer,
    refuse_if_locked,
)
from events.phone.taps import PASSED_OUT
from events.phone.text_board import BoardNumber, TextBoard, TextConflict
from events.swiss_pairs import play
from events.swiss_pairs.models import (
    SwissPairsResult,
    SwissPairsTable,
    SwissTableEntry,
    SwissTableLink,
)

__all__ = ["BoardAtSwissTable", "SwissTableView", "boards_at_table", "confirm", "enter_result",
           "query", "queried", "result_stands", "table_view"]  # fmt: skip


@dataclass
class BoardAtSwissTable(TextBoard):
    """One board of the round, as the table's phone sees it (the pairs BoardAtTable's face)."""

    board: BoardNumber
    stored: SwissPairsResult | None
    entry: SwissTableEntry | None
    typed: dict | None = None  # what the table tapped, when the save was refused

    @property
    def result(self) -> str:
        return self.stored.result if self.stored else ""

    @property
    def adjusted(self) -> bool:
        return bool(self.stored and self.stored.is_adjusted)

    @property
    def adjusted_shown(self) -> str:
        return f"Artificial score: {self.result}"

    @property
    def ns_score(self) -> int | None:
        return self.stored.ns_score if self.stored else None


def boards_at_table(table: SwissPairsTable) -> list[BoardAtSwissTable]:
    """Every board of the table's round, with its result and its phone entry (two queries)."""
    stored = {result.board: result for result in table.results.all()}
    entries = {entry.board: entry for entry in table.entries.all()}
    return [
        BoardAtSwissTable(BoardNumber(n), stored.get(n), entries.get(n))
        for n in table.event.boards_of_round(table.round)
    ]


@dataclass
class SwissTableView:
    """What a table's phone shows: who sits where, the round's boards, the match once in."""

    link: SwissTableLink
    table: SwissPairsTable
    boards: list[BoardAtSwissTable] = field(default_factory=list)
    score: play.TableScore | None = None  # the match's IMPs and VPs, once every board is in

    @property
    def done(self) -> bool:
        return all(b.locked for b in self.boards)

    @property
    def waiting_for_rulings(self) -> bool:
        return any(b.status == QUERIED for b in self.boards)

    @property
    def stamp(self) -> str:
        """Changes whenever anything the phone shows changes."""
        parts = [self.link.revoked_at, [(b.number, b.stamp) for b in self.boards]]
        if self.score is not None:
            parts += [self.score.ns_imps, self.score.ns_vps]
        return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]


def table_view(link: SwissTableLink) -> SwissTableView:
    tables = SwissPairsTable.objects.select_related("event", "ns", "ew")
    table = tables.get(pk=link.table_id)
    boards = boards_at_table(table)
    score = None
    if all(b.result for b in boards):  # the match is scored: the standings say how
        rounds = play.standings(table.event).rounds.get(table.round, [])
        score = next((s for s in rounds if s.table.pk == table.pk), None)
    return SwissTableView(link, table, boards, score)


def _locked_board(link: SwissTableLink, number: int | None):
    """The event locked, the link's table read afresh, and its board `number`; EntryError when
    the link closed meanwhile or the board is not the round's."""
    table = SwissPairsTable.objects.select_related("event").filter(pk=link.table_id).first()
    if table is None:
        raise EntryError("This round's draw has been taken back: nothing was stored.")
    versions.bump(table.event)
    table.refresh_from_db()
    if table.is_awarded:
        raise EntryError("The director has set this match's score: nothing was stored.")
    for board in boards_at_table(table):
        if board.number == number:
            return table, board
    raise EntryError("That board is not played at this table this round.")


def enter_result(
    link: SwissTableLink, number: int | None, text: str, *, lead: str = "", expected_version=0
) -> None:
    """Save this table's result of one board. Raises EntryError (an agreed board, a board of
    another round, a result the director's reading refuses) or TextConflict."""
    with transaction.atomic():
        table, board = _locked_board(link, number)
        refuse_if_locked(board)
        if board.version != expected_version:
            raise TextConflict(board)
        if text == PASSED_OUT:
            lead = ""  # nobody led
        try:
            stored = play.save_board(table.event, table, board.number, text)
        except play.SwissPairsError as error:
            raise EntryError(str(error)) from None
        SwissTableEntry.objects.update_or_create(
            table=table,
            board=board.number,
            defaults={"link": link, "result": stored, "lead": lead, "confirmed_at": None,
                      "queried_at": None, "ruling": ""},
        )  # fmt: skip


def confirm(link: SwissTableLink, number: int | None, expected_version: int) -> None:
    """The opponents agree with the result they were shown: from now on only the director
    changes it."""
    _answer(link, number, expected_version, confirmed_at=timezone.now(), queried_at=None)


def query(link: SwissTableLink, number: int | None, expected_version: int) -> None:
    """The opponents disagree: the director is called (the round's links page shows it)."""
    _answer(link, number, expected_version, confirmed_at=None, queried_at=timezone.now())


def _answer(link, number, expected_version, **answer) -> None:
    with transaction.atomic():
        _, board = _locked_board(link, number)
        record_answer(board, board.result, expected_version, answer)


def queried(table: SwissPairsTable) -> list[BoardAtSwissTable]:
    """The table's results the opponents did not agree to, awaiting the director's ruling."""
    return [b for b in boards_at_table(table) if b.status == QUERIED]


def result_stands(table: SwissPairsTable, number: int | None) -> bool:
    """The director's ruling on a queried result: it stands (the phones show so, and it is the
    director's from now on). False when there is no such query (ruled on meanwhile)."""
    with transaction.atomic():
        versions.bump(table.event)
        for board in queried(table):
            if board.number == number:
                assert board.entry is not None  # a query is a phone's entry's
                SwissTableEntry.objects.filter(pk=board.entry.pk).update(
                    ruling=SwissTableEntry.STANDS
                )
                return True
        return False
