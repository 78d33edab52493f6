"""Creating a session from a CSV of traveller lines, through the same checks as the browser.

Header: board,ns,ew,contract,declarer,result (result "=", "+1", "-2" or tricks "10"); an
optional score column replaces contract/declarer/result; contract may be PASS, an adjusted
code (A, A+, A+/A-, 60/40), a weighted score or NP. Optional columns: section (letters; the
sections of one file play the same boards), foul_group (Law 87: 1, 2, ... for the forms of a
fouled board). Every bad row is reported with its line number and nothing is stored unless
every row is good. A trick count that means down 4 or more is stored, as the column says,
with a warning.
"""

import csv
import datetime
import io
import re
from collections import Counter, defaultdict

from django.db import transaction

import scoring
from events import scorer
from events.models import Board, Event, Pair, Section
from events.movement_inference import recognise_movements
from events.results import EntryError, save_result

REQUIRED = ("board", "ns", "ew")
# Board and pair numbers are stored as small integers; no club deals more boards or pairs.
LARGEST_NUMBER = 32767
CONTRACT_COLUMNS = ("contract", "declarer", "result")


class ImportProblems(ValueError):
    def __init__(self, problems: list[tuple[int, str]]):
        self.problems = problems
        super().__init__("\n".join(f"line {line}: {message}" for line, message in problems))


def import_travellers(
    text: str, *, club, name, movement="mitchell", scoring_method="matchpoints", user=None,
    options=None, across_field=False, one_winner=False, publish=False, warnings=None,
) -> Event:  # fmt: skip
    """A new scored session from the CSV; `warnings` (a list) collects doubtful lines."""
    rows = _read_rows(text, movement, warnings if warnings is not None else [])
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
        event = Event.objects.create(
            club=club, name=name, date=datetime.date.today(), scoring=scoring_method,
            movement=movement, boards_per_round=min(max(Counter(board_sets.values()).values()), 8),
            across_field=across_field, one_winner=one_winner, published=publish,
            **(club.option_values() if options is None else options),
        )  # fmt: skip
        pairs, boards = _create(event, rows, board_sets, movement)
        problems = []
        for row in rows:
            ns, ew = pairs[row.ns_key], pairs[row.ew_key]
            try:
                save_result(
                    boards[(row.section, row.board)], ns, ew, row.text, user, override=True,
                    foul_group=row.foul_group, rescore=False,
                )  # fmt: skip
            except EntryError as error:
                problems.append((row.line, str(error)))
        if problems:
            transaction.set_rollback(True)
            raise ImportProblems(problems)
        scorer.rescore(event)
        recognise_movements(event)  # round and table, and table cards, where a movement fits
    return event


class _Row:
    def __init__(self, line, section, board, ns, ew, text, howell, foul_group=0):
        """`ns` and `ew` are (number, direction or "") as the file gives them."""
        self.line, self.section, self.board, self.text = line, section, board, text
        self.foul_group = foul_group
        self.ns_key = (section, ns[0], "" if howell else ns[1] or "NS")
        self.ew_key = (section, ew[0], "" if howell else ew[1] or "EW")


def _read_rows(text: str, movement: str, warnings: list) -> list[_Row]:
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
    for record in _records(reader, problems):
        line = reader.line_num
        try:
            row = _row(line, record, howell, warnings)
        except ValueError as error:
            problems.append((line, str(error)))
            continue
        for seen, key, seat in ((seen_ns, row.ns_key, "NS"), (seen_ew, row.ew_key, "EW")):
            earlier = seen.setdefault((row.board, key), line)
            if earlier != line:
                problems.append((line, f"{seat} {key[1]} already played board {row.board} "
                                       f"(line {earlier})"))  # fmt: skip
        if howell and row.ns_key == row.ew_key:
            problems.append((line, f"pair {row.ns_key[1]} cannot play against itself"))
        rows.append(row)
    if not rows and not problems:
        problems.append((1, "the file has no results"))
    if problems:
        raise ImportProblems(problems)
    return rows


def _records(reader: csv.DictReader, problems: list):
    """The file's records; a line the csv module cannot read (a field over its size limit, a
    stray NUL) becomes a problem on its line, and reading stops there."""
    try:
        yield from reader
    except csv.Error as error:
        problems.append((reader.line_num + 1, f"this line cannot be read as CSV ({error})"))


def _row(line: int, record: dict, howell: bool, warnings: list) -> _Row:
    def number(column, lowest=1):
        raw = (record.get(column) or "").strip()
        # isdigit() alone admits "²" and other digits int() refuses.
        if not (raw.isascii() and raw.isdigit()) or not lowest <= int(raw) <= LARGEST_NUMBER:
            raise ValueError(f"{column} {raw!r} is not a number from {lowest} to {LARGEST_NUMBER}")
        return int(raw)

    board, ns, ew = number("board"), _pair(record, "ns"), _pair(record, "ew")
    foul_group = number("foul_group", lowest=0) if (record.get("foul_group") or "").strip() else 0
    if foul_group > 9:
        raise ValueError(f"foul_group {foul_group}: a fouled board has groups 1-9")
    section = (record.get("section") or "A").strip().upper()
    if not (section.isalpha() and len(section) <= 3):
        raise ValueError(f"section {section!r}: use letters, e.g. A or B")
    score = (record.get("score") or "").strip()
    if score:
        text = score
    else:
        parts = [(record.get(c) or "").strip() for c in CONTRACT_COLUMNS]
        text = " ".join(part for part in parts if part)
    try:
        scoring.parse_entry(text, board)  # the same reading as the browser; raises ValueError
    except scoring.NeedsConfirmation as doubt:
        warnings.append((line, str(doubt)))
    return _Row(line, section, board, ns, ew, text, howell, foul_group)


_PAIR = re.compile(r"^(?P<before>NS|EW)?\s*(?P<number>\d+)\s*(?P<after>NS|EW)?$")


def _pair(record: dict, column: str) -> tuple[int, str]:
    """A pair number, optionally with its direction ("3EW" in the ns column: an EW pair sat
    NS, as in an arrow-switched round)."""
    raw = (record.get(column) or "").strip().upper()
    match = _PAIR.match(raw) if raw.isascii() else None
    if (match is None or not 1 <= int(match["number"]) <= LARGEST_NUMBER
            or (match["before"] and match["after"])):  # fmt: skip
        raise ValueError(f"{column} {raw!r} is not a pair number from 1 (e.g. 3, or 3EW)")
    return int(match["number"]), match["before"] or match["after"] or ""


def _board_sets(rows: list[_Row]) -> dict[tuple[str, int], int]:
    """Boards that one NS and EW pair played together were one round's set."""
    parent = {(row.section, row.board): (row.section, row.board) for row in rows}

    def root(board):
        while parent[board] != board:
            parent[board] = parent[parent[board]]
            board = parent[board]
        return board

    first_board_of_meeting = {}
    for row in rows:
        here = (row.section, row.board)
        other = first_board_of_meeting.setdefault((row.ns_key, row.ew_key), here)
        parent[root(here)] = root(other)
    groups = defaultdict(list)
    for board in parent:
        groups[root(board)].append(board)
    numbering = defaultdict(int)
    sets = {}
    for group in sorted(groups.values(), key=min):
        section = group[0][0]
        numbering[section] += 1
        sets.update({board: numbering[section] for board in group})
    return sets


def _create(event, rows, board_sets, movement):
    howell = movement == "howell"
    pairs, boards = {}, {}
    for name in sorted({row.section for row in rows}):
        mine = [row for row in rows if row.section == name]
        keys = sorted({row.ns_key for row in mine} | {row.ew_key for row in mine})
        tables = (len(keys) + 1) // 2 if howell else len({row.ns_key for row in mine})
        section = Section.objects.create(event=event, name=name, tables=tables,
                                         has_movement=False)  # fmt: skip
        for key in keys:
            pairs[key] = Pair.objects.create(section=section, number=key[1], direction=key[2])
        # Law 87: each form of a fouled board is factored to the board's full top.
        per_board = Counter(row.board for row in mine)
        for number in sorted(per_board):
            boards[(name, number)] = Board.objects.create(
                section=section, number=number, board_set=board_sets[(name, number)],
                expected_results=per_board[number],
            )  # fmt: skip
    return pairs, boards
