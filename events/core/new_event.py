"""Setting up a new event of any kind: the club is one the director directs (chosen already
when there is only one), and the event records who created it."""

from typing import cast

from django import forms
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone

from events.models import Club
from events.sessions.forms import check_session_date

__all__ = ["DirectorsClubForm", "create_event_page"]


class DirectorsClubForm(forms.ModelForm):
    """A ModelForm of an event with `club` and `date` fields, given the `user` setting it up."""

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        clubs = Club.objects.filter(directors=user)
        club = cast(forms.ModelChoiceField, self.fields["club"])
        club.queryset = clubs
        # The one club a director directs, for a subclass to read its defaults from.
        self.only_club = clubs[0] if len(clubs) == 1 else None
        if self.only_club:
            club.initial = self.only_club

    def clean_date(self):
        check_session_date(self.cleaned_data["date"])
        return self.cleaned_data["date"]


def create_event_page(request, form_class, template: str, then: str, **then_args):
    """The set-up page of a new event (today's date to start with); once saved, the page named
    `then` for the new event (with `then_args`). Only a club's directors reach it."""
    if not request.user.is_authenticated or not Club.objects.filter(directors=request.user):
        raise Http404("Only a club's directors set up its events")
    form = form_class(request.POST or None, user=request.user)
    if request.method == "GET":
        form.initial.setdefault("date", timezone.localdate())
    if request.method == "POST" and form.is_valid():
        event = form.save(commit=False)
        event.created_by = request.user
        event.save()
        return redirect(then, pk=event.pk, **then_args)
    return render(request, template, {"form": form})
