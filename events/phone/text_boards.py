"""A board as a phone shows it where the result is known by its text alone (a teams room's, a
Swiss pairs table's): the face of the pairs BoardAtTable (events/phone/table_round.py) that
the shared templates read, its status from the phone's entry and the stored text.
"""

from dataclasses import dataclass
from typing import Any

import scoring
from events.entry.errors import EntryConflict, EntryError
from events.phone.table_round import CONFIRMED, MISSING, QUERIED, entry_status
from events.phone.taps import text_version

__all__ = ["BoardByText", "BoardChanged", "BoardNumber"]


@dataclass(frozen=True)
class BoardNumber:
    """A board as the shared phone templates name it (`b.board.pk`, `b.board.number`): within
    one link's match the board's number is its name."""

    number: int

    @property
    def pk(self) -> int:
        return self.number


class BoardByText:
    """What the phone shows of a board: the subclass (a dataclass) gives `board`, `entry` (the
    phone's entry: its `result` text, times and ruling, or None), `typed`, and the stored
    `result` text ("" when none); `adjusted` when the director gave an artificial score."""

    board: BoardNumber
    entry: Any
    typed: dict | None
    traveller = None  # no traveller: the other tables' scores are the match's IMPs
    result: str

    @property
    def number(self) -> int:
        return self.board.number

    @property
    def adjusted(self) -> bool:
        return False

    @property
    def by_director(self) -> bool:
        """Typed (or last changed) by the director, or given an artificial score."""
        return self.adjusted or (
            bool(self.result) and (self.entry is None or self.entry.result != self.result)
        )

    @property
    def status(self) -> str:
        if self.adjusted:
            return CONFIRMED
        if not self.result:
            return MISSING
        if self.entry is None:
            return CONFIRMED
        e = self.entry
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
        return {}

    @property
    def contract_shown(self) -> str:
        return self.result

    @property
    def score_shown(self) -> str:
        return ""

    @property
    def form_taps(self) -> dict:
        return self.typed if self.typed is not None else self.taps

    @property
    def dealer(self) -> str:
        return scoring.board_dealer(self.number)

    @property
    def vulnerability(self) -> str:
        return scoring.board_vulnerability(self.number)


class BoardChanged(EntryConflict):
    """The board's result changed since the phone showed it (the other phone at the table, or
    the director): nothing was stored. Said in words, with the result now stored."""

    def __init__(self, board: BoardByText):
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
