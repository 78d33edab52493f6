"""Finalising a session, and what players are shown of the corrections made after it.

Before finalising, the director is told what is still open (`outstanding`): the results still
missing, table by table and round by round, and the boards a table queried (the opponents
pressed "Not agreed"). Finalising closes the table links (events/phone/links.py) and, from then
on, a result changes only by a correction with its reason (events/entry/); `corrections`
lists them for players.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.urls import reverse

from events.core import versions
from events.core.queries import section_pairs
from events.entry.rows import missing_boards
from events.models import Board, Event, Pair, Result, ResultChange, Section, TableEntry
from events.standings import frozen

__all__ = [
    "CorrectionLine", "MissingRound", "Outstanding", "QueriedBoard", "corrections",
    "finalise_session", "outstanding",
]  # fmt: skip


@dataclass
class MissingRound:
    """A table's round with boards not yet entered."""

    section: Section
    table: int
    round: int
    ns: Pair
    ew: Pair
    boards: list[int]
    url: str


@dataclass
class QueriedBoard:
    """A result entered at a table whose opponents pressed "Not agreed", untouched since."""

    result: Result
    table: int


@dataclass
class Outstanding:
    several_sections: bool
    rounds: list[MissingRound] = field(default_factory=list)
    # Boards of sections without a movement (imported): only how many results each lacks.
    boards: list[tuple[Board, int]] = field(default_factory=list)
    queried: list[QueriedBoard] = field(default_factory=list)

    @property
    def missing(self) -> int:
        return sum(len(r.boards) for r in self.rounds) + sum(n for _, n in self.boards)


def outstanding(event: Event) -> Outstanding:
    """What the director is asked about before finalising."""
    sections = list(event.sections.all())
    found = Outstanding(several_sections=len(sections) > 1)
    for section in sections:
        section.event = event
        if section.movement() is None:
            found.boards += missing_boards(section)
        else:
            found.rounds += _missing_rounds(section)
    entries = TableEntry.objects.filter(
        result__board__section__event=event,
        queried_at__isnull=False,
        entered_version=F("result__version"),  # the director has not changed it since
    ).select_related("link", "result__board__section", "result__ns_pair", "result__ew_pair")
    entries = entries.order_by("result__board__section__name", "result__board__number")
    found.queried = [QueriedBoard(entry.result, entry.link.table) for entry in entries]
    return found


def _missing_rounds(section: Section) -> list[MissingRound]:
    """Each table's round, in round order, with the boards neither of its pairs has a result
    on (a result the director moved to other pairs counts where it was entered)."""
    movement = section.movement()
    pairs = {pair.key: pair for pair in section_pairs(section.pk)}
    boards = dict(Board.objects.filter(section=section).values_list("number", "pk"))
    played = set()
    for board_id, ns_id, ew_id in Result.objects.filter(board__section=section).values_list(
        "board", "ns_pair", "ew_pair"
    ):
        played |= {(board_id, ns_id), (board_id, ew_id)}
    missing = []
    for seating in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        if not seating.is_played:
            continue
        ns, ew = pairs[seating.ns], pairs[seating.ew]
        numbers = [
            number
            for number in movement.boards_of_set(seating.board_set)
            if (boards[number], ns.pk) not in played and (boards[number], ew.pk) not in played
        ]
        if numbers:
            where = reverse("table_round", args=[section.pk, seating.table, seating.round])
            missing.append(
                MissingRound(section, seating.table, seating.round, ns, ew, numbers, where)
            )
    return missing


def finalise_session(event: Event) -> bool:
    """Make the results final (the table links stop working); False if they were already."""
    with transaction.atomic():  # the update takes the session's row lock, as a save does
        unfinished = Event.objects.filter(pk=event.pk, finalised=False)
        done = bool(versions.bump(unfinished, finalised=True))
        if done:  # the strata and handicaps the players are given, kept as they are now
            frozen.freeze(event)
    event.refresh_from_db()
    return done


@dataclass
class CorrectionLine:
    """One correction as players see it."""

    changed_at: object
    section: str
    several_sections: bool  # then the section is named
    board: int
    ns: int
    ew: int
    was: str
    now: str
    reason: str  # "" when the director did not publish it (directors see it anyway)
    public: bool

    @property
    def pairs(self) -> str:
        return f"NS {self.ns} v EW {self.ew}"

    @property
    def where(self) -> str:
        """Like "board 4, NS 3 v EW 5", with the section where there are several."""
        section = f"section {self.section}, " if self.several_sections else ""
        return f"{section}board {self.board}, {self.pairs}"


def corrections(event: Event, *, director=False) -> list[CorrectionLine]:
    """Every correction of the session since it was finalised, the latest first; a reason
    the director kept private only for the club's directors."""
    if event.corrected_at is None:
        return []  # nothing corrected: no query
    changes = (
        ResultChange.objects.filter(ns_pair__section__event=event)
        .exclude(reason="")
        .select_related("board", "ns_pair__section", "ew_pair")
    )
    several = event.sections.count() > 1
    return [
        CorrectionLine(
            changed_at=change.changed_at,
            section=change.ns_pair.section.name,
            several_sections=several,
            board=change.board.number if change.board else change.former_board_number,
            ns=change.ns_pair.number,
            ew=change.ew_pair.number,
            was=change.old_text or "not entered",
            now=change.new_text or "deleted",
            reason=change.reason if change.reason_public or director else "",
            public=change.reason_public,
        )
        for change in changes
    ]
