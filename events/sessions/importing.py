"""A new scored session from a results file: every format's reader, one storing path.

A reader (events.formats.READERS) turns a file into a TravellerFile; `import_traveller_file`
checks every line the way the browser does (`scoring.parse_entry`), and only when every line
is good writes the session, its pairs, boards, results and their history in bulk, then
scores it once, all in one transaction. Every problem is reported with its place in the file.
"""

import datetime
from collections import Counter, defaultdict

from django.db import transaction

import scoring
from events.core.dates import date_problem
from events.core.invisible import without_invisible
from events.core.limits import MAX_RESULT_LENGTH, SectionSize, quoted, size_problems

# The result fields from a parsed line, as the browser's save writes them.
from events.entry.saving import fill_result
from events.formats import (
    LARGEST_NUMBER,
    ImportProblems,
    Place,
    TravellerFile,
    TravellerLine,
    describe_place,
)
from events.formats.csv_travellers import parse_csv
from events.handrecords.jobs import queue_analysis
from events.handrecords.pbn import PBNError, normalised_deal
from events.models import Board, Event, Pair, Result, ResultChange, Section
from events.sessions.movement_inference import recognise_movements
from events.standings import scorer
from scoring.domain import Direction, Method, MovementKind

__all__ = ["ImportProblems", "import_traveller_file", "import_travellers"]

BULK = 500  # rows a statement: SQLite allows 32,766 parameters, and a result has 20 fields

# A pair as the file names it: (section, number, "NS", "EW" or "" in a Howell).
_PairKey = tuple[str, int, str]
# A board of a section: (section, number).
_BoardKey = tuple[str, int]


def import_travellers(text: str, *, club, name, movement=MovementKind.MITCHELL, **options) -> Event:
    """A new scored session from the CSV's text (see import_traveller_file)."""
    return import_traveller_file(
        parse_csv(text), club=club, name=name, movement=movement, **options
    )


def import_traveller_file(
    parsed: TravellerFile,
    *,
    club,
    name=None,
    movement=None,
    scoring_method=None,
    user=None,
    options=None,
    across_field=False,
    one_winner=False,
    publish=False,
    warnings=None,
) -> Event:
    """A new scored session from a file any reader read; `warnings` (a list) collects the
    (place, message) of doubtful lines. Raises ImportProblems and stores nothing unless
    every line is good.

    `name` defaults to the file's event name, `movement` to the file's or else the one its
    pairings show, `scoring_method` to the file's or else matchpoints.
    """
    warnings = warnings if warnings is not None else []
    _remove_invisible_characters(parsed, warnings)
    name = (name or parsed.event_name or "").strip()[:100]
    movement = movement or parsed.movement or _movement_of(parsed.lines)
    scoring_method = scoring_method or parsed.scoring or Method.MATCHPOINTS
    options = club.option_values() if options is None else options
    if options.get("scored_as"):  # at matchpoints, the program's scale
        scoring_method = scoring.preset_of(options["scored_as"]).method_for(scoring_method)
    warnings = warnings if warnings is not None else []
    warnings += parsed.warnings
    _check_size(parsed, movement)
    rows = _checked_rows(parsed, movement, name, warnings)
    board_sets = _board_sets(rows)
    _check_hdb_sets(scoring_method, board_sets)
    with transaction.atomic():
        event = Event.objects.create(
            club=club,
            name=name,
            date=parsed.date or datetime.date.today(),
            scoring=scoring_method,
            movement=movement,
            boards_per_round=min(max(Counter(board_sets.values()).values()), 8),
            across_field=across_field,
            one_winner=one_winner,
            published=publish,
            **options,
        )
        pairs, boards = _create(event, rows, board_sets, movement, parsed)
        _store_results(event, rows, pairs, boards, user)
        scorer.rescore(event)
        recognise_movements(event)  # round and table, and table cards, where a movement fits
        if parsed.deals:
            queue_analysis(event)
    return event


class _Row:
    """A checked line: its pairs' keys (section, number, direction) and its parsed entry."""

    def __init__(self, line: TravellerLine, howell: bool, entry: scoring.Entry, group: int):
        self.line, self.section, self.board = line.place, line.section, line.board
        self.entry, self.foul_group = entry, group
        ns, ew = ("", "") if howell else (line.ns[1] or Direction.NS, line.ew[1] or Direction.EW)
        self.ns_key: _PairKey = (line.section, line.ns[0], ns)
        self.ew_key: _PairKey = (line.section, line.ew[0], ew)


def _remove_invisible_characters(parsed: TravellerFile, warnings: list) -> None:
    """The file's event and player names without invisible characters (events.core.invisible), and
    a warning saying which names changed."""
    changed = []
    event_name = without_invisible(parsed.event_name)
    if event_name != parsed.event_name:
        parsed.event_name = event_name
        changed.append(event_name)
    for key, players in parsed.names.items():
        visible = (without_invisible(players[0]), without_invisible(players[1]))
        if visible != players:
            parsed.names[key] = visible
            changed += [new for new, old in zip(visible, players, strict=True) if new != old]
    if changed:
        shown = ", ".join(f"“{name}”" for name in changed[:3])
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        warnings.append(
            (
                "the file",
                f"invisible characters (control characters, direction "
                f"marks) removed from {shown}{more}",
            )
        )


def _check_size(parsed: TravellerFile, movement: str) -> None:
    """ImportProblems when the file is bigger than any session (events.core.limits), before a
    line of it is checked."""
    howell = movement == MovementKind.HOWELL
    pairs: defaultdict[str, set[tuple[int, str]]] = defaultdict(set)
    boards: defaultdict[str, set[int]] = defaultdict(set)
    results: Counter[str] = Counter()
    for line in parsed.lines:
        boards[line.section].add(line.board)
        results[line.section] += 1
        for (number, direction), seat in ((line.ns, Direction.NS), (line.ew, Direction.EW)):
            pairs[line.section].add((number, "" if howell else direction or seat))
    sizes = [
        SectionSize(name, len(pairs[name]), len(boards[name]), results[name])
        for name in sorted(results)
    ]
    problems = size_problems(sizes)
    if problems:
        raise ImportProblems(
            [(1, f"the file is too big for a session: {problem}") for problem in problems]
        )


def _checked_rows(parsed: TravellerFile, movement: str, name: str, warnings: list) -> list[_Row]:
    """Every line parsed and checked; ImportProblems lists every problem, in file order."""
    howell = movement == MovementKind.HOWELL
    problems: list[tuple[Place, str]] = list(parsed.problems)
    if not name:
        problems.append((1, "the file names no event: give the session a name"))
    if parsed.date is not None and (problem := date_problem(parsed.date, typed=False)):
        problems.append((parsed.date_place, problem))
    rows: list[_Row] = []
    # (board, pair) -> where the pair first played the board
    seen_ns: dict[tuple[int, _PairKey], Place] = {}
    seen_ew: dict[tuple[int, _PairKey], Place] = {}
    for line in parsed.lines:
        try:
            row = _checked_row(line, howell, warnings)
        except ValueError as error:
            problems.append((line.place, str(error)))
            continue
        for seen, key, seat in zip((seen_ns, seen_ew), (row.ns_key, row.ew_key), Direction):
            earlier = seen.setdefault((row.board, key), line.place)
            if earlier != line.place:
                message = f"{seat} {key[1]} already played board {row.board}"
                problems.append((line.place, f"{message} ({describe_place(earlier)})"))
        rows.append(row)
    problems += _deal_problems(parsed)
    if not rows and not problems:
        problems.append((1, "the file has no results"))
    if problems:
        raise ImportProblems(sorted(problems, key=_in_file_order))
    return rows


def _checked_row(line: TravellerLine, howell: bool, warnings: list) -> _Row:
    if not 1 <= line.board <= LARGEST_NUMBER:
        raise ValueError(f"board {line.board} is not a number from 1 to {LARGEST_NUMBER}")
    for seat, (number, _direction) in (("ns", line.ns), ("ew", line.ew)):
        if not 1 <= number <= LARGEST_NUMBER:
            raise ValueError(f"{seat} {number} is not a pair number from 1 to {LARGEST_NUMBER}")
    if not (line.section.isalpha() and len(line.section) <= 3):
        raise ValueError(f"section {quoted(line.section)}: use letters, e.g. A or B")
    if len(line.text) > MAX_RESULT_LENGTH:
        raise ValueError(
            f"the result is {len(line.text):,} characters long; a result is at "
            f"most {MAX_RESULT_LENGTH}, e.g. 4S N = or 3NTX S -2"
        )
    text, marked_group = scoring.split_foul_group(line.text)
    group = marked_group if marked_group is not None else line.foul_group
    if not 0 <= group <= 9:
        raise ValueError(f"foul_group {group}: a fouled board has groups 1-9")
    try:  # the same reading as the browser's; a ValueError says what is wrong
        entry = scoring.parse_entry(text, line.board)
    except scoring.NeedsConfirmation as doubt:
        warnings.append((line.place, str(doubt)))
        entry = doubt.entry
    row = _Row(line, howell, entry, group)
    if row.ns_key == row.ew_key:
        raise ValueError(f"pair {line.ns[0]} cannot play against itself")
    if not howell and row.ns_key[2] == row.ew_key[2]:
        raise ValueError(f"pairs {line.ns[0]} and {line.ew[0]} are both {row.ns_key[2]} pairs")
    return row


def _deal_problems(parsed: TravellerFile) -> list[tuple[Place, str]]:
    problems: list[tuple[Place, str]] = []
    boards = {line.board for line in parsed.lines}
    for board, deal in parsed.deals.items():
        place = parsed.deal_places.get(board, 1)
        if board not in boards:
            continue  # a hand record may deal boards nobody played
        try:
            parsed.deals[board] = normalised_deal(deal, f"board {board}")
        except PBNError as error:
            problems.append((place, str(error)))
    return problems


def _in_file_order(problem: tuple[Place, str]):
    place = problem[0]
    return (0, place, "") if isinstance(place, int) else (1, 0, place)


def _movement_of(lines: list[TravellerLine]) -> str:
    """A Mitchell when a pair number meets itself, sits both ways on one board, or the file
    gives directions; else a Howell (where every number is one pair)."""
    both_ways: defaultdict[tuple[str, int, int], set[str]] = defaultdict(set)
    for line in lines:
        if line.ns[1] or line.ew[1] or line.ns[0] == line.ew[0]:
            return MovementKind.MITCHELL
        both_ways[(line.section, line.board, line.ns[0])].add(Direction.NS)
        both_ways[(line.section, line.board, line.ew[0])].add(Direction.EW)
    both = any(len(seats) == 2 for seats in both_ways.values())
    return MovementKind.MITCHELL if both else MovementKind.HOWELL


def _check_hdb_sets(scoring_method: str, board_sets: dict) -> None:
    if scoring_method != Method.HDB:
        return
    sizes = Counter(board_sets.values())
    wrong = sorted({size for size in sizes.values() if not 3 <= size <= 8})
    if wrong:
        raise ImportProblems(
            [
                (
                    1,
                    f"Home Duplicate Bridge scores sets of 3-8 boards; this file has sets of "
                    f"{', '.join(map(str, wrong))}",
                )
            ]
        )


def _board_sets(rows: list[_Row]) -> dict[_BoardKey, int]:
    """Boards that one NS and EW pair played together were one round's set."""
    parent = {(row.section, row.board): (row.section, row.board) for row in rows}

    def root(board: _BoardKey) -> _BoardKey:
        while parent[board] != board:
            parent[board] = parent[parent[board]]
            board = parent[board]
        return board

    first_board_of_meeting: dict[tuple[_PairKey, _PairKey], _BoardKey] = {}
    for row in rows:
        here = (row.section, row.board)
        other = first_board_of_meeting.setdefault((row.ns_key, row.ew_key), here)
        parent[root(here)] = root(other)
    groups: defaultdict[_BoardKey, list[_BoardKey]] = defaultdict(list)
    for board in parent:
        groups[root(board)].append(board)
    numbering: defaultdict[str, int] = defaultdict(int)
    sets: dict[_BoardKey, int] = {}
    for group in sorted(groups.values(), key=min):
        section = group[0][0]
        numbering[section] += 1
        sets.update({board: numbering[section] for board in group})
    return sets


def _create(
    event: Event,
    rows: list[_Row],
    board_sets: dict[_BoardKey, int],
    movement: str,
    parsed: TravellerFile,
) -> tuple[dict[_PairKey, Pair], dict[_BoardKey, Board]]:
    howell = movement == MovementKind.HOWELL
    pairs: dict[_PairKey, Pair] = {}
    boards: dict[_BoardKey, Board] = {}
    for name in sorted({row.section for row in rows}):
        mine = [row for row in rows if row.section == name]
        keys = sorted({row.ns_key for row in mine} | {row.ew_key for row in mine})
        tables = (len(keys) + 1) // 2 if howell else len({row.ns_key for row in mine})
        section = Section.objects.create(
            event=event,
            name=name,
            tables=tables,
            label=parsed.section_labels.get(name, ""),
            has_movement=False,
        )
        created_pairs = Pair.objects.bulk_create(
            [
                Pair(section=section, number=key[1], direction=key[2], **_names(parsed.names, key))
                for key in keys
            ]
        )
        pairs.update(zip(keys, created_pairs, strict=True))
        # Law 87: each form of a fouled board is factored to the board's full top.
        per_board = Counter(row.board for row in mine)
        numbers = sorted(per_board)
        created_boards = Board.objects.bulk_create(
            [
                Board(
                    section=section,
                    number=number,
                    board_set=board_sets[(name, number)],
                    expected_results=per_board[number],
                    deal=parsed.deals.get(number, ""),
                )
                for number in numbers
            ]
        )
        boards.update(
            {(name, number): board for number, board in zip(numbers, created_boards, strict=True)}
        )
    return pairs, boards


def _names(names: dict[_PairKey, tuple[str, str]], key: _PairKey) -> dict[str, str]:
    """The file's names for a pair; a Howell pair (no direction) takes them from either."""
    section, number, direction = key
    ways = (direction, "") if direction else ("", *Direction)
    found = next(
        (names[(section, number, way)] for way in ways if (section, number, way) in names), None
    )
    if not found:
        return {}
    return {"player1": found[0].strip()[:60], "player2": found[1].strip()[:60]}


def _store_results(event, rows, pairs, boards, user) -> None:
    """Every result and its history line ("entered", by the importing user) in bulk."""
    author = user if user is not None and user.is_authenticated else None
    results = []
    for row in rows:
        # Ids, not instances: setting related instances is half the cost of a bulk insert.
        result = Result(
            board_id=boards[(row.section, row.board)].pk,
            ns_pair_id=pairs[row.ns_key].pk,
            ew_pair_id=pairs[row.ew_key].pk,
            updated_by_id=author and author.pk,
            version=event.version,
        )
        fill_result(result, row.entry)
        result.foul_group = row.foul_group
        results.append(result)
    Result.objects.bulk_create(results, batch_size=BULK)
    ResultChange.objects.bulk_create(
        [
            ResultChange(
                board_id=result.board_id,
                ns_pair_id=result.ns_pair_id,
                ew_pair_id=result.ew_pair_id,
                action=ResultChange.CREATED,
                new_text=result.text,
                new_ns_score=result.ns_score,
                changed_by_id=result.updated_by_id,
            )
            for result in results
        ],
        batch_size=BULK,
    )
