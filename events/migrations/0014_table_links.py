# Models for phone entry at the table. Operations are filled in by hand from
# `makemigrations events --dry-run -v 3`, keeping only this feature's operations.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0013_club_hancock_rules"),
    ]

    operations = [
        migrations.AddField(
            model_name="resultchange",
            name="source",
            field=models.CharField(
                blank=True,
                help_text="Where it was entered, e.g. “table 3” (phone entry).",
                max_length=40,
            ),
        ),
        migrations.CreateModel(
            name="TablePhoneOptions",
            fields=[
                (
                    "event",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="phone_options",
                        serialize=False,
                        to="events.event",
                    ),
                ),
                (
                    "show_travellers",
                    models.BooleanField(
                        default=False,
                        help_text="After confirming a board, the table sees its traveller "
                        "(results so far).",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="TableLink",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("table", models.PositiveSmallIntegerField()),
                ("token", models.CharField(max_length=32, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("revoked_at", models.DateTimeField(blank=True, null=True)),
                (
                    "section",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="table_links",
                        to="events.section",
                    ),
                ),
            ],
            options={
                "ordering": ["section", "table", "-created_at"],
            },
        ),
        migrations.CreateModel(
            name="TableEntry",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("entered_version", models.PositiveIntegerField()),
                (
                    "lead",
                    models.CharField(
                        blank=True, help_text="The opening lead, e.g. SK, H7.", max_length=3
                    ),
                ),
                ("confirmed_at", models.DateTimeField(blank=True, null=True)),
                (
                    "queried_at",
                    models.DateTimeField(
                        blank=True,
                        help_text="The opponents disagreed and called the director.",
                        null=True,
                    ),
                ),
                (
                    "result",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="table_entry",
                        to="events.result",
                    ),
                ),
                (
                    "link",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="entries",
                        to="events.tablelink",
                    ),
                ),
            ],
            options={
                "verbose_name_plural": "table entries",
            },
        ),
        migrations.AddConstraint(
            model_name="tablelink",
            constraint=models.UniqueConstraint(
                condition=models.Q(("revoked_at__isnull", True)),
                fields=("section", "table"),
                name="table_link_one_live_per_table",
            ),
        ),
        migrations.AddConstraint(
            model_name="tablelink",
            constraint=models.CheckConstraint(
                condition=models.Q(("table__gte", 1)), name="table_link_table_positive"
            ),
        ),
        migrations.AddConstraint(
            model_name="tableentry",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("confirmed_at__isnull", True), ("queried_at__isnull", True), _connector="OR"
                ),
                name="table_entry_confirmed_or_queried",
            ),
        ),
    ]
