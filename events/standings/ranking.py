"""Standings of a session's sections, computed exactly from the stored traveller lines."""

from collections.abc import Hashable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import Any

import scoring
from events.core.queries import section_pairs
from events.models import Event, Pair, Section
from events.standings import stored
from events.standings.frozen import frozen_handicaps, frozen_strata
from events.standings.handicaps import pair_handicaps
from events.standings.masterpoints import group_awards, rule_of
from events.standings.scorer import cached_units, penalties_by_pair
from events.standings.strata import pair_strata, places_in_strata
from scoring.domain import Direction


@dataclass(frozen=True)
class StandingRow:
    pair: Pair
    total: float  # as printed: raw or factored, less penalties
    percentage: float | None
    rank: str
    boards: int
    average: float | None = None  # IMPs per board played
    penalty: float = 0.0
    exact_percentage: Fraction | None = None
    points: Fraction | None = None  # exact: earned less penalties, not factored
    possible: Fraction | None = None  # what the percentage is of (scoring.Standing.possible)
    masterpoints: scoring.Award | None = None  # under the club's masterpoint rule, if any
    exact_average: Fraction | None = None
    strata: str = ""  # a stratified session's places in each stratum, "A 3= · B 1"
    handicap: Fraction | None = None  # a handicapped session's: the pair's handicap,
    handicapped: Fraction | None = None  # its percentage with the handicap added,
    handicapped_rank: str = ""  # and its place by that percentage


@dataclass(frozen=True)
class StandingGroup:
    title: str
    rows: list[StandingRow]


def event_standings(
    event: Event, pairs=None, *, handicaps: bool = True
) -> list[tuple[Section, list[StandingGroup]]]:
    """(section, groups) for every section; across the field, one set of groups for all.
    `handicaps=False` leaves out a handicapped session's handicaps (which read the sessions
    before it)."""
    sections = {section.pk: section for section in event.sections.all()}
    if pairs is None:
        pairs = Pair.objects.filter(section__event=event).select_related("section")
    pairs = {pair.pk: pair for pair in pairs}
    shown = []
    for unit in cached_units(event):
        members = [pk for pk, pair in pairs.items() if pair.section_id in unit.section_ids]
        groups = _groups(event, unit, members, pairs, handicaps)
        shown.append((sections[unit.section_ids[0]], groups))
    return shown


def section_standings(section: Section, pairs=None) -> list[StandingGroup]:
    """The groups a section's pairs are ranked in (its own, or across the field)."""
    event = section.event
    if event.across_field:
        pairs = Pair.objects.filter(section__event=event).select_related("section")
    elif pairs is None:
        pairs = section_pairs(section.pk)
    pairs = {pair.pk: pair for pair in pairs}
    (unit,) = cached_units(event, section.pk)
    members = [pk for pk, pair in pairs.items() if pair.section_id in unit.section_ids]
    return _groups(event, unit, members, pairs)


def plain_standings(event, unit, members, pairs, penalties) -> list[StandingGroup]:
    """Standings of a unit's scored lines alone, with the penalties given: no masterpoints,
    strata or handicaps, and no query (a barometer's standings after a round: rounds.py)."""
    return _groups(event, unit, members, pairs, False, penalties=penalties, plain=True)


def _groups(
    event, unit, members, pairs, with_handicaps=True, *, penalties=None, plain=False
) -> list[StandingGroup]:
    by_section = event.across_field and event.places == "section"

    def group_of(pk):
        """The pairs ranked together: a direction (or all), and across the field under
        places=section (Bridge Base Online) each section's on its own."""
        direction = None if event.one_winner else pairs[pk].direction or None
        return (pairs[pk].section.name, direction) if by_section else direction

    table = scoring.standings(
        event.scoring,
        unit.scored,
        members,
        group_of=group_of,
        board_sets=unit.board_sets if event.is_hdb else None,
        options=event.scoring_options,
        penalties=penalties_by_pair(event, unit.section_ids) if penalties is None else penalties,
    )
    # A direction or None, or under places=section a (section, direction) pair: group_of's.
    groups: dict[Hashable, list[scoring.Standing]] = {}
    for standing in table:
        groups.setdefault(standing.group, []).append(standing)
    rule = None if plain else rule_of(event)
    awards = group_awards(rule, groups) if rule else {}
    ranked = {pk: pairs[pk] for pk in members}
    strata_by_pair = frozen_strata(event, ranked) if event.strata and not plain else None
    if strata_by_pair is None and not plain:
        strata_by_pair = pair_strata(event, ranked)
    strata_places = {}
    if strata_by_pair:
        for standings_of_group in groups.values():
            strata_places.update(places_in_strata(standings_of_group, strata_by_pair))
    handicaps = {}
    if with_handicaps and event.handicapping:
        handicaps = frozen_handicaps(event, ranked) or pair_handicaps(event, ranked)
    handicapped = {}
    if handicaps:
        share = scoring.HANDICAP_SHARES[scoring.Handicapping(event.handicapping)]
        for standings_of_group in groups.values():
            scratch: dict[Any, Fraction] = {  # the pairs' pks
                s.pair: s.percentage
                for s in standings_of_group
                if s.boards and s.percentage is not None
            }
            handicapped.update(scoring.handicapped(scratch, handicaps, share))
    ordered = []
    # Section by section, NS before EW: the order of a printed recap.
    for group in sorted(groups, key=_group_order):
        members_sorted = sorted(
            groups[group],
            key=lambda s: (_place(s.rank), pairs[s.pair].section_id, pairs[s.pair].number),
        )
        rows = [
            _with_handicap(
                _row(pairs[s.pair], s, awards.get(s.pair), strata_places.get(s.pair, "")),
                handicaps,
                handicapped,
            )
            for s in members_sorted
        ]
        ordered.append(StandingGroup(_group_title(group), rows))
    return ordered


def _group_order(group) -> tuple:
    section, direction = group if isinstance(group, tuple) else ("", group)
    return section, {Direction.NS: 0, Direction.EW: 1}.get(direction, 2)


def _group_title(group) -> str:
    section, direction = group if isinstance(group, tuple) else (None, group)
    title = f"{direction} pairs" if direction else "All pairs"
    return f"Section {section}: {title}" if section else title


def _place(rank: str) -> float:
    """A pair with no board yet has no place (""): it comes after the placed pairs."""
    return int(rank.rstrip("=")) if rank else float("inf")


def _with_handicap(row: StandingRow, handicaps, handicapped) -> StandingRow:
    if row.pair.pk not in handicaps:
        return row
    score, place = handicapped.get(row.pair.pk, (None, ""))
    return replace(row, handicap=handicaps[row.pair.pk], handicapped=score, handicapped_rank=place)


def _row(pair: Pair, standing: scoring.Standing, award=None, strata="") -> StandingRow:
    def number(value):
        return None if value is None else float(value)

    return StandingRow(
        pair=pair,
        total=float(standing.shown_total),
        percentage=number(standing.percentage),
        rank=standing.rank,
        boards=standing.boards,
        average=number(standing.average),
        penalty=float(standing.penalty),
        exact_percentage=standing.percentage,
        points=standing.total,
        possible=standing.possible,
        masterpoints=award,
        exact_average=standing.average,
        strata=strata,
    )


# The stored copies of sessions' standings (events/standings/stored.py) are these, without the
# handicaps (which read other sessions' copies).
stored.computed_by(partial(event_standings, handicaps=False))
