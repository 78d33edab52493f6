"""A session as CSV: its standings, and its travellers in the format import_travellers reads.

travellers_csv(event) re-imports to the same results (board, pairs, kind, score, text, foul
group): contract/declarer/result as "4S", "N", "+1" (or "PASS"); in the contract column alone
an adjusted score as a director types it ("A+/A-", "A", "55/45"), "NP", or a weighted score's
text; a bare NS score in a `score` column, written only when some result needs it. `section`
is written only when the session has more than one section, `foul_group` only when some result
has one. A pair sitting the other way (an arrow-switched round) is written with its direction,
e.g. "3EW" in the ns column. The file does not say the movement: a Howell's file is
re-imported with --movement howell.

Cells are safe to open in a spreadsheet: a text cell a spreadsheet would run as a formula (a
player named "=HYPERLINK(...)") gets a leading apostrophe, the OWASP advice for CSV injection.
Numbers stay numbers (-420, +1), and so does the lone "=" of a contract made exactly.
"""

import csv
import io
import re

from events.core.names import player_key
from events.models import Event, Result
from events.standings.ranking import event_standings
from scoring.domain import Direction
from scoring.rounding import printed

RESULTS_HEADER = (
    "section", "direction", "pair", "names", "rank", "total", "percentage", "imps_per_board",
    "boards", "penalty",
)  # fmt: skip
TRAVELLERS_HEADER = ("board", "ns", "ew", "contract", "declarer", "result")
MASTERPOINTS_HEADER = (
    "player", "number", "section", "direction", "pair", "place", "points", "scheme",
)  # fmt: skip

_CODES = {50: "A", 60: "A+", 40: "A-"}  # the notation a director types (scoring/adjusted.py)

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def spreadsheet_safe(value):
    """The cell as written, or "'" + it when a spreadsheet would take its text for a formula."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    if value == "=" or _NUMBER.fullmatch(value):
        return value
    return "'" + value


class _SafeWriter:
    def __init__(self, buffer: io.StringIO):
        self._writer = csv.writer(buffer, lineterminator="\n")

    def writerow(self, row) -> None:
        self._writer.writerow([spreadsheet_safe(cell) for cell in row])


def _writer(buffer: io.StringIO) -> _SafeWriter:
    return _SafeWriter(buffer)


def _places(value) -> str:
    return "" if value is None else printed(value)


def results_csv(event: Event) -> str:
    """One row per pair, in standings order, section by section and group by group."""
    buffer = io.StringIO()
    writer = _writer(buffer)
    writer.writerow(RESULTS_HEADER)
    for _section, groups in event_standings(event):
        for group in groups:
            for row in group.rows:
                pair = row.pair
                writer.writerow(
                    [
                        pair.section.name,
                        pair.direction,  # blank in a Howell; kept in one winner: NS 3 ≠ EW 3
                        pair.number,
                        pair.names,
                        row.rank if row.boards else "",
                        _places(row.total),
                        _places(row.percentage),  # matchpoints and HDB
                        _places(row.average),  # cross-IMPs and Butler
                        row.boards,
                        _places(row.penalty) if row.penalty else "",
                    ]
                )
    return buffer.getvalue()


def federation_numbers(club) -> dict[str, str]:
    """A federation credits masterpoints by its number: the roster's number for each name."""
    return dict(club.members.exclude(number="").values_list("key", "number"))


def masterpoints_csv(event: Event) -> str:
    """One row per player who earned an award under the club's rule, with the roster's
    federation number where the name is on it: what a masterpoint secretary submits."""
    buffer = io.StringIO()
    writer = _writer(buffer)
    writer.writerow(MASTERPOINTS_HEADER)
    numbers = federation_numbers(event.club)
    scheme = event.club.get_masterpoints_display()
    for _section, groups in event_standings(event):
        for group in groups:
            for row in group.rows:
                if row.masterpoints is None or not row.masterpoints.points:
                    continue
                pair = row.pair
                for name in (pair.player1, pair.player2):
                    if name:
                        writer.writerow(
                            [
                                name,
                                numbers.get(player_key(name), ""),
                                pair.section.name,
                                pair.direction,
                                pair.number,
                                row.rank,
                                printed(row.masterpoints.points),
                                scheme,
                            ]
                        )
    return buffer.getvalue()


def travellers_csv(event: Event) -> str:
    """Every result, by section, board and NS pair, as import_travellers reads them."""
    results = list(
        Result.objects.filter(board__section__event=event)
        .select_related("board__section", "ns_pair", "ew_pair")
        .order_by("board__section__name", "board__number", "ns_pair__number", "ns_pair__direction")
    )
    with_section = event.sections.count() > 1
    with_score = any(_is_bare_score(result) for result in results)
    with_foul = any(result.foul_group for result in results)
    header = [
        *(["section"] if with_section else []),
        *TRAVELLERS_HEADER,
        *(["score"] if with_score else []),
        *(["foul_group"] if with_foul else []),
    ]
    buffer = io.StringIO()
    writer = _writer(buffer)
    writer.writerow(header)
    for result in results:
        score = str(result.ns_score) if _is_bare_score(result) else ""
        row = [
            *([result.board.section.name] if with_section else []),
            result.board.number,
            _seat(result.ns_pair, Direction.NS),
            _seat(result.ew_pair, Direction.EW),
            *(("", "", "") if score else contract_columns(result)),
            *([score] if with_score else []),
            *([result.foul_group or ""] if with_foul else []),
        ]
        writer.writerow(row)
    return buffer.getvalue()


def _is_bare_score(result: Result) -> bool:
    return result.kind == Result.PLAYED and result.contract_level is None


def _seat(pair, seat: str) -> str:
    """The pair's number, with its direction when it sits the other way ("3EW" sitting NS)."""
    if pair.direction and pair.direction != seat:
        return f"{pair.number}{pair.direction}"
    return str(pair.number)


def contract_columns(result: Result) -> tuple[str, str, str]:
    """A result as the CSV's contract, declarer and result columns ("4S", "N", "+1")."""
    if result.kind == Result.NOT_PLAYED:
        return "NP", "", ""
    if result.kind == Result.ADJUSTED:
        return _adjusted(result.ns_percent, result.ew_percent), "", ""
    if result.kind == Result.WEIGHTED:
        return result.text, "", ""  # canonical: "60% 4S N = + 40% 4S N -1"
    level, tricks = result.contract_level, result.tricks
    if level == 0:
        return "PASS", "", ""
    # A played contract has both; a bare NS score (no contract) is written in its own column.
    assert level is not None and tricks is not None, "a bare score has no contract columns"
    doubled = ("", "X", "XX")[result.doubled]
    over = tricks - (6 + level)
    outcome = "=" if over == 0 else f"{over:+d}"
    return f"{level}{result.contract_strain}{doubled}", result.declarer, outcome


def _adjusted(ns: int | None, ew: int | None) -> str:
    """A+/A-, A (both 50%), or 55/45 when the percentages are not the usual awards."""
    if ns == ew and ns in _CODES:
        return _CODES[ns]
    if ns in _CODES and ew in _CODES:
        return f"{_CODES[ns]}/{_CODES[ew]}"
    return f"{ns}/{ew}"
