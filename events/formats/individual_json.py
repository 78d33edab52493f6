"""Reading an individual's results back from the clubscore-individual/1 JSON document that
events/individuals/export.py writes (docs/formats.md): the event's movement and size, each
player's name, and every table's play of every board with its four players and result.

The reader only reads: whether the plays fit the movement, and the results their boards, is
the storing step's to check (events/individuals/importing.py), with every problem at once.
Another JSON document (a session's clubscore-results/1) is refused in words.
"""

import datetime
import json

from events.formats import (
    LARGEST_NUMBER,
    ImportProblems,
    IndividualFile,
    IndividualLine,
    Place,
    decode_text,
    line_with_nul,
)

__all__ = ["FORMAT", "read_individual_json"]

FORMAT = "clubscore-individual/1"
SEATS = ("north", "south", "east", "west")


def _number(value, what: str, place: Place, problems: list) -> int | None:
    """A whole number from 1 to LARGEST_NUMBER, else a problem (JSON's true is no number)."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= LARGEST_NUMBER:
        return value
    problems.append((place, f"{what} is {json.dumps(value)}: a whole number from 1 is needed"))
    return None


def _text(value, what: str, place: Place, problems: list) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    problems.append((place, f"{what} is {json.dumps(value)}: text is needed"))
    return ""


def read_individual_json(data: bytes) -> IndividualFile:
    text = decode_text(data)
    if (line := line_with_nul(text)) is not None:
        raise ImportProblems([(line, "the file holds a NUL character: it is not a text file")])
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportProblems([(error.lineno, f"not JSON: {error.msg}")]) from None
    if not isinstance(document, dict):
        raise ImportProblems([(1, "not a Clubscore individual's file: no format named")])
    if document.get("format") != FORMAT:
        named = document.get("format")
        session = ""
        if named == "clubscore-results/1":
            session = (" (a pairs session's JSON, which is not read back: import its .xml, "
                       ".pbn or travellers .csv)")  # fmt: skip
        said = f"Clubscore reads JSON files of format {FORMAT} (an individual's results)"
        raise ImportProblems([(1, f"{said}, not {json.dumps(named)}{session}")])
    problems: list[tuple[Place, str]] = []
    head = document.get("individual")
    if not isinstance(head, dict):
        raise ImportProblems([("the individual", "missing: the event's name, movement and size")])
    place = "the individual"
    per_round = _number(head.get("boards_per_round"), "its boards a round", place, problems)
    parsed = IndividualFile(
        movement=_text(head.get("movement"), "its movement", place, problems),
        tables=_number(head.get("tables"), "its tables", place, problems) or 0,
        boards_per_round=per_round or 0,
        lines=[],
        event_name=_text(head.get("name"), "its name", place, problems),
        date_place=place,
        source=f"Clubscore JSON ({FORMAT})",
        problems=problems,
    )
    if head.get("rounds") is not None:  # written since the rounds could be cut short
        parsed.rounds = _number(head.get("rounds"), "its rounds", place, problems)
    try:
        parsed.date = datetime.date.fromisoformat(str(head.get("date")))
    except ValueError:
        problems.append((place, f"its date is {json.dumps(head.get('date'))}: YYYY-MM-DD needed"))
    _read_standings(document.get("standings"), parsed)
    _read_boards(document.get("boards"), parsed)
    return parsed


def _read_standings(standings, parsed: IndividualFile) -> None:
    if not isinstance(standings, list):
        parsed.problems.append(("the standings", "missing: a list of the players is needed"))
        return
    for index, standing in enumerate(standings, start=1):
        place = f"standings, line {index}"
        if not isinstance(standing, dict):
            parsed.problems.append((place, "not a player's line"))
            continue
        number = _number(standing.get("player"), "the player", place, parsed.problems)
        name = _text(standing.get("name"), "the name", place, parsed.problems)
        if number is None:
            continue
        if number in parsed.names:
            parsed.problems.append((place, f"player {number} is listed twice"))
        parsed.names[number] = name
        rank, percentage = standing.get("rank"), standing.get("percentage")
        if isinstance(percentage, int | float) and not isinstance(percentage, bool):
            percentage = f"{percentage:.2f}"
        parsed.published[number] = (
            "" if rank is None else str(rank),
            "" if percentage is None else str(percentage),
        )


def _read_boards(boards, parsed: IndividualFile) -> None:
    if not isinstance(boards, list):
        parsed.problems.append(("the boards", "missing: a list of the boards is needed"))
        return
    for index, board in enumerate(boards, start=1):
        if not isinstance(board, dict):
            parsed.problems.append((f"boards, entry {index}", "not a board"))
            continue
        number = _number(board.get("board"), "the board", f"boards, entry {index}",
                         parsed.problems)  # fmt: skip
        results = board.get("results")
        if number is None:
            continue
        if not isinstance(results, list):
            parsed.problems.append((f"board {number}", "its results are not a list"))
            continue
        for line_index, result in enumerate(results, start=1):
            _read_line(number, line_index, result, parsed)


def _read_line(board: int, index: int, result, parsed: IndividualFile) -> None:
    place = f"board {board}, line {index}"
    problems = parsed.problems
    if not isinstance(result, dict):
        problems.append((place, "not a table's result"))
        return
    table = _number(result.get("table"), "the table", place, problems)
    if table is not None:
        place = f"board {board}, table {table}"
    round_number = _number(result.get("round"), "the round", place, problems)
    seats = [_number(result.get(seat), seat.capitalize(), place, problems) for seat in SEATS]
    text = _text(result.get("text"), "the result", place, problems).strip()
    kind = result.get("kind")
    if kind and not text:
        problems.append((place, f"a result ({kind}) with no text saying what it was"))
    ns_score = result.get("ns_score")
    if ns_score is not None and (not isinstance(ns_score, int) or isinstance(ns_score, bool)):
        problems.append((place, f"its NS score is {json.dumps(ns_score)}: a whole number"))
        ns_score = None
    lead = _text(result.get("lead"), "the lead", place, problems).strip()
    if table is None or round_number is None or None in seats:
        return
    north, south, east, west = (seat or 0 for seat in seats)
    line = IndividualLine(place, board, table, round_number, (north, south, east, west), text)
    line.ns_score, line.lead = ns_score, lead
    parsed.lines.append(line)
