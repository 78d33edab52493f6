"""USEBIO 1.2, the EBU's XML for a session's results: read a pairs session (or hand a teams
event's file to events.formats.usebio_teams); events.formats.usebio_write writes one.

Reading takes the layout the files real scoring programs write (Compscore3's, accepted by
BridgeWebs and Pianola; see tests/events/real_events/README.md), in one section or several in
SESSION/SECTION wrappers, pair numbers with or without the direction ("3", "3NS", "3EW"),
artificial scores written "A6040" (NS 60%, EW 40%), "NP" and passed-out boards. Every problem
is named with its line and element, and nothing is stored (events.sessions.importing stores
what this returns). The file's bytes become a tree in events.formats.usebio_parse.
"""

import re
from collections import Counter

from lxml import etree

from events.core.limits import MAX_SECTIONS, quoted
from events.formats import (
    ImportProblems,
    Place,
    TeamsFile,
    TravellerFile,
    TravellerLine,
    board_number,
)
from events.formats.usebio_common import (
    _SUITS,
    _date,
    _event_name,
    _Problems,
    _result_text,
    _source,
    _text,
    is_final,
)
from events.formats.usebio_parse import usebio_root
from events.formats.usebio_teams import is_teams, read_teams
from scoring.domain import Direction, Method, MovementKind

__all__ = ["read_usebio", "read_usebio_outright", "read_usebio_sessions"]

# EVENT_TYPE (or a PAIRS event's BOARD_SCORING_METHOD) -> Clubscore's method; matchpoints are
# told apart by their scale (_matchpoint_scale).
_METHODS = {
    "MP_PAIRS": Method.MATCHPOINTS, "MATCH_POINTS": Method.MATCHPOINTS,
    "BUTLER_PAIRS": Method.BUTLER, "BUTLER": Method.BUTLER, "BUTLER_IMPS": Method.BUTLER,
    "CROSS_IMP": Method.CROSS_IMPS, "CROSS_IMPS": Method.CROSS_IMPS,
}  # fmt: skip
_PAIR = re.compile(r"^(\d{1,5})\s*(NS|EW|N|E)?$")
# A pair's direction as USEBIO may abbreviate it -> Clubscore's.
_DIRECTIONS = {"N": Direction.NS, "E": Direction.EW}
_SEATS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}


def read_usebio(data: bytes) -> TravellerFile | TeamsFile:
    """The session a USEBIO file holds (or the teams event: events.formats.usebio_teams);
    ImportProblems names each bad element and its line. A file of several SESSIONs is read as
    one session of all their sections (read_usebio_sessions reads it session by session)."""
    root, event = usebio_root(data)
    if is_teams(event):
        return read_teams(root, event)
    problems = _Problems()
    method = _method(event, problems)
    found = _read_session(root, event, event, event.findall("SESSION/SECTION"), method, problems)
    if problems or found is None:
        raise ImportProblems(problems)
    return found


def read_usebio_sessions(data: bytes) -> list[TravellerFile]:
    """Each session of a pairs event's USEBIO file (events.formats.championship_usebio writes
    one): a SESSION of the EVENT each, named and dated by its own EVENT_DESCRIPTION and DATE
    if it has them, else by the EVENT's (with its SESSION_ID); its deals from its own BOARDs.
    A file of one session (or none) is read as read_usebio reads it. A teams file is refused:
    its SESSIONs are one event's rounds. A championship's final (a SESSION with STAGE="FINAL")
    is no session of it: events.formats.usebio_final reads it."""
    root, event = usebio_root(data)
    sessions = event.findall("SESSION")
    if is_teams(event):
        raise ImportProblems(
            [(event.sourceline or 1, "a teams event's file: its SESSIONs are its rounds")]
        )
    if len(sessions) >= 2:  # a championship's final is not one of its sessions
        sessions = [session for session in sessions if not is_final(session)]
    else:
        only = read_usebio(data)
        assert isinstance(only, TravellerFile)  # not a teams file, refused above
        return [only]
    problems = _Problems()
    method = _method(event, problems)
    read: list[TravellerFile] = []
    for session in sessions:
        found = _read_session(root, event, session, session.findall("SECTION"), method, problems)
        if found is not None:
            if not _text(session, "EVENT_DESCRIPTION"):
                label = (session.get("SESSION_ID") or "").strip()[:20] or str(len(read) + 1)
                found.event_name = f"{found.event_name} session {label}".strip()[:100]
            read.append(found)
    if problems:
        raise ImportProblems(problems)
    return read


def read_usebio_outright(data: bytes) -> list[tuple[Place, list[str], str, str]]:
    """The outright standings of a file of several sessions (the EVENT's own PARTICIPANTS,
    as events.formats.championship_usebio writes them): each PAIR's line, its players'
    names, its TOTAL_SCORE and PLACE as written; none for another file."""
    _root, event = usebio_root(data)
    if len(event.findall("SESSION")) < 2:
        return []
    return [
        (
            pair.sourceline or 1,
            [_text(player, "PLAYER_NAME") for player in pair.iterfind("PLAYER")],
            _text(pair, "TOTAL_SCORE"),
            _text(pair, "PLACE"),
        )
        for pair in event.iterfind("PARTICIPANTS/PAIR")
    ]


def _read_session(root, event, heading, wrapped, method, problems) -> TravellerFile | None:
    """One session of the file: the sections `wrapped` (SECTION elements; none: the EVENT
    holds one section), named and dated by `heading` (the EVENT, or a SESSION with its own
    EVENT_DESCRIPTION and DATE), its deals from the file's HANDSET or, for a SESSION, its
    own BOARDs. Its problems go into `problems` (None is returned when it has some)."""
    before = len(problems)
    names: dict[tuple[str, int, str], tuple[str, str]] = {}
    lines: list[TravellerLine] = []
    directions: set[str] = set()
    warnings: list[tuple[Place, str]] = []
    if len(wrapped) > MAX_SECTIONS:
        raise ImportProblems(
            [
                (
                    heading.sourceline or 1,
                    f"the file has more than {MAX_SECTIONS} "
                    "sections; a session has at most that many (A-Z)",
                )
            ]
        )
    sections, labels = _sections(event, wrapped)
    for section, holder in sections:
        _read_pairs(holder, section, names, directions, problems)
        for board in holder.iterfind("BOARD"):
            lines += _read_board(board, section, problems, warnings)
    if not lines and not problems:
        problems.add(heading, "the file has no traveller lines (BOARD/TRAVELLER_LINE)")
    deals, deal_places = _deals(root if heading is event else heading, problems)
    dated = heading if heading.find("DATE") is not None else event
    date = _date(dated, problems)
    date_place = getattr(dated.find("DATE"), "sourceline", None) or 1
    if len(problems) > before:
        return None
    if method == Method.MATCHPOINTS:
        method = _matchpoint_scale(heading)
    return TravellerFile(
        lines=lines,
        event_name=_event_name(heading) or _event_name(event),
        date=date,
        date_place=date_place,
        movement=_movement(directions, lines),
        scoring=method,
        names=names,
        deals=deals,
        deal_places=deal_places,
        source=_source(root, event),
        warnings=warnings,
        section_labels=labels,
    )


def _method(event, problems) -> str | None:
    kind = (event.get("EVENT_TYPE") or "").strip().upper()
    if kind == "PAIRS":
        kind = _text(event, "BOARD_SCORING_METHOD").upper()
    if kind not in _METHODS:
        known = "MP_PAIRS, BUTLER_PAIRS, CROSS_IMP"
        problems.add(
            event,
            f"EVENT_TYPE {quoted(kind or 'missing')}: Clubscore imports pairs "
            f"sessions ({known}) and teams events (SWISS_TEAMS, TEAMS, KO, "
            "...)",
        )
        return None
    return _METHODS[kind]


def _sections(event, wrapped) -> tuple[list, dict[str, str]]:
    """(section letter, element holding PARTICIPANTS and BOARDs) for SECTION wrappers (of a
    SESSION), or the EVENT itself for a one-section file; and the file's own name of each
    section whose SECTION_ID is not a letter (free text in USEBIO: PairsScorer writes "Sect1")."""
    if not wrapped:
        return [("A", event)], {}
    ids = [(section.get("SECTION_ID") or "").strip() for section in wrapped]
    letters = [_section_letter(raw) for raw in ids]
    taken = {letter for letter in letters if letter}
    found: list[tuple[str, etree._Element]] = []
    labels: dict[str, str] = {}
    for section, raw, letter in zip(wrapped, ids, letters, strict=True):
        if letter is None or [found_letter for found_letter, _ in found].count(letter):
            letter = _free_letter(taken)  # free text, or a letter already used
            taken.add(letter)
        if raw and raw.upper() != letter:
            labels[letter] = raw[:40]
        found.append((letter, section))
    return found, labels


def _section_letter(raw: str) -> str | None:
    """A SECTION_ID as Clubscore's section: letters as they are ("A", "ab" is "AB"), a name
    ending in a number its letter ("Sect1" and "1" are A, "Section 2" is B); else None."""
    if raw.isascii() and raw.isalpha() and len(raw) <= 3:
        return raw.upper()
    number = re.search(r"(\d{1,2})$", raw)
    if number and 1 <= int(number[1]) <= 26:
        return chr(ord("A") + int(number[1]) - 1)
    return None


def _free_letter(taken: set) -> str:
    letter = next(chr(code) for code in range(ord("A"), ord("Z") + 1) if chr(code) not in taken)
    return letter


def _pair_ref(element, tag: str, problems) -> tuple[int, str] | None:
    raw = _text(element, tag).upper()
    match = _PAIR.match(raw)
    if match is None or int(match[1]) < 1:
        problems.add(element, f"{tag} {quoted(raw)} is not a pair number (e.g. 3, 3NS or 3EW)")
        return None
    return int(match[1]), _DIRECTIONS.get(match[2] or "", match[2] or "")


def _read_pairs(holder, section, names, directions, problems) -> None:
    for pair in holder.iterfind("PARTICIPANTS/PAIR"):
        number = _pair_ref(pair, "PAIR_NUMBER", problems)
        if number is None:
            continue
        direction = _text(pair, "DIRECTION").upper().replace("-", "")
        direction = _DIRECTIONS.get(direction, direction) or number[1]
        if direction not in ("", *Direction):
            problems.add(pair, f"DIRECTION {quoted(direction)}: NS, EW or empty (a Howell)")
            continue
        directions.add(direction)
        players = [_text(player, "PLAYER_NAME") for player in pair.iterfind("PLAYER")]
        players = (players + ["", ""])[:2]
        if any(players):
            names[(section, number[0], direction)] = (players[0][:60], players[1][:60])


def _read_board(board, section, problems, warnings) -> list[TravellerLine]:
    raw = _text(board, "BOARD_NUMBER")
    number = board_number(raw)
    if number is None:
        problems.add(board, f"BOARD_NUMBER {quoted(raw)} is not a board number")
        return []
    lines = []
    for line in board.iterfind("TRAVELLER_LINE"):
        ns = _pair_ref(line, "NS_PAIR_NUMBER", problems)
        ew = _pair_ref(line, "EW_PAIR_NUMBER", problems)
        text = _result_text(line, number, problems, warnings)
        if ns and ew and text:
            lines.append(TravellerLine(line.sourceline or 1, section, number, ns, ew, text))
    return lines


def _deals(root, problems) -> tuple[dict[int, str], dict[int, Place]]:
    """Board -> PBN deal, from HANDSET/BOARD or BOARD elements with four HANDs; and the line
    of each."""
    deals: dict[int, str] = {}
    places: dict[int, Place] = {}
    for board in root.iter("BOARD"):
        hands = {}
        for hand in board.iterfind("HAND"):
            seat = _SEATS.get(_text(hand, "DIRECTION").upper(), _text(hand, "DIRECTION")[:1])
            suits = [_suit(_text(hand, suit)) for suit in _SUITS]
            hands[seat.upper()] = ".".join(suits)
        if not hands:
            continue
        number = board_number(_text(board, "BOARD_NUMBER"))
        if set(hands) != set("NESW") or number is None:
            problems.add(board, "a deal needs BOARD_NUMBER and four HANDs (North ... West)")
            continue
        deals[number] = "N:" + " ".join(hands[seat] for seat in "NESW")
        places[number] = board.sourceline or 1
    return deals, places


def _suit(text: str) -> str:
    """A suit's cards as PBN writes them; a void may be written "-" (EBUScore, PairsScorer)."""
    text = text.upper().replace("10", "T").replace(" ", "")
    return "" if text in ("-", "—", "VOID") else text


def _matchpoint_scale(event) -> str:
    """ACBL 1/½ (top = results − 1) or Law 78A's 2/1 (top = 2 × (results − 1)), as the file's
    points show; 2/1, the EBU's, when they do not say."""
    votes: Counter[str] = Counter()
    for board in event.iter("BOARD"):
        tops = set()
        lines = board.findall("TRAVELLER_LINE")
        for line in lines:
            try:
                tops.add(
                    float(_text(line, "NS_MATCH_POINTS")) + float(_text(line, "EW_MATCH_POINTS"))
                )
            except ValueError:
                break
        if len(tops) == 1 and len(lines) > 2:
            (top,) = tops
            votes[Method.MATCHPOINTS if top == len(lines) - 1 else Method.EBU_MATCHPOINTS] += 1
    return votes.most_common(1)[0][0] if votes else Method.EBU_MATCHPOINTS


def _movement(directions: set, lines: list[TravellerLine]) -> str | None:
    if directions & {Direction.NS, Direction.EW} or any(line.ns[1] or line.ew[1] for line in lines):
        return MovementKind.MITCHELL
    return MovementKind.HOWELL if directions == {""} else None
