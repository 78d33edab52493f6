"""A session's date: today by default, and nothing far from today (a slip gives year 0006).

The bounds are Clubscore's choice, stated in the message: from 1 January five years back (a
club typing up an old session) to a year ahead (a fixture list).
"""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from events.core.dates import session_date_range
from events.models import Event
from events.one_table.models import OneTableSession

TODAY = timezone.localdate()


def form(club, date):
    return {"club": club.pk, "name": "Thursday pairs", "date": date, "movement": "mitchell",
            "tables": "7", "phantom": "", "boards_per_round": "3",
            "scoring": "matchpoints"}  # fmt: skip


def test_the_bounds_are_five_years_back_to_a_year_ahead():
    assert session_date_range(datetime.date(2026, 11, 22)) == (
        datetime.date(2021, 1, 1),
        datetime.date(2027, 11, 22),
    )
    # 29 February: a year ahead is 28 February.
    assert session_date_range(datetime.date(2028, 2, 29))[1] == datetime.date(2029, 2, 28)


def test_the_new_session_form_starts_at_today(director_client, club):
    page = director_client.get(reverse("session_create")).content.decode()
    assert f'value="{TODAY.isoformat()}"' in page


@pytest.mark.parametrize(
    "date,accepted",
    [
        (TODAY, True),
        (session_date_range()[0], True),
        (session_date_range()[1], True),
        (session_date_range()[0] - datetime.timedelta(days=1), False),
        (session_date_range()[1] + datetime.timedelta(days=1), False),
        (datetime.date(6, TODAY.month, min(TODAY.day, 28)), False),  # the tabbing slip
        (datetime.date(TODAY.year + 200, 1, 1), False),
    ],
)
def test_a_new_session_date_must_be_near_today(director_client, club, date, accepted):
    response = director_client.post(reverse("session_create"), form(club, date.isoformat()))
    assert Event.objects.exists() == accepted
    if not accepted:
        earliest, latest = session_date_range()
        body = response.content.decode()
        assert "is too far from today" in body
        assert f"from {earliest:%-d %b %Y} to {latest:%-d %b %Y}" in body


def test_year_0006_is_named_in_the_message(director_client, club):
    response = director_client.post(reverse("session_create"), form(club, "0006-11-22"))
    assert "22 Nov 0006 is too far from today" in response.content.decode()


def test_a_one_table_game_is_held_to_the_same_dates(director_client, club):
    data = {"club": club.pk, "name": "Friday four", "date": "0006-11-27", "north": "Ann",
            "east": "Ben", "south": "Cat", "west": "Dan", "boards": "16", "method": "par-imps",
            "doubled_rule": "ignore", "vulnerable_rule": "ignore"}  # fmt: skip
    response = director_client.post(reverse("one_table_create"), data)
    assert "27 Nov 0006 is too far from today" in response.content.decode()
    assert not OneTableSession.objects.exists()
