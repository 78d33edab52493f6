"""A member's page: their results across the club's sessions (events/club/player_page.py)."""

from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from events.club.period import PeriodForm, presets
from events.club.player_page import player_page
from events.core.access import directs
from events.models import Member


@require_GET
def player(request, slug, member_pk):
    """Anyone may read a member's page, but a member who chose to hide it is shown to the
    club's directors only; to everyone else the page does not exist."""
    member = Member.objects.select_related("club").filter(pk=member_pk, club__slug=slug).first()
    if member is None:
        raise Http404("No such player")
    director = directs(request, member.club)
    if member.hidden and not director:
        raise Http404("No such player")
    today = timezone.localdate()
    form = PeriodForm(request.GET, today=today)
    period = form.period()
    page = player_page(member, director=director, start=period.start, end=period.end)
    context = {
        "club": member.club,
        "member": member,
        "director": director,
        "form": form,
        "period": period,
        "presets": presets(today),
        "page": page,
    }
    return render(request, "events/player.html", context)
