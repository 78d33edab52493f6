"""The dates a session may have: one rule for the session forms, every importer and (as far
as a fixed check can) the database.

No session is dated after a year from today (a fixture list), nor before 1925, when contract
bridge was first played (Vanderbilt's scoring table): an older date in a file is a program's
placeholder for none (0001-01-01, 1900-01-01) or a slip, and 9999-12-31 would head the club's
list of sessions for ever. Results from past years import with their own dates. A director
typing a new session is held to five years back, so that a slip in the year (0006, 2206) is
caught at once.
"""

import datetime

from django.utils import timezone
from django.utils.dateformat import format as format_date

__all__ = ["EARLIEST_DATE", "LAST_STORABLE_DATE", "TYPED_YEARS_BACK", "date_problem",
           "session_date_range"]  # fmt: skip

EARLIEST_DATE = datetime.date(1925, 1, 1)
# The database's own check (migration 0017) cannot follow today: it refuses what no path of
# the app could store, up to this.
LAST_STORABLE_DATE = datetime.date(2099, 12, 31)
TYPED_YEARS_BACK = 5  # a club may type up an old session; not one from year 0006


def session_date_range(today=None, *, typed=True) -> tuple[datetime.date, datetime.date]:
    """The dates a session may have: from 1 January five years back when `typed`, else from
    1925; to a year from today."""
    today = today or timezone.localdate()
    try:
        latest = today.replace(year=today.year + 1)
    except ValueError:  # 29 February
        latest = today.replace(year=today.year + 1, day=28)
    earliest = datetime.date(today.year - TYPED_YEARS_BACK, 1, 1) if typed else EARLIEST_DATE
    return earliest, latest


def date_problem(value: datetime.date, *, typed: bool, today=None) -> str | None:
    """Why a session cannot have this date, in words, or None. `typed`: a director typing a
    session's date, not a file giving one."""
    earliest, latest = session_date_range(today, typed=typed)
    if earliest <= value <= latest:
        return None
    said, first, last = (format_date(day, "j M Y") for day in (value, earliest, latest))
    if typed:
        return (
            f"{said} is too far from today: a session's date is from {first} to {last} "
            f"({TYPED_YEARS_BACK} years back to a year ahead)."
        )
    reason = (
        "contract bridge's first year; an older date is a program's way of writing none"
        if value < earliest
        else "a year ahead"
    )
    return f"the date {said} is no session's: a session is dated from {first} to {last} ({reason})"
