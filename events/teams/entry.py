"""Entering a match: both rooms of each board (the director's form, `save_boards`), or one
room's boards (a room's phone, `save_room`), an artificial score for a board not played, IMP
and VP (or points) penalties, a forfeit. Both saves read results the same way and take the
same lock, and every save rescores the match in the same transaction, so the standings read
stored totals: VPs, or board-a-match or Patton points. A board holds one room's result while
the other room is still playing: it scores once both are in."""

from dataclasses import dataclass
from fractions import Fraction

from django.db import transaction

import scoring
from events.core import versions
from events.teams.methods import match_points
from events.teams.models import MatchBoard, TeamMatch
from events.teams.room_models import CLOSED, OPEN
from events.teams.setup import TeamsError, club_table
from scoring.teams import AVERAGE_PLUS_IMPS

__all__ = ["BoardRow", "MatchConflict", "MatchEntryError", "board_fields", "board_numbers",
           "board_rows", "left_as_shown", "lock_match", "moved_since", "rescore", "save_boards",
           "save_room", "save_adjustments", "ADJUSTED_IMPS"]  # fmt: skip

# (home IMPs, away IMPs) of a board's artificial score: Law 86A, Ave+ +3 and Ave− −3 IMPs;
# a team's Ave− shows as its opponents' +3 (the margin is what the VP scale reads).
ADJUSTED_IMPS = {
    "ave": (0, 0),
    "home-plus": (AVERAGE_PLUS_IMPS, 0),
    "away-plus": (0, AVERAGE_PLUS_IMPS),
    "both-plus": (AVERAGE_PLUS_IMPS, AVERAGE_PLUS_IMPS),
}


class MatchEntryError(TeamsError):
    """Bad rows of a match's boards: `problems` maps board number to what is wrong."""

    def __init__(self, problems: dict[int, str]):
        boards = ", ".join(str(number) for number in problems)
        super().__init__(
            f"Nothing was saved: check board{'s' if len(problems) > 1 else ''} {boards}."
        )
        self.problems = problems  # board number → what is wrong with it


class MatchConflict(MatchEntryError):
    """Boards another director saved after this form was drawn, which this form changes too:
    nothing was saved. `stored` is every board of the match as it is now."""

    def __init__(self, clashes: list[int], stored: dict[int, "BoardRow"]):
        super().__init__(
            {
                number: f"Board {number} was saved by someone else after you opened this page: now "
                f"{stored[number].described}. Yours is still in the boxes: save again to "
                "replace it, or type theirs back."
                for number in clashes
            }
        )
        self.stored = stored


@dataclass(frozen=True)
class BoardRow:
    """What was typed for one board of a match."""

    number: int
    open: str = ""
    closed: str = ""
    adjusted: str = ""

    @property
    def blank(self) -> bool:
        return not (self.open.strip() or self.closed.strip() or self.adjusted)

    def same_as(self, other: "BoardRow") -> bool:
        def fields(row):
            return row.number, row.open.strip(), row.closed.strip(), row.adjusted

        return fields(self) == fields(other)

    @property
    def described(self) -> str:
        if self.blank:
            return "nothing (the board was cleared)"
        rooms = f"open room {self.open.strip() or '—'}, closed room {self.closed.strip() or '—'}"
        return f"{rooms}, artificial score {self.adjusted}" if self.adjusted else rooms


def board_numbers(match: TeamMatch) -> list[int]:
    """The boards a match plays: round r plays the r-th set of the event's boards, so every
    match of a round plays the same deals (a KO segment likewise), unless the match names its
    own first board (an imported file's)."""
    per_match = match.event.boards_per_match
    first = match.first_board or (match.round - 1) * per_match + 1
    return list(range(first, first + per_match))


def board_rows(match: TeamMatch) -> list[BoardRow]:
    """The match's boards as the entry form shows them."""
    stored = {board.number: board for board in match.boards.all()}
    rows = []
    for number in board_numbers(match):
        board = stored.get(number)
        rows.append(
            BoardRow(number, board.open_result, board.closed_result, board.adjusted)
            if board
            else BoardRow(number)
        )
    return rows


def save_boards(
    match: TeamMatch, rows: list[BoardRow], seen: dict[int, BoardRow] | None = None
) -> None:
    """Check every row, then store them all (a cleared row removes its board) and rescore the
    match; any bad row stores nothing.

    `seen` is each board as the form showed it. A row left as shown is not written (another
    director may have saved that board since); a row changed where the stored board changed
    too raises MatchConflict and nothing is stored."""
    numbers = set(board_numbers(match))
    problems, values = {}, {}
    for row in rows:
        if row.number not in numbers:
            problems[row.number] = f"Board {row.number} is not one of this match's boards."
            continue
        if seen and left_as_shown(row, seen):
            # Not written, so not read again: half a board (its other room still playing)
            # shown and left as it was is no mistake of this form.
            continue
        try:
            half = bool(seen) and _still_playing(row, seen.get(row.number))
            values[row.number] = None if row.blank else board_fields(row, half=half)
        except ValueError as error:
            problems[row.number] = str(error)
    if match.is_bye:
        raise TeamsError("A bye has no boards to enter.")
    if problems:
        raise MatchEntryError(problems)
    with transaction.atomic():
        locked = lock_match(match)
        if seen:
            values = _changes_since(locked, rows, seen, values)
        for number, fields in values.items():
            if fields is None:
                MatchBoard.objects.filter(match=locked, number=number).delete()
            else:
                MatchBoard.objects.update_or_create(match=locked, number=number, defaults=fields)
        rescore(locked)


def _still_playing(row: BoardRow, shown: BoardRow | None) -> bool:
    """Whether `row` corrects the one room of a board the form showed half entered, leaving
    the other room (still playing) blank: a queried phone result the director rules on."""
    if shown is None or shown.adjusted or row.adjusted:
        return False
    rooms_shown = (bool(shown.open.strip()), bool(shown.closed.strip()))
    rooms_typed = (bool(row.open.strip()), bool(row.closed.strip()))
    return sum(rooms_shown) == 1 and rooms_typed == rooms_shown


def lock_match(match: TeamMatch) -> TeamMatch:
    """The match, its event's version moved on and both rows locked (the event first, then its
    match: events/core/versions.py), inside the caller's transaction."""
    versions.bump(match.event)
    return TeamMatch.objects.select_for_update().select_related("event").get(pk=match.pk)


def save_room(
    match: TeamMatch, room: str, results: dict[int, str], seen: dict[int, str] | None = None
) -> None:
    """Store one room's results of some of the match's boards (board number → the result as
    typed; "" takes the room's result off) and rescore the match; any bad result stores
    nothing. The other room's result of each board stays as it is: a board scores once both
    rooms are in. A board the director gave an artificial score is the director's.

    `seen` is each board's result in this room as the phone showed it: a board whose result
    there changed since raises MatchConflict and nothing is stored."""
    if room not in (OPEN, CLOSED):
        raise TeamsError(f"No such room: {room}.")
    if match.is_bye:
        raise TeamsError("A bye has no boards to enter.")
    numbers = set(board_numbers(match))
    problems, read = {}, {}
    for number, text in results.items():
        if number not in numbers:
            problems[number] = f"Board {number} is not one of this match's boards."
            continue
        try:
            read[number] = str(_read_result(number, room, text)) if text.strip() else ""
        except ValueError as error:
            problems[number] = str(error)
    if problems:
        raise MatchEntryError(problems)
    with transaction.atomic():
        locked = lock_match(match)
        stored = {row.number: row for row in board_rows(locked)}
        clashes = [
            number
            for number in read
            if seen is not None and number in seen and _room(stored[number], room) != seen[number]
        ]
        if clashes:
            raise MatchConflict(clashes, stored)
        adjusted = [number for number in read if stored[number].adjusted]
        if adjusted:
            raise MatchEntryError(
                {
                    number: f"Board {number} has an artificial score from the director: only "
                    "the director can change it."
                    for number in adjusted
                }
            )
        for number, text in read.items():
            row = stored[number]
            rooms = {OPEN: row.open, CLOSED: row.closed, room: text}
            _write(locked, BoardRow(number, rooms[OPEN], rooms[CLOSED]), half=True)
        rescore(locked)


def _room(row: BoardRow, room: str) -> str:
    return (row.open if room == OPEN else row.closed).strip()


def _write(match: TeamMatch, row: BoardRow, *, half: bool = False) -> None:
    if row.blank:
        MatchBoard.objects.filter(match=match, number=row.number).delete()
    else:
        fields = board_fields(row, half=half)
        MatchBoard.objects.update_or_create(match=match, number=row.number, defaults=fields)


def _changes_since(match: TeamMatch, rows, seen: dict[int, BoardRow], values: dict) -> dict:
    """The values of the rows to write: those the director changed from what the form showed
    and not already stored as typed. Raises MatchConflict where the stored board changed too."""
    stored = {row.number: row for row in board_rows(match)}
    changed = [row for row in rows if row.number in values and not left_as_shown(row, seen)]
    to_write = [row for row in changed if not row.same_as(stored[row.number])]
    moved = {row.number for row in _moved(stored, seen)}
    clashes = [row.number for row in to_write if row.number in moved]
    if clashes:
        raise MatchConflict(clashes, stored)
    return {row.number: values[row.number] for row in to_write}


def moved_since(match: TeamMatch, seen: dict[int, BoardRow]) -> list[BoardRow]:
    """The match's boards as stored now, where they differ from `seen` (a form's boards as it
    showed them): what someone else saved since the form was drawn."""
    return _moved({row.number: row for row in board_rows(match)}, seen)


def _moved(stored: dict[int, BoardRow], seen: dict[int, BoardRow]) -> list[BoardRow]:
    return [
        stored[n] for n, row in sorted(seen.items()) if n in stored and not row.same_as(stored[n])
    ]


def left_as_shown(row: BoardRow, seen: dict[int, BoardRow]) -> bool:
    """Whether the director left `row` as the form showed it (`seen`: board number → row)."""
    return row.number in seen and row.same_as(seen[row.number])


def board_fields(row: BoardRow, *, half: bool = False) -> dict:
    """The MatchBoard fields of a row: both rooms' results and NS scores, the artificial score
    and the IMPs each team gets; ValueError says what is wrong with the row. With `half` (a
    room's own save) one room's result alone is a board still playing, with no IMPs yet."""
    if row.adjusted and row.adjusted not in ADJUSTED_IMPS:
        raise ValueError(f"Board {row.number}: choose one of the artificial scores offered.")
    rooms = {}
    for room, text in ((OPEN, row.open), (CLOSED, row.closed)):
        if text.strip():
            rooms[room] = _read_result(row.number, room, text)
        elif not (row.adjusted or half):
            other = "closed" if room == "open" else "open"
            raise ValueError(
                f"Board {row.number}: the {room} room's result is missing. If the board was "
                f"played only in the {other} room, choose an artificial score."
            )
    fields = {"adjusted": row.adjusted}
    for room in ("open", "closed"):
        entry = rooms.get(room)
        fields[f"{room}_result"] = str(entry) if entry else ""
        fields[f"{room}_ns_score"] = entry.ns_score if entry else None
    if row.adjusted:
        fields["home_imps"], fields["away_imps"] = ADJUSTED_IMPS[row.adjusted]
    elif len(rooms) < 2:
        fields["home_imps"] = fields["away_imps"] = 0  # the other room is still playing
    else:
        imps = scoring.board_imps(fields["open_ns_score"], fields["closed_ns_score"])
        fields["home_imps"], fields["away_imps"] = max(imps, 0), max(-imps, 0)
    return fields


def _read_result(number: int, room: str, text: str) -> scoring.Entry:
    where = f"Board {number}, {room} room"
    try:
        entry = scoring.parse_entry(text, number)
    except scoring.NeedsConfirmation as doubt:
        # The pairs pages ask again; here the row is simply retyped in the unambiguous form.
        down = doubt.entry.contract.tricks_needed - doubt.entry.tricks
        sure = f"{doubt.entry.contract} {doubt.entry.declarer} -{down}"
        raise ValueError(f"{where}: {doubt} To save down {down}, type {sure}.") from None
    except ValueError as error:
        raise ValueError(f"{where}: {error}.".replace("..", ".")) from None
    if entry.kind != "played":
        raise ValueError(
            f"{where}: {text.strip()} is an adjusted score; in teams an artificial score is for "
            "the whole board: leave the result out and choose it under Artificial score."
        )
    return entry


def save_adjustments(
    match: TeamMatch,
    *,
    forfeit="",
    home_imp_penalty=0,
    away_imp_penalty=0,
    home_vp_penalty=0,
    away_vp_penalty=0,
) -> None:
    """A forfeit and the match's IMP and VP penalties (the form has checked them)."""
    if match.is_bye:
        raise TeamsError("A bye has no opponents: nothing to forfeit or penalise.")
    with transaction.atomic():
        locked = lock_match(match)
        locked.forfeit = forfeit
        locked.home_imp_penalty, locked.away_imp_penalty = home_imp_penalty, away_imp_penalty
        locked.home_vp_penalty, locked.away_vp_penalty = home_vp_penalty, away_vp_penalty
        rescore(locked)


def rescore(match: TeamMatch) -> None:
    """Store the match's IMP totals and, once every board has a result in both rooms (or an
    artificial score), its VPs on the event's scale, or its board-a-match or Patton points
    (before VP or points penalties, which the standings take off). Half a board (its other room
    still playing) counts for nothing yet. A KO segment has no VPs; a forfeit's and a bye's
    depend on the event's bye rule and are worked out with the standings."""
    event = match.event
    boards = [board for board in match.boards.all() if board.complete]
    board_imps = []
    for board in boards:
        board_imps += [board.home_imps, -board.away_imps]
    home, away = scoring.match_imps(
        board_imps, _number(match.home_imp_penalty), _number(match.away_imp_penalty)
    )
    match.home_imps, match.away_imps = scoring.rounded(home, 1), scoring.rounded(away, 1)
    match.boards_entered = len(boards)
    match.home_vps = match.away_vps = match.home_points = match.away_points = None
    complete = len(boards) == event.boards_per_match and not match.forfeit
    if complete and event.by_boards:
        points = match_points(event, boards)
        match.home_points, match.away_points = (scoring.rounded(value, 2) for value in points)
    elif complete and not event.is_ko:
        vps = scoring.match_vps(
            home, away, event.boards_per_match, event.vp_scale, club_table(event)
        )
        match.home_vps, match.away_vps = (scoring.rounded(value, 2) for value in vps)
    match.save()


def _number(value) -> int | Fraction:
    value = Fraction(str(value))
    return int(value) if value.denominator == 1 else value
