"""The results a Bridgemate server stored in its .bws file (a Microsoft Access database).

Bridgemate Control Software keeps every result the table handsets sent in the ReceivedData
table (section, table, round, board, the NS and EW pair numbers, the contract as "4 S x", the
declarer's seat in the column named NS/EW, the result "=", "+1" or "-2"); Section gives each
section's letter, Session the session's name and date, RoundData the pairs at each table and
round, PlayerNumbers the names typed at the tables and HandRecord the deals, when loaded.

The file is read with access-parser (pure Python, Apache-2.0, pinned in pyproject.toml): no
system package is needed. Nothing is written back: no maintained Access writer exists for
Python, so Clubscore reads .bws files and never writes them.
"""

import datetime
import logging
import re
import tempfile
from collections import defaultdict

from events.core.limits import MAX_RESULTS, quoted, too_many_results
from events.formats import ImportProblems, Place, TravellerFile, TravellerLine
from scoring.domain import Direction, MovementKind

__all__ = ["read_bws"]

_SEATS = "NESW"
_CONTRACT = re.compile(r"^([1-7])\s*(NT|[CDHS])\s*(X{0,2})$")
_RESULT = re.compile(r"^(=|[+-]\d{1,2})$")


def read_bws(data: bytes) -> TravellerFile:
    """The session the .bws holds; ImportProblems names each bad ReceivedData row."""
    tables = _tables(data)
    received = tables["ReceivedData"]
    letters = {row["ID"]: (row.get("Letter") or "").strip().upper() for row in tables["Section"]}
    problems: list[tuple[Place, str]] = []
    lines: list[TravellerLine] = []
    current = _current_results(received)
    if len(current) > MAX_RESULTS:
        raise ImportProblems(
            [("ReceivedData", f"the file is too big for a session: {too_many_results()}")]
        )
    for row in current:
        place = f"ReceivedData row {row['ID']}"
        section = letters.get(row["Section"], "")
        if not (section.isalpha() and len(section) <= 3):
            problems.append((place, f"section {row['Section']} is not in the Section table"))
            continue
        try:
            text = _result_text(row)
        except ValueError as error:
            problems.append((place, str(error)))
            continue
        lines.append(
            TravellerLine(
                place, section, row["Board"], (row["PairNS"], ""), (row["PairEW"], ""), text
            )
        )
    if not lines and not problems:
        problems.append(("ReceivedData", "the file holds no results yet"))
    if problems:
        raise ImportProblems(problems)
    name, date = _session(tables["Session"])
    movement = _movement(lines)
    return TravellerFile(
        lines=lines,
        event_name=name,
        date=date,
        date_place="Session table",
        movement=movement,
        names=_names(tables, letters, howell=movement == MovementKind.HOWELL),
        deals=_deals(tables["HandRecord"]),
        source="Bridgemate BWS",
    )


_NEEDED = ("ReceivedData", "Section", "Session")
_OPTIONAL = ("RoundData", "PlayerNumbers", "HandRecord")
_RECEIVED_COLUMNS = ("ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW", "NS/EW",
                     "Contract", "Result")  # fmt: skip


def _tables(data: bytes) -> dict[str, list[dict]]:
    """Each table as a list of rows (dicts); ImportProblems when the file is no .bws."""
    from access_parser import AccessParser

    # access-parser logs an error for every chunk of Access's own MSysObjects table it skips
    # (dozens a file); those are not the director's business, nor the server log's.
    logging.getLogger("access_parser").setLevel(logging.CRITICAL)
    with tempfile.NamedTemporaryFile(suffix=".bws") as file:
        file.write(data)
        file.flush()
        try:
            database = AccessParser(file.name)
            missing = [name for name in _NEEDED if name not in database.catalog]
            if missing:
                raise ImportProblems(
                    [
                        (name, "the table is missing: this is not a Bridgemate .bws file")
                        for name in missing
                    ]
                )
            parsed = {
                name: database.parse_table(name) if name in database.catalog else {}
                for name in _NEEDED + _OPTIONAL
            }
        except ImportProblems:
            raise
        except Exception as error:  # a damaged or foreign file can fail anywhere in the parser
            raise ImportProblems(
                [("the file", f"cannot be read as a Bridgemate .bws (Access) file ({error})")]
            ) from None
    lacking = [column for column in _RECEIVED_COLUMNS if column not in parsed["ReceivedData"]]
    if lacking:
        message = f"the table has no {', '.join(lacking)} column: is this a Bridgemate .bws?"
        raise ImportProblems([("ReceivedData", message)])
    return {name: _rows(columns) for name, columns in parsed.items()}


def _rows(columns: dict[str, list]) -> list[dict]:
    names = list(columns)
    return [dict(zip(names, values, strict=True)) for values in zip(*columns.values())]


def _current_results(received: list[dict]) -> list[dict]:
    """The latest row each table sent for each board: a correction at the table sends the
    result again, and an erased one is gone."""
    latest = {}
    for row in sorted(received, key=lambda row: row["ID"]):
        key = (row["Section"], row["Table"], row["Round"], row["Board"])
        latest[key] = row
    return [row for row in latest.values() if not row.get("Erased")]


def _result_text(row: dict) -> str:
    """A row's contract "4 S x", declarer seat "N" and result "+1" as typed: "4SX N +1"."""
    contract = " ".join((row.get("Contract") or "").upper().split())
    if contract in ("PASS", "PASSED", "AP", "P"):
        return "PASS"
    if not contract:
        raise ValueError("no contract (an empty result the handset sent)")
    match = _CONTRACT.match(contract.replace(" ", ""))
    if match is None:
        raise ValueError(f"contract {quoted(contract)} is not a contract (e.g. 4 S, 3 NT x)")
    seat = (row.get("NS/EW") or "").strip().upper()
    if seat not in _SEATS or len(seat) != 1:
        raise ValueError(f"declarer {quoted(seat)} is not a seat N, E, S or W")
    result = (row.get("Result") or "").strip()
    if not _RESULT.match(result):
        raise ValueError(f"result {quoted(result)} is not =, +1 or -2 and so on")
    return f"{''.join(match.groups())} {seat} {result}"


def _movement(lines: list[TravellerLine]) -> str:
    """Mitchell when NS pair n meets EW pair n or no number ever sits both ways; Howell when
    pairs change direction."""
    sits = defaultdict(set)
    for line in lines:
        if line.ns[0] == line.ew[0]:
            return MovementKind.MITCHELL
        sits[(line.section, line.ns[0])].add(Direction.NS)
        sits[(line.section, line.ew[0])].add(Direction.EW)
    if any(len(ways) == 2 for ways in sits.values()):
        return MovementKind.HOWELL
    return MovementKind.MITCHELL


def _session(rows: list[dict]) -> tuple[str, datetime.date | None]:
    if not rows:
        return "", None
    session = rows[0]
    date = session.get("Date")
    try:
        date = datetime.date.fromisoformat(str(date)[:10]) if date else None
    except ValueError:
        date = None
    return (session.get("Name") or "").strip()[:100], date


def _names(tables, letters, howell: bool) -> dict[tuple[str, int, str], tuple[str, str]]:
    """Names typed at each table, put on the pairs RoundData seats there (round 0 means
    before the first round); a Howell's pairs have no direction."""
    seated = {
        (row["Section"], row["Table"], row["Round"]): (row["NSPair"], row["EWPair"])
        for row in tables["RoundData"]
    }
    players: defaultdict[tuple[str, int, str], dict[str, str]] = defaultdict(dict)
    for row in tables["PlayerNumbers"]:
        pairs = seated.get((row["Section"], row["Table"], max(row.get("Round") or 0, 1)))
        seat = (row.get("Direction") or "").strip().upper()
        name = (row.get("Name") or "").strip()
        section = letters.get(row["Section"], "")
        if pairs is None or seat not in _SEATS or not name or not section:
            continue
        pair = pairs[0] if seat in "NS" else pairs[1]
        direction = "" if howell else Direction.NS if seat in "NS" else Direction.EW
        players[(section, pair, direction)][seat] = name[:60]
    return {
        key: (seats.get("N") or seats.get("E", ""), seats.get("S") or seats.get("W", ""))
        for key, seats in players.items()
    }


def _deals(rows: list[dict]) -> dict[int, str]:
    """HandRecord's 16 columns (NorthSpades ... WestClubs) per board, as a PBN deal."""
    deals = {}
    for row in rows:
        try:
            hands = [
                ".".join(
                    (row.get(f"{seat}{suit}") or "").replace("10", "T").upper()
                    for suit in ("Spades", "Hearts", "Diamonds", "Clubs")
                )
                for seat in ("North", "East", "South", "West")
            ]
            deals[int(row["Board"])] = "N:" + " ".join(hands)
        except (KeyError, TypeError, ValueError):
            continue
    return deals
