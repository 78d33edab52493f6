"""A club's roster of members, kept by its directors: listed, added, edited, made inactive,
and imported from a pasted list."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from events.club.forms import MemberForm, MergeForm, RosterImportForm
from events.club.merging import MergeRefused, merge_members, plan_merge
from events.club.roster import RosterImportError, import_roster
from events.core import versions
from events.core.access import directs
from events.models import Club, Event, Member


def _club_for_director(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not directs(request, club):
        raise Http404("No such club")
    return club


def _member_for_director(request, slug, member_pk) -> tuple[Club, Member]:
    club = _club_for_director(request, slug)
    return club, get_object_or_404(Member, pk=member_pk, club=club)


@login_required
@require_http_methods(["GET", "POST"])
def roster(request, slug):
    club = _club_for_director(request, slug)
    form = MemberForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        member = form.save()
        messages.success(request, f"{member} is on the roster.")
        return redirect("roster", slug=club.slug)
    members = list(club.members.all())
    context = {
        "club": club,
        "form": form,
        "members": [member for member in members if member.suggested],
        "visitors": [member for member in members if member.active and member.visitor],
        "former": [member for member in members if not member.active],
        "merges": club.member_merges.select_related("merged_by"),
    }
    return render(request, "events/roster.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def member_edit(request, slug, member_pk):
    club, member = _member_for_director(request, slug, member_pk)
    form = MemberForm(request.POST or None, instance=member, club=club)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.save()
            if "masterpoints_held" in form.changed_data:
                # Open standings of the stratified sessions not yet final place pairs anew.
                versions.bump(
                    Event.objects.not_deleted().filter(
                        club=club, finalised=False, stratum_b_below__isnull=False
                    )
                )
        messages.success(request, f"Saved {member}.")
        return redirect("roster", slug=club.slug)
    return render(request, "events/roster_member.html", {"club": club, "form": form})


@login_required
@require_POST
def member_active(request, slug, member_pk):
    """Members who stop playing are made inactive, not deleted: old sessions keep their names."""
    club, member = _member_for_director(request, slug, member_pk)
    member.active = request.POST.get("active") == "1"
    member.save(update_fields=["active"])
    state = "back on the pairs page's list" if member.active else "no longer suggested"
    messages.success(request, f"{member.name} is {state}.")
    return redirect("roster", slug=club.slug)


@login_required
@require_http_methods(["GET", "POST"])
def roster_import(request, slug):
    club = _club_for_director(request, slug)
    form = RosterImportForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            data = form.cleaned_data
            summary = import_roster(club, data["text"], data["federation"])
        except RosterImportError as error:
            problems = error.described()
        else:
            messages.success(request, f"Roster imported: {summary}.")
            return redirect("roster", slug=club.slug)
    context = {"club": club, "form": form, "problems": problems}
    return render(request, "events/roster_import.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def member_merge(request, slug, member_pk):
    """The page of a duplicate: choose the member to keep, see what merging changes, then
    merge (a POST). A refusal says why and changes nothing."""
    club, duplicate = _member_for_director(request, slug, member_pk)
    data = request.POST if request.method == "POST" else request.GET or None
    form = MergeForm(data, club=club, duplicate=duplicate)
    plan, refusal = None, None
    if form.is_bound and form.is_valid():
        kept = form.cleaned_data["into"]
        try:
            if request.method == "POST":
                plan = merge_members(kept, duplicate, by=request.user)
                messages.success(request, f"{duplicate.name} is merged into {kept.name}.")
                return redirect("roster", slug=club.slug)
            plan = plan_merge(kept, duplicate)
        except MergeRefused as refused:
            refusal = str(refused)
    context = {
        "club": club,
        "duplicate": duplicate,
        "form": form,
        "plan": plan,
        "refusal": refusal,
    }
    return render(request, "events/roster_merge.html", context)
