"""Creating a session from a CSV of traveller lines, through the same checks as the browser.

Header: board,ns,ew,contract,declarer,result (result "=", "+1", "-2" or tricks "10"); an
optional score column replaces contract/declarer/result; contract may be PASS, an adjusted
code (A, A+, A+/A-, 60/40) or NP. Every bad row is reported with its line number and nothing
is stored unless every row is good.
"""

import csv
import datetime
import io
from collections import Counter, defaultdict

from django.db import transaction

import scoring
from events.models import Board, Event, Pair, Section
from events.results import EntryError, save_result

REQUIRED = ("board", "ns", "ew")
CONTRACT_COLUMNS = ("contract", "declarer", "result")


class ImportProblems(ValueError):
    def __init__(self, problems: list[tuple[int, str]]):
        self.problems = problems
        super().__init__("\n".join(f"line {line}: {message}" for line, message in problems))


def import_travellers(
    text: str, *, club, name, movement="mitchell", scoring_method="matchpoints", user=None
) -> Event:
    rows = _read_rows(text, movement)
    board_sets = _board_sets(rows)
    if scoring_method == "hdb":
        sizes = Counter(board_sets.values())
        wrong = sorted({size for size in sizes.values() if not 3 <= size <= 8})
        if wrong:
            raise ImportProblems(
                [(1, f"Home Duplicate Bridge scores sets of 3-8 boards; this file has sets of "
                     f"{', '.join(map(str, wrong))}")]
            )  # fmt: skip
    with transaction.atomic():
        event, pairs, boards = _create(rows, board_sets, club, name, movement, scoring_method)
        problems = []
        for row in rows:
            ns, ew = pairs[row.ns_key], pairs[row.ew_key]
            try:
                save_result(boards[row.board], ns, ew, row.text, user, override=True)
            except EntryError as error:
                problems.append((row.line, str(error)))
        if problems:
            transaction.set_rollback(True)
            raise ImportProblems(problems)
    return event


class _Row:
    def __init__(self, line, board, ns, ew, text, howell):
        self.line, self.board, self.text = line, board, text
        self.ns_key = (ns, "" if howell else "NS")
        self.ew_key = (ew, "" if howell else "EW")


def _read_rows(text: str, movement: str) -> list[_Row]:
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [column.strip().lower() for column in reader.fieldnames or []]
    reader.fieldnames = header
    missing = [c for c in REQUIRED if c not in header]
    if "score" not in header:
        missing += [c for c in CONTRACT_COLUMNS if c not in header]
    if missing:
        raise ImportProblems([(1, f"the header lacks {', '.join(missing)}")])
    howell = movement == "howell"
    rows, problems = [], []
    seen_ns, seen_ew = {}, {}
    for record in reader:
        line = reader.line_num
        try:
            row = _row(line, record, howell)
        except ValueError as error:
            problems.append((line, str(error)))
            continue
        for seen, key, seat in ((seen_ns, row.ns_key, "NS"), (seen_ew, row.ew_key, "EW")):
            earlier = seen.setdefault((row.board, key), line)
            if earlier != line:
                problems.append((line, f"{seat} {key[0]} already played board {row.board} "
                                       f"(line {earlier})"))  # fmt: skip
        if howell and row.ns_key == row.ew_key:
            problems.append((line, f"pair {row.ns_key[0]} cannot play against itself"))
        rows.append(row)
    if not rows and not problems:
        problems.append((1, "the file has no results"))
    if problems:
        raise ImportProblems(problems)
    return rows


def _row(line: int, record: dict, howell: bool) -> _Row:
    def number(column):
        raw = (record.get(column) or "").strip()
        if not raw.isdigit() or int(raw) < 1:
            raise ValueError(f"{column} {raw!r} is not a number from 1")
        return int(raw)

    board, ns, ew = number("board"), number("ns"), number("ew")
    score = (record.get("score") or "").strip()
    if score:
        text = score
    else:
        parts = [(record.get(c) or "").strip() for c in CONTRACT_COLUMNS]
        text = " ".join(part for part in parts if part)
    scoring.parse_entry(text, board)  # the same reading as the browser; raises ValueError
    return _Row(line, board, ns, ew, text, howell)


def _board_sets(rows: list[_Row]) -> dict[int, int]:
    """Boards that one NS and EW pair played together were one round's set."""
    parent = {row.board: row.board for row in rows}

    def root(board):
        while parent[board] != board:
            parent[board] = parent[parent[board]]
            board = parent[board]
        return board

    first_board_of_meeting = {}
    for row in rows:
        other = first_board_of_meeting.setdefault((row.ns_key, row.ew_key), row.board)
        parent[root(row.board)] = root(other)
    groups = defaultdict(list)
    for board in parent:
        groups[root(board)].append(board)
    ordered = sorted(groups.values(), key=min)
    return {board: index for index, group in enumerate(ordered, 1) for board in group}


def _create(rows, board_sets, club, name, movement, scoring_method):
    howell = movement == "howell"
    keys = sorted({row.ns_key for row in rows} | {row.ew_key for row in rows})
    ns_count = len({row.ns_key for row in rows})
    tables = (len(keys) + 1) // 2 if howell else ns_count
    per_board = Counter(row.board for row in rows)
    set_sizes = Counter(board_sets.values())
    event = Event.objects.create(
        club=club,
        name=name,
        date=datetime.date.today(),
        scoring=scoring_method,
        movement=movement,
        boards_per_round=min(max(set_sizes.values()), 8),
    )
    section = Section.objects.create(event=event, name="A", tables=tables, has_movement=False)
    pairs = {
        key: Pair.objects.create(section=section, number=key[0], direction=key[1]) for key in keys
    }
    boards = {
        number: Board.objects.create(
            section=section,
            number=number,
            board_set=board_sets[number],
            expected_results=per_board[number],
        )  # fmt: skip
        for number in sorted(per_board)
    }
    return event, pairs, boards
