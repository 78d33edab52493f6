"""Late changes: a section's movement changed after results are in (ACBLscore's LATE command).

A late pair fills a half table, a late table joins, the director switches to a bigger movement
or cuts rounds. Every result the new movement still seats (the same NS pair against the same
EW pair on the same board: scoring.movement_changes) is kept; the others are named in the
preview, before anything is stored, and only removed when the director confirms the very
list the preview showed. Removed results stay in their boards' history, and the change itself
in the session's (SessionChange).

In a session of several sections the change is one section's: its results, pairs, boards and
table links alone are touched, and only its standings rescored (across the field, where the
sections share their boards' scoring, the whole field is rescored; every other section's
results stay as they were, only their matchpoints move with the field).

Like every change to a session, one transaction takes the session's row lock first
(events/core/versions.py), makes the change, rescores and moves the version on, so open pages
refresh.
"""

import copy
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

import scoring
from events.core import versions
from events.models import Event, Pair, Result, ResultChange, Section, SessionChange, TableLink
from events.phone.links import ensure_links
from events.sessions.lifecycle import MovementChangeRefused, sync_boards
from events.sessions.setup import SectionPlan, sections_error
from events.standings import scorer
from scoring.domain import Direction, MovementKind
from scoring.movement_changes import fits

SOURCE = "movement changed"


@dataclass(frozen=True)
class Wanted:
    """The movement the director asks for: tables, the half table's missing pair, rounds."""

    tables: int
    phantom: str = ""  # "NS"/"EW" (Mitchell), "any" (Howell), "" a full last table
    rounds: int | None = None  # None: all of the movement's rounds


@dataclass
class LateChange:
    """What the change would do, read before anything is stored."""

    section: Section  # as it would be (not saved)
    movement: scoring.Movement
    before: str
    after: str
    kept: list[tuple[Result, int]] = field(default_factory=list)  # result, its new round
    removed: list[Result] = field(default_factory=list)
    new_pairs: list[scoring.Pair] = field(default_factory=list)
    gone_pairs: list[Pair] = field(default_factory=list)
    several: bool = False  # the session has other sections, which the change leaves alone

    @property
    def new_pair_names(self) -> list[str]:
        return [f"{pair.direction} {pair.number}".strip() for pair in self.new_pairs]

    @property
    def removed_ids(self) -> frozenset[int]:
        return frozenset(result.pk for result in self.removed)


def changeable_section(event: Event) -> Section | None:
    """The section whose movement the director may change: a session's one generated
    movement (several sections, or an imported session, have none)."""
    sections = list(event.sections.all())
    if len(sections) == 1 and sections[0].movement() is not None:
        return sections[0]
    return None


def changeable_sections(event: Event) -> list[Section]:
    """The sections whose movement the director may change, one at a time: each section with
    a generated movement (an imported one has none)."""
    return [section for section in event.sections.all() if section.movement() is not None]


def section_named(event: Event, name: str) -> Section | None:
    """The session's section called `name` (whatever its case), if it has one."""
    wanted = name.strip().upper()
    return next((s for s in event.sections.all() if s.name.upper() == wanted), None)


def describe(section: Section) -> str:
    """The section's movement in words, its half table too: "7-table Mitchell, 7 rounds,
    half table (EW 7 absent)"."""
    movement = section.movement()
    name = movement.name if movement else "no movement"
    if section.phantom in (Direction.NS, Direction.EW):
        return f"{name}, half table ({section.phantom} {section.tables} absent)"
    if section.phantom:
        return f"{name}, half table ({2 * section.tables - 1} pairs)"
    return name


def result_line(result: Result) -> str:
    return f"Board {result.board.number}: {result.ns_pair} v {result.ew_pair}: {result.text}"


def preview(section: Section, wanted: Wanted) -> LateChange:
    """What changing `section` to `wanted` keeps and removes; MovementChangeRefused (in the
    director's words) when it cannot be done. Stores nothing."""
    event = section.event
    if event.finalised:
        raise MovementChangeRefused(
            "The results are final: the movement no longer changes (the scores players were "
            "given would move)."
        )
    if section.movement() is None:
        raise MovementChangeRefused("This section has no movement (it was imported).")
    changed = _changed_section(section, wanted)
    # A published or typed movement stays when it still fits; else Clubscore's own takes over.
    named = [(section.library, section.typed)] if section.library or section.typed else []
    # The session's other sections stay as they are; the session's size counts them too.
    others = [_plan(other) for other in event.sections.all() if other.pk != section.pk]
    for changed.library, changed.typed in [*named, ("", "")]:
        plan = SectionPlan(
            section.name, wanted.tables, wanted.phantom, wanted.rounds, changed.relay,
            changed.arrow_switch, changed.library, changed.typed, changed.barometer,
        )  # fmt: skip
        plans = sorted([*others, plan], key=lambda p: p.name)
        problem = sections_error(event.movement, plans, event.boards_per_round, event.scoring)
        if not problem:
            break
    if problem:
        raise MovementChangeRefused(problem)
    movement = changed.movement()
    if wanted.rounds is not None and movement.rounds != wanted.rounds:
        raise MovementChangeRefused(
            f"This movement plays all its {movement.rounds} rounds; it cannot be shortened."
        )
    before, after = describe(section), describe(changed)
    if before == after:
        raise MovementChangeRefused(f"The section already plays this movement: {before}.")
    change = LateChange(changed, movement, before, after, several=bool(others))
    for result in Result.objects.for_section(section).order_by("board__number", "pk"):
        play = fits(movement, result.board.number, result.ns_pair.key, result.ew_pair.key)
        if play is None:
            change.removed.append(result)
        else:
            change.kept.append((result, play.round))
    _pairs(section, change)
    return change


def _plan(section: Section) -> SectionPlan:
    """The section as set up, for checking the session's sections together (a barometer's
    rounds are not a plain Mitchell's: an even barometer Mitchell plays all its tables)."""
    return SectionPlan(
        section.name, section.tables, section.phantom, section.rounds, section.relay,
        section.arrow_switch, section.library, section.typed, section.barometer,
    )  # fmt: skip


def _changed_section(section: Section, wanted: Wanted) -> Section:
    changed = copy.copy(section)
    changed.tables, changed.phantom, changed.rounds = wanted.tables, wanted.phantom, wanted.rounds
    # A relay-and-bye-stand Mitchell stays one while its tables stay even.
    changed.relay = section.relay and wanted.tables % 2 == 0
    if section.event.movement == MovementKind.HOWELL and wanted.phantom not in ("", "any"):
        raise MovementChangeRefused("In a Howell the half table's missing pair has no direction.")
    if section.event.movement != MovementKind.HOWELL and wanted.phantom == "any":
        raise MovementChangeRefused("In a Mitchell the missing pair sits NS or EW.")
    return changed


def _pairs(section: Section, change: LateChange) -> None:
    """The pairs the new movement adds, and those it drops: a pair with results is never
    dropped (fewer tables than the results need)."""
    seated = set(change.movement.pairs)
    existing = {pair.key: pair for pair in section.pairs.all()}
    change.new_pairs = sorted(seated - set(existing), key=lambda p: (p.direction or "", p.number))
    change.gone_pairs = sorted(
        (pair for key, pair in existing.items() if key not in seated),
        key=lambda pair: (pair.direction != Direction.NS, pair.number),
    )
    with_results = [
        pair
        for pair in change.gone_pairs
        if any(pair.pk in (r.ns_pair_id, r.ew_pair_id) for r in change.removed)
    ]
    if with_results:
        names = ", ".join(str(pair) for pair in with_results)
        raise MovementChangeRefused(
            f"Fewer tables than the results need: {names} "
            f"{'has' if len(with_results) == 1 else 'have'} results and no seat in the new "
            f"movement ({change.after}). Keep at least {section.tables} tables."
        )


def apply(section: Section, wanted: Wanted, *, user, confirmed: frozenset[int]) -> SessionChange:
    """Make the change previewed, removing exactly the results `confirmed` names: if the
    results to remove are not those (someone entered or deleted one meanwhile), nothing
    changes and MovementChangeRefused says to look again."""
    with transaction.atomic():
        versions.bump(section.event)
        section = Section.objects.select_related("event").get(pk=section.pk)
        change = preview(section, wanted)
        if change.removed_ids != confirmed:
            raise MovementChangeRefused(
                "The results changed since the preview: look at what the change keeps and "
                "removes again, then confirm."
            )
        record = _remove(section, change, user)
        changed = change.section
        changed.save(update_fields=["tables", "phantom", "rounds", "relay", "library", "typed"])
        Pair.objects.filter(pk__in=[pair.pk for pair in change.gone_pairs]).delete()
        Pair.objects.bulk_create(
            Pair(section=section, number=p.number, direction=p.direction or "")
            for p in change.new_pairs
        )
        sync_boards(changed, change.movement)
        for result, new_round in change.kept:
            if result.round is not None and result.round != new_round:
                Result.objects.filter(pk=result.pk).update(round=new_round)
        # Phones of tables the new movement no longer has are shut out; new tables get links.
        TableLink.objects.filter(
            section=section, table__gt=changed.tables, revoked_at__isnull=True
        ).update(revoked_at=timezone.now())
        ensure_links(changed)
        # This section alone (with its partners across the field, if scored so).
        scorer.rescore(Event.objects.get(pk=section.event_id), [section.pk])
    return record


def _remove(section: Section, change: LateChange, user) -> SessionChange:
    for result in change.removed:
        ResultChange.objects.create(
            board=result.board, ns_pair=result.ns_pair, ew_pair=result.ew_pair,
            action=ResultChange.DELETED, old_text=result.text, old_ns_score=result.ns_score,
            changed_by=user if user and user.is_authenticated else None, source=SOURCE,
        )  # fmt: skip
    Result.objects.filter(pk__in=change.removed_ids).delete()
    # In a session of several sections the history names the section changed.
    label = f"Section {section.name}: " if change.several else ""
    return SessionChange.objects.create(
        event=section.event,
        section_name=section.name,
        changed_by=user if user and user.is_authenticated else None,
        before=f"{label}{change.before}",
        after=f"{label}{change.after}",
        kept=len(change.kept),
        removed="\n".join(result_line(result) for result in change.removed),
    )
