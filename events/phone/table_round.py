"""Phone entry at the table ("a Bridgemate in the browser"): what the table sees in the round
in front of it, and its results going through the director's own save path
(`events.entry.saving.save_result`: validation, the session lock, history, rescoring). The table
reaches it through its link (events/phone/links.py).
"""

import hashlib
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from events.core import versions
from events.core.queries import section_pairs
from events.entry.errors import EntryConflict, EntryError
from events.entry.saving import RowState, save_result
from events.models import Board, Pair, Result, TableEntry, TableLink
from events.phone.links import show_travellers, source_of

# The taps and their words (events/phone/taps.py) are shared with teams rooms; entry_text and
# lead_text stay importable from here.
from events.phone.taps import (
    PASSED_OUT,
    contract_shown,
    entry_text,
    lead_text,
    score_shown,
    taps_of,
)
from events.sessions.table_cards import table_cards

__all__ = [
    "BoardAtTable", "TableRound", "table_round", "enter_result", "confirm", "query",
    "conflict_message", "entry_status", "entry_text", "lead_text", "record_answer",
    "refuse_if_locked",
]  # fmt: skip

MISSING, ENTERED, QUERIED, CONFIRMED = "missing", "entered", "queried", "confirmed"


def entry_status(version, entered_version, confirmed_at, queried_at, ruling) -> str:
    """A stored result as the table sees it, from its table entry's facts (`entered_version`
    None: no table entered it). Confirmed once the opponents agreed, the director ruled, or
    the director entered or changed it (its version moved past the table's)."""
    if entered_version != version or confirmed_at is not None or ruling:
        return CONFIRMED
    return QUERIED if queried_at is not None else ENTERED


@dataclass
class BoardAtTable:
    board: Board
    result: Result | None
    traveller: list[Result] | None = None  # the board's results so far, when the table may see
    typed: dict | None = None  # what the table tapped, when the save was refused
    round: int | None = None

    @property
    def form_taps(self) -> dict:
        return self.typed if self.typed is not None else self.taps

    @property
    def entry(self) -> TableEntry | None:
        if self.result is None:
            return None
        return getattr(self.result, "table_entry", None)

    @property
    def by_director(self) -> bool:
        """Entered (or last changed) by the director, not by a table."""
        entry = self.entry
        return self.result is not None and (
            entry is None or entry.entered_version != self.result.version
        )

    @property
    def status(self) -> str:
        if self.result is None:
            return MISSING
        entry = self.entry
        if entry is None:
            return CONFIRMED
        return entry_status(
            self.result.version,
            entry.entered_version,
            entry.confirmed_at,
            entry.queried_at,
            entry.ruling,
        )

    @property
    def ruling(self) -> str:
        """The director's decision on the opponents' query: "stands", "changed", or ""."""
        entry = self.entry
        if entry is None or entry.queried_at is None:
            return ""
        return entry.ruling or (TableEntry.CHANGED if self.by_director else "")

    @property
    def locked(self) -> bool:
        """Only the director may change it now: it is agreed, or the director was called."""
        return self.status in (CONFIRMED, QUERIED)

    @property
    def stamp(self) -> str:
        """Changes whenever what the phone shows of this board changes."""
        return f"{self.version}-{self.status}-{self.ruling}-{len(self.traveller or ())}"

    @property
    def version(self) -> int:
        return self.result.version if self.result else 0

    @property
    def taps(self) -> dict:
        """The stored result as the phone's buttons: what a "Change" form starts from."""
        r = self.result
        if r is None or r.kind != Result.PLAYED:
            return {}
        lead = self.entry.lead if self.entry else ""
        return taps_of(r.contract_level, r.contract_strain, r.doubled, r.declarer, r.tricks, lead)

    @property
    def contract_shown(self) -> str:
        """`4♠X by N +1`, `Passed out`, or the director's own line (an adjusted score)."""
        taps = self.taps
        if not taps:
            return self.result.text if self.result else ""
        return contract_shown(taps)

    @property
    def score_shown(self) -> str:
        """The score to the side that earned it, as players say it: `NS +450`, `EW +100`."""
        return score_shown(self.result.ns_score if self.result else None)

    @property
    def dealer(self) -> str:
        return self.board.dealer

    @property
    def vulnerability(self) -> str:
        return self.board.vulnerability


@dataclass
class TableRound:
    """What a table's phone shows: the round in front of it, and the moves around it."""

    link: TableLink
    rounds: int
    round: int | None  # None: every round at this table is done
    ns: Pair | None = None
    ew: Pair | None = None
    boards: list[BoardAtTable] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # after this round
    notes: list[str] = field(default_factory=list)
    previous: "TableRound | None" = None  # the round just finished, and where people go now
    sit_outs: list[int] = field(default_factory=list)
    rulings: list[BoardAtTable] = field(default_factory=list)  # queried in earlier rounds

    @property
    def stamp(self) -> str:
        """Changes whenever anything the phone shows changes."""
        parts: list[object] = [self.round, self.link.revoked_at]
        for boards in (self.boards, self.previous.boards if self.previous else (), self.rulings):
            parts.extend((b.board.pk, b.stamp) for b in boards)
        return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]

    @property
    def started(self) -> bool:
        """A result of this round is in: everyone has found their seat."""
        return any(b.result is not None for b in self.boards)

    @property
    def waiting_for_rulings(self) -> bool:
        return any(b.status == QUERIED for b in self.rulings)


def _seatings(link: TableLink):
    movement = link.section.movement()
    if movement is None:
        return None, []
    table = [s for s in movement.seatings if s.table == link.table]
    return movement, sorted(table, key=lambda s: s.round)


def table_round(link: TableLink) -> TableRound:
    """The first round at this table not yet confirmed, with its boards and results."""
    section = link.section
    movement, seatings = _seatings(link)
    if movement is None:
        return TableRound(link, 0, None)
    pairs = {pair.key: pair for pair in section_pairs(section.pk)}
    played = [s for s in seatings if s.is_played]
    ns_ids = {pairs[s.ns].pk for s in played}
    boards = {b.number: b for b in Board.objects.filter(section=section)}
    results = {
        (r.board_id, r.ns_pair_id): r
        for r in Result.objects.filter(board__section=section, ns_pair__in=ns_ids).select_related(
            "table_entry"
        )
    }
    travellers = show_travellers(section.event)
    cards = table_cards(section, movement)
    card = next(c for c in cards if c.table == link.table)
    rows = {row.round: row for row in card.rows}
    done, current, queried = None, None, []
    for seating in played:
        shown = _round(link, movement, seating, pairs, boards, results, rows)
        # A queried board is the director's: the table carries on with its next round.
        if all(b.status in (CONFIRMED, QUERIED) for b in shown.boards):
            done = shown
            queried += [b for b in shown.boards if b.entry and b.entry.queried_at]
            continue
        current = shown
        break
    current = current or TableRound(link, movement.rounds, None)
    current.rulings = queried
    current.previous = None
    if done is not None:
        # A played seating's round, so it has a number (None: every round is done).
        assert done.round is not None
        if current.round is None or done.round < current.round:
            current.previous = done
    current.sit_outs = [s.round for s in seatings if not s.is_played]
    if travellers:
        for each in (current, current.previous):
            _add_travellers(each)
    return current


def _round(link, movement, seating, pairs, boards, results, rows) -> TableRound:
    ns, ew = pairs[seating.ns], pairs[seating.ew]
    numbers = movement.boards_of_set(seating.board_set)
    at_table = [
        BoardAtTable(boards[n], results.get((boards[n].pk, ns.pk)), round=seating.round)
        for n in numbers
    ]
    row = rows.get(seating.round)
    return TableRound(
        link,
        movement.rounds,
        seating.round,
        ns,
        ew,
        at_table,
        row.moves if row else [],
        row.notes if row else [],
    )


def _add_travellers(shown: TableRound | None) -> None:
    """Law-abiding curiosity: a table sees a board's other results only once its own is
    confirmed (it can no longer change it), and only if the director allows it."""
    if shown is None:
        return
    confirmed = [b for b in shown.boards if b.status == CONFIRMED]
    if not confirmed:
        return
    lines = Result.objects.filter(board__in=[b.board for b in confirmed]).select_related(
        "ns_pair", "ew_pair"
    )
    by_board: dict[int, list[Result]] = {}
    for line in lines:
        by_board.setdefault(line.board_id, []).append(line)
    for b in confirmed:
        b.traveller = sorted(
            by_board.get(b.board.pk, []),
            key=lambda r: (r.ns_score is None, -(r.ns_score or 0), r.ns_pair.number),
        )


def _board_in_round(link: TableLink, board_id: int | None) -> tuple[BoardAtTable, TableRound]:
    """The board of the table's current round, or EntryError: a link reaches no other board."""
    shown = table_round(link)
    for b in shown.boards:
        if b.board.pk == board_id:
            return b, shown
    if board_id is None:
        raise EntryError("That board is not played at this table now.")
    number = (
        Board.objects.filter(pk=board_id, section=link.section)
        .values_list("number", flat=True)
        .first()
    )
    if number is None or shown.round is None:
        raise EntryError("That board is not played at this table now.")
    raise EntryError(f"Board {number} is not played at this table this round.")


def enter_result(
    link: TableLink,
    board_id: int | None,
    text: str,
    *,
    lead: str = "",
    expected_version: int = 0,
) -> Result:
    """Save the table's result for one board of its round. Raises EntryError (a confirmed
    board, a board of another table or round, a result the save path refuses)."""
    with transaction.atomic():
        versions.bump(link.section.event)
        at_table, shown = _board_in_round(link, board_id)
        refuse_if_locked(at_table)
        if text == PASSED_OUT:
            lead = ""  # nobody led: a lead typed before the pass was tapped goes
        # The board is in the table's round (_board_in_round): its seating has both pairs.
        assert shown.ns is not None and shown.ew is not None
        result = save_result(
            at_table.board,
            shown.ns,
            shown.ew,
            text,
            None,
            row=RowState(version=expected_version),
            source=source_of(link),
        )
        TableEntry.objects.update_or_create(
            result=result,
            defaults={
                "link": link, "entered_version": result.version, "lead": lead,
                "confirmed_at": None, "queried_at": None,
            },
        )  # fmt: skip
        return result


def conflict_message(conflict: EntryConflict, board_id: int) -> str:
    """A save that met a result stored meanwhile (the other phone at the table, or the
    director), told as the board's card writes results: "4♥ by W =", not "4H W ="."""
    stored = conflict.stored
    if stored is None:
        number = Board.objects.filter(pk=board_id).values_list("number", flat=True).first()
        return f"Meanwhile board {number}'s result was deleted. Check it, then enter it again."
    shown = BoardAtTable(stored.board, stored)
    score = f" ({shown.score_shown})" if shown.score_shown else ""
    return (
        f"Meanwhile board {stored.board.number} was saved as {shown.contract_shown}{score}. "
        "Check it, then agree or change it."
    )


def confirm(link: TableLink, board_id: int | None, expected_version: int) -> None:
    """The opponents agree with the result they were shown: from now on only the director
    changes it."""
    _answer(link, board_id, expected_version, confirmed_at=timezone.now(), queried_at=None)


def query(link: TableLink, board_id: int | None, expected_version: int) -> None:
    """The opponents disagree: the director is called (the grid shows it)."""
    _answer(link, board_id, expected_version, confirmed_at=None, queried_at=timezone.now())


def _answer(link, board_id, expected_version, **answer) -> None:
    with transaction.atomic():
        versions.bump(link.section.event)
        at_table, _ = _board_in_round(link, board_id)
        record_answer(at_table, at_table.result.text if at_table.result else "", expected_version,
                      answer)  # fmt: skip


def refuse_if_locked(board) -> None:
    """EntryError when only the director may change the board's result now (a pairs table's
    board, or a teams room's: what the phone shows of either, `locked`, `status`...)."""
    if board.locked:
        if board.status == QUERIED:
            who = "the director has been called for it"
        else:
            who = "the director entered it" if board.by_director else "it is confirmed"
        raise EntryError(
            f"Board {board.board.number}: {who}, so only the director can change it now."
        )


def record_answer(board, text: str, expected_version: int, answer: dict) -> None:
    """Store the opponents' answer (`answer`: the entry's fields) to the result `text` the
    board shows (a pairs table's board, or a teams room's), the caller holding the lock."""
    number = board.board.number
    if not text:
        raise EntryError(f"Board {number} has no result to confirm yet.")
    if board.version != expected_version:
        raise EntryError(f"Board {number} changed meanwhile: it now reads {text}. Check it again.")
    if board.locked:
        return  # confirmed already (on the other phone): nothing to do
    entry = board.entry
    assert entry is not None  # a result no phone entered is the director's: locked
    type(entry).objects.filter(pk=entry.pk).update(**answer)
