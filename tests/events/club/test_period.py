"""The period a player's page covers."""

import datetime

from events.club.period import PeriodForm, last_twelve_months

TODAY = datetime.date(2026, 11, 28)


def test_the_default_is_the_last_twelve_months():
    period = PeriodForm({}, today=TODAY).period()
    assert (period.start, period.end) == (datetime.date(2025, 11, 29), TODAY)


def test_a_year_to_29_february_starts_on_1_march():
    period = last_twelve_months(datetime.date(2028, 2, 29))
    assert period.start == datetime.date(2027, 3, 1)


def test_a_calendar_year_and_every_session():
    form = PeriodForm({"start": "2025-01-01", "end": "2025-12-31"}, today=TODAY)
    assert form.period().label == "2025"
    everything = PeriodForm({"start": "", "end": ""}, today=TODAY).period()
    assert everything.label == "every session"
    assert everything.start <= datetime.date(1900, 1, 1) and everything.end.year == 9999


def test_a_period_that_ends_before_it_starts_is_refused_and_the_default_shown():
    form = PeriodForm({"start": "2026-10-31", "end": "2026-10-01"}, today=TODAY)
    assert form.period() == last_twelve_months(TODAY)
    assert form.non_field_errors() == [
        "The period starts on 31 October 2026, after it ends (1 October 2026)."
    ]
