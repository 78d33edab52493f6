"""A session after it is set up: edited, deleted (with an undo), restored from the club page.

A deleted session is out of every list and its pages are 404s; for its club's directors the
404 names it and offers the restore (see `not_found`).
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views import defaults
from django.views.decorators.http import require_http_methods, require_POST

from events.core import kinds
from events.core.access import SessionDeleted, event_for_director
from events.models import Event, Pair, Penalty, Result
from events.sessions.forms import ScoringOptionsForm, SessionEditForm
from events.sessions.late_changes import changeable_section
from events.sessions.lifecycle import (
    MovementChangeRefused,
    delete_session,
    edit_session,
    restore_session,
    restore_until,
)


@login_required
@require_http_methods(["GET", "POST"])
def session_edit(request, pk):
    event = event_for_director(request, pk)
    section = changeable_section(event)
    form = SessionEditForm(request.POST or None, event=event, section=section)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            edit_session(
                event,
                name=data["name"],
                date=data["date"],
                section=section,
                rounds=data.get("rounds"),
            )
        except MovementChangeRefused as error:
            form.add_error("rounds" if section else None, str(error))
        else:
            messages.success(request, f"Saved: {event}.")
            return redirect("session_detail", pk=event.pk)
    context = {"event": event, "form": form, "options_form": ScoringOptionsForm(instance=event)}
    return render(request, "events/session_edit.html", context)


def _losses(event) -> dict:
    results = Result.objects.filter(board__section__event=event)
    named = Pair.objects.filter(section__event=event).exclude(player1="", player2="")
    return {
        "results": results.count(),
        "boards_played": results.values("board").distinct().count(),
        "boards": event.sections.aggregate(n=Count("boards"))["n"],
        "named_pairs": named.count(),
        "penalties": Penalty.objects.filter(pair__section__event=event).count(),
    }


@login_required
@require_http_methods(["GET", "POST"])
def session_delete(request, pk):
    """A confirmation page saying what goes; the delete hides the session, restorable a while."""
    event = event_for_director(request, pk)
    if request.method == "POST":
        delete_session(event, request.user)
        return redirect(f"{reverse('club_sessions', args=[event.club.slug])}?deleted={event.pk}")
    context = {"event": event, "lost": _losses(event), "restore_until": restore_until(event)}
    return render(request, "events/session_delete.html", context)


@login_required
@require_POST
def session_restore(request, pk):
    return restore_and_show(request, Event, pk, "session_detail")


def restore_and_show(request, model, pk: int, page: str):
    """Restore the user's deleted session (or teams event), then show its `page`."""
    event = get_object_or_404(model.objects.restorable_by(request.user), pk=pk)
    restore_session(event)
    messages.success(request, f"Restored: {event}.")
    return redirect(page, pk=event.pk)


def not_found(request, exception):
    """The site's 404: for a deleted session's director, what happened and a Restore button."""
    if isinstance(exception, SessionDeleted):
        event = exception.event
        context = {"event": event, "restore_until": restore_until(event),
                   "restore_url": reverse(kinds.of(event).restore, args=[event.pk])}  # fmt: skip
        return render(request, "events/session_deleted.html", context, status=404)
    return defaults.page_not_found(request, exception)
