"""A session's version, moved on by every change, and the row lock that change takes.

Sessions (Event), teams events (TeamsEvent) and one-table games (OneTableSession) each carry a
`version`. Moving it on tells open live pages to fetch what changed (events/core/live.py keys its
cache by it) and stored PDFs to be made again (events/pdfs/store.py). The same UPDATE is the
change's lock: PostgreSQL holds an updated row locked until the transaction ends, SQLite the
whole file, so no SELECT ... FOR UPDATE is needed beside it.

A change takes its owner's row first, before any row under it (a board's results, a game's
hands, a match's boards): in one order two changes of one session queue; in two orders they
deadlocked (tests/events/test_concurrency.py).
"""

from django.db.models import F, Model, QuerySet

__all__ = ["bump"]


def bump(owner: Model | QuerySet, *, by: int = 1, **fields) -> int:
    """Lock `owner`'s row and move its version on by `by`, setting `fields` in the same UPDATE;
    the number of rows updated. `owner` is a session, teams event or one-table game, or a
    query of them (the session of a board, a session not yet final). `by=0` writes `fields`
    under the lock and leaves the version where it was."""
    # _default_manager is each of these models' only manager, `objects`, typed for any model.
    rows = (
        owner if isinstance(owner, QuerySet) else type(owner)._default_manager.filter(pk=owner.pk)
    )
    return rows.update(**fields, version=F("version") + by)
