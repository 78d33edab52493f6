"""Fetching an object and checking who may see or change it, in one step.

Someone else's unpublished session, or a write URL of another club, is a 404: we do not say
that it exists.
"""

import functools

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db.models import Exists, OuterRef
from django.http import Http404

from events.core.prepared import prepared
from events.models import Board, Club, Event, Section
from events.models.sessions import SoftDeleted


class SessionDeleted(Http404):
    """A deleted session (or teams event) asked for by one of its club's directors: the 404
    offers a restore.

    Everyone else gets the plain 404 of a session that does not exist.
    """

    def __init__(self, event: SoftDeleted):
        super().__init__(f"{event} was deleted.")
        self.event = event


def missing(request, pk: int, what: str = "session", model=Event) -> Http404:
    """The 404 for `model` `pk` that the user may not see: SessionDeleted when it is a deleted
    one the user could restore."""
    deleted = model.objects.restorable_by(request.user).select_related("club").filter(pk=pk)
    event = deleted.first()
    if event is not None:
        return SessionDeleted(event)
    return Http404(f"No such {what}")


def for_reader(request, model, pk: int, what: str):
    """A session, teams event or one-table game (`model`) the user may read, or its 404."""
    return _found(request, model, model.objects.readable_by(request.user), pk, what)


def for_director(request, model, pk: int, what: str):
    """A session, teams event or one-table game (`model`) the user may change, or its 404."""
    return _found(request, model, model.objects.directed_by(request.user), pk, what)


def _found(request, model, objects, pk: int, what: str):
    try:
        return objects.select_related("club").get(pk=pk)
    except model.DoesNotExist:
        if hasattr(model, "deleted_at"):  # a deleted one's directors are offered its restore
            raise missing(request, pk, what, model) from None
        raise Http404(f"No such {what}") from None


def _check_not_deleted(request, event: Event, what: str) -> None:
    if event.deleted_at is not None:
        raise missing(request, event.pk, what)


def _directs_known(request) -> dict:
    return request.__dict__.setdefault("_clubscore_directs", {})


def directs(request, club) -> bool:
    """Whether the request's user directs `club`; asked once per request and club."""
    known = _directs_known(request)
    if club.pk not in known:
        known[club.pk] = club.is_director(request.user)
    return known[club.pk]


def _fetch_with_directs(request, query: prepared, pk: int, club_of: str):
    """`query`'s object `pk` (or 404), and whether the user directs its club, in one query:
    the answer is remembered for `directs`. `club_of` is the path to the club, selected with
    the object."""
    # No user has the id 0 (ids start at 1): an anonymous visitor directs nothing.
    found = next(iter(query(pk, request.user.pk or 0)), None)
    if found is None:
        raise Http404("No such object")
    club = functools.reduce(getattr, club_of.split("__"), found)  # select_related: no query
    _directs_known(request)[club.pk] = found.user_directs
    return found


def _with_directs(queryset, club_of: str, user: int):
    directors = Club.directors.through.objects.filter(club=OuterRef(club_of), user=user)
    return queryset.annotate(user_directs=Exists(directors))


@prepared
def _section_with_directs(pk, user):
    sections = Section.objects.select_related("event__club").filter(pk=pk)
    return _with_directs(sections, "event__club", user)


@prepared
def _board_with_directs(pk, user):
    boards = Board.objects.select_related("section__event__club").filter(pk=pk)
    return _with_directs(boards, "section__event__club", user)


def event_for_reader(request, pk: int) -> Event:
    user = request.user
    found = _event_for_user(pk, user.pk) if user.is_authenticated else _event_for_anyone(pk)
    if not found:
        raise missing(request, pk)
    return found[0]


@prepared
def _event_for_user(pk, user):
    reader = get_user_model()(pk=user)
    return Event.objects.readable_by(reader).select_related("club").filter(pk=pk)


@prepared
def _event_for_anyone(pk):
    return Event.objects.readable_by(AnonymousUser()).select_related("club").filter(pk=pk)


def event_for_director(request, pk: int) -> Event:
    return for_director(request, Event, pk, "session")


def section_for_director(request, pk: int) -> Section:
    section = _fetch_with_directs(request, _section_with_directs, pk, "event__club")
    if not directs(request, section.event.club):
        raise Http404("No such section")
    _check_not_deleted(request, section.event, "section")
    return section


def board_for_director(request, pk: int) -> Board:
    board = _fetch_with_directs(request, _board_with_directs, pk, "section__event__club")
    if not directs(request, board.section.event.club):
        raise Http404("No such board")
    _check_not_deleted(request, board.section.event, "board")
    return board


def is_director(request, event: Event) -> bool:
    return directs(request, event.club)


def board_for_reader(request, pk: int) -> Board:
    board = _fetch_with_directs(request, _board_with_directs, pk, "section__event__club")
    event = board.section.event
    if not (event.published or directs(request, event.club)):
        raise Http404("No such board")
    _check_not_deleted(request, event, "board")
    return board
