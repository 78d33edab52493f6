"""Every model change comes with its migration: a model edited without `makemigrations`
would deploy with a schema the code does not match."""

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone


@pytest.mark.django_db  # makemigrations checks the applied history against the database
def test_the_models_need_no_new_migration():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit:  # --check exits 1 when a migration is missing
        pytest.fail(
            f"a model change has no migration (makemigrations exit {exit.code}):\n" + out.getvalue()
        )


# A database whose teams events (or one-table games) were stored while they were models of the
# `events` app: migrated on, every row of their tables is as it was, and their content types
# (with the permissions given on them) belong to the new app, keeping their ids; migrated back,
# the content types return to `events`.


@dataclass(frozen=True)
class Move:
    app: str
    before: list[tuple[str, str]]  # the events app's last migration before the move
    models: list[str]
    fill: Callable  # stores rows through the models as they were (old_apps)

    @property
    def tables(self) -> list[str]:
        return [f"events_{model}" for model in self.models]


def _columns(tables: list[str]) -> dict[str, list[str]]:
    """Each table's columns as the database has them now."""
    with connection.cursor() as cursor:
        describe = connection.introspection.get_table_description
        return {table: [column.name for column in describe(cursor, table)] for table in tables}


def _rows(tables: list[str], columns: dict[str, list[str]]) -> dict[str, list[tuple]]:
    """Every row of the tables, in the columns they had before the move: a later migration
    may add columns (with their defaults); the values stored before must all be there."""
    with connection.cursor() as cursor:
        found = {}
        for table in tables:
            names = ", ".join(connection.ops.quote_name(name) for name in columns[table])
            cursor.execute(f"SELECT {names} FROM {table} ORDER BY id")
            found[table] = cursor.fetchall()
    return found


def _club(old_apps):
    return old_apps.get_model("events", "Club").objects.create(name="Old BC", slug="old-bc")


def _teams_rows(old_apps) -> None:
    """An event (and a deleted one) with two teams, a match, its bye and two boards."""
    model = old_apps.get_model("events", "TeamsEvent")
    club, day = _club(old_apps), datetime.date(2026, 11, 24)
    event = model.objects.create(club=club, name="Swiss", date=day)
    model.objects.create(club=club, name="Gone", date=day, deleted_at=timezone.now())
    team = old_apps.get_model("events", "Team")
    ace, bell = (
        team.objects.create(event=event, number=n, name=name)
        for n, name in [(1, "Ace"), (2, "Bell")]
    )
    matches = old_apps.get_model("events", "TeamMatch").objects
    match = matches.create(event=event, round=1, table=1, home=ace, away=bell)
    matches.create(event=event, round=2, home=bell)  # a bye
    boards = old_apps.get_model("events", "MatchBoard").objects
    boards.create(match=match, number=1, open_ns_score=420, closed_ns_score=-50)
    boards.create(match=match, number=2, adjusted="ave")


DEAL = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"


def _one_table_rows(old_apps) -> None:
    """Two games, one with a hand entered and a deal of its hand record."""
    model = old_apps.get_model("events", "OneTableSession")
    club, day = _club(old_apps), datetime.date(2026, 11, 24)
    game = model.objects.create(club=club, name="Friday", date=day, north="Ann", boards=4)
    model.objects.create(club=club, date=day, method="hancock")
    old_apps.get_model("events", "OneTableHand").objects.create(
        session=game, number=1, contract="4S", declarer="N", tricks=10, hcp_ns=26, fit="9S"
    )
    old_apps.get_model("events", "OneTableDeal").objects.create(
        game=game,
        number=1,
        deal="N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32",
    )


MOVES = [
    Move(
        "teams",
        [("events", "0024_teams_event_soft_delete")],
        ["teamsevent", "team", "teammatch", "matchboard"],
        _teams_rows,
    ),
    Move(
        "one_table",
        [("events", "0025_teams_move_to_their_app")],
        ["onetablesession", "onetablehand", "onetabledeal"],
        _one_table_rows,
    ),
]


def _content_types(app: str, move: Move) -> dict[str, int]:
    found = ContentType.objects.filter(app_label=app, model__in=move.models)
    return dict(found.values_list("model", "pk"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("move", MOVES, ids=[move.app for move in MOVES])
def test_rows_content_types_and_permissions_survive_the_move_to_their_app(move):
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    permission = f"change_{move.models[0]}"
    try:
        executor.migrate(move.before)
        ContentType.objects.clear_cache()
        move.fill(executor.loader.project_state(move.before).apps)
        keeper = get_user_model().objects.create_user("keeper")
        keeper.user_permissions.add(
            Permission.objects.get(content_type__app_label="events", codename=permission)
        )
        columns = _columns(move.tables)
        rows, ids = _rows(move.tables, columns), _content_types("events", move)
        assert len(ids) == len(move.models) and all(rows.values())
        MigrationExecutor(connection).migrate(latest)
        assert _rows(move.tables, columns) == rows
        assert _content_types(move.app, move) == ids
        assert _content_types("events", move) == {}
        keeper = get_user_model().objects.get(username="keeper")
        assert keeper.has_perm(f"{move.app}.{permission}")
        MigrationExecutor(connection).migrate(move.before)
        assert _rows(move.tables, columns) == rows
        assert _content_types("events", move) == ids
    finally:
        MigrationExecutor(connection).migrate(latest)
        ContentType.objects.clear_cache()


@pytest.mark.django_db(transaction=True)
def test_members_whose_names_fold_together_do_not_stop_the_member_key_migration():
    """Before events 0046 a club's member names were unique as the database lowercases them,
    so "Straße" and "STRASSE" (LOWER: "straße", "strasse") could both be members; case-folded
    (Unicode's full folding, Python's str.casefold) both are "strasse". The upgrade keeps
    both: the earlier keeps the key, the later gets one of its own, for the director to merge."""
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    before = [("events", "0045_ladder_handicap_share")]
    try:
        executor.migrate(before)
        old_apps = executor.loader.project_state(before).apps
        club = _club(old_apps)
        member = old_apps.get_model("events", "Member")
        first = member.objects.create(club=club, name="Anna Straße")
        second = member.objects.create(club=club, name="ANNA STRASSE")
        MigrationExecutor(connection).migrate(latest)
        from events.models import Member

        keys = dict(Member.objects.filter(club_id=club.pk).values_list("pk", "key"))
        assert keys == {first.pk: "anna strasse", second.pk: f"anna strasse #{second.pk}"}
    finally:
        MigrationExecutor(connection).migrate(latest)
