"""A club's own movement, typed by its director as a table: one line a table in a round.

    round  table  NS  EW  board set
    1      1      8   1   1
    1      2      -   5   2        ("-": no pair there; the other sits out)

Fields are separated by spaces, tabs or commas; blank lines and lines starting with "#" are
skipped. Pairs are numbered once for the whole room (a Howell's numbering). The table is
checked with the checks every movement passes (scoring.movement_checks) and refused, in a
director's words, unless it passes them all.
"""

import re
from functools import cache

from scoring.domain import MovementKind
from scoring.movement_checks import check_movement
from scoring.movements import Movement, Pair, Seating, _check_boards_per_round

__all__ = ["typed_movement"]

_SPLIT = re.compile(r"[\s,;]+")


def typed_movement(text: str, boards_per_round: int) -> Movement:
    """The movement the director typed; ValueError says what is wrong with it."""
    _check_boards_per_round(boards_per_round)
    return _typed(str(text), boards_per_round)


@cache  # a session's movement is read on every page; the same text gives the same movement
def _typed(text: str, boards_per_round: int) -> Movement:
    seatings = [_seating(line, n) for n, line in _lines(text)]
    if not seatings:
        raise ValueError("type the movement as lines of: round, table, NS pair, EW pair, set")
    rounds = max(s.round for s in seatings)
    tables = max(s.table for s in seatings)
    for r in range(1, rounds + 1):
        seated = sorted(s.table for s in seatings if s.round == r)
        if seated != list(range(1, tables + 1)):
            missing = sorted(set(range(1, tables + 1)) - set(seated))
            if missing:
                listed = ", ".join(map(str, missing))
                raise ValueError(f"round {r} has no line for table {listed}")
    pairs = sorted({p.number for s in seatings for p in (s.ns, s.ew) if p is not None})
    if pairs != list(range(1, len(pairs) + 1)):
        raise ValueError(f"number the pairs 1-{len(pairs)} with none left out")
    sets = max(s.board_set for s in seatings)
    movement = Movement(
        MovementKind.HOWELL,
        tables,
        rounds,
        boards_per_round,
        sets,
        tuple(sorted(seatings, key=lambda s: (s.round, s.table))),
        label=f"Club movement, {tables} tables, {rounds} rounds",
    )
    problems = check_movement(movement)
    if problems:
        raise ValueError("; ".join(problems))
    return movement


def _lines(text: str):
    for n, line in enumerate(str(text).splitlines(), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            yield n, line


def _seating(line: str, n: int) -> Seating:
    fields = _SPLIT.split(line)
    if len(fields) != 5:
        raise ValueError(
            f"line {n} ({line!r}) has {len(fields)} entries; give 5: round, table, NS pair, "
            "EW pair, board set"
        )
    try:
        r, table, board_set = (int(fields[i]) for i in (0, 1, 4))
        ns, ew = (None if f == "-" else int(f) for f in fields[2:4])
    except ValueError:
        raise ValueError(f"line {n} ({line!r}): give whole numbers, or - for no pair") from None
    if min(r, table, board_set) < 1 or any(p is not None and p < 1 for p in (ns, ew)):
        raise ValueError(f"line {n} ({line!r}): numbers start at 1")
    if ns is None and ew is None:
        raise ValueError(f"line {n} ({line!r}): a table needs at least one pair")
    return Seating(r, table, _pair(ns), _pair(ew), board_set)


def _pair(number: int | None) -> Pair | None:
    return None if number is None else Pair(number)
