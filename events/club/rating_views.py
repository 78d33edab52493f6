"""A club's ratings page: every graded player, best first (events/club/ratings.py)."""

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from events.club.player_links import hidden_players
from events.club.ratings import club_ratings
from events.core.access import directs
from events.models import Club


@require_GET
def club_ratings_page(request, slug):
    """The club's players by grade, with the boards each grade rests on; public, since it is
    read from published sessions only, but for the members who hide from public pages."""
    club = get_object_or_404(Club, slug=slug)
    graded = dict(club_ratings(club))
    if not directs(request, club):  # a member who hides from public pages is left out
        for name in hidden_players(club):
            graded.pop(name, None)
    ratings = sorted(graded.values(), key=lambda rating: (-rating.grade, rating.name.lower()))
    return render(request, "events/club_ratings.html", {"club": club, "ratings": ratings})
