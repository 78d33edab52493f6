"""The late-change page: the director asks for another movement, sees which results it keeps
and removes, and confirms (events/sessions/late_changes.py). Works without JavaScript: the
preview is a page, its confirmation a form.

A session of one section changes at /sessions/ID/movement/; a session of several lists its
sections there, and each section changes at its own page, /sessions/ID/movement/B/."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from events.core.access import event_for_director
from events.sessions import late_changes
from events.sessions.late_forms import LateChangeForm
from events.sessions.lifecycle import MovementChangeRefused

TEMPLATE = "events/session_movement.html"


@login_required
@require_http_methods(["GET", "POST"])
def session_movement(request, pk):
    event = event_for_director(request, pk)
    sections = list(event.sections.all())
    context = {"event": event, "history": event.session_changes.all()}
    changeable = late_changes.changeable_sections(event)
    if len(sections) == 1 and changeable:
        return _change_page(request, event, changeable[0], context)
    if not changeable:
        context["refusal"] = (
            "The movement of this session cannot be changed here: it was imported without a "
            "movement."
        )
    else:
        context["sections"] = [
            (section, late_changes.describe(section) if section in changeable else None)
            for section in sections
        ]
    return render(request, TEMPLATE, context)


@login_required
@require_http_methods(["GET", "POST"])
def section_movement(request, pk, section):
    """One section's late change in a session of several (or of one)."""
    event = event_for_director(request, pk)
    context = {"event": event, "history": event.session_changes.all()}
    found = late_changes.section_named(event, section)
    if found is None or found.movement() is None:
        context["refusal"] = (
            f"This session has no section “{section[:10]}” with a movement to change: "
            "choose one of its sections."
            if found is None
            else f"Section {found.name} has no movement to change (it was imported)."
        )
        return render(request, TEMPLATE, context, status=404)
    return _change_page(request, event, found, context)


def _change_page(request, event, section, context):
    form = LateChangeForm(request.POST or None, section=section)
    several = event.sections.count() > 1
    context.update(section=section, several=several, form=form,
                   now=late_changes.describe(section))  # fmt: skip
    if request.method == "POST" and form.is_valid():
        wanted = form.wanted()
        confirmed = LateChangeForm.confirmed(request.POST)
        try:
            if confirmed is not None:
                record = late_changes.apply(section, wanted, user=request.user, confirmed=confirmed)
                removed = len(record.removed_lines)
                messages.success(
                    request,
                    f"Changed to {record.after}: {record.kept} result{'s' * (record.kept != 1)} "
                    f"kept, {removed} removed.",
                )
                return redirect("session_detail", pk=event.pk)
            context["change"] = late_changes.preview(section, wanted)
        except MovementChangeRefused as error:
            form.add_error(None, str(error))
            try:  # a stale confirmation: show the preview as it is now
                context["change"] = late_changes.preview(section, wanted)
            except MovementChangeRefused:
                pass
    return render(request, TEMPLATE, context)
