from django.shortcuts import render
from django.views.decorators.http import require_GET

from events.models import Club, Event, OneTableSession


@require_GET
def home(request):
    events = Event.objects.readable_by(request.user).select_related("club")[:50]
    directed = Club.objects.filter(directors=request.user) if request.user.is_authenticated else []
    games = OneTableSession.objects.readable_by(request.user).select_related("club")[:20]
    return render(
        request,
        "events/home.html",
        {
            "events": events,
            "directed_clubs": directed,
            "clubs": Club.objects.all(),
            "one_table_games": games,
        },
    )
