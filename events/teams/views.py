"""Teams events: set one up, enter the teams, draw the rounds, enter both rooms of each
match's boards, and follow the live VP standings.

Every page is a plain form or link (POST, then a redirect), so it works without JavaScript;
the standings and scorecards ask every second whether the event changed, like the pairs pages.
Write URLs of someone else's event are a 404, even for a director of another club.
"""

from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from events.core import versions
from events.core.access import directs, for_director, for_reader
from events.core.live import live_page, live_view
from events.core.new_event import create_event_page
from events.core.params import int_or_none
from events.pdfs.views import paper_size, pdf_download
from events.sessions.lifecycle import delete_session, restore_until
from events.sessions.lifecycle_views import restore_and_show
from events.teams import draw, entry, setup, withdrawal
from events.teams.forms import TeamsEventForm, TeamsForm, WithdrawalForm
from events.teams.hand_records import match_deals
from events.teams.match_views import moves_shown
from events.teams.models import MatchBoard, TeamMatch, TeamsEvent
from events.teams.sessions import event_sessions
from events.teams.standings import ko_standing, patton_summary, scorecard, standings
from events.teams.usebio_writer import write_usebio_teams


def _event_for_reader(request, pk: int) -> TeamsEvent:
    return for_reader(request, TeamsEvent, pk, "teams event")


def _event_for_director(request, pk: int) -> TeamsEvent:
    return for_director(request, TeamsEvent, pk, "teams event")


def _match(event: TeamsEvent, match_pk: int) -> TeamMatch:
    matches = TeamMatch.objects.select_related("home", "away", "event__club")
    return get_object_or_404(matches, pk=match_pk, event=event)


@require_GET
@vary_on_headers("HX-Request")
def teams_list(request):
    """The teams events the reader may see; the home page loads the list part."""
    events = TeamsEvent.objects.readable_by(request.user).select_related("club")[:30]
    template = "teams/list.html#list" if request.htmx else "teams/list.html"
    return render(request, template, {"teams_events": events})


@require_http_methods(["GET", "POST"])
def teams_create(request):
    return create_event_page(request, TeamsEventForm, "teams/form.html", then="teams_teams")


@require_GET
@vary_on_headers("HX-Request")
@live_view
def teams_event(request, pk):
    """The live standings (or a KO match's running totals) and every round's matches."""
    event = _event_for_reader(request, pk)
    # What the director's last save moved in the standings: never in the shared live part.
    shown = not request.htmx and directs(request, event.club)
    return live_page(
        request, event, "teams/event.html",
        lambda: {**_event_context(event),
                 "moves": moves_shown(request, event) if shown else None},
    )  # fmt: skip


def _event_context(event: TeamsEvent) -> dict:
    matches = list(event.matches.select_related("home", "away"))
    rounds = {}
    for match in matches:
        rounds.setdefault(match.round, []).append(match)
    total = setup.rounds_total(event)
    drawn = max(rounds, default=0)
    # A round with results cannot be taken back (draw.undraw_last_round): no button for it.
    last = rounds.get(drawn, [])
    # A board counts once a room's phone saved it, though it scores only with both rooms in.
    played = any(m.forfeit_given for m in last) or (
        bool(last) and MatchBoard.objects.filter(match__in=last).exists()
    )
    return {
        "undraw_round": drawn if drawn and not played else None,
        "standings": None if event.is_ko else standings(event),
        "ko": ko_standing(event) if event.is_ko else None,
        "rounds": sorted(rounds.items()),
        "rounds_total": total,
        "next_round": drawn + 1 if drawn < total else None,
        "teams_count": event.teams.count(),
        "awarded": any(match.is_bye or match.forfeit for match in matches),
        "scale_label": _scale_label(event),
        "withdrawal_form": WithdrawalForm(event=event, initial={"after": drawn}),
        "sessions": event_sessions(event, total),
    }


def _scale_label(event: TeamsEvent) -> str:
    """What the pages name as the event's scoring: its VP scale, or its method."""
    return event.get_scoring_display() if event.by_boards else event.get_vp_scale_display()


@require_http_methods(["GET", "POST"])
def teams_teams(request, pk):
    event = _event_for_director(request, pk)
    form = TeamsForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            setup.save_teams(event, form.cleaned_data["teams"])
        except setup.TeamsError as error:
            form.add_error("teams", str(error))
        else:
            messages.success(request, f"{event.teams.count()} teams saved.")
            return redirect("teams_event", pk=event.pk)
    context = {"event": event, "form": form, "drawn": event.matches.exists()}
    return render(request, "teams/teams.html", context)


@require_POST
def teams_draw(request, pk):
    event = _event_for_director(request, pk)
    try:
        number = draw.draw_next_round(event, _round_posted(request))
    except setup.TeamsError as error:
        messages.error(request, str(error))
        return redirect("teams_event", pk=event.pk)
    return redirect("teams_round", pk=event.pk, number=number)


def _round_posted(request) -> int | None:
    """The round the page's Draw or Take back button named (none from an older page)."""
    text = request.POST.get("round", "")
    return int_or_none(text) if text.isdigit() else None  # "²" is a digit int() refuses


@require_POST
def teams_undraw(request, pk):
    event = _event_for_director(request, pk)
    try:
        number = draw.undraw_last_round(event, _round_posted(request))
    except setup.TeamsError as error:
        messages.error(request, str(error))
    else:
        messages.info(request, f"Round {number}'s draw is taken back.")
    return redirect("teams_event", pk=event.pk)


@require_POST
def teams_withdraw(request, pk):
    """A team withdrawn after a round: its later matches become byes or forfeits."""
    event = _event_for_director(request, pk)
    form = WithdrawalForm(request.POST, event=event)
    if not form.is_valid():
        problems = [f"{form.fields[name].label or name.title()}: {' '.join(errors)}"
                    for name, errors in form.errors.items()]  # fmt: skip
        messages.error(request, "Nobody was withdrawn. " + " ".join(problems))
        return redirect("teams_event", pk=event.pk)
    team, after, rule = (form.cleaned_data[name] for name in ("team", "after", "withdrawal"))
    try:
        later = withdrawal.withdraw(event, team.pk, after, rule)
    except setup.TeamsError as error:
        messages.error(request, f"Nobody was withdrawn: {error}")
    else:
        what = "byes for their opponents" if rule == "bye" else "forfeits"
        done = (
            f" Its {len(later)} later match{'es' if len(later) != 1 else ''} drawn became {what}."
        )
        messages.success(
            request, f"{team.name} withdrew after round {after}.{done if later else ''}"
        )
    return redirect("teams_event", pk=event.pk)


@require_http_methods(["GET", "POST"])
def teams_delete(request, pk):
    """A confirmation page saying what goes; the delete hides the event, restorable a while
    (events.sessions.lifecycle, as a session's)."""
    event = _event_for_director(request, pk)
    if request.method == "POST":
        delete_session(event, request.user)
        club_page = reverse("club_sessions", args=[event.club.slug])
        return redirect(f"{club_page}?deleted_teams={event.pk}")
    matches = event.matches.filter(away__isnull=False)
    lost = {
        "teams": event.teams.count(),
        "matches": matches.count(),
        # a match with any board in (if only from one room) or a forfeit: as `boards` counts
        "played": matches.filter(Q(boards__isnull=False) | ~Q(forfeit="")).distinct().count(),
        "boards": MatchBoard.objects.filter(match__event=event).count(),
    }
    context = {"event": event, "lost": lost, "restore_until": restore_until(event)}
    return render(request, "teams/delete.html", context)


@require_POST
def teams_restore(request, pk):
    return restore_and_show(request, TeamsEvent, pk, "teams_event")


@require_POST
def teams_publish(request, pk):
    event = _event_for_director(request, pk)
    event.published = request.POST.get("published") == "1"
    event.save(update_fields=["published"])
    versions.bump(event)
    return redirect("teams_event", pk=event.pk)


def _round_context(event: TeamsEvent, number: int) -> dict:
    matches = list(event.matches.filter(round=number).select_related("home", "away"))
    if not matches:
        raise Http404("No such round")
    return {
        "number": number,
        "matches": matches,
        "rounds_total": setup.rounds_total(event),
        "boards": entry.board_numbers(matches[0]),
    }


@require_GET
def teams_round(request, pk, number):
    """A round's draw with table numbers, to read out or pin up."""
    event = _event_for_reader(request, pk)
    context = {"event": event, "director": directs(request, event.club),
               **_round_context(event, number)}  # fmt: skip
    return render(request, "teams/round.html", context)


@require_GET
def teams_round_pdf(request, pk, number):
    paper, event = paper_size(request), _event_for_reader(request, pk)
    context = _round_context(event, number)
    page = f"teams-round-{number}"
    return pdf_download(request, event, page, "teams/round.html", context, paper)


@require_GET
def teams_usebio(request, pk):
    """The event as USEBIO XML (events.teams.usebio_writer), for the EBU, BridgeWebs
    and other scoring programs; Clubscore's import reads it back."""
    event = _event_for_reader(request, pk)
    try:
        body = write_usebio_teams(event)
    except ValueError as error:  # a scoring method USEBIO has no words for (Patton)
        messages.error(request, str(error))
        return redirect("teams_event", pk=event.pk)
    response = HttpResponse(body, content_type="application/xml; charset=utf-8")
    # The name and date tell the downloads apart ("clubscore-teams-7-tuesday-swiss-2025-03-11").
    filename = f"clubscore-teams-{event.pk}-{slugify(f'{event.name[:60]} {event.date}')}.xml"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def teams_standings_pdf(request, pk):
    paper, event = paper_size(request), _event_for_reader(request, pk)
    context = _event_context(event)
    page = "teams-standings"
    return pdf_download(request, event, page, "teams/event.html", context, paper)


@require_GET
@vary_on_headers("HX-Request")
@live_view
def teams_match(request, pk, match_pk):
    """A match's scorecard: both rooms of every board, the IMPs and the running score."""
    event = _event_for_reader(request, pk)
    match = _match(event, match_pk)
    # What the director's save just moved in the standings: on the page, never in the live
    # part the readers share.
    shown = not request.htmx and directs(request, event.club)
    return live_page(
        request, event, "teams/match.html",
        lambda: {"match": match, "rows": scorecard(match), "patton": patton_summary(match),
                 "deals": match_deals(match), "scale_label": _scale_label(event),
                 "moves": moves_shown(request, event) if shown else None},
    )  # fmt: skip
