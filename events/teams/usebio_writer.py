"""A Clubscore teams event as USEBIO 1.2, in the layout events.formats.usebio_teams reads
(its docstring says where the layout was seen), so that an exported event imports back to the
same standings.

Each match is a MATCH with its round, teams, board range and VPs (IMPs at a KO); each board
its net IMPS to the home team and a TRAVELLER_LINE for each room, DIRECTION NS for the open
room (the home team's NS pair) and EW for the closed room. An artificial score is written as
each room's A-code (A6040: NS 60%, EW 40%). VPs print with two decimals on the continuous
scale and as whole numbers on the others, which tells a reader the scale. Not in the file: IMP
and VP penalties, forfeits and a KO's carry-over (USEBIO has no elements for them).

A board-a-match event is written with BOARD_SCORING_METHOD and MATCH_SCORING_METHOD
MATCH_POINTS (the ACBL Handbook: "one matchpoint available on each board"): each room's line
carries NS_MATCH_POINTS and EW_MATCH_POINTS, the board's point to each side, the MATCH its board
points and a TEAM its total. A Patton event is refused in words: USEBIO has no method for
board points plus an aggregate.
"""

from decimal import Decimal

from lxml import etree

import scoring
from events.core.names import player_key
from events.formats.usebio_write import DOCTYPE, PROGRAM_NAME, _add
from events.teams.methods import board_points
from scoring.domain import TeamsKind, TeamsScoring

__all__ = ["WRITTEN_TYPES", "artificial_codes", "write_usebio_teams", "NO_PATTON"]

NO_PATTON = (
    "USEBIO 1.2 has no scoring method for Patton (board points plus the aggregate's): "
    "this event cannot be written as USEBIO. Its pages and PDFs show its results."
)

WRITTEN_TYPES = {TeamsKind.SWISS: "SWISS_TEAMS", TeamsKind.ROUND_ROBIN: "TEAMS", TeamsKind.KO: "KO"}
# Clubscore's artificial score -> (open room's code, closed room's code): NS %, EW %.
_CODES = {"home-plus": ("A6040", "A4060"), "away-plus": ("A4060", "A6040"),
          "both-plus": ("A6060", "A6060"), "ave": ("A5050", "A5050")}  # fmt: skip


def artificial_codes(adjusted: str) -> tuple[str, str]:
    return _CODES[adjusted]


def write_usebio_teams(event) -> str:
    """The teams event as a USEBIO 1.2 document: its teams with their totals and places, and
    every match with both rooms of each board."""
    from events.teams.standings import bye_vps, ko_standing, standings

    if event.scoring == TeamsScoring.PATTON:
        raise ValueError(NO_PATTON)
    bam = event.scoring == TeamsScoring.BOARD_A_MATCH
    kind = WRITTEN_TYPES[event.kind]
    root = etree.Element("USEBIO", Version="1.2")
    _add(etree.SubElement(root, "CLUB"), "CLUB_NAME", event.club.name)
    heading = etree.SubElement(root, "EVENT", EVENT_TYPE=kind)
    for tag, value in (
        ("EVENT_IDENTIFIER", event.pk),
        ("EVENT_DESCRIPTION", event.name),
        ("PROGRAM_NAME", PROGRAM_NAME),
        ("PROGRAM_VERSION", "1"),
        ("WINNER_TYPE", 1),
        ("DATE", f"{event.date:%d/%m/%Y}"),
        ("SESSION_COUNT", 1),
        ("SECTION_COUNT", 1),
        ("BOARD_SCORING_METHOD", "MATCH_POINTS" if bam else "IMPS"),
        ("MATCH_SCORING_METHOD", "MATCH_POINTS" if bam else "IMPS" if event.is_ko else "VPS"),
        ("BOARDS_PER_ROUND", event.boards_per_match),
    ):
        _add(heading, tag, value)
    table = None if event.is_ko else standings(event)
    rows = {row.team.pk: row for row in table.rows} if table else {}
    _write_teams(heading, event, table, ko_standing(event) if event.is_ko else None)
    for match in event.matches.select_related("home", "away").prefetch_related("boards"):
        bye = bye_vps(event, rows[match.home_id]) if match.is_bye and table else None
        _write_match(heading, event, match, bye)
    body = etree.tostring(root, pretty_print=True, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}'


def _write_teams(heading, event, table, ko) -> None:
    numbers = dict(event.club.members.exclude(number="").values_list("key", "number"))
    participants = etree.SubElement(heading, "PARTICIPANTS", EVENT_TYPE=WRITTEN_TYPES[event.kind])
    totals = {}
    if table:
        totals = {
            row.team.pk: (_total(event, row.vps), row.place if row.played else "")
            for row in table.rows
        }
    elif ko:
        leader = ko.leader.pk if ko.leader else None
        for team, total in ((ko.home, ko.totals[0]), (ko.away, ko.totals[1])):
            place = "" if leader is None else "1" if team.pk == leader else "2"
            totals[team.pk] = (scoring.printed(total, trim=True), place)
    for team in event.teams.all():
        element = etree.SubElement(
            participants, "TEAM", TEAM_ID=str(team.number), TEAM_NAME=team.name
        )
        total, place = totals.get(team.pk, ("", ""))
        if total:
            _add(element, "TOTAL_SCORE", total)
        if place:
            _add(element, "PLACE", place.rstrip("="))
        for name in filter(None, (name.strip() for name in team.members.split(","))):
            player = etree.SubElement(element, "PLAYER")
            _add(player, "PLAYER_NAME", name)
            if player_key(name) in numbers:
                _add(player, "NATIONAL_ID_NUMBER", numbers[player_key(name)])


def _total(event, value) -> str:
    """A total as the event's method prints it: VPs as their scale does, board points as
    they are ("4", "3.5", "2.2" with an Ave+)."""
    if event.by_boards:
        return scoring.printed(value, trim=True)
    return _vps(value)


def _vps(value) -> str:
    """VPs as the scale gives them: two decimals on the continuous scale ("10.00"), a whole
    number on a whole-VP scale ("14"), so a reader can tell the scales apart."""
    value = Decimal(value)
    return str(int(value)) if value == value.to_integral() else f"{value:.2f}"


def _write_match(heading, event, match, bye) -> None:
    from events.teams.entry import board_numbers

    element = etree.SubElement(heading, "MATCH")
    _add(element, "ROUND_NUMBER", match.round)
    _add(element, "TEAM", match.home.number)
    if match.is_bye:
        if bye is not None:
            _add(element, "TEAM_SCORE", _total(event, bye))
        return
    _add(element, "OPPOSING_TEAM", match.away.number)
    numbers = board_numbers(match)
    _add(element, "START_BOARD_NUMBER", numbers[0])
    _add(element, "END_BOARD_NUMBER", numbers[-1])
    if event.is_ko and match.boards_entered:
        scores = (
            scoring.printed(match.home_imps, trim=True),
            scoring.printed(match.away_imps, trim=True),
        )
    elif match.home_vps is not None:
        scores = (_vps(match.home_vps), _vps(match.away_vps))
    elif match.home_points is not None:
        scores = (_total(event, match.home_points), _total(event, match.away_points))
    else:
        scores = None
    if scores:
        _add(element, "TEAM_SCORE", scores[0])
        _add(element, "OPPOSING_TEAM_SCORE", scores[1])
    for board in match.boards.all():
        if board.complete:  # half a board (its other room still playing) is no result yet
            _write_board(element, event, board)


def _write_board(match_element, event, board) -> None:
    element = etree.SubElement(match_element, "BOARD", EVENT_TYPE=WRITTEN_TYPES[event.kind])
    _add(element, "BOARD_NUMBER", board.number)
    points = None
    if event.by_boards:  # the board's point to each team: (home, away)
        points = [scoring.printed(share, trim=True) for share in board_points(event, board)]
    else:
        _add(element, "IMPS", board.home_imps - board.away_imps)
    rooms = ((board.open_result, "NS", 0), (board.closed_result, "EW", 1))
    both_played = board.open_result and board.closed_result
    for result, direction, room in rooms:
        line = etree.SubElement(element, "TRAVELLER_LINE")
        _add(line, "DIRECTION", direction)
        if board.adjusted and (not result or both_played):
            # An artificial score with both rooms' results: the results are not USEBIO's to
            # carry beside it, the score is (it is what the IMPs come from).
            _add(line, "SCORE", _CODES[board.adjusted][room])
        else:
            _write_result(line, scoring.parse_entry(result, board.number))
        if points:  # the open room's NS pair is the home team's, the closed room's the away's
            _add(line, "NS_MATCH_POINTS", points[room])
            _add(line, "EW_MATCH_POINTS", points[1 - room])


def _write_result(line, entry) -> None:
    if entry.contract is None:
        _add(line, "SCORE", entry.ns_score)
        return
    if entry.contract.is_pass:
        _add(line, "CONTRACT", "PASS")
    else:
        _add(line, "CONTRACT", str(entry.contract))
        _add(line, "PLAYED_BY", entry.declarer)
        _add(line, "TRICKS", entry.tricks)
    _add(line, "SCORE", entry.ns_score)
