"""/admin/ is the site administrators' tool; a club director is sent to the app's own pages.

Django's admin edits rows directly: a result changed there would skip the rescoring, the
history and the version bump that every page of the app goes through, so directors get the
app's pages (set up, edit, rescore, delete and restore sessions) rather than a scoped admin.
"""

from django.contrib import admin, messages
from django.shortcuts import redirect
from django.views.decorators.cache import never_cache


@never_cache
def admin_login(request):
    user = request.user
    if not user.is_authenticated or user.is_staff:
        return admin.site.login(request)
    clubs = list(user.clubs.all())
    if not clubs:
        messages.info(request, "The admin pages are for Clubscore's administrators.")
        return redirect("home")
    messages.info(
        request,
        "The admin pages are for Clubscore's administrators; a director does everything here. "
        "Set up a session with “New session”; on a session's page, “Edit session” changes its "
        "name, date, rounds, scoring method and options (and deletes it); deleted sessions are "
        "restored from the club's page. To change the club itself or its directors, ask the "
        "site's administrator.",
    )
    if len(clubs) == 1:
        return redirect("club_sessions", slug=clubs[0].slug)
    return redirect("home")
