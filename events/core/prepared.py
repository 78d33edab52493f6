"""Querysets compiled to SQL once, then run with other ids: the hot path's queries.

Django builds and compiles a queryset's SQL every time it runs. A save's dozen queries differ
from one save to the next only in their ids, yet building and compiling them took a quarter
of the save (5.7 of 21 ms, club night on PostgreSQL). A `@prepared` function builds its
queryset once, with markers where its arguments go, and keeps the compiler and the SQL it
wrote; each call runs that SQL with the arguments in the markers' places. Django itself still
turns the rows into objects, dicts or tuples (select_related, annotations, the fields'
conversions such as SQLite's booleans), from the compiler's own record of the columns.

(Not a database's prepared statement: the SQL is sent, and planned, each time.)

It leans on two parts of Django's query internals, a Query's `get_compiler` and a compiler's
`as_sql`. pyproject.toml lets any 5.2 release install (security releases must); tests/events/
test_prepared.py runs every prepared query against its plain queryset on both databases, so a
release that changes those internals fails there first.
"""

import copy
import threading
from collections.abc import Callable

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet

# Within every integer column's range (PositiveSmallIntegerField's too: Django leaves a value
# out of a column's range out of the SQL altogether), and above any constant a query of ours
# compares with.
FIRST_MARKER = 32_101


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Compiled:
    """A queryset compiled for one database: its compiler, SQL and parameters, and where in
    those parameters each argument goes."""

    def __init__(self, queryset: QuerySet, arity: int):
        # A private attribute django-stubs leaves out (the module's docstring: internals).
        if queryset._known_related_objects:  # type: ignore[attr-defined]
            # A related manager's queryset hands its rows the object it was built from.
            raise ValueError("build a prepared query from a model's manager")
        self.queryset = queryset
        self.compiler = queryset.query.get_compiler(using=queryset.db)
        self.sql, params = self.compiler.as_sql()
        self.compiler.connection = None  # each call binds its thread's; keep this one not open
        self.params = list(params)
        markers = range(FIRST_MARKER, FIRST_MARKER + arity)
        self.places = [[i for i, p in enumerate(params) if p == m] for m in markers]
        placed = sum(len(places) for places in self.places)
        large = [p for p in params if _is_int(p) and p >= FIRST_MARKER]
        if not all(self.places) or len(large) != placed:
            # An argument the SQL does not compare with as it was given, or a constant that
            # looks like a marker: the SQL cannot be reused safely.
            raise ValueError(f"cannot prepare {self.sql!r}: parameters {params!r}")

    def run(self, values: tuple[int, ...]) -> list:
        params = list(self.params)
        for places, value in zip(self.places, values, strict=True):
            if not -(2**63) <= value < 2**63:
                # No column holds it (a URL's id of 30 digits): nothing equals it, and SQLite
                # would raise OverflowError.
                return []
            for place in places:
                # A plain int, not as Django wrapped the marker (psycopg's Int2 for a small
                # integer column): PostgreSQL then compares 40,000 with one, not refuses it.
                params[place] = value
        compiler = copy.copy(self.compiler)
        compiler.connection = connections[self.queryset.db]  # this thread's connection
        sql, bound = self.sql, tuple(params)
        compiler.as_sql = lambda *args, **kwargs: (sql, bound)
        queryset = self.queryset.all()  # a clone: its query alone answers with this compiler
        # Replacing this one query's method is the point: mypy refuses any assignment to one.
        queryset.query.get_compiler = lambda *args, **kwargs: compiler  # type: ignore[method-assign]
        return list(queryset)


class prepared:  # noqa: N801 (a decorator, named as one)
    """`@prepared` on a function of integers (ids, board numbers) returning a queryset: calling
    it returns the queryset's rows as a list (chained further, a queryset needs new SQL).

    An argument may only be compared with `=`, `<`, `>` and the like: None (IS NULL) or a list
    (IN) would change the SQL's shape, so the arguments must be ints, and a build whose SQL
    does not carry each argument as a parameter is refused on its first call.
    """

    def __init__(self, build: Callable[..., QuerySet]):
        self.queryset = build  # the plain queryset, for the tests
        self.__name__, self.__doc__ = build.__name__, build.__doc__
        self._arity = build.__code__.co_argcount
        self._compiled: dict[str, _Compiled] = {}
        self._lock = threading.Lock()

    def __call__(self, *values: int) -> list:
        if len(values) != self._arity or any(type(value) is not int for value in values):
            raise TypeError(f"{self.__name__} takes {self._arity} ints, not {values!r}")
        return self._for(DEFAULT_DB_ALIAS).run(values)

    def _compile(self, alias: str) -> _Compiled:
        markers = range(FIRST_MARKER, FIRST_MARKER + self._arity)
        return _Compiled(self.queryset(*markers).using(alias), self._arity)

    def _for(self, alias: str) -> _Compiled:
        compiled = self._compiled.get(alias)
        if compiled is None:
            with self._lock:  # threaded servers: one compile
                compiled = self._compiled.get(alias)
                if compiled is None:
                    compiled, again = (self._compile(alias) for _ in range(2))
                    if (compiled.sql, compiled.params) != (again.sql, again.params):
                        # Built from something besides its arguments (the time, a setting):
                        # that would stay as it was at the first call.
                        raise ValueError(f"cannot prepare {compiled.sql!r}: it changes")
                    self._compiled[alias] = compiled
        return compiled
