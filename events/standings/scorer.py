"""The one adapter between stored results and the scoring library.

A section is scored as a whole (or, when its session scores across the field, together with
the other sections): the common top, Law 12C2's session rule and fouled boards all reach
beyond one board. Stored points are a cache of this for the traveller pages; standings are
always computed afresh and exactly from the stored lines. A change to one board scores that
board alone where the scoring library shows the others cannot move (`rescore_board`).
"""

import threading
from collections import OrderedDict, defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache, partial

from django.db import connection, transaction
from django.db.models import Count, Max, Min, Q

import scoring
from events.core.prepared import prepared
from events.models import Board, Event, Penalty, Result

_LINE_FIELDS = (
    "pk", "board__number", "board__section_id", "ns_pair_id", "ew_pair_id", "kind", "text",
    "ns_score", "ns_percent", "ew_percent", "foul_group", "ns_points", "ew_points", "top",
)  # fmt: skip


@dataclass
class ScoringUnit:
    """The results scored together: one section, or every section of an across-field event."""

    event: Event
    section_ids: list[int]
    result_ids: list[int]
    stored: list[tuple]  # (ns_points, ew_points, top) as the database has them
    scored: list[scoring.ScoredResult]
    board_sets: dict[int, int]


def entry_of(kind, text, board_number, ns_score, ns_percent, ew_percent) -> scoring.Entry:
    if kind == Result.WEIGHTED:
        # The weights and their parts live in the canonical text the parser wrote.
        return scoring.parse_entry(text, board_number, confirmed=True)
    return scoring.Entry(kind, ns_score=ns_score, ns_percent=ns_percent, ew_percent=ew_percent)


@lru_cache(maxsize=16384)  # a 40-table, 36-board session has 1,440 lines
def _line(number, ns, ew, kind, text, ns_score, ns_percent, ew_percent, foul_group):
    """A stored line as the scoring library reads it, remembered: a save rescores a whole
    section whose other lines are as they were (a full 15-table section's 450 lines took 1 ms
    to build afresh, 0.03 ms from here)."""
    entry = entry_of(kind, text, number, ns_score, ns_percent, ew_percent)
    return scoring.ResultLine(number, ns, ew, entry, foul_group)


def _lines_of(rows) -> list[scoring.ResultLine]:
    """The scoring library's lines of stored rows (values of _LINE_FIELDS)."""
    return [
        _line(number, ns, ew, kind, text, score, ns_pct, ew_pct, foul_group)
        for _, number, _, ns, ew, kind, text, score, ns_pct, ew_pct, foul_group, *_ in rows
    ]


_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 64
_CACHE_LOCK = threading.Lock()


def _cache_key(event: Event, section_ids) -> tuple:
    # created_at tells apart sessions that reuse an id after a rollback.
    return (event.pk, event.created_at, event.version, tuple(section_ids))


def _remember(key: tuple, unit: ScoringUnit) -> None:
    with _CACHE_LOCK:
        _CACHE[key] = unit
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def cached_units(event: Event, section_id=None) -> list[ScoringUnit]:
    """The scored sections (those scored with `section_id`, or all), reused while the
    session's version is unchanged.

    Read pages only: the key holds the version the caller read *before* the results were
    loaded, so a cached entry is never older than its key (versions only go up). A change
    that rescored whole sections (`rescore`) puts that scoring here for the version it
    committed, so the pages after it do not score the section again.
    """
    groups = _section_groups(event, None if section_id is None else [section_id])
    units, missing = {}, []
    with _CACHE_LOCK:  # threaded servers: no eviction between a lookup and its reordering
        for group in groups:
            key = _cache_key(event, group)
            unit = _CACHE.get(key)
            if unit is None:
                missing.append(group)
            else:
                _CACHE.move_to_end(key)
                units[tuple(group)] = unit
    # Outside the lock: two threads may both score, harmlessly.
    for unit in _scored_groups(event, missing):
        _remember(_cache_key(event, unit.section_ids), unit)
        units[tuple(unit.section_ids)] = unit
    return [units[tuple(group)] for group in groups]


def _section_groups(event: Event, section_ids) -> list[list[int]]:
    """The sections scored together: across the field all of them, else each on its own."""
    if section_ids is not None and not event.across_field:
        return [[pk] for pk in section_ids]
    all_ids = list(event.sections.values_list("pk", flat=True))
    if event.across_field:
        return [all_ids]
    return [[pk] for pk in all_ids]


def scoring_units(event: Event, section_ids=None) -> list[ScoringUnit]:
    """Score the event's sections (those in `section_ids`, with their across-field partners)."""
    return _scored_groups(event, _section_groups(event, section_ids))


def _scored_groups(event: Event, groups: list[list[int]]) -> list[ScoringUnit]:
    if not groups:
        return []
    wanted = {pk for group in groups for pk in group}
    if len(wanted) == 1:
        (section,) = wanted
        rows, boards = _section_lines(section), _section_boards(section)
    else:  # every section of the session (of those cached already, the lines are unused)
        rows, boards = _event_lines(event.pk), _event_boards(event.pk)
    lines_by_section = defaultdict(list)
    for row in rows:
        lines_by_section[row[2]].append(row)
    boards_by_section = defaultdict(list)
    for board in boards:
        boards_by_section[board[0]].append(board)
    return [_score_unit(event, group, lines_by_section, boards_by_section) for group in groups]


_BOARD_FIELDS = ("section_id", "number", "expected_results", "board_set")


@prepared
def _section_lines(section):
    return Result.objects.filter(board__section=section).order_by("pk").values_list(*_LINE_FIELDS)


@prepared
def _section_boards(section):
    return Board.objects.filter(section=section).values_list(*_BOARD_FIELDS)


@prepared
def _event_lines(event):
    lines = Result.objects.filter(board__section__event=event)
    return lines.order_by("pk").values_list(*_LINE_FIELDS)


@prepared
def _event_boards(event):
    return Board.objects.filter(section__event=event).values_list(*_BOARD_FIELDS)


def _score_unit(event, section_ids, lines_by_section, boards_by_section) -> ScoringUnit:
    rows = [row for pk in section_ids for row in lines_by_section[pk]]
    expected: dict[int, int] = defaultdict(int)
    board_sets = {}
    for pk in section_ids:
        for _, number, due, board_set in boards_by_section[pk]:
            expected[number] += due
            board_sets[number] = board_set
    lines = _lines_of(rows)
    scored = scoring.score_section(event.scoring, lines, expected, event.scoring_options)
    return ScoringUnit(
        event,
        section_ids,
        [row[0] for row in rows],
        [tuple(row[-3:]) for row in rows],
        scored,
        board_sets,
    )


def rescore(event: Event, section_ids=None) -> int:
    """Store the points of every result whose points changed; returns how many changed."""
    changed = []
    for unit in scoring_units(event, section_ids):
        written = [_points_to_store(result) for result in unit.scored]
        changed += _changed(unit.result_ids, unit.stored, written)
        # The scoring is that of the version this transaction commits (it holds the session's
        # lock, and versions only go up): the read pages may reuse it once it is committed.
        key = _cache_key(event, unit.section_ids)
        transaction.on_commit(partial(_remember, key, replace(unit, stored=written)))
    _write_points(changed)
    return len(changed)


def rescore_board(event: Event, board: Board) -> int:
    """After a change to `board` alone: store the points of its lines, scored with the
    section's common due, when no other board's points can move (scoring.boards_apart, and at
    matchpoints the other boards' stored top is the new due's); else `rescore` the section.
    A full 15-table section's save read and compared 450 lines for the 15 that can change."""
    method, options = event.scoring, event.scoring_options
    if not scoring.boards_apart(method, options):
        return rescore(event, [board.section_id])
    # Across the field a board is scored with its namesakes in every section of the session.
    field = event.across_field
    scope = event.pk if field else board.section_id
    expected, tallies = _board_tallies((_event_tallies if field else _section_tallies)(scope))
    due = scoring.due_of(expected, [tally.counted for tally in tallies.values()])
    if method in scoring.MATCHPOINT_METHODS and _other_boards_moved(
        tallies,
        board.number,
        scoring.common_top(method, due),
        lambda tally: scoring.on_own_top(method, options, tally.adjusted > 0),
    ):
        return rescore(event, [board.section_id])
    rows = (_event_board_lines if field else _section_board_lines)(scope, board.number)
    lines = _lines_of(rows)
    scored = scoring.score_section(method, lines, expected, options, due=due)
    written = [_points_to_store(result) for result in scored]
    changed = _changed([row[0] for row in rows], [tuple(row[-3:]) for row in rows], written)
    _write_points(changed)
    return len(changed)


@dataclass
class _Tally:
    """One (board number, fouled group) across a scoring group's sections: how many of its
    results count (scoring.COUNTED_KINDS) and how many are adjusted, and the lowest and
    highest top stored on them."""

    counted: int = 0
    adjusted: int = 0
    low: float | None = None
    high: float | None = None


@prepared
def _section_board_lines(section, number):
    lines = Result.objects.filter(board__section=section, board__number=number)
    return lines.order_by("pk").values_list(*_LINE_FIELDS)


@prepared
def _event_board_lines(event, number):
    lines = Result.objects.filter(board__section__event=event, board__number=number)
    return lines.order_by("pk").values_list(*_LINE_FIELDS)


def _tallies(boards):
    """The boards, left-joined to their results, summed by board and fouled group."""
    return (
        boards.values("pk", "number", "expected_results", "results__foul_group")
        .annotate(
            counted=Count("results", filter=Q(results__kind__in=scoring.COUNTED_KINDS)),
            adjusted=Count("results", filter=Q(results__kind=Result.ADJUSTED)),
            low=Min("results__top"),
            high=Max("results__top"),
        )
        .order_by()
    )


@prepared
def _section_tallies(section):
    return _tallies(Board.objects.filter(section=section))


@prepared
def _event_tallies(event):
    return _tallies(Board.objects.filter(section__event=event))


def _board_tallies(rows) -> tuple[dict[int, int], dict[tuple[int, int], _Tally]]:
    """Each board number's expected results and each (board number, fouled group)'s tally,
    from `_tallies` rows (one query: a save is the hot path)."""
    expected: dict[int, int] = defaultdict(int)
    seen_boards, tallies = set(), defaultdict(_Tally)
    for row in rows:
        number = row["number"]
        if row["pk"] not in seen_boards:  # a board with two fouled groups comes twice
            seen_boards.add(row["pk"])
            expected[number] += row["expected_results"]
        if row["results__foul_group"] is None:
            continue  # no results yet
        tally = tallies[(number, row["results__foul_group"])]
        tally.counted += row["counted"]
        tally.adjusted += row["adjusted"]
        if row["low"] is not None:  # None: none scored yet
            tally.low = row["low"] if tally.low is None else min(tally.low, row["low"])
            tally.high = row["high"] if tally.high is None else max(tally.high, row["high"])
    return expected, tallies


def _other_boards_moved(tallies, number: int, top, on_own_top) -> bool:
    """Whether a board other than `number` has a line scored to another top than `top`; a
    board scored on its own top (`on_own_top(tally)`) does not follow the due, so stays."""
    top = float(top)
    return any(
        (tally.low, tally.high) != (top, top)
        for (other, _), tally in tallies.items()
        if other != number and tally.low is not None and not on_own_top(tally)
    )


_UPDATE_BATCH = 500  # rows a statement: 2,000 parameters, well under SQLite's 32,766


def _write_points(changed: list[tuple]) -> None:
    """Write (pk, ns_points, ew_points, top) rows, one UPDATE per batch. Django's bulk_update
    builds a CASE per row and field: 15 ms for a save's seven changed results, ten seconds for
    an import's 2,000. UPDATE … FROM (VALUES …) is standard in PostgreSQL and SQLite ≥ 3.33,
    and both name the VALUES columns column1, column2, …"""
    table = connection.ops.quote_name(Result._meta.db_table)
    columns = [
        connection.ops.quote_name(Result._meta.get_field(name).column)
        for name in ("id", "ns_points", "ew_points", "top")
    ]
    pk, ns_points, ew_points, top = columns
    row = (
        "(CAST(%s AS BIGINT), CAST(%s AS DOUBLE PRECISION), CAST(%s AS DOUBLE PRECISION), "
        "CAST(%s AS DOUBLE PRECISION))"
    )
    with connection.cursor() as cursor:
        for start in range(0, len(changed), _UPDATE_BATCH):
            batch = changed[start : start + _UPDATE_BATCH]
            cursor.execute(
                f"UPDATE {table} SET {ns_points} = fresh.column2, {ew_points} = fresh.column3, "
                f"{top} = fresh.column4 FROM (VALUES {', '.join([row] * len(batch))}) AS fresh "
                f"WHERE {table}.{pk} = fresh.column1",
                [value for values in batch for value in values],
            )


def _points_to_store(result: scoring.ScoredResult) -> tuple:
    """(ns_points, ew_points, top) as the database keeps them."""
    points = result.points
    return _stored_number(points.ns), _stored_number(points.ew), _stored_number(points.top)


def _changed(result_ids, stored, written) -> list[tuple]:
    """(pk, ns_points, ew_points, top) of each result whose points are not those stored."""
    return [
        (pk, *fresh)
        for pk, old, fresh in zip(result_ids, stored, written, strict=True)
        if fresh != old
    ]


def _stored_number(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def penalties_by_pair(event: Event, section_ids) -> dict[int, scoring.Penalty]:
    """Each pair's penalties in the session's sections `section_ids`, added up (a pair may have
    several)."""
    points: dict[int, Fraction] = defaultdict(Fraction)
    percent: dict[int, Fraction] = defaultdict(Fraction)
    for pair_id, section_id, amount, unit in _event_penalties(event.pk):
        if section_id in section_ids:
            (percent if unit == Penalty.PERCENT else points)[pair_id] += Fraction(amount)
    return {
        pair_id: scoring.Penalty(points[pair_id], percent[pair_id])
        for pair_id in points.keys() | percent.keys()
    }


@prepared
def _event_penalties(event):
    penalties = Penalty.objects.filter(pair__section__event=event)
    return penalties.values_list("pair_id", "pair__section_id", "amount", "unit")
