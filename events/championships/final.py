"""A championship's final: the qualifying stage is its sessions, the final one more session of
the club; the best of the qualifying standings go through, each carrying a share of its score
(scoring/carry_forward.py, docs/rules.md).

The common basis is the percentage: a finalist's qualifying figure as a percentage of the most
it could be (scoring.stage_top), the chosen share of it carried forward, plus its percentage
in the final. With a half carried and a final as long as the qualifier this is the EBU White
Book's formula over the final's top. A final's pair is the finalist with the same names (in
either order, whatever their case or spacing): the final is played by the qualifiers, so no
seat matching. Queries: a fixed number per session, whatever the number of pairs.
"""

from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction

import scoring
from events.championships.setup import pair_names
from events.championships.standings import LiveChampionship
from events.championships.standings import live_subject as stages_subject
from events.models import Championship, Event, Pair
from events.standings.ranking import event_standings


@dataclass(frozen=True)
class FinalRow:
    entrant: object  # events.models.Entrant
    rank: str
    qualifying: float  # the qualifying figure, % of its most
    carried: float
    final: float | None  # % in the final, None until played
    total: float


@dataclass(frozen=True)
class FinalStandings:
    event: Event
    shown: bool  # the final is published, or the reader directs the club
    rows: list[FinalRow]
    strangers: int  # pairs of the final that are no qualifier
    share: int  # % carried forward


@dataclass(frozen=True)
class Qualifying:
    """The qualifying stage, exactly: each placed entrant's figure as a percentage of the most
    it could be, and its field (the section and group it last played in)."""

    figures: dict[int, Fraction]
    fields: dict[int, tuple]


def live_subject(championship: Championship) -> LiveChampionship:
    """The championship's live subject, with its final's version in the word."""
    subject = stages_subject(championship)
    final = _final_event(championship)
    if final is None:
        return subject
    version = f"{subject.version}-f{final.version}{'p' if final.published else ''}"
    return replace(subject, version=version, finalised=subject.finalised and final.finalised)


def qualifying(championship: Championship, director: bool) -> Qualifying:
    stages = championship.stages.filter(event__deleted_at__isnull=True).select_related("event")
    shown = [stage.event for stage in stages if stage.event.published or director]
    sessions, fields = [], {}
    for event, pairs in _pairs_by_event(shown):
        scores: dict[int, scoring.SessionScore] = {}
        for field, row in _scored_rows(event, pairs):
            if row.pair.entrant_id is not None:
                scores[row.pair.entrant_id] = _score(row)
                fields[row.pair.entrant_id] = field
        sessions.append(scores)
    entrants = list(championship.entrants.values_list("pk", flat=True))
    table = scoring.championship_standings(
        sessions, entrants, championship.combination, championship.missed
    )
    tops = [max(score.top for score in session.values()) for session in sessions if session]
    most = scoring.stage_top(tops, championship.combination)
    figures = {row.entrant: 100 * row.total / most for row in table if row.rank}
    return Qualifying(figures, fields)


def final_standings(championship: Championship, director: bool) -> FinalStandings | None:
    """The final's standings (None: the championship has no final)."""
    final = _final_event(championship)
    if final is None or not championship.finalists:
        return None
    stage = qualifying(championship, director)
    by_field = championship.qualify_by == scoring.QualifyBy.SECTION
    through = scoring.qualifiers(
        stage.figures, championship.finalists, stage.fields if by_field else None
    ) if stage.figures else []  # fmt: skip
    entrants = {entrant.pk: entrant for entrant in championship.entrants.all()}
    by_names = {pair_names(entrants[pk].player1, entrants[pk].player2): pk for pk in through}
    by_names.pop(frozenset(), None)
    share = Fraction(championship.carry_percent, 100)
    carried = {pk: scoring.carry_forward(stage.figures[pk], share, 100, 100) for pk in through}
    shown = final.published or director
    played: dict[int, Fraction] = {}
    strangers = 0
    for _, pairs in _pairs_by_event([final] if shown else []):
        for _, row in _scored_rows(final, pairs):
            finalist = by_names.get(pair_names(row.pair.player1, row.pair.player2))
            if finalist is None:
                strangers += 1
            else:
                played[finalist] = _score(row).percentage
    table = scoring.final_standings(carried, played)
    rows = [
        FinalRow(
            entrants[s.entrant],
            s.rank,
            float(stage.figures[s.entrant]),
            float(s.carried),
            None if s.final is None else float(s.final),
            float(s.total),
        )
        for s in table
    ]
    rows.sort(key=lambda row: (int(row.rank.rstrip("=")), row.entrant.number))
    return FinalStandings(final, shown, rows, strangers, championship.carry_percent)


def _final_event(championship: Championship) -> Event | None:
    final = championship.final
    return None if final is None or final.deleted_at is not None else final


def _pairs_by_event(events):
    pairs_of: dict[int, list[Pair]] = defaultdict(list)
    for pair in Pair.objects.filter(section__event__in=events).select_related("section"):
        pairs_of[pair.section.event_id].append(pair)
    return [(event, pairs_of[event.pk]) for event in events]


def _scored_rows(event, pairs):
    """(field, row) for each pair with a score: the field is its section's name and group,
    the same field in every session (each session has its own Section rows)."""
    for section, groups in event_standings(event, pairs):
        for group in groups:
            for row in group.rows:
                if row.boards and row.possible:
                    yield (section.name, group.title), row


def _score(row) -> scoring.SessionScore:
    return scoring.SessionScore(row.points, row.possible, row.exact_percentage)
