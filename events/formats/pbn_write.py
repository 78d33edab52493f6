"""PBN 2.1 results files: write a session for other programs to read, in the layout
events.formats.pbn_read reads back: a game per board and section with its [Deal] when known,
a [ScoreTable "..."] of every table's result, and each section's [TotalScoreTable "..."] in
its first game.
"""

from events.formats.csv_export import contract_columns as csv_contract_columns
from events.models import Event, Result
from events.standings.ranking import event_standings
from scoring import MATCHPOINT_METHODS, board_dealer, board_vulnerability, printed
from scoring.domain import Direction, Method

__all__ = ["contract_tags", "pbn_tag", "played_game_tags", "write_pbn"]

_METHOD_TAG = {Method.MATCHPOINTS: "MP", Method.EBU_MATCHPOINTS: "MP", Method.CROSS_IMPS: "IMP",
               Method.BUTLER: "Butler", Method.HDB: "IMP"}  # fmt: skip
_SCORE_COLUMNS = (
    "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
    "Score_NS\\5R;Score_EW\\5R;{points}_NS\\6R;{points}_EW\\6R"
)
_TOTAL_COLUMNS = (
    "Rank\\3R;PairId\\2R;Direction\\2L;{total}\\7R;TotalPercentage\\6R;NrBoards\\2R;Names\\40L"
)


def write_pbn(event: Event) -> str:
    """The session as PBN 2.1: a game per board and section with its deal (when known) and
    ScoreTable, and each section's TotalScoreTable in its first game."""
    imps = event.scoring not in MATCHPOINT_METHODS
    out = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8",
           "%Creator: Clubscore", ""]  # fmt: skip
    standings = {section.pk: groups for section, groups in event_standings(event)}
    results = _results_by_board(event)
    sections = list(event.sections.all())
    first = True
    for section in sections:
        totals = _total_rows(standings.get(section.pk, []))
        for board in section.boards.order_by("number"):
            out += _game_header(event, section, board, first, len(sections) > 1)
            first = False
            out.append(pbn_tag("ScoreTable", _SCORE_COLUMNS.format(points="IMP" if imps else "MP")))
            out += [_score_row(result, imps) for result in results.get(board.pk, [])]
            if totals:
                total = "TotalIMP" if imps else "TotalScoreMP"
                out.append(pbn_tag("TotalScoreTable", _TOTAL_COLUMNS.format(total=total)))
                out += totals
                totals = []
            out.append("")
    return "\r\n".join(out) + "\r\n"


def _results_by_board(event: Event) -> dict[int, list[Result]]:
    grouped: dict[int, list[Result]] = {}
    for result in (
        Result.objects.filter(board__section__event=event)
        .select_related("ns_pair", "ew_pair")
        .order_by("board_id", "ns_pair__number", "ns_pair__direction")
    ):
        grouped.setdefault(result.board_id, []).append(result)
    return grouped


def _game_header(event, section, board, first: bool, several_sections: bool) -> list[str]:
    lines = [
        pbn_tag("Event", event.name if first else "#"),
        pbn_tag("Site", event.club.name if first else "#"),
        pbn_tag("Date", f"{event.date:%Y.%m.%d}" if first else "#"),
        pbn_tag("Board", str(board.number)),
    ]
    if several_sections:
        lines.append(pbn_tag("Section", section.name))
    vulnerable = board_vulnerability(board.number)
    lines.append(pbn_tag("Dealer", board_dealer(board.number)))
    lines.append(pbn_tag("Vulnerable", "All" if vulnerable == "Both" else vulnerable))
    if board.deal:
        lines.append(pbn_tag("Deal", board.deal))
    lines.append(pbn_tag("Scoring", _METHOD_TAG[event.scoring] if first else "#"))
    return lines


def played_game_tags(event, round_number: int, table: int, board: int) -> list[str]:
    """The tags that open a game of a table's play: the event, its club and date, the round,
    the table and the board (a teams room's or an individual's game)."""
    return [
        pbn_tag("Event", event.name),
        pbn_tag("Site", event.club.name),
        pbn_tag("Date", f"{event.date:%Y.%m.%d}"),
        pbn_tag("Round", str(round_number)),
        pbn_tag("Table", str(table)),
        pbn_tag("Board", str(board)),
    ]


def contract_tags(entry) -> list[str]:
    """A game's [Declarer], [Contract] and [Result] from a scoring.Entry: PBN 2.1 writes a
    passed-out board's declarer empty and its contract Pass; a result typed as a bare score
    has no contract ("?": unknown)."""
    if entry.contract is None:
        return [pbn_tag("Declarer", "?"), pbn_tag("Contract", "?"), pbn_tag("Result", "?")]
    if entry.contract.is_pass:
        return [pbn_tag("Declarer", ""), pbn_tag("Contract", "Pass"), pbn_tag("Result", "")]
    return [
        pbn_tag("Declarer", entry.declarer),
        pbn_tag("Contract", str(entry.contract)),
        pbn_tag("Result", str(entry.tricks)),
    ]


def pbn_tag(name: str, value: str) -> str:
    """A tag pair, `[Name "value"]`; a double quote in the value is written as a single one."""
    return f'[{name} "{value.replace(chr(34), chr(39))}"]'


def _score_row(result: Result, imps: bool) -> str:
    contract, declarer, tricks = _contract_columns(result)
    score = result.ns_score if result.kind == Result.PLAYED else None
    ns_score = str(score) if score is not None and score >= 0 else "-"
    ew_score = str(-score) if score is not None and score < 0 else "-"
    if score == 0:
        ew_score = "0"
    values = [
        _pair_column(result.ns_pair, Direction.NS), _pair_column(result.ew_pair, Direction.EW),
        contract, declarer, tricks, ns_score, ew_score,
        _points(result.ns_points), _points(result.ew_points),
    ]  # fmt: skip
    return " ".join(values)


def _contract_columns(result: Result) -> tuple[str, str, str]:
    """Contract, declarer and tricks (PBN 2.1 section 3.4.12: Result is the tricks declarer
    took); an adjusted, weighted or not-played result as a director types it, quoted."""
    if result.kind == Result.PLAYED and result.contract_level is None:
        return "-", "-", "-"  # a bare score, in the score columns
    contract, declarer, over = csv_contract_columns(result)
    if contract == "PASS":
        return "Pass", "-", "-"
    if not declarer:
        return f'"{contract}"', "-", "-"
    return contract, declarer, str(result.tricks)


def _pair_column(pair, seat: str) -> str:
    """The pair's number, with its direction when it sits the other way ("3EW" sitting NS)."""
    if pair.direction and pair.direction != seat:
        return f"{pair.number}{pair.direction}"
    return str(pair.number)


def _points(value) -> str:
    return "-" if value is None else printed(value)


def _total_rows(groups) -> list[str]:
    rows = []
    for group in groups:
        for row in group.rows:
            pair = row.pair
            names = " - ".join(name for name in (pair.player1, pair.player2) if name)
            rows.append(
                " ".join(
                    [
                        (row.rank or "-") if row.boards else "-",
                        str(pair.number),
                        pair.direction or "-",
                        _points(row.total),
                        _points(row.percentage) if row.percentage is not None else "-",
                        str(row.boards),
                        f'"{names.replace(chr(34), chr(39))}"',
                    ]
                )
            )
    return rows
