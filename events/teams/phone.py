"""Entry in the rooms of a teams match: what a room's phone shows (the match's boards, this
room's result of each), its saves going through the director's own service
(`events.teams.entry.save_room`: the same reading of results, the match's lock, the rescore),
and the opponents' answer, as at a pairs table (events/phone/table_round.py): a result saved
by one side is shown to the other, who agree (then only the director changes it) or call the
director. The room reaches it through its link (events/teams/room_links.py).
"""

import hashlib
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from events.entry.errors import EntryError
from events.phone.table_round import QUERIED, record_answer, refuse_if_locked
from events.phone.taps import PASSED_OUT
from events.phone.text_board import BoardNumber, TextBoard, TextConflict, text_version
from events.teams import entry
from events.teams.models import MatchBoard, TeamMatch
from events.teams.room_models import CLOSED, OPEN, MatchRoomLink, RoomEntry
from events.teams.setup import TeamsError

ROOMS = (OPEN, CLOSED)

__all__ = ["BoardInRoom", "RoomConflict", "RoomView", "board_number", "boards_from",
           "boards_in_room", "confirm", "enter_result", "not_played", "query", "queried",
           "result_stands", "room_version", "room_view"]  # fmt: skip


def not_played(match: TeamMatch) -> str:
    """Why the match is not played at the table (a bye, a forfeit), in words; "" when it is."""
    if match.is_bye:
        return f"This match is not played: {match.home.name} has a bye this round."
    if not match.forfeit:
        return ""
    offender = match.home if match.forfeit == "home" else match.away
    why = "forfeits the match" if match.forfeit_given else "withdrew"
    return f"This match is not played: {offender.name} {why}, so it is scored as a forfeit."


def room_version(text: str) -> int:
    """What a phone sends back with a save: the room's result as it saw it, as a number (0:
    none). A save over a result the phone has not seen is refused, not stored."""
    return text_version(text)


@dataclass
class BoardInRoom(TextBoard):
    """One board of the match, as this room's phone sees it (the pairs BoardAtTable's face)."""

    board: BoardNumber
    room: str
    stored: MatchBoard | None
    entry: RoomEntry | None
    typed: dict | None = None  # what the room tapped, when the save was refused

    @property
    def result(self) -> str:
        """This room's result as stored ("" when none yet)."""
        return self.stored.room_result(self.room) if self.stored else ""

    @property
    def adjusted(self) -> bool:
        return bool(self.stored and self.stored.adjusted)

    @property
    def adjusted_shown(self) -> str:
        assert self.stored is not None  # adjusted: stored
        return f"Artificial score: {self.stored.get_adjusted_display()}"

    @property
    def ns_score(self) -> int | None:
        return getattr(self.stored, f"{self.room}_ns_score")


def boards_in_room(match: TeamMatch, room: str) -> list[BoardInRoom]:
    """Every board of the match with this room's result and its phone entry (two queries)."""
    stored = {board.number: board for board in match.boards.all()}
    entries = RoomEntry.objects.filter(board__match=match, room=room)
    return boards_from(match, room, stored, {(e.board_id, e.room): e for e in entries})


def boards_from(
    match: TeamMatch,
    room: str,
    stored: dict[int, MatchBoard],
    entries: dict[tuple[int, str], RoomEntry],
) -> list[BoardInRoom]:
    """Every board of the match in this room, from its stored boards (by number) and the
    phones' entries (by board pk and room) read already: no query."""
    return [
        BoardInRoom(
            BoardNumber(number),
            room,
            stored.get(number),
            entries.get((stored[number].pk, room)) if number in stored else None,
        )
        for number in entry.board_numbers(match)
    ]


@dataclass
class RoomView:
    """What a room's phone shows: who sits where, the match's boards, the score once in."""

    link: MatchRoomLink
    match: TeamMatch
    boards: list[BoardInRoom] = field(default_factory=list)

    @property
    def room(self) -> str:
        return self.link.room

    @property
    def ns(self):
        """The home team sits NS in the open room, EW in the closed room."""
        return self.match.home if self.room == OPEN else self.match.away

    @property
    def ew(self):
        return self.match.away if self.room == OPEN else self.match.home

    @property
    def done(self) -> bool:
        return all(b.locked for b in self.boards)

    @property
    def score_in(self) -> bool:
        """Every board in from both rooms: the match's score (IMPs, and its VPs or points by
        the event's method; a knockout segment's IMPs alone) is shown."""
        return self.match.boards_entered == self.match.event.boards_per_match

    @property
    def waiting_for_rulings(self) -> bool:
        return any(b.status == QUERIED for b in self.boards)

    @property
    def stamp(self) -> str:
        """Changes whenever anything the phone shows changes."""
        m = self.match
        parts = [self.link.revoked_at, m.home_imps, m.away_imps, m.home_vps, m.home_points]
        parts += [m.boards_entered]
        parts += [(b.number, b.stamp) for b in self.boards]
        return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]


def room_view(link: MatchRoomLink) -> RoomView:
    match = TeamMatch.objects.select_related("event", "home", "away").get(pk=link.match_id)
    return RoomView(link, match, boards_in_room(match, link.room))


def board_number(posted) -> int | None:
    """The board a phone's form names (its number), or None."""
    text = str(posted or "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else None


class RoomConflict(TextConflict):
    """The room's result of a board changed since the phone showed it (the other phone in the
    room, or the director): nothing was stored."""


def _board_in_room(link: MatchRoomLink, number: int | None) -> BoardInRoom:
    """The board of this room's match, or EntryError: a link reaches no other board."""
    for board in room_view(link).boards:
        if board.number == number:
            return board
    raise EntryError("That board is not played in this match.")


def _playable(link: MatchRoomLink) -> TeamMatch:
    """The room's match, locked, or EntryError: it became a bye or a forfeit meanwhile (the
    phone showed it before a team withdrew)."""
    try:
        match = entry.lock_match(link.match)
    except TeamMatch.DoesNotExist:  # both its teams withdrew meanwhile
        raise EntryError("This match is no longer in the draw: nothing was stored.") from None
    if why := not_played(match):
        raise EntryError(why)
    return match


def enter_result(
    link: MatchRoomLink, number: int | None, text: str, *, lead: str = "", expected_version=0
) -> None:
    """Save this room's result of one board of the match. Raises EntryError (an agreed board,
    a board of another match, a result the director's service refuses) or RoomConflict."""
    with transaction.atomic():
        match = _playable(link)
        board = _board_in_room(link, number)
        refuse_if_locked(board)
        if board.version != expected_version:
            raise RoomConflict(board)
        if text == PASSED_OUT:
            lead = ""  # nobody led
        try:
            entry.save_room(match, link.room, {board.number: text})
        except entry.MatchEntryError as error:
            raise EntryError(error.problems.get(board.number, str(error))) from None
        except TeamsError as error:  # the match changed meanwhile (say, a bye now)
            raise EntryError(str(error)) from None
        stored = MatchBoard.objects.get(match=match, number=board.number)
        RoomEntry.objects.update_or_create(
            board=stored,
            room=link.room,
            defaults={"link": link, "result": stored.room_result(link.room), "lead": lead,
                      "confirmed_at": None, "queried_at": None},
        )  # fmt: skip


def confirm(link: MatchRoomLink, number: int | None, expected_version: int) -> None:
    """The opponents agree with the result they were shown: from now on only the director
    changes it."""
    _answer(link, number, expected_version, confirmed_at=timezone.now(), queried_at=None)


def query(link: MatchRoomLink, number: int | None, expected_version: int) -> None:
    """The opponents disagree: the director is called (the round's grid shows it)."""
    _answer(link, number, expected_version, confirmed_at=None, queried_at=timezone.now())


def _answer(link, number, expected_version, **answer) -> None:
    with transaction.atomic():
        _playable(link)
        board = _board_in_room(link, number)
        record_answer(board, board.result, expected_version, answer)


def queried(match: TeamMatch) -> list[BoardInRoom]:
    """The rooms' results the opponents did not agree to, awaiting the director's ruling."""
    return [b for room in ROOMS for b in boards_in_room(match, room) if b.status == QUERIED]


def result_stands(match: TeamMatch, room: str, number: int | None) -> bool:
    """The director's ruling on a queried result: it stands (the phones show so, and it is the
    director's from now on). False when there is no such query (ruled on meanwhile)."""
    with transaction.atomic():
        locked = entry.lock_match(match)
        for board in boards_in_room(locked, room):
            if board.number == number and board.status == QUERIED:
                assert board.entry is not None  # a query is a phone's entry's
                RoomEntry.objects.filter(pk=board.entry.pk).update(ruling=RoomEntry.STANDS)
                return True
        return False
