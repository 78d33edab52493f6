"""A table's phone in an individual: the round in front of it, its results saved through the
director's own save (events/individuals/entries.py: the event's lock, the same reading of a
result), and the opponents' answer, as at a pairs table (events/phone/table_round.py): a result
one side tapped is shown to the other, who agree (then only the director changes it) or call
the director, who rules that it stands or changes it.

The table moves on to its next round once every board of this one is agreed or queried: a
queried board is the director's, and the table need not wait for the ruling.
"""

import hashlib
from dataclasses import dataclass, field
from itertools import groupby

from django.db import transaction
from django.http import Http404
from django.utils import timezone

from events.core import versions
from events.entry.errors import EntryError
from events.individuals.entries import save_result
from events.individuals.models import (
    SEATS,
    IndividualEntry,
    IndividualEvent,
    IndividualPlay,
    IndividualTableLink,
)
from events.phone.table_round import QUERIED, record_answer, refuse_if_locked
from events.phone.taps import PASSED_OUT
from events.phone.text_board import BoardNumber, TextBoard, TextConflict
from scoring.entry import ADJUSTED, NOT_PLAYED

__all__ = ["PlayAtTable", "TableRound", "confirm", "enter_result", "query", "queried",
           "result_stands", "table_round"]  # fmt: skip


@dataclass
class PlayAtTable(TextBoard):
    """One board of the table's round as its phone sees it (the pairs BoardAtTable's face)."""

    play: IndividualPlay
    typed: dict | None = None  # what the table tapped, when the save was refused

    @property  # type: ignore[override]
    def board(self) -> BoardNumber:
        return BoardNumber(self.play.board)

    @property  # type: ignore[override]
    def entry(self) -> IndividualEntry | None:
        return getattr(self.play, "entry", None)  # a reverse one-to-one: None when no phone's

    @property
    def round(self) -> int:
        return self.play.round

    @property
    def result(self) -> str:
        return self.play.text

    @property
    def adjusted(self) -> bool:
        return self.play.kind in (ADJUSTED, NOT_PLAYED)

    @property
    def adjusted_shown(self) -> str:
        return "Not played" if self.play.kind == NOT_PLAYED else f"Adjusted: {self.play.text}"

    @property
    def ns_score(self) -> int | None:
        return self.play.ns_score


@dataclass
class TableRound:
    """What a table's phone shows: the round in front of it, the one just done, and the
    boards it queried in earlier rounds with the director's rulings."""

    link: IndividualTableLink
    rounds: int
    round: int | None  # None: every round at this table is done
    boards: list[PlayAtTable] = field(default_factory=list)
    previous: "TableRound | None" = None
    rulings: list[PlayAtTable] = field(default_factory=list)

    @property
    def seats(self) -> IndividualPlay | None:
        """The round's first play: who sits North, South, East and West."""
        return self.boards[0].play if self.boards else None

    @property
    def round_numbers(self) -> range:
        return range(1, self.rounds + 1)

    @property
    def started(self) -> bool:
        return any(b.result for b in self.boards)

    @property
    def waiting_for_rulings(self) -> bool:
        return any(b.status == QUERIED for b in self.rulings)

    @property
    def stamp(self) -> str:
        """Changes whenever anything the phone shows changes (the players' names too)."""
        seats = self.seats
        names = [str(getattr(seats, seat)) for seat in SEATS] if seats else []
        parts: list[object] = [self.round, names]
        for boards in (self.boards, self.previous.boards if self.previous else (), self.rulings):
            parts.extend((b.number, b.stamp) for b in boards)
        return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]


def table_round(link: IndividualTableLink, asked: int | None = None) -> TableRound:
    """The first round at this table not yet agreed or queried, with its boards; or round
    `asked`, when the phone asks for another (a table that played its rounds out of order)."""
    plays = (
        IndividualPlay.objects.filter(event_id=link.event_id, table=link.table)
        .select_related("north", "south", "east", "west", "entry")
        .order_by("round", "board")
    )
    rounds = IndividualEvent.objects.get(pk=link.event_id).layout.rounds
    done, current, queried_here, chosen = None, None, [], None
    for number, round_plays in groupby(plays, key=lambda play: play.round):
        shown = TableRound(link, rounds, number, [PlayAtTable(play) for play in round_plays])
        if number == asked:
            chosen = shown
        if current is not None:
            continue
        if all(b.locked for b in shown.boards):
            done = shown
            queried_here += [b for b in shown.boards if b.entry and b.entry.queried_at]
        else:
            current = shown
    current = current or TableRound(link, rounds, None)
    if chosen is not None and chosen.round != current.round:
        current, done = chosen, None
    current.rulings = queried_here
    current.previous = done
    return current


def _board(link, number: int | None, *, past: bool = False, asked=None) -> PlayAtTable:
    """The board of the table's current round, or of the round the phone asked for (or,
    `past`, of the round just done): a link reaches no other (404, nothing stored)."""
    shown = table_round(link, asked)
    boards = shown.boards + (shown.previous.boards if past and shown.previous else [])
    for board in boards:
        if board.number == number:
            return board
    raise Http404("No such board at this table this round")


def enter_result(
    link: IndividualTableLink,
    number: int | None,
    text: str,
    *,
    lead="",
    expected_version=0,
    asked: int | None = None,
) -> None:
    """Save the table's result of one board of its round. Raises EntryError (an agreed or
    queried board, a result the save refuses) or TextConflict (saved meanwhile)."""
    with transaction.atomic():
        versions.bump(link.event)  # the event's row first: a change's lock
        board = _board(link, number, asked=asked)
        refuse_if_locked(board)
        if board.version != expected_version:
            raise TextConflict(board)
        try:
            save_result(board.play, text, confirmed=True, lead="" if text == PASSED_OUT else lead)
        except ValueError as error:
            raise EntryError(str(error)) from None
        IndividualEntry.objects.update_or_create(
            play=board.play,
            defaults={"link": link, "result": board.play.text, "confirmed_at": None,
                      "queried_at": None, "ruling": ""},
        )  # fmt: skip


def confirm(link, number: int | None, expected_version: int, asked: int | None = None) -> None:
    """The opponents agree with the result they were shown: only the director changes it now."""
    _answer(link, number, expected_version, asked, confirmed_at=timezone.now(), queried_at=None)


def query(link, number: int | None, expected_version: int, asked: int | None = None) -> None:
    """The opponents disagree: the director is called (the board's traveller shows it)."""
    _answer(link, number, expected_version, asked, confirmed_at=None, queried_at=timezone.now())


def _answer(link, number, expected_version, asked, **answer) -> None:
    with transaction.atomic():
        versions.bump(link.event)
        # The other phone may have moved the table on: the round just done answers too.
        board = _board(link, number, past=True, asked=asked)
        record_answer(board, board.result, expected_version, answer)


def queried(event: IndividualEvent, board: int | None = None) -> list[PlayAtTable]:
    """The phones' results the opponents did not agree to, awaiting the director's ruling
    (of one board, or of every board)."""
    entries = IndividualEntry.objects.filter(play__event=event, queried_at__isnull=False)
    if board is not None:
        entries = entries.filter(play__board=board)
    plays = [entry.play for entry in entries.select_related("play").order_by("play__board")]
    return [b for b in map(PlayAtTable, plays) if b.status == QUERIED]


def result_stands(event: IndividualEvent, board: int | None, table: int | None) -> bool:
    """The director's ruling on a queried result: it stands (the phones show so, and it is the
    director's from now on). False when there is no such query (ruled on meanwhile)."""
    with transaction.atomic():
        versions.bump(event)
        for b in queried(event, board):
            if b.play.table == table:
                IndividualEntry.objects.filter(play=b.play).update(ruling=IndividualEntry.STANDS)
                return True
        return False
