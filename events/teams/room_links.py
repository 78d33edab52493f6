"""Each room of each match's secret link, as a pairs table has one (events/phone/links.py,
whose tokens, budgets and reissuing these share): made when a round is drawn (or when the
director asks, for a round drawn before), reissued by the director, found by its token; and the
director's grid of what each room has entered.

A room link is a capability: whoever holds the token enters and agrees that room's results of
that one match, and nothing else. It stops working when the director reissues it, the round's
draw is taken back, the event is deleted, or the match is no longer played at the table (a bye
or a forfeit: a team withdrew, or the director gave the forfeit).
"""

from dataclasses import dataclass

from django.utils import timezone

from events.phone.links import LinkClosed, LinkUnknown, new_token, revoke_and_replace
from events.phone.table_round import CONFIRMED, MISSING, QUERIED
from events.teams.models import MatchBoard, TeamMatch, TeamsEvent
from events.teams.phone import ROOMS, boards_from, not_played
from events.teams.room_models import MatchRoomLink, RoomEntry

__all__ = ["RoomCell", "ensure_room_links", "link_for_token", "reissue",
           "revoke", "room_grid", "round_links", "unlinked"]  # fmt: skip


def revoke(match: TeamMatch) -> None:
    """The match's live links stop working (it is no longer played at the table)."""
    MatchRoomLink.objects.filter(match=match, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )


def ensure_room_links(matches) -> None:
    """Both rooms of every match played at the table (not a bye or a forfeit) with a live
    link, making the missing ones. A link another request made meanwhile is the room's: the
    database keeps one live link a room, and this insert skips the rooms that have one."""
    matches = [match for match in matches if not not_played(match)]
    have = set(
        MatchRoomLink.objects.filter(match__in=matches, revoked_at__isnull=True).values_list(
            "match_id", "room"
        )
    )
    MatchRoomLink.objects.bulk_create(
        [
            MatchRoomLink(match=match, room=room, token=new_token())
            for match in matches
            for room in ROOMS
            if (match.pk, room) not in have
        ],
        ignore_conflicts=True,
    )


def round_links(event: TeamsEvent, number: int) -> dict[int, list[MatchRoomLink]]:
    """Each match's live links (open room first), by the match's pk: one query, no write."""
    links: dict[int, list[MatchRoomLink]] = {}
    live = MatchRoomLink.objects.filter(
        match__event=event, match__round=number, revoked_at__isnull=True
    ).order_by("match", "-room")
    for link in live:
        links.setdefault(link.match_id, []).append(link)
    return links


def unlinked(matches, links: dict[int, list[MatchRoomLink]]) -> list[TeamMatch]:
    """The matches played at the table of which a room has no live link."""
    return [m for m in matches if not not_played(m) and len(links.get(m.pk, [])) < len(ROOMS)]


def reissue(link: MatchRoomLink) -> MatchRoomLink:
    """Revoke the link (whoever holds it gets a "replaced" page) and give the room a new one."""
    return revoke_and_replace(link, match=link.match, room=link.room)


def link_for_token(token: str) -> MatchRoomLink:
    """The live room link with this token. Raises LinkUnknown or LinkClosed."""
    link = (
        MatchRoomLink.objects.select_related("match__event__club", "match__home", "match__away")
        .filter(token=token)
        .first()
        if len(token) <= 32
        else None
    )
    if link is None or link.match.event.deleted_at is not None:
        raise LinkUnknown(token)
    if why := not_played(link.match):
        raise LinkClosed(link, why, link.match.event)
    if link.revoked_at is not None:
        raise LinkClosed(
            link,
            "The director has replaced this room's link. Ask for the new one.",
            link.match.event,
        )
    return link


@dataclass(frozen=True)
class RoomCell:
    """One room of one match on the director's grid."""

    match: TeamMatch
    room: str
    entered: int  # boards with this room's result (or the director's artificial score)
    due: int
    agreed: bool  # every entered board agreed by the opponents (or typed by the director)
    queried: bool  # the opponents called the director on a board

    @property
    def state(self) -> str:
        if not self.entered:
            return "empty"
        return "done" if self.entered == self.due else "partial"


def room_grid(matches) -> list[tuple[TeamMatch, list[RoomCell]]]:
    """Each match (not a bye) with its two rooms' cells: two queries, however many matches."""
    matches = [match for match in matches if not match.is_bye]
    stored: dict[int, dict[int, MatchBoard]] = {match.pk: {} for match in matches}
    for board in MatchBoard.objects.filter(match__in=matches):
        stored[board.match_id][board.number] = board
    entries = RoomEntry.objects.filter(board__match__in=matches)
    by_board = {(e.board_id, e.room): e for e in entries}
    rows = []
    for match in matches:
        cells = []
        for room in ROOMS:
            boards = boards_from(match, room, stored[match.pk], by_board)
            entered = [b for b in boards if b.status != MISSING]
            cells.append(
                RoomCell(
                    match,
                    room,
                    len(entered),
                    len(boards),
                    agreed=bool(entered) and all(b.status == CONFIRMED for b in entered),
                    queried=any(b.status == QUERIED for b in entered),
                )
            )
        rows.append((match, cells))
    return rows
