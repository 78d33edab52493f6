"""The late-change page: the director asks for another movement, sees which results it keeps
and removes, and confirms (events/sessions/late_changes.py). Works without JavaScript: the
preview is a page, its confirmation a form."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from events.core.access import event_for_director
from events.sessions import late_changes
from events.sessions.late_forms import LateChangeForm
from events.sessions.lifecycle import MovementChangeRefused


@login_required
@require_http_methods(["GET", "POST"])
def session_movement(request, pk):
    event = event_for_director(request, pk)
    section = late_changes.changeable_section(event)
    context = {"event": event, "section": section, "history": event.session_changes.all()}
    if section is None:
        context["refusal"] = (
            "The movement of this session cannot be changed here: it has several sections, "
            "or it was imported without a movement."
        )
        return render(request, "events/session_movement.html", context)
    form = LateChangeForm(request.POST or None, section=section)
    context.update(form=form, now=late_changes.describe(section))
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
    return render(request, "events/session_movement.html", context)
