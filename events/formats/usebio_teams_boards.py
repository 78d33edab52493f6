"""A board of a teams match in a USEBIO file (events.formats.usebio_teams reads the rest): its
two TRAVELLER_LINEs, which of them is the room where the home team sat NS, and the artificial
score (Law 86A) its rooms' A-codes give it."""

import re

import scoring
from events.core.limits import quoted
from events.formats import FileBoard, board_number
from events.formats.usebio_common import _ARTIFICIAL, _result_text, _text

__all__ = ["read_board"]

_WHOLE = re.compile(r"^[+-]?\d{1,3}$")
# A room's artificial score (NS %, EW %) as the home team's status: Law 86A's Ave+, Ave, Ave-.
_PLUS, _AVE, _MINUS = "+", "=", "-"
_ADJUSTED = {(_PLUS, _MINUS): "home-plus", (_MINUS, _PLUS): "away-plus",
             (_PLUS, _PLUS): "both-plus", (_AVE, _AVE): "ave"}  # fmt: skip


def read_board(board, rooms, problems, warnings) -> FileBoard | None:
    raw = _text(board, "BOARD_NUMBER")
    number = board_number(raw)
    if number is None:
        problems.add(board, f"BOARD_NUMBER {quoted(raw)} is not a board number")
        return None
    place = board.sourceline or 1
    imps = _text(board, "IMPS")
    published = int(imps) if _WHOLE.match(imps) else None
    lines = board.findall("TRAVELLER_LINE")
    if len(lines) > 2:
        problems.add(
            board,
            f"board {number} has {len(lines)} TRAVELLER_LINEs: a match's board "
            "has one for each room",
        )
        return None
    sides = _sides(lines, rooms, published, board, warnings)
    if sides is None:
        problems.add(
            board,
            f"board {number}: both TRAVELLER_LINEs are of the room where the "
            "same team sat NS (DIRECTION)",
        )
        return None
    read = FileBoard(place, number, published_imps=published)
    statuses = set()
    unread = False  # a line with a problem of its own: the board is not judged further
    for line, home_ns in zip(lines, sides, strict=True):
        score = _text(line, "SCORE").upper().replace(" ", "")
        if artificial := _ARTIFICIAL.match(score):
            ns, ew = int(artificial[1]), int(artificial[2])
            statuses.add((_status(ns), _status(ew)) if home_ns else (_status(ew), _status(ns)))
            continue
        text = _result_text(line, number, problems, warnings)
        unread |= text is None
        if text is None or text == "NP":
            continue
        entry = scoring.parse_entry(text, number, confirmed=True)
        if not entry.is_comparable:  # weighted (Law 12C1(c)): no teams board has one
            problems.add(
                line,
                f"{quoted(text)}: a teams board's room has a result, or an "
                "artificial score such as A6040",
            )
            unread = True
            continue
        setattr(read, "open" if home_ns else "closed", str(entry))
    return None if unread else _adjusted(read, statuses, board, problems)


def _sides(lines, rooms, published, board, warnings) -> list[bool] | None:
    """For each line, whether the home team sat NS (the open room); None if both lines say
    the same room."""
    sides = [_home_ns(line, rooms) for line in lines]
    if len(lines) == 2 and sides[0] is not None and sides[0] == sides[1]:
        return None
    known = [side for side in sides if side is not None]
    if len(known) == len(sides):
        return known  # every line said its room: the same list as sides, with no None
    if known:  # the other line is the other room
        return [side if side is not None else not known[0] for side in sides]
    guess = [True, False][: len(lines)]
    if len(lines) == 2 and published is not None and _net(lines, board) == -published != 0:
        guess = [False, True]  # the board's IMPS say the second line is the open room
    first = "second" if guess[0] is False else "first"
    warnings.append(
        (
            board.sourceline or 1,
            f"BOARD: its TRAVELLER_LINEs do not say which team "
            f"sat NS (DIRECTION); the {first} is taken as the room where TEAM sat "
            "NS",
        )
    )
    return guess


def _home_ns(line, rooms) -> bool | None:
    direction = _text(line, "DIRECTION").upper().replace("-", "").replace(" ", "")
    if direction in ("NS", "N", "S", "NORTHSOUTH"):
        return True
    if direction in ("EW", "E", "W", "EASTWEST"):
        return False
    room = _text(line, "ROOM").upper()
    if room in ("OPEN", "O", "CLOSED", "C"):
        return room.startswith("O")
    ns, ew = _text(line, "NS_PAIR_NUMBER").upper(), _text(line, "EW_PAIR_NUMBER").upper()
    home, away = rooms
    if ns and (ns in home or ew in away):
        return True
    if ns and (ns in away or ew in home):
        return False
    return None


def _net(lines, board) -> int | None:
    """The IMPs to the team sitting NS at the first line, from the two lines' scores."""
    scores = [_text(line, "SCORE") for line in lines]
    if not all(re.match(r"^-?\d{1,5}$", score) for score in scores):
        return None
    return scoring.imps(int(scores[0]) - int(scores[1]))


def _status(percent: int) -> str:
    return _PLUS if percent > 50 else _MINUS if percent < 50 else _AVE


def _adjusted(read: FileBoard, statuses: set, board, problems) -> FileBoard | None:
    """The board with Clubscore's artificial score from its rooms' A-codes. A result in one
    room without the other room's, and no artificial score, is the board's `missing_room`:
    the import refuses it, naming the match (events.teams.importer), since leaving the board
    out would change the match and perhaps the winner."""
    if len(statuses) > 1:
        problems.add(board, f"board {read.number}: the two rooms' artificial scores disagree")
        return None
    if statuses:
        (status,) = statuses
        if status not in _ADJUSTED:
            problems.add(
                board,
                f"board {read.number}: an artificial score of {status[0]} to "
                f"one team and {status[1]} to the other; Clubscore's are Ave, "
                "Ave+/Ave- and Ave+ to both (Law 86A)",
            )
            return None
        read.adjusted = _ADJUSTED[status]
        return read
    if read.open and read.closed:
        return read
    if read.open or read.closed:
        read.missing_room = "closed" if read.open else "open"
        return read
    return None
