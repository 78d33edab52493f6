"""The director's retry of the results mails that failed (their status is on the session page)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from events.core.access import event_for_director
from events.mail import sending


@login_required
@require_POST
def retry_mails(request, pk):
    event = event_for_director(request, pk)
    again = sending.retry_failed(event)
    if again:
        mails = "mail" if again == 1 else "mails"
        messages.success(request, f"Sending {again} results {mails} again.")
    else:
        messages.info(request, "No results mail had failed.")
    return redirect("session_detail", pk=event.pk)
