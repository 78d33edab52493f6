"""A session of a teams event played over several (events.teams.sessions): its own results
and the standings after it, live while it is played."""

from django.http import Http404
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from events.core.access import for_reader
from events.core.live import live_page, live_view
from events.teams.models import TeamsEvent
from events.teams.sessions import event_sessions
from events.teams.setup import rounds_total
from events.teams.standings import standings


@require_GET
@vary_on_headers("HX-Request")
@live_view
def teams_session(request, pk, number):
    event = for_reader(request, TeamsEvent, pk, "teams event")
    sessions = event_sessions(event, rounds_total(event))
    if not 1 <= number <= len(sessions):
        raise Http404("No such session")
    session = sessions[number - 1]

    def context() -> dict:
        after = standings(event, range(1, session.last_round + 1))
        return {
            "session": session,
            "sessions": sessions,
            "page_name": session.label,
            "own": standings(event, session.rounds),
            "after": after,
            "complete": after.rounds_complete >= session.last_round,
        }

    return live_page(request, event, "teams/session.html", context, number)
