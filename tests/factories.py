"""Hand-written factories: sensible defaults, anything overridable by keyword."""

import datetime
import itertools

from django.contrib.auth import get_user_model

from events.models import Club
from events.sessions.setup import create_session

_sequence = itertools.count(1)


def make_user(**fields):
    number = next(_sequence)
    fields.setdefault("username", f"user{number}")
    password = fields.pop("password", "a-long-test-password")
    return get_user_model().objects.create_user(password=password, **fields)


def make_club(directors=(), **fields):
    number = next(_sequence)
    fields.setdefault("name", f"Club {number}")
    fields.setdefault("slug", f"club-{number}")
    club = Club.objects.create(**fields)
    club.directors.add(*directors)
    return club


def make_session(club, **fields):
    fields.setdefault("name", "Tuesday pairs")
    fields.setdefault("date", datetime.date(2026, 11, 24))
    fields.setdefault("scoring_method", "matchpoints")
    fields.setdefault("movement", "mitchell")
    fields.setdefault("tables", 3)
    fields.setdefault("boards_per_round", 2)
    return create_session(club=club, **fields)


def upload_travellers(client, club, text, name="Uploaded", **fields):
    """Post a travellers CSV to the import page, as the browser's form does."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    upload = SimpleUploadedFile("travellers.csv", text.encode(), content_type="text/csv")
    data = {"club": club.pk, "name": name, "file": upload, "movement": "mitchell",
            "scoring": "matchpoints", **fields}  # fmt: skip
    return client.post(reverse("session_import"), data)
