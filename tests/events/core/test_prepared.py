"""Prepared queries answer exactly as their querysets do, on SQLite and on PostgreSQL.

Every `@prepared` query in the app is found and run both ways, with ids that find rows and
ids that find none: the same objects (their fields, the related objects selected with them,
their annotations), dicts or tuples, in the same order.
"""

import sys
import threading
from decimal import Decimal

import pytest
from django.db import connection, connections
from django.utils import timezone

import clubscore.urls  # noqa: F401 - imports every module of the app, and its queries
from events.core.prepared import FIRST_MARKER, prepared
from events.core.queries import section_pairs
from events.entry.rows import _boards_numbered
from events.entry.saving import save_result
from events.models import Board, Pair, Penalty, Result
from events.sessions.setup import SectionPlan
from tests.factories import make_club, make_session, make_user

NOWHERE = 987_654  # an id no row has


def _all_prepared() -> dict[str, prepared]:
    found = {}
    for name, module in list(sys.modules.items()):
        if name == "events" or name.startswith("events."):
            for value in vars(module).values():
                if isinstance(value, prepared):
                    found[f"{value.queryset.__module__}.{value.__name__}"] = value
    return found


def _snapshot(row):
    """What a row carries: a model's field values, annotations and selected related objects."""
    if not hasattr(row, "_state"):
        return row  # a dict or a tuple
    values = {key: value for key, value in vars(row).items() if key != "_state"}
    related = {key: _snapshot(value) for key, value in row._state.fields_cache.items()}
    return (type(row).__name__, values, related)


@pytest.fixture
def entered():
    """Two sessions with results: one section, and two sections scored across the field."""
    director = make_user(username="director")
    club = make_club(directors=[director])
    single = make_session(club, tables=4)
    field = make_session(
        club, sections=[SectionPlan("A", 3), SectionPlan("B", 3)], across_field=True
    )
    for event in (single, field):
        for section in event.sections.all():
            pairs = {pair.key: pair for pair in section.pairs.all()}
            movement = section.movement()
            for board in Board.objects.filter(section=section, number__lte=4):
                for n, seating in enumerate(movement.plays_of_board(board.number)):
                    line = ["4S N =", "4S N +1", "3NT S -1", "PASS"][n % 4]
                    save_result(board, pairs[seating.ns], pairs[seating.ew], line, director)
    for event in (single, field):
        pair = Pair.objects.filter(section__event=event).first()
        Penalty.objects.create(pair=pair, amount=Decimal("1.5"), unit=Penalty.PERCENT)
        Penalty.objects.create(pair=pair, amount=Decimal("2"), reason="slow play")
    unpublished = make_session(club)  # a reader who does not direct the club sees nothing
    single.published = True
    single.save(update_fields=["published"])
    return director, single, field, unpublished


def _arguments(director, single, field, unpublished) -> dict[str, list[tuple[int, ...]]]:
    """Each prepared query's arguments: some that find rows, some that find none."""
    section = single.sections.get()
    board = Board.objects.get(section=section, number=2)
    result = Result.objects.filter(board=board).first()
    ns, ew = result.ns_pair_id, result.ew_pair_id
    other_ns = Pair.objects.filter(section=section, direction="NS").exclude(pk=ns).first().pk
    stranger = make_user().pk
    return {
        "events.core.access._event_for_user": [
            (single.pk, director.pk), (unpublished.pk, director.pk), (unpublished.pk, stranger),
            (single.pk, stranger), (NOWHERE, director.pk),
        ],
        "events.core.access._event_for_anyone": [(single.pk,), (unpublished.pk,), (NOWHERE,)],
        "events.core.access._section_with_directs": [
            (section.pk, director.pk), (section.pk, 0), (NOWHERE, director.pk),
        ],
        "events.core.access._board_with_directs": [
            (board.pk, director.pk), (board.pk, 0), (NOWHERE, 0),
        ],
        "events.entry.saving._results_meeting": [
            (board.pk, ns, ns, ew), (board.pk, other_ns, ns, ew), (board.pk, NOWHERE, NOWHERE, ew),
            (NOWHERE, ns, ns, ew),
        ],
        "events.entry.changes._board_with_session": [(board.pk,), (NOWHERE,)],
        "events.core.queries.section_pairs": [(section.pk,), (NOWHERE,)],
        "events.standings.scorer._section_lines": [(section.pk,), (NOWHERE,)],
        "events.standings.scorer._section_boards": [(section.pk,), (NOWHERE,)],
        "events.standings.scorer._event_lines": [(field.pk,), (single.pk,), (NOWHERE,)],
        "events.standings.scorer._event_boards": [(field.pk,), (NOWHERE,)],
        "events.standings.scorer._event_penalties": [(field.pk,), (single.pk,), (unpublished.pk,)],
        "events.standings.scorer._section_board_lines": [
            (section.pk, 2), (section.pk, 9), (NOWHERE, 2),
        ],
        "events.standings.scorer._event_board_lines": [
            (field.pk, 1), (field.pk, 9), (single.pk, 3),
        ],
        "events.standings.scorer._section_tallies": [(section.pk,), (NOWHERE,)],
        "events.standings.scorer._event_tallies": [(field.pk,), (single.pk,), (NOWHERE,)],
        "events.entry.rows._boards_numbered": [
            (section.pk, 1, 2), (section.pk, 3, 3), (section.pk, 40, 41), (section.pk, 1, 40_000),
        ],
        "events.sessions.grid._played_sets": [(section.pk,), (NOWHERE,)],
        "events.entry.rows._results_numbered": [
            (section.pk, 1, 4, ns), (section.pk, 1, 2, NOWHERE),
        ],
        "events.standings.views._event_section": [
            (single.pk, section.pk), (field.pk, section.pk), (NOWHERE, section.pk),
        ],
    }  # fmt: skip


@pytest.mark.django_db
def test_every_prepared_query_answers_as_its_queryset(entered):
    queries = _all_prepared()
    arguments = _arguments(*entered)
    assert sorted(queries) == sorted(arguments), "a prepared query without arguments here"
    for name, query in queries.items():
        found_some = False
        for values in arguments[name]:
            expected = [_snapshot(row) for row in query.queryset(*values)]
            assert [_snapshot(row) for row in query(*values)] == expected, (name, values)
            found_some = found_some or bool(expected)
        assert found_some, f"{name}: no arguments that find rows"


@pytest.mark.django_db
def test_a_second_call_reuses_the_sql_with_its_own_values(entered):
    single, other = entered[1], entered[3]
    first, second = single.sections.get().pk, other.sections.get().pk
    assert {pair.section_id for pair in section_pairs(first)} == {first}
    assert {pair.section_id for pair in section_pairs(second)} == {second}


@pytest.mark.parametrize("values", [(None,), ("3",), (3.0,), (True,), ([3],), (), (3, 4)], ids=repr)
def test_only_one_int_per_argument_is_taken(values):
    query = prepared(lambda section: Pair.objects.filter(section=section))
    with pytest.raises(TypeError, match="takes 1 ints"):
        query(*values)


@pytest.mark.django_db
def test_a_build_whose_sql_drops_an_argument_is_refused():
    query = prepared(lambda section: Pair.objects.all())
    with pytest.raises(ValueError, match="cannot prepare"):
        query(1)


@pytest.mark.django_db
def test_a_constant_that_looks_like_a_marker_is_refused():
    query = prepared(lambda section: Board.objects.filter(section=section, number=FIRST_MARKER + 9))
    with pytest.raises(ValueError, match="cannot prepare"):
        query(1)


@pytest.mark.django_db
def test_a_time_read_when_compiling_is_refused():
    # It would stay that time for the life of the process.
    query = prepared(
        lambda section: Penalty.objects.filter(
            pair__section=section, created_at__lte=timezone.now()
        )
    )
    with pytest.raises(ValueError, match="it changes"):
        query(1)


@pytest.mark.django_db(transaction=True)  # closed inside a test's transaction, it stays so
def test_a_query_runs_again_after_its_connection_was_closed(entered):
    # A dropped database connection: Django opens a new one, and the SQL still serves (on
    # SQLite the tests' in-memory database is never closed).
    section = entered[1].sections.get()
    before = [pair.pk for pair in section_pairs(section.pk)]
    connection.close()
    assert [pair.pk for pair in section_pairs(section.pk)] == before


@pytest.mark.django_db
def test_a_related_managers_queryset_is_refused(entered):
    section = entered[1].sections.get()
    query = prepared(lambda number: section.boards.filter(number=number))
    with pytest.raises(ValueError, match="model's manager"):
        query(1)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="a second thread needs a database of its own connection: PostgreSQL (DATABASE_URL)",
)
def test_another_thread_runs_the_query_on_its_own_connection(entered):
    # Django refuses a connection used from a thread other than its own: a gthread worker's
    # threads would fail on the compiling thread's connection.
    section = entered[1].sections.get()
    expected = [pair.pk for pair in section_pairs(section.pk)]
    answers, failures = [], []

    def other_thread():
        try:
            answers.append([pair.pk for pair in section_pairs(section.pk)])
        except Exception as error:  # noqa: BLE001 - reported below
            failures.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=other_thread)
    thread.start()
    thread.join(timeout=30)
    assert not failures, failures
    assert answers == [expected]


@pytest.mark.django_db
@pytest.mark.parametrize("value", [2**63, -(2**63) - 1, 10**30], ids=repr)
def test_an_id_no_column_can_hold_finds_nothing(entered, value):
    # A URL's 30-digit id: nothing, not an error (SQLite raises OverflowError on the ORM's
    # own query).
    assert section_pairs(value) == []


@pytest.mark.django_db
def test_a_number_beyond_a_small_columns_range_is_compared_not_refused(entered):
    # Board numbers are small integers: PostgreSQL refuses 40,000 sent as one (as Django
    # wraps the marker), and compares it sent as a plain integer.
    section = entered[1].sections.get()
    # A 4-table Mitchell of 2 boards a round plays boards 1 to 8.
    assert [board.number for board in _boards_numbered(section.pk, 3, 40_000)] == [3, 4, 5, 6, 7, 8]
