"""Entry in the rooms of a teams match: a room's phone page (through its link, as a pairs
table's: events/phone/views.py answers both), and the director's page of a round's room links
with their QR codes and the live grid of what each room has entered.
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core.access import for_director
from events.core.live import live_page
from events.phone.network import phone_address
from events.phone.views import act, phone_page, phone_view, qr_code
from events.teams import phone, room_links
from events.teams.models import TeamsEvent
from events.teams.room_models import MatchRoomLink


@phone_view
def room_phone(request, token):
    """A room's phone: the match's boards, this room's result of each, the opponents' answer."""
    return phone_page(
        request,
        token,
        find=room_links.link_for_token,
        show=phone.room_view,
        act=lambda link: act(request, link, phone, board=phone.board_number),
        template="teams/phone.html",
        url_name="teams_room_phone",
        context=lambda link: {"event": link.match.event},
    )


def _event_for_director(request, pk: int) -> TeamsEvent:
    return for_director(request, TeamsEvent, pk, "teams event")


def _matches(event: TeamsEvent, number: int) -> list:
    matches = list(event.matches.filter(round=number).select_related("home", "away"))
    if not matches:
        raise Http404("No such round")
    return matches


@require_GET
@vary_on_headers("HX-Request")
def teams_round_rooms(request, pk, number):
    """A round's room links and QR codes, and the live grid of what each room has entered."""
    event = _event_for_director(request, pk)
    matches = _matches(event, number)

    def context():
        page: dict[str, object] = {
            "number": number,
            "grid": room_links.room_grid(matches),
            "boards": event.boards_per_match,
        }
        if not request.htmx:  # the links are outside the live part
            links = room_links.round_links(event, number)
            page.update(
                phone=phone_address(request),
                links=[(m, links[m.pk]) for m in matches if m.pk in links],
                unlinked=room_links.unlinked(matches, links),
            )
        return page

    return live_page(request, event, "teams/rooms.html", context)


@require_POST
def teams_round_rooms_make(request, pk, number):
    """A round drawn before rooms had links: the director makes them."""
    event = _event_for_director(request, pk)
    room_links.ensure_room_links(_matches(event, number))
    return redirect("teams_round_rooms", pk=event.pk, number=number)


def _link(request, pk, link_pk) -> MatchRoomLink:
    event = _event_for_director(request, pk)
    return get_object_or_404(
        MatchRoomLink.objects.select_related("match__event"), pk=link_pk, match__event=event
    )


@require_POST
def teams_room_link_reissue(request, pk, link_pk):
    link = _link(request, pk, link_pk)
    if link.revoked_at is None:
        room_links.reissue(link)
        messages.success(
            request,
            f"Table {link.match.table}, {link.get_room_display().lower()} has a new link; the "
            "old one no longer works.",
        )
    return redirect("teams_round_rooms", pk=pk, number=link.match.round)


@require_GET
def teams_room_link_qr(request, pk, link_pk):
    """The QR code of a room's link, for the director's page (to print or show)."""
    link = _link(request, pk, link_pk)
    url = phone_address(request).base + reverse("teams_room_phone", args=[link.token])
    return qr_code(url, f"Table {link.match.table}, {link.get_room_display().lower()}")


@require_POST
def teams_room_ruling(request, pk, match_pk):
    """The director's ruling on a result the opponents queried: it stands. (A changed result
    is simply corrected on the match's form.)"""
    event = _event_for_director(request, pk)
    match = get_object_or_404(event.matches.select_related("event"), pk=match_pk)
    room = request.POST.get("room", "")
    number = phone.board_number(request.POST.get("board"))
    if room in phone.ROOMS and phone.result_stands(match, room, number):
        messages.success(request, f"Board {number}, {room} room: the result stands.")
    else:
        messages.info(request, "That query has been ruled on already.")
    return redirect("teams_match_enter", pk=event.pk, match_pk=match.pk)
