from django.shortcuts import render
from django.views.decorators.http import require_GET

from events.core import kinds
from events.models import Club


@require_GET
def home(request):
    """The latest sessions and one-table games the user may read (each kind of
    events.core.kinds with a place on it), and the clubs."""
    directed = Club.objects.filter(directors=request.user) if request.user.is_authenticated else []
    games = {}
    for kind in kinds.all_kinds():
        if kind.on_home:
            readable = kind.model.objects.readable_by(request.user).select_related("club")
            games[kind.listing] = readable[: kind.on_home]
    return render(
        request,
        "events/home.html",
        {**games, "directed_clubs": directed, "clubs": Club.objects.all()},
    )
