"""Every model change comes with its migration: a model edited without `makemigrations`
would deploy with a schema the code does not match."""

import datetime
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
        pytest.fail(f"a model change has no migration (makemigrations exit {exit.code}):\n"
                    + out.getvalue())  # fmt: skip


# A database whose teams events were stored while they were models of the `events` app:
# migrated on, every row of their tables is as it was, and their content types (with the
# permissions given on them) now belong to the `teams` app, keeping their ids.
BEFORE_TEAMS_MOVED = [("events", "0024_teams_event_soft_delete")]
TEAMS_MODELS = ["teamsevent", "team", "teammatch", "matchboard"]
TEAMS_TABLES = ["events_teamsevent", "events_team", "events_teammatch", "events_matchboard"]


def _rows(tables: list[str]) -> dict[str, list[tuple]]:
    with connection.cursor() as cursor:
        found = {}
        for table in tables:
            cursor.execute(f"SELECT * FROM {table} ORDER BY id")
            found[table] = cursor.fetchall()
    return found


def _teams_rows(old_apps) -> None:
    """An event (and a deleted one) with two teams, a match, its bye and two boards, stored
    through the models as they were, and a user given the right to change teams events."""
    club = old_apps.get_model("events", "Club").objects.create(name="Old BC", slug="old-bc")
    model = old_apps.get_model("events", "TeamsEvent")
    day = datetime.date(2026, 11, 24)
    event = model.objects.create(club=club, name="Swiss", date=day)
    model.objects.create(club=club, name="Gone", date=day, deleted_at=timezone.now())
    team = old_apps.get_model("events", "Team")
    ace, bell = (team.objects.create(event=event, number=n, name=name)
                 for n, name in [(1, "Ace"), (2, "Bell")])  # fmt: skip
    matches = old_apps.get_model("events", "TeamMatch").objects
    match = matches.create(event=event, round=1, table=1, home=ace, away=bell)
    matches.create(event=event, round=2, home=bell)  # a bye
    boards = old_apps.get_model("events", "MatchBoard").objects
    boards.create(match=match, number=1, open_ns_score=420, closed_ns_score=-50)
    boards.create(match=match, number=2, adjusted="ave")
    user = get_user_model().objects.create_user("keeper")
    content_type = ContentType.objects.get(app_label="events", model="teamsevent")
    user.user_permissions.add(
        Permission.objects.get(content_type=content_type, codename="change_teamsevent")
    )


@pytest.mark.django_db(transaction=True)
def test_teams_rows_content_types_and_permissions_survive_the_move_to_their_app():
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    try:
        executor.migrate(BEFORE_TEAMS_MOVED)
        ContentType.objects.clear_cache()
        _teams_rows(executor.loader.project_state(BEFORE_TEAMS_MOVED).apps)
        rows = _rows(TEAMS_TABLES)
        ids = dict(
            ContentType.objects.filter(app_label="events", model__in=TEAMS_MODELS)
            .values_list("model", "pk")
        )  # fmt: skip
        assert len(ids) == 4
        executor = MigrationExecutor(connection)
        executor.migrate(latest)
        assert _rows(TEAMS_TABLES) == rows
        assert dict(
            ContentType.objects.filter(app_label="teams").values_list("model", "pk")
        ) == ids  # fmt: skip
        assert not ContentType.objects.filter(app_label="events", model__in=TEAMS_MODELS)
        keeper = get_user_model().objects.get(username="keeper")
        assert keeper.has_perm("teams.change_teamsevent")
        # Back again: the rows stay, the content types return to the events app.
        executor = MigrationExecutor(connection)
        executor.migrate(BEFORE_TEAMS_MOVED)
        assert _rows(TEAMS_TABLES) == rows
        assert ContentType.objects.filter(app_label="events", model__in=TEAMS_MODELS).count() == 4
    finally:
        MigrationExecutor(connection).migrate(latest)
        ContentType.objects.clear_cache()
