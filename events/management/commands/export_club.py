"""One club's whole data as JSON: its members, sessions (deleted ones too), pairs, boards, results,
their history and everything else that hangs off the club, in Django's fixture format.

The file reads back with `manage.py load_club FILE.json` into a database without the club's
rows (people are named by username, never with their password hashes: load_club makes an
account, with no password yet, for each one the database lacks). A model added to events/
later is exported too as soon as its foreign keys (or one-to-one keys) lead to a club.
"""

import datetime

from django.apps import apps
from django.core import serializers
from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from events.models import Club


def club_lookup(model, seen=()) -> str | None:
    """The ORM path from `model` to its club ("board__section__event__club"), if it has one."""
    if model is Club:
        return "pk"
    for field in model._meta.concrete_fields:
        leads_on = field.many_to_one or field.one_to_one  # a session's phone options, one to one
        if not leads_on or field.null or field.related_model in seen:
            continue
        rest = club_lookup(field.related_model, (*seen, model))
        if rest is not None:
            return field.name if rest == "pk" else f"{field.name}__{rest}"
    return None


# Made again from the rest whenever it is asked for: a session's stored PDFs (megabytes of
# what the results already say) are left out of a backup, and remade after a load.
REMADE = {"events.SessionPdf"}


def club_objects(club: Club) -> list[models.Model]:
    """Every row of the club's, model by model (the club first), each model in key order;
    not what is made again from them (REMADE)."""
    rows = []
    for model in apps.get_app_config("events").get_models():
        if model._meta.label in REMADE:
            continue
        lookup = club_lookup(model)
        if lookup is not None:
            rows.extend(model.objects.filter(**{lookup: club.pk}).order_by("pk"))
    return rows


class ExactTimes(DjangoJSONEncoder):
    """Times to the microsecond, as stored: Django's own encoder cuts them to milliseconds, so
    an export read back and exported again was not the same file."""

    def default(self, o):
        if isinstance(o, datetime.datetime):
            text = o.isoformat()
            return text[:-6] + "Z" if text.endswith("+00:00") else text
        return super().default(o)


class Command(BaseCommand):
    help = "Write one club's sessions, pairs, results, history and members as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's short name, as in its address /clubs/SLUG/")
        parser.add_argument("--output", "-o", help="the file to write (default: print it)")

    def handle(self, *args, slug, output, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            known = ", ".join(Club.objects.order_by("slug").values_list("slug", flat=True))
            raise CommandError(f"no club {slug!r}; the clubs are: {known or 'none yet'}")
        rows = club_objects(club)
        text = serializers.serialize(
            "json", rows, indent=1, use_natural_foreign_keys=True, cls=ExactTimes
        )
        if not output:
            self.stdout.write(text)
            return
        try:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as error:
            raise CommandError(f"cannot write {output}: {error.strerror}") from None
        self.stderr.write(f"{club.name}: {len(rows)} rows written to {output}")
