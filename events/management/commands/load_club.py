"""Read back a club that `export_club` wrote, into a database without its rows: a move to
another server, or a club restored on its own (docs/operations.md).

The file names people by username only. Everyone it names (the club's directors, and former
directors in its history) gets an account here if the database has none of that name, with no
password yet: it cannot log in until an administrator sets one (`manage.py changepassword`).
Accounts already here are left as they are. The file's rows keep their keys, so a key this
database already uses for another row is refused before anything is stored: nothing is ever
overwritten, and the whole file is stored or none of it.
"""

import json
import tempfile
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from events.core.club_file import with_current_labels, write_fixture


class Command(BaseCommand):
    help = "Load a club's JSON file written by export_club into a database without its rows."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the .json file export_club wrote")

    def handle(self, *args, file, **options):
        path = Path(file)
        rows = with_current_labels(_read(path))
        _refuse_keys_in_use(rows)
        with tempfile.TemporaryDirectory() as folder, transaction.atomic():
            fixture = Path(folder) / "club.json"
            write_fixture(rows, fixture)
            made = _make_missing_accounts(named_usernames(rows))
            call_command("loaddata", str(fixture), verbosity=0)
        club = next(row["fields"]["name"] for row in rows if row["model"] == "events.club")
        self.stderr.write(f"{club}: {len(rows)} rows loaded from {path}")
        if made:
            self.stderr.write(
                f"Accounts made, with no password yet, for {', '.join(made)}: set one with "
                "`manage.py changepassword NAME` for each who should log in."
            )


def _read(path: Path) -> list[dict]:
    if path.suffix != ".json":
        raise CommandError(f"{path} is not a .json file: load_club reads what export_club wrote")
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CommandError(f"{path} is not a club export ({error})") from None
    if not (isinstance(rows, list) and rows and rows[0].get("model") == "events.club"):
        raise CommandError(f"{path} is not a club export: it does not start with the club")
    return rows


def named_usernames(rows: list[dict]) -> list[str]:
    """Every username the rows name (a foreign key or many-to-many to an account), in order."""
    user_model = get_user_model()
    names = {}
    for row in rows:
        model = apps.get_model(row["model"])
        for name, value in row["fields"].items():
            field = model._meta.get_field(name)
            if field.related_model is not user_model:
                continue
            for key in (value if field.many_to_many else [value]) or []:
                if key:  # a natural key: [username]
                    names.setdefault(key[0], None)
    return list(names)


def _make_missing_accounts(usernames: list[str]) -> list[str]:
    user_model = get_user_model()
    accounts = user_model.objects.filter(username__in=usernames)
    known = set(accounts.values_list("username", flat=True))
    made = [name for name in usernames if name not in known]
    for name in made:
        user_model.objects.create_user(username=name, password=None)  # no usable password
    return made


def _refuse_keys_in_use(rows: list[dict]) -> None:
    keys: dict[str, list] = {}
    for row in rows:
        keys.setdefault(row["model"], []).append(row["pk"])
    taken = []
    for label, pks in keys.items():
        model = apps.get_model(label)
        used = sorted(model.objects.filter(pk__in=pks).values_list("pk", flat=True))
        if used:
            shown = ", ".join(str(pk) for pk in used[:5]) + (", ..." if len(used) > 5 else "")
            taken.append(f"{model._meta.verbose_name_plural} {shown}")
    if taken:
        raise CommandError(
            "nothing loaded: this database already has rows with the file's keys ("
            + "; ".join(taken)
            + "). Load a club's export into a database without them, such as a new one."
        )
