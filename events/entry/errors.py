"""Why a result was not stored, in the director's words: the refusals of events.entry."""

import scoring
from events.models import Result


class EntryError(ValueError):
    """Bad input, explained in the director's words: nothing was stored."""


class EntryWarning(EntryError):
    """Probably a slip of the pen; the director may confirm and save anyway."""


class MovementWarning(EntryWarning):
    """The movement does not send this pair to this board; the director may override."""


class CorrectionNeeded(EntryError):
    """The session is final: this change is a correction, made only with its reason."""


class SessionFinal(ValueError):
    """A change final results no longer take, in the director's words: nothing was stored."""


class EntryConflict(EntryError):
    """The row changed after the typist last saw it (another typist, another tab): nothing was
    replaced. `stored` is what the row holds now (None: it was deleted), `typed` what the typist
    meant to store (None: they meant to clear the row)."""

    def __init__(self, stored: Result | None, typed: scoring.Entry | None):
        self.stored, self.typed = stored, typed
        if stored is None:
            message = "This result was deleted meanwhile."
        else:
            message = f"Meanwhile this row was saved as {stored.text}."
        super().__init__(message)
