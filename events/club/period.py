"""The period a player's page covers, chosen by GET parameters (`start`, `end`): the last
twelve months unless asked otherwise, a calendar year by its preset link."""

from dataclasses import dataclass
from datetime import date, timedelta

from django import forms

__all__ = ["Period", "PeriodForm", "last_twelve_months", "presets"]


@dataclass(frozen=True)
class Period:
    start: date
    end: date
    label: str


def last_twelve_months(today: date) -> Period:
    """The year to `today`: from the day after the same date a year earlier (29 February
    counts from 1 March)."""
    try:
        year_ago = today.replace(year=today.year - 1)
    except ValueError:  # 29 February
        year_ago = date(today.year - 1, 2, 28)
    return Period(year_ago + timedelta(days=1), today, "the last 12 months")


def presets(today: date) -> list[tuple[str, str]]:
    """The periods offered as links, each with its query: the last twelve months, this
    year and the two before, and every session."""
    offered = [("Last 12 months", "")]
    for year in range(today.year, today.year - 3, -1):
        offered.append((str(year), f"?start={year}-01-01&end={year}-12-31"))
    return [*offered, ("All", "?start=&end=")]


class PeriodForm(forms.Form):
    start = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, data, *, today: date):
        super().__init__(data if ("start" in data or "end" in data) else None)
        self.today = today

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and start > end:
            raise forms.ValidationError(
                f"The period starts on {start:%-d %B %Y}, after it ends ({end:%-d %B %Y})."
            )
        return data

    def period(self) -> Period:
        """The period asked for; the last twelve months when nothing (valid) was asked."""
        default = last_twelve_months(self.today)
        if not self.is_bound or not self.is_valid():
            return default
        start = self.cleaned_data.get("start") or date(1900, 1, 1)
        end = self.cleaned_data.get("end") or date(9999, 12, 31)
        return Period(start, end, _described(self.cleaned_data["start"], self.cleaned_data["end"]))


def _described(start: date | None, end: date | None) -> str:
    if start and end:
        if start == date(start.year, 1, 1) and end == date(start.year, 12, 31):
            return str(start.year)
        return f"{start:%-d %b %Y} to {end:%-d %b %Y}"
    if start:
        return f"since {start:%-d %b %Y}"
    if end:
        return f"up to {end:%-d %b %Y}"
    return "every session"
