"""Travellers as CSV: read a session's results from a spreadsheet's file (the browser's
import, and the import_travellers command); events.sessions.importing stores what this returns.

Header: board,ns,ew,contract,declarer,result (result "=", "+1", "-2" or tricks "10"); an
optional score column replaces contract/declarer/result; contract may be PASS, an adjusted
code (A, A+, A+/A-, 60/40), a weighted score or NP. Optional columns: section (letters; the
sections of one file play the same boards), foul_group (Law 87: 1, 2, ... for the forms of a
fouled board). A trick count that means down 4 or more is stored, as the column says, with a
warning.
"""

import csv
import io
import re
from collections.abc import Iterator

from events.core.limits import MAX_RESULTS, quoted, too_many_results
from events.formats import (
    LARGEST_NUMBER,
    ImportProblems,
    Place,
    TravellerFile,
    TravellerLine,
    decode_text,
    line_with_nul,
)

__all__ = ["parse_csv", "read_csv"]

REQUIRED = ("board", "ns", "ew")
CONTRACT_COLUMNS = ("contract", "declarer", "result")


def read_csv(data: bytes) -> TravellerFile:
    return parse_csv(decode_text(data))


def parse_csv(text: str) -> TravellerFile:
    """The CSV's lines; ImportProblems for a bad header. Rows it cannot read are the file's
    `problems`."""
    if (line := line_with_nul(text)) is not None:
        raise ImportProblems([(line, "a NUL character, which no CSV file has (a text file?)")])
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [column.strip().lower() for column in reader.fieldnames or []]
    reader.fieldnames = header
    missing = [c for c in REQUIRED if c not in header]
    if "score" not in header:
        missing += [c for c in CONTRACT_COLUMNS if c not in header]
    if missing:
        raise ImportProblems([(1, f"the header lacks {', '.join(missing)}")])
    lines: list[TravellerLine] = []
    problems: list[tuple[Place, str]] = []
    for count, record in enumerate(_records(reader, problems), start=1):
        if count > MAX_RESULTS:  # stop reading: no session has this many
            raise ImportProblems(
                [(reader.line_num, f"the file is too big for a session: {too_many_results()}")]
            )
        try:
            lines.append(_line(reader.line_num, record))
        except ValueError as error:
            problems.append((reader.line_num, str(error)))
    return TravellerFile(lines, source="CSV", problems=problems)


# Quoted: csv.DictReader takes a type argument only from Python 3.12 (in the stubs, before).
def _records(
    reader: "csv.DictReader[str]", problems: list[tuple[Place, str]]
) -> Iterator[dict[str, str]]:
    """The file's records; a line the csv module cannot read (a field over its size limit)
    becomes a problem on its line, and reading stops there."""
    try:
        yield from reader
    except csv.Error as error:
        problems.append((reader.line_num + 1, f"this line cannot be read as CSV ({error})"))


def _line(line: int, record: dict) -> TravellerLine:
    def number(column, lowest=1):
        raw = (record.get(column) or "").strip()
        # isdigit() alone admits "²" and other digits int() refuses; a number is at most 5
        # digits long (Python refuses to read one of over 4,300).
        if (
            not (raw.isascii() and raw.isdigit())
            or len(raw) > len(str(LARGEST_NUMBER))
            or not lowest <= int(raw) <= LARGEST_NUMBER
        ):
            raise ValueError(
                f"{column} {quoted(raw)} is not a number from {lowest} to {LARGEST_NUMBER}"
            )
        return int(raw)

    board, ns, ew = number("board"), _pair(record, "ns"), _pair(record, "ew")
    foul_group = number("foul_group", lowest=0) if (record.get("foul_group") or "").strip() else 0
    section = (record.get("section") or "A").strip().upper()
    score = (record.get("score") or "").strip()
    if score:
        text = score
    else:
        parts = [(record.get(c) or "").strip() for c in CONTRACT_COLUMNS]
        text = " ".join(part for part in parts if part)
    return TravellerLine(line, section, board, ns, ew, text, foul_group)


_PAIR = re.compile(r"^(?P<before>NS|EW)?\s*(?P<number>\d{1,5})\s*(?P<after>NS|EW)?$")


def _pair(record: dict, column: str) -> tuple[int, str]:
    """A pair number, optionally with its direction ("3EW" in the ns column: an EW pair sat
    NS, as in an arrow-switched round)."""
    raw = (record.get(column) or "").strip().upper()
    match = _PAIR.match(raw) if raw.isascii() else None
    if (
        match is None
        or not 1 <= int(match["number"]) <= LARGEST_NUMBER
        or (match["before"] and match["after"])
    ):
        raise ValueError(f"{column} {quoted(raw)} is not a pair number from 1 (e.g. 3, or 3EW)")
    return int(match["number"]), match["before"] or match["after"] or ""
