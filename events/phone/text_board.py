"""A board as a phone shows it where the result is kept as its text (a teams room's result, an
individual's play), with the phone's entry of it and the opponents' answer, as at a pairs
table (events/phone/table_round.py): a result one side saved is shown to the other, who agree
(then only the director changes it) or call the director.

The phone sends back the result it was shown as a number (`text_version`); a save or an
answer over a result it has not seen is refused, not stored.
"""

import zlib
from dataclasses import dataclass
from typing import Any

import scoring
from events.entry.errors import EntryConflict, EntryError
from events.phone.table_round import CONFIRMED, MISSING, QUERIED, entry_status
from events.phone.taps import contract_shown, score_shown, taps_of


def text_version(text: str) -> int:
    """A stored result's text as a number (0: none), what the phone sends back with a save."""
    return zlib.crc32(text.encode()) + 1 if text else 0


@dataclass(frozen=True)
class BoardNumber:
    """A board as the shared phone templates name it (`b.board.pk`, `b.board.number`): within
    one link's boards the board's number is its name."""

    number: int

    @property
    def pk(self) -> int:
        return self.number


class TextBoard:
    """What the shared templates (events/phone/_board.html) read of a board. A subclass gives
    `board` (a BoardNumber), `result` (the stored text, "" when none), `entry` (the phone's
    entry: its `result` text, `lead`, `confirmed_at`, `queried_at`, `ruling`; or None),
    `adjusted`, `adjusted_shown` and `ns_score`."""

    board: BoardNumber
    entry: Any
    typed: dict | None = None  # what the phone tapped, when the save was refused
    traveller = None  # these phones show no traveller

    @property
    def result(self) -> str:
        raise NotImplementedError

    @property
    def adjusted(self) -> bool:
        raise NotImplementedError

    @property
    def adjusted_shown(self) -> str:
        raise NotImplementedError

    @property
    def ns_score(self) -> int | None:
        raise NotImplementedError

    @property
    def number(self) -> int:
        return self.board.number

    @property
    def by_director(self) -> bool:
        """Typed (or last changed) by the director, or given an artificial score."""
        entry = self.entry
        changed = entry is None or entry.result != self.result
        return self.adjusted or (bool(self.result) and changed)

    @property
    def status(self) -> str:
        if self.adjusted:
            return CONFIRMED
        if not self.result:
            return MISSING
        e = self.entry
        if e is None:
            return CONFIRMED
        return entry_status(self.result, e.result, e.confirmed_at, e.queried_at, e.ruling)

    @property
    def ruling(self) -> str:
        """The director's decision on the opponents' query: "stands", "changed", or ""."""
        if self.entry is None or self.entry.queried_at is None:
            return ""
        return "changed" if self.by_director else self.entry.ruling

    @property
    def locked(self) -> bool:
        return self.status in (CONFIRMED, QUERIED)

    @property
    def version(self) -> int:
        return text_version(self.result)

    @property
    def stamp(self) -> str:
        return f"{self.version}-{self.status}-{self.ruling}"

    @property
    def taps(self) -> dict:
        """The stored result as the phone's buttons ({} for a bare score or none)."""
        if not self.result or self.adjusted:
            return {}
        read = scoring.parse_entry(self.result, self.number)
        contract = read.contract
        if contract is None:
            return {}
        entry = self.entry
        lead = entry.lead if entry and entry.result == self.result else ""
        return taps_of(
            contract.level, contract.strain, contract.doubled, read.declarer, read.tricks, lead
        )

    @property
    def form_taps(self) -> dict:
        return self.typed if self.typed is not None else self.taps

    @property
    def contract_shown(self) -> str:
        if self.adjusted:
            return self.adjusted_shown
        taps = self.taps
        return contract_shown(taps) if taps else self.result

    @property
    def score_shown(self) -> str:
        return score_shown(self.ns_score) if self.result else ""

    @property
    def dealer(self) -> str:
        return scoring.board_dealer(self.number)

    @property
    def vulnerability(self) -> str:
        return scoring.board_vulnerability(self.number)


class TextConflict(EntryConflict):
    """The board's result changed since the phone showed it (the other phone at the table, or
    the director): nothing was stored. Said in words, the stored result as the phone shows it."""

    def __init__(self, board: TextBoard):
        if not board.result:
            message = (
                f"Meanwhile board {board.number}'s result was taken off. Check it, then enter "
                "it again."
            )
        else:
            score = f" ({board.score_shown})" if board.score_shown else ""
            message = (
                f"Meanwhile board {board.number} was saved as {board.contract_shown}{score}. "
                "Check it, then agree or change it."
            )
        EntryError.__init__(self, message)
        self.stored, self.typed = None, None  # the pairs conflict's facts: said in `message`
        self.board = board
