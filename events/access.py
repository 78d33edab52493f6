"""Fetching an object and checking who may see or change it, in one step.

Someone else's unpublished session, or a write URL of another club, is a 404: we do not say
that it exists.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404

from events.models import Board, Event, Section


def event_for_reader(request, pk: int) -> Event:
    return get_object_or_404(Event.objects.readable_by(request.user).select_related("club"), pk=pk)


def event_for_director(request, pk: int) -> Event:
    return get_object_or_404(Event.objects.directed_by(request.user).select_related("club"), pk=pk)


def section_for_director(request, pk: int) -> Section:
    section = get_object_or_404(Section.objects.select_related("event__club"), pk=pk)
    if not section.event.club.is_director(request.user):
        raise Http404("No such section")
    return section


def board_for_director(request, pk: int) -> Board:
    board = get_object_or_404(Board.objects.select_related("section__event__club"), pk=pk)
    if not board.section.event.club.is_director(request.user):
        raise Http404("No such board")
    return board


def is_director(request, event: Event) -> bool:
    return event.club.is_director(request.user)


def board_for_reader(request, pk: int) -> Board:
    board = get_object_or_404(Board.objects.select_related("section__event__club"), pk=pk)
    event = board.section.event
    if not (event.published or event.club.is_director(request.user)):
        raise Http404("No such board")
    return board
