"""A teams event played over several sessions (a Swiss over two days is one event): which rounds
each session holds, each session's own results, and the standings after it.

The event stays one event: its draw and its VPs run on from round to round whatever the
session. A session only groups rounds for the pages, as a multi-session pairs championship's
standings are shown after each session and live during the last (docs/rules.md, "Teams over
several sessions").
"""

import re
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import models

MAX_SESSIONS = 4  # as a pairs championship: an afternoon and an evening over two days
_LIST = re.compile(r"\d{1,2}(?:\s*,\s*\d{1,2})*")


class SessionsField(models.Model):
    """The rounds of each session, as the director typed them ("4, 3"); blank: one session."""

    session_rounds = models.CharField(
        max_length=20,
        blank=True,
        verbose_name="Rounds in each session",
        help_text="Played over several sessions (a Swiss over two days): the rounds of each, "
        "e.g. 4, 3. The pages then show each session's results and the standings after it. "
        "Blank: one session.",
    )

    class Meta:
        abstract = True


@dataclass(frozen=True)
class TeamsSession:
    number: int
    first_round: int
    last_round: int  # a round robin's sessions end with its last round, however many

    @property
    def rounds(self) -> range:
        return range(self.first_round, self.last_round + 1)

    @property
    def label(self) -> str:
        if self.first_round == self.last_round:
            return f"Session {self.number} (round {self.first_round})"
        return f"Session {self.number} (rounds {self.first_round}–{self.last_round})"


def parse_session_rounds(text: str, rounds: int | None) -> list[int]:
    """The rounds of each session typed as "4, 3"; `rounds` the event's (None: a round robin's,
    not known until its teams are in, so the last session takes whatever is left)."""
    text = text.strip()
    if not text:
        return []
    if not _LIST.fullmatch(text):
        raise ValidationError(
            "Type the rounds of each session as whole numbers with commas, e.g. 4, 3."
        )
    counts = [int(part) for part in text.split(",")]
    if not 2 <= len(counts) <= MAX_SESSIONS:
        raise ValidationError(
            f"Two to {MAX_SESSIONS} sessions, or leave it blank for one; you typed {len(counts)}."
        )
    if 0 in counts:
        raise ValidationError("Every session plays at least one round.")
    if rounds is not None and sum(counts) != rounds:
        raise ValidationError(
            f"The sessions' rounds add up to {sum(counts)}, but the event plays {rounds}."
        )
    return counts


def event_sessions(event, rounds_total: int) -> list["TeamsSession"]:
    """The event's sessions, in order (none: it is played in one)."""
    try:
        counts = parse_session_rounds(event.session_rounds, None)
    except ValidationError:
        return []  # stored before a check existed: shown as one session rather than wrongly
    sessions, first = [], 1
    for number, count in enumerate(counts, start=1):
        if rounds_total and first > rounds_total:
            break  # a round robin of fewer rounds than typed: no round left for this session
        last = first + count - 1
        if number == len(counts):
            last = max(last, rounds_total)
        if rounds_total:
            last = min(last, rounds_total)  # the last session ends with the event
        sessions.append(TeamsSession(number, first, last))
        first = last + 1
    return sessions if len(sessions) > 1 else []
