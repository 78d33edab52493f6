"""USEBIO 1.2, the EBU's XML for a session's results: write a pairs session
(events.formats.usebio_read reads one back).

The EBU's masterpoint and NGS systems, BridgeWebs and Pianola take a session as USEBIO. The
layout follows the files real scoring programs write (Compscore3's, accepted by BridgeWebs and
Pianola; see tests/events/real_events/README.md): CLUB, then EVENT with its heading elements,
PARTICIPANTS (each PAIR with its number, direction, total, percentage, place and two PLAYERs)
and a BOARD per board with its TRAVELLER_LINEs; the deals in a HANDSET. A Mitchell's pair
numbers carry their direction ("3NS", "3EW"), as Compscore3 writes them, so an EW pair sitting
NS in an arrow-switched round stays itself. Several sections go in SESSION/SECTION wrappers.
"""

from collections import defaultdict

from lxml import etree

import scoring
from events.core.names import player_key
from events.formats.csv_export import federation_numbers
from events.formats.usebio_common import _SUITS
from scoring.domain import Method

__all__ = ["DOCTYPE", "event_type", "usebio_root", "usebio_text", "write_players",
           "write_sections", "write_usebio"]  # fmt: skip

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
PROGRAM_NAME = "Clubscore"

_EVENT_TYPES = {Method.MATCHPOINTS: "MP_PAIRS", Method.EBU_MATCHPOINTS: "MP_PAIRS",
                Method.BUTLER: "BUTLER_PAIRS", Method.CROSS_IMPS: "CROSS_IMP"}  # fmt: skip
_POINTS = {"MP_PAIRS": "MATCH_POINTS", "BUTLER_PAIRS": "BUTLER_POINTS",
           "CROSS_IMP": "CROSS_IMP_POINTS"}  # fmt: skip


def event_type(event) -> str:
    """The session's USEBIO EVENT_TYPE; ValueError for a method USEBIO has no type for."""
    if event.scoring not in _EVENT_TYPES:
        raise ValueError(f"USEBIO has no event type for {event.get_scoring_display()} sessions")
    return _EVENT_TYPES[event.scoring]


def write_usebio(event) -> str:
    """The session as a USEBIO 1.2 document: standings, travellers and deals."""
    kind = event_type(event)
    root, heading = usebio_root(event.club.name, kind)
    sections = list(event.sections.all())
    two_winners = not event.is_howell and not event.one_winner
    for tag, value in (
        ("EVENT_IDENTIFIER", event.pk),
        ("EVENT_DESCRIPTION", event.name),
        ("PROGRAM_NAME", PROGRAM_NAME),
        ("PROGRAM_VERSION", "1"),
        ("WINNER_TYPE", 2 if two_winners else 1),
        ("DATE", f"{event.date:%d/%m/%Y}"),
        ("SESSION_COUNT", 1),
        ("SECTION_COUNT", len(sections)),
    ):
        _add(heading, tag, value)
    holder = heading
    if len(sections) > 1:
        holder = etree.SubElement(heading, "SESSION", SESSION_ID="1")
    write_sections(holder, event, kind, sections, wrapped=len(sections) > 1)
    _write_handset(root, sections)
    return usebio_text(root)


def usebio_root(club_name: str, kind: str):
    """A USEBIO element with its CLUB, and its EVENT of `kind` (empty, to be filled)."""
    root = etree.Element("USEBIO", Version="1.2")
    club = etree.SubElement(root, "CLUB")
    _add(club, "CLUB_NAME", club_name)
    return root, etree.SubElement(root, "EVENT", EVENT_TYPE=kind)


def usebio_text(root) -> str:
    body = etree.tostring(root, pretty_print=True, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}'


def write_sections(holder, event, kind, sections, wrapped: bool, deals: bool = False) -> None:
    """Each section's PARTICIPANTS and BOARDs, in a SECTION of `holder` when `wrapped` (else
    in `holder` itself); with `deals`, each BOARD carries its four HANDs (the DTD allows them
    there), for a file whose sessions play different deals under the same board numbers."""
    from events.models import Result
    from events.standings.ranking import event_standings

    # Across the field one ranking holds every section's pairs: each section lists its own.
    standings = defaultdict(list)
    for _unit, groups in event_standings(event):
        for group in groups:
            for row in group.rows:
                standings[row.pair.section_id].append(row)
    # The EBU credits masterpoints by EBU number: the roster's number for each name, if any.
    numbers = federation_numbers(event.club)
    results = defaultdict(list)
    for result in (
        Result.objects.filter(board__section__event=event)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number", "ns_pair__number", "pk")
    ):
        results[result.board.section_id].append(result)
    for section in sections:
        within = holder
        if wrapped:
            # The imported file's own name of the section, if it had one ("Sect1").
            within = etree.SubElement(holder, "SECTION", SECTION_ID=section.label or section.name)
        write_pairs(within, kind, standings[section.pk], numbers)
        hands = {board.number: board.deal for board in section.boards.all()} if deals else {}
        _write_boards(within, kind, results[section.pk], hands)


def _add(parent, tag: str, value) -> None:
    etree.SubElement(parent, tag).text = str(value)


def _number(value) -> str:
    """Points as printed: at most two decimals, no trailing zeros (5, 5.5, 5.33)."""
    return scoring.printed(value, trim=True)


def _pair_number(pair) -> str:
    """A Mitchell pair's number with its direction, 3NS or 3EW (the same on the PAIR and on
    its traveller lines); a Howell pair's number alone."""
    return f"{pair.number}{pair.direction}"


def write_pairs(holder, kind, rows, numbers: dict[str, str]) -> None:
    participants = etree.SubElement(holder, "PARTICIPANTS", EVENT_TYPE=kind)
    for row in rows:
        pair = row.pair
        element = etree.SubElement(participants, "PAIR")
        _add(element, "PAIR_NUMBER", _pair_number(pair))
        _add(element, "DIRECTION", pair.direction)
        _add(element, "TOTAL_SCORE", _number(row.total))
        if row.percentage is not None:
            _add(element, "PERCENTAGE", scoring.printed(row.percentage))
        if row.boards:
            _add(element, "PLACE", row.rank.rstrip("="))
        if row.masterpoints is not None and row.masterpoints.points:
            _add(element, "MASTER_POINTS_AWARDED", scoring.printed(row.masterpoints.points))
        write_players(element, (pair.player1, pair.player2), numbers)


def write_players(element, names, numbers: dict[str, str]) -> None:
    for name in names:
        if name:
            player = etree.SubElement(element, "PLAYER")
            _add(player, "PLAYER_NAME", name)
            if player_key(name) in numbers:
                _add(player, "NATIONAL_ID_NUMBER", numbers[player_key(name)])


def _write_boards(holder, kind, results, deals: dict[int, str]) -> None:
    by_board = defaultdict(list)
    for result in results:
        by_board[result.board.number].append(result)
    points = _POINTS[kind]
    for number, lines in by_board.items():
        board = etree.SubElement(holder, "BOARD", EVENT_TYPE=kind)
        _add(board, "BOARD_NUMBER", number)
        if deals.get(number):
            _write_hands(board, deals[number])
        for result in lines:
            line = etree.SubElement(board, "TRAVELLER_LINE")
            _add(line, "NS_PAIR_NUMBER", _pair_number(result.ns_pair))
            _add(line, "EW_PAIR_NUMBER", _pair_number(result.ew_pair))
            _write_result(line, result)
            if result.ns_points is not None:
                _add(line, f"NS_{points}", _number(result.ns_points))
                _add(line, f"EW_{points}", _number(result.ew_points))


def _write_result(line, result) -> None:
    from events.models import Result

    if result.kind == Result.ADJUSTED:
        _add(line, "SCORE", f"A{result.ns_percent:02d}{result.ew_percent:02d}")
    elif result.kind == Result.NOT_PLAYED:
        _add(line, "SCORE", "NP")
    elif result.kind == Result.WEIGHTED:
        _add(line, "SCORE", result.text)  # Law 12C1(c): no USEBIO form; Clubscore reads it back
    elif result.contract_level is None:
        _add(line, "SCORE", result.ns_score)  # a bare NS score
    elif result.contract_level == 0:
        _add(line, "CONTRACT", "PASS")
        _add(line, "SCORE", 0)
    else:
        doubled = ("", "X", "XX")[result.doubled]
        _add(line, "CONTRACT", f"{result.contract_level}{result.contract_strain}{doubled}")
        _add(line, "PLAYED_BY", result.declarer)
        _add(line, "TRICKS", result.tricks)
        _add(line, "SCORE", result.ns_score)


def _write_handset(root, sections) -> None:
    """Every board's deal once (the sections of a session play the same deals)."""
    deals = {}
    for section in sections:
        for board in section.boards.all():
            if board.deal and board.number not in deals:
                deals[board.number] = board.deal
    if not deals:
        return
    handset = etree.SubElement(root, "HANDSET")
    for number in sorted(deals):
        board = etree.SubElement(handset, "BOARD")
        _add(board, "BOARD_NUMBER", number)
        _write_hands(board, deals[number])


def _write_hands(board, deal: str) -> None:
    """A PBN deal ("N:AKQ.. ...") as the BOARD's four HANDs."""
    first, hands = deal.split(":", 1)
    seats = "NESW"[("NESW".index(first.upper())) :] + "NESW"[: "NESW".index(first.upper())]
    by_seat = dict(zip(seats, hands.split(), strict=True))
    for seat, word in (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")):
        hand = etree.SubElement(board, "HAND")
        _add(hand, "DIRECTION", word)
        for suit, cards in zip(_SUITS, by_seat[seat].split("."), strict=True):
            _add(hand, suit, cards)
