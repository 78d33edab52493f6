"""Fetching an object and checking who may see or change it, in one step.

Someone else's unpublished session, or a write URL of another club, is a 404: we do not say
that it exists.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404

from events.models import Board, Event, Section


class SessionDeleted(Http404):
    """A deleted session asked for by one of its club's directors: the 404 offers a restore.

    Everyone else gets the plain 404 of a session that does not exist.
    """

    def __init__(self, event: Event):
        super().__init__(f"{event} was deleted.")
        self.event = event


def _missing(request, pk: int, what: str = "session"):
    deleted = Event.objects.restorable_by(request.user).select_related("club").filter(pk=pk)
    event = deleted.first()
    if event is not None:
        return SessionDeleted(event)
    return Http404(f"No such {what}")


def _check_not_deleted(request, event: Event, what: str) -> None:
    if event.deleted_at is not None:
        raise _missing(request, event.pk, what)


def directs(request, club) -> bool:
    """Whether the request's user directs `club`; asked once per request and club."""
    known = request.__dict__.setdefault("_clubscore_directs", {})
    if club.pk not in known:
        known[club.pk] = club.is_director(request.user)
    return known[club.pk]


def event_for_reader(request, pk: int) -> Event:
    try:
        return Event.objects.readable_by(request.user).select_related("club").get(pk=pk)
    except Event.DoesNotExist:
        raise _missing(request, pk) from None


def event_for_director(request, pk: int) -> Event:
    try:
        return Event.objects.directed_by(request.user).select_related("club").get(pk=pk)
    except Event.DoesNotExist:
        raise _missing(request, pk) from None


def section_for_director(request, pk: int) -> Section:
    section = get_object_or_404(Section.objects.select_related("event__club"), pk=pk)
    if not directs(request, section.event.club):
        raise Http404("No such section")
    _check_not_deleted(request, section.event, "section")
    return section


def board_for_director(request, pk: int) -> Board:
    board = get_object_or_404(Board.objects.select_related("section__event__club"), pk=pk)
    if not directs(request, board.section.event.club):
        raise Http404("No such board")
    _check_not_deleted(request, board.section.event, "board")
    return board


def is_director(request, event: Event) -> bool:
    return directs(request, event.club)


def board_for_reader(request, pk: int) -> Board:
    board = get_object_or_404(Board.objects.select_related("section__event__club"), pk=pk)
    event = board.section.event
    if not (event.published or directs(request, event.club)):
        raise Http404("No such board")
    _check_not_deleted(request, event, "board")
    return board
