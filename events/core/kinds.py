"""The kinds of event a club holds: pairs sessions, teams events, one-table games.

Each app registers its kind in its AppConfig.ready(), and `events` lists, deletes, purges,
imports and exports them through this registry: the apps of teams events and one-table games
import `events`, and `events` never imports them (tests/test_layers.py).
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.db import models


@dataclass(frozen=True)
class FileImport:
    """How a results file of the kind becomes an event: `parsed` is the class
    events.formats.read_traveller_file returns for it, `store(parsed, *, club, name, user,
    publish, warnings)` stores one, `described(event, file_name)` and `summary(event)` say what
    was made (the import page's message, import_travellers' line). The words name the kind in
    the refusals of a pairs session's choices."""

    parsed: type
    store: Callable[..., models.Model]
    described: Callable[[models.Model, str], str]
    summary: Callable[[models.Model], str]
    file_words: str  # "a teams file": it takes its scoring from the file
    penalties_words: str  # where the kind's penalties go instead of --penalty


@dataclass(frozen=True)
class EventKind:
    name: str  # "session", "teams": a deleted row's kind on the club page
    model: type[models.Model]  # with the shared EventQuerySet: readable_by, directed_by, ...
    what: str  # "session", "teams event": in messages
    detail: str  # the URL name of its page
    listing: str = ""  # the club page's (and home page's) name for its list
    on_home: int = 0  # how many the home page lists (0: none)
    restore: str = ""  # the URL name restoring a deleted one; "" for a kind deleted at once
    deleted_param: str = ""  # the club page's query naming the one just deleted (its Undo)
    file_import: FileImport | None = None
    results_file: Callable[[models.Model], str] | None = None  # export_results' text

    @property
    def restorable(self) -> bool:
        return bool(self.restore)


_KINDS: dict[str, EventKind] = {}


def register(kind: EventKind) -> None:
    _KINDS[kind.name] = kind


def all_kinds() -> list[EventKind]:
    """Every kind, in the order the apps registered them (INSTALLED_APPS: sessions first)."""
    return list(_KINDS.values())


def get(name: str) -> EventKind:
    return _KINDS[name]


def of(event: models.Model) -> EventKind:
    """The kind of `event` (a session, a teams event, ...)."""
    return next(kind for kind in _KINDS.values() if isinstance(event, kind.model))


def soft_deleted() -> list[EventKind]:
    """The kinds deleted restorably (hidden RESTORE_DAYS, then purged)."""
    return [kind for kind in _KINDS.values() if kind.restorable]


def importing(parsed) -> EventKind | None:
    """The kind that stores a parsed results file, or None for a pairs session's."""
    return next(
        (
            kind
            for kind in _KINDS.values()
            if kind.file_import and isinstance(parsed, kind.file_import.parsed)
        ),
        None,
    )
