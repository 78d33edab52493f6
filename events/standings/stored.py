"""Many sessions' standings in one query: the stored copy of each session's own standings
(events.models.StoredStanding), brought up to date first where a session changed since.

A session's standings are computed as its page computes them (events.standings.ranking);
the copy only spares pages that span a season from scoring every session on every request.
A copy is up to date while its session's version and its club's masterpoint rule are those
it was computed under; otherwise it is computed again and replaced. Reading sessions whose
copies are up to date takes one query, however many sessions and pairs.
"""

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.core.exceptions import ImproperlyConfigured
from django.db import IntegrityError, transaction

from events.models import Event, Pair, StoredStanding

__all__ = ["SessionStanding", "computed_by", "stored_standings"]


@dataclass(frozen=True)
class SessionStanding:
    """One pair's result in one session, exact."""

    event_id: int
    pair_id: int
    section: str
    direction: str
    number: int
    player1: str
    player2: str
    group: str  # the pairs ranked together, e.g. "NS pairs"
    group_size: int
    rank: str  # "" before the pair's first board
    boards: int
    points: Fraction
    possible: Fraction | None
    percentage: Fraction | None  # None: scored at IMPs
    average: Fraction | None  # IMPs per board played
    masterpoints: Fraction | None  # under the club's masterpoint rule, if it has one

    @property
    def names(self) -> list[str]:
        return [name for name in (self.player1, self.player2) if name]


_FIELDS = (
    "event_id", "pair_id", "pair__section__name", "pair__direction", "pair__number",
    "pair__player1", "pair__player2", "basis", "group", "group_size", "rank", "boards",
    "points", "possible", "percentage", "average", "masterpoints",
)  # fmt: skip


# How a session's standings are computed: events.standings.ranking's, without handicaps, set
# by that module when it loads (events.apps loads it). It is not imported here because a
# handicapped session's standings read other sessions' stored copies through this module.
_compute: Callable[[Event], list] | None = None


def computed_by(compute: Callable[[Event], list]) -> None:
    global _compute
    _compute = compute


def stored_standings(
    events: Sequence[Event], named: Callable[[str, str], bool] | None = None
) -> dict[int, list[SessionStanding]]:
    """Each session's standings by its pk, its pairs in section, direction and number order;
    with `named`, only the pairs whose (player1, player2) it accepts (a page about one player
    spares itself turning a season's other rows into fractions).

    `events` carry their club (select_related("club") spares a query per session).
    """
    rows = StoredStanding.objects.filter(event__in=[event.pk for event in events])
    found: dict[int, list[tuple]] = defaultdict(list)
    for values in rows.values_list(*_FIELDS):
        found[values[0]].append(values)
    standings = {}
    paired = _with_pairs([event.pk for event in events if event.pk not in found])
    for event in events:
        basis = _basis(event)
        stored = found.get(event.pk, [])
        if not stored and event.pk not in paired:
            standings[event.pk] = []  # no pairs yet: nothing to compute, nothing to keep
        elif stored and all(values[7] == basis for values in stored):
            if named is not None:
                stored = [values for values in stored if named(values[5], values[6])]
            standings[event.pk] = [_standing(values) for values in stored]
        else:
            standings[event.pk] = _store(event, basis)
            if named is not None:
                standings[event.pk] = [
                    s for s in standings[event.pk] if named(s.player1, s.player2)
                ]
    for rows_of_event in standings.values():
        rows_of_event.sort(key=lambda s: (s.section, s.direction, s.number))
    return standings


def _with_pairs(event_pks: list[int]) -> set[int]:
    """Which of these sessions (none of them with a stored copy) have pairs: one query, and
    none when every session has its copy. A session without pairs has nothing to store, so
    without this it would be scored again on every read."""
    if not event_pks:
        return set()
    return set(
        Pair.objects.filter(section__event__in=event_pks).values_list(
            "section__event_id", flat=True
        )
    )


def _basis(event: Event) -> str:
    # created_at is not needed: a session's rows go with it (on_delete=CASCADE).
    return f"{event.version}:{event.club.masterpoints}"


def _store(event: Event, basis: str) -> list[SessionStanding]:
    """Compute a session's standings and keep them under `basis`: the version read before
    the lines were, so a copy is never newer than it claims (a save meanwhile leaves it out of
    date, to be computed again)."""
    if _compute is None:
        raise ImproperlyConfigured("events.standings.ranking was not loaded (EventsConfig)")
    records = []
    for _section, groups in _compute(event):
        for group in groups:
            for row in group.rows:
                records.append(
                    StoredStanding(
                        event=event,
                        pair=row.pair,
                        basis=basis,
                        group=group.title,
                        group_size=len(group.rows),
                        rank=row.rank,
                        boards=row.boards,
                        points=str(row.points if row.points is not None else 0),
                        possible=_text(row.possible),
                        percentage=_text(row.exact_percentage),
                        average=_text(row.exact_average),
                        masterpoints=_text(row.masterpoints.points if row.masterpoints else None),
                    )
                )
    try:
        with transaction.atomic():
            StoredStanding.objects.filter(event=event).delete()
            StoredStanding.objects.bulk_create(records)
    except IntegrityError:
        pass  # another request stored the same session meanwhile: its copy serves as well
    return [_standing((*_who(record.pair), basis, *_figures(record))) for record in records]


def _who(pair) -> tuple:
    return (
        pair.section.event_id, pair.pk, pair.section.name, pair.direction, pair.number,
        pair.player1, pair.player2,
    )  # fmt: skip


def _figures(record: StoredStanding) -> tuple:
    return (
        record.group, record.group_size, record.rank, record.boards, record.points,
        record.possible, record.percentage, record.average, record.masterpoints,
    )  # fmt: skip


def _text(value: Fraction | None) -> str:
    return "" if value is None else str(value)


def _fraction(text: str) -> Fraction | None:
    return _exact(text) if text else None


def _exact(text: str) -> Fraction:
    """The Fraction `text` writes ("7/2", "-3"), read as integers: twice as fast as Fraction's
    own parsing, which a season's thousands of rows feel; a decimal ("3.5") is read by it."""
    numerator, slash, denominator = text.partition("/")
    try:
        return Fraction(int(numerator), int(denominator) if slash else 1)
    except ValueError:
        return Fraction(text)


def _standing(values: tuple) -> SessionStanding:
    *who, _basis_text, group, group_size, rank, boards = values[:12]
    points, possible, percentage, average, masterpoints = values[12:]
    return SessionStanding(
        *who,
        group,
        group_size,
        rank,
        boards,
        _exact(points),
        _fraction(possible),
        _fraction(percentage),
        _fraction(average),
        _fraction(masterpoints),
    )
