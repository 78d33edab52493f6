"""The club backup file (`export_club`, `load_club`): which models it holds, in what order, and
under which names.

The file names each row's model by a label, `events.teamsevent`. Teams events and one-table
games were models of the `events` app when the first files were written; they have apps of
their own now, and the file keeps their first labels forever (FILE_APP, only ever added to), so
a file written before the split loads after it and a club exported after it is the same file.
"""

import datetime
import json
from pathlib import Path

from django.apps import apps
from django.core.serializers.json import DjangoJSONEncoder
from django.core.serializers.json import Serializer as JSONSerializer
from django.db import models

from events.core.names import player_key
from events.models import Club

# The apps whose models hang off a club: what a backup holds.
CLUB_APPS = ("events", "teams", "one_table", "individuals", "swiss_pairs")
# An app whose models the file names by another app's label: where they were when files were
# first written.
FILE_APP = {"teams": "events", "one_table": "events"}
# The models' order in the files written before the apps were split, kept so that a file
# exported again is the same file; a model added since follows them, in its app's order.
FILE_ORDER = (
    "events.club", "events.member", "events.event", "events.section", "events.pair",
    "events.board", "events.onetablesession", "events.onetablehand", "events.onetabledeal",
    "events.sessionpdf", "events.result", "events.resultchange", "events.penalty",
    "events.tablelink", "events.tableentry", "events.tablephoneoptions", "events.teamsevent",
    "events.team", "events.teammatch", "events.matchboard",
)  # fmt: skip
# Made again from the rest whenever it is asked for: a session's stored PDFs (megabytes of
# what the results already say) and its stored standings (a copy of what its results give)
# are left out of a backup, and remade after a load.
REMADE = {"events.SessionPdf", "events.StoredStanding"}


def file_label(model: type[models.Model]) -> str:
    """The label the file gives `model`'s rows: `events.teamsevent` for a teams event."""
    app_label = model._meta.app_label
    return f"{FILE_APP.get(app_label, app_label)}.{model._meta.model_name}"


def club_app_models() -> list[type[models.Model]]:
    """Every model of the club's apps, in the file's order."""
    found = [model for app in CLUB_APPS for model in apps.get_app_config(app).get_models()]
    order = {label: place for place, label in enumerate(FILE_ORDER)}
    return sorted(found, key=lambda model: order.get(file_label(model), len(order)))


def current_label(label: str) -> str:
    """The model label of today for a label a file gives (`events.teamsevent` ->
    `teams.teamsevent`); a label of no club model is returned as it is."""
    labels = {file_label(model): model._meta.label_lower for model in club_app_models()}
    return labels.get(label.lower(), label)


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


def club_objects(club) -> list[models.Model]:
    """Every row of the club's, model by model (the club first), each model in key order;
    not what is made again from them (REMADE)."""
    rows: list[models.Model] = []
    for model in club_app_models():
        if model._meta.label in REMADE:
            continue
        lookup = club_lookup(model)
        if lookup is not None:
            # _default_manager: each club model's only manager, `objects`, typed for any model.
            rows.extend(model._default_manager.filter(**{lookup: club.pk}).order_by("pk"))
    return rows


class ExactTimes(DjangoJSONEncoder):
    """Times to the microsecond, as stored: Django's own encoder cuts them to milliseconds, so
    an export read back and exported again was not the same file."""

    def default(self, o):
        if isinstance(o, datetime.datetime):
            text = o.isoformat()
            return text[:-6] + "Z" if text.endswith("+00:00") else text
        return super().default(o)


class _FileLabels(JSONSerializer):
    """Django's JSON fixture format, each row named by its file label."""

    def get_dump_object(self, obj):
        data = super().get_dump_object(obj)
        data["model"] = file_label(type(obj))
        return data


def club_file_text(rows: list[models.Model]) -> str:
    """The file's text for `rows`: people named by username (a natural key), never by id."""
    return _FileLabels().serialize(rows, indent=1, use_natural_foreign_keys=True, cls=ExactTimes)


def with_current_labels(rows: list[dict]) -> list[dict]:
    """A file's rows with the model labels of today, for Django's loaddata; each member's
    name key made again from their name (a file written before members had keys has none,
    and loaddata bypasses Member.save, which keeps them)."""
    return [_keyed({**row, "model": current_label(row["model"])}) for row in rows]


def _keyed(row: dict) -> dict:
    if row["model"] != "events.member":
        return row
    return {**row, "fields": {**row["fields"], "key": player_key(row["fields"]["name"])}}


def write_fixture(rows: list[dict], path: Path) -> None:
    """Rows as a fixture loaddata reads (it keeps resetting sequences and checking keys)."""
    path.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
