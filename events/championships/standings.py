"""A championship's combined standings from its stored sessions (scoring.championship_standings).

Each session is ranked as its own page ranks it (events.standings.ranking: its sections,
options and penalties); its pairs' points and percentages then count for their entrants. A
reader who does not direct the club sees only the published sessions: an unpublished one
counts as not begun. A pair matched to no entrant counts for nobody (the matching page lists
it). Queries: a fixed number per session, whatever the number of pairs and entrants.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

import scoring
from events.models import Championship, Club, Event, Pair
from events.standings.ranking import event_standings


@dataclass(frozen=True)
class Column:
    order: int
    event: Event
    shown: bool  # published, or the reader directs the club


@dataclass(frozen=True)
class Row:
    entrant: object  # events.models.Entrant
    rank: str
    cells: list[float | None]  # what each session counts, None where not played
    total: float
    played: int


@dataclass(frozen=True)
class CombinedStandings:
    columns: list[Column]
    rows: list[Row]
    unmatched: int  # pairs of the shown sessions matched to no entrant
    percentages: bool  # the figures are percentages (average), else matchpoints or IMPs
    imps: bool  # the figures are IMPs (sessions scored in IMPs)
    # Sessions (their order) rescored since in the other kind (IMPs or percentages), which
    # count for nothing until scored as the championship adds them up.
    other_kind: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class LiveChampionship:
    """What a live page follows (events.core.live): the championship's own version and those of
    its sessions in one word, final when every session is."""

    pk: int
    club: Club
    created_at: datetime
    version: str
    finalised: bool


def live_subject(championship: Championship) -> LiveChampionship:
    stages = championship.stages.filter(event__deleted_at__isnull=True)
    states = list(stages.values_list("event__version", "event__published", "event__finalised"))
    versions = ".".join(f"{version}{'p' if published else ''}" for version, published, _ in states)
    return LiveChampionship(
        championship.pk,
        championship.club,
        championship.created_at,
        f"{championship.version}-{versions}",
        bool(states) and all(final for _, _, final in states),
    )


def combined_standings(
    championship: Championship, director: bool, through: int | None = None
) -> CombinedStandings:
    """The combined standings of the championship's sessions, or of its sessions 1 to
    `through` only: the standings as they stood after that session."""
    stages = championship.stages.filter(event__deleted_at__isnull=True).select_related("event")
    if through is not None:
        stages = stages.filter(order__lte=through)
    stages = list(stages)
    columns = [Column(s.order, s.event, s.event.published or director) for s in stages]
    shown = [column.event for column in columns if column.shown]
    pairs_of: dict[int, list[Pair]] = defaultdict(list)
    for pair in Pair.objects.filter(section__event__in=shown).select_related("section"):
        pairs_of[pair.section.event_id].append(pair)
    entrants = list(championship.entrants.all())
    imps = championship.combination == scoring.Combination.IMPS
    sessions, unmatched, other_kind = [], 0, []
    for column in columns:
        scores: dict[int, scoring.SessionScore] = {}
        if column.shown and column.event.uses_percentages == imps:
            other_kind.append(column.order)  # its scores would not add up with the others'
        elif column.shown:
            for row in _rows(column.event, pairs_of[column.event.pk]):
                if row.pair.entrant_id is None:
                    unmatched += 1
                elif row.boards and (row.possible or imps):
                    scores[row.pair.entrant_id] = scoring.SessionScore(
                        row.points, row.possible, row.exact_percentage
                    )
        sessions.append(scores)
    table = scoring.championship_standings(
        sessions,
        [entrant.pk for entrant in entrants],
        championship.combination,
        championship.missed,
    )
    by_pk = {entrant.pk: entrant for entrant in entrants}
    rows = [
        Row(by_pk[s.entrant], s.rank, [_float(v) for v in s.sessions], float(s.total), s.played)
        for s in table
    ]
    rows.sort(key=lambda row: (_place(row.rank), row.entrant.number))
    percentages = championship.combination == scoring.Combination.AVERAGE
    return CombinedStandings(columns, rows, unmatched, percentages, imps, other_kind)


def _rows(event, pairs):
    for _section, groups in event_standings(event, pairs):
        for group in groups:
            yield from group.rows


def _float(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def _place(rank: str) -> float:
    return int(rank.rstrip("=")) if rank else float("inf")
