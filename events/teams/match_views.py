"""A match's director pages: enter or correct its boards, its forfeit and penalties, and the
small region of the entry form that warns when someone else saves the match meanwhile.

A save says what it moved in the standings (events.teams.corrections): each team whose VPs or
place changed, from → to, on the match's scorecard after a correction to a round that later
rounds followed, on the standings after a save in the round in play (the next match's link is
there). An HTMX save gets that part alone.

Two directors on one match: the form's region asks every two seconds whether the event changed
(`since`, as the live pages do: 204 while not) and, once it has, compares the match's boards
with those the form showed (its hidden `seen-` fields) and names any saved since. Without
JavaScript the save itself refuses a board both changed (entry.MatchConflict).
"""

from dataclasses import asdict

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from events.core.access import for_director
from events.teams import corrections, entry
from events.teams.forms import MatchAdjustmentForm
from events.teams.models import BOARD_ADJUSTED_CHOICES, TeamMatch, TeamsEvent
from events.teams.phone import queried
from scoring import printed

__all__ = ["moves_shown", "teams_match_adjust", "teams_match_enter", "teams_match_watch"]


def _director_match(request, pk: int, match_pk: int) -> tuple[TeamsEvent, TeamMatch]:
    event = for_director(request, TeamsEvent, pk, "teams event")
    matches = TeamMatch.objects.select_related("home", "away", "event__club")
    match = get_object_or_404(matches, pk=match_pk, event=event)
    if match.is_bye:
        raise Http404("A bye has no boards")
    return event, match


def _moves_key(event: TeamsEvent) -> str:
    return f"teams-moves-{event.pk}"


def moves_shown(request, event: TeamsEvent) -> list[corrections.StandingMove] | None:
    """The standings the director's last save in `event` moved, once (None: nothing to tell)."""
    stored = request.session.pop(_moves_key(event), None)
    return None if stored is None else [corrections.StandingMove(**move) for move in stored]


def _saved(request, match: TeamMatch, summary: str, moves, page: str) -> HttpResponse:
    """After a save: for HTMX the summary and the moves; otherwise `page` (the scorecard or
    the standings), which shows them once (the session carries them across the redirect)."""
    if request.htmx:
        context = {"event": match.event, "match": match, "summary": summary, "moves": moves}
        return render(request, "teams/_moves.html", context)
    messages.success(request, summary)
    request.session[_moves_key(match.event)] = [asdict(move) for move in moves]
    if page == "teams_event":
        return redirect(page, pk=match.event_id)
    return redirect(page, pk=match.event_id, match_pk=match.pk)


@require_http_methods(["GET", "POST"])
def teams_match_enter(request, pk, match_pk):
    """Both rooms of every board of a match on one form; nothing is stored unless every row
    reads."""
    event, match = _director_match(request, pk, match_pk)
    problems = {}
    if request.method == "POST":
        numbers = entry.board_numbers(match)
        rows = _posted_rows(request.POST, numbers)
        # Each board as the form showed it (hidden fields): a board left as shown is not
        # written over what another director saved meanwhile.
        seen = _seen(request.POST, numbers)
        try:
            moves = corrections.save_boards(match, rows, seen)
        except entry.MatchConflict as conflict:
            problems = conflict.problems
            messages.error(request, str(conflict))
            # Boards left as shown now show what is stored; saving again replaces the others.
            rows = [
                conflict.stored[row.number] if entry.left_as_shown(row, seen) else row
                for row in rows
            ]
            seen = conflict.stored
        except entry.MatchEntryError as error:
            problems = error.problems
            messages.error(request, str(error))
        else:
            match.refresh_from_db()
            # A round later rounds followed: a correction, read on the scorecard. The round in
            # play: back to the standings, for the next match (they show the moves too).
            later = event.matches.filter(round__gt=match.round).exists()
            page = "teams_match" if later else "teams_event"
            return _saved(request, match, _match_summary(match), moves, page)
    else:
        rows = entry.board_rows(match)
        seen = {row.number: row for row in rows}
    context = {
        "event": event,
        "match": match,
        "problems": problems,
        "rows": [(row, problems.get(row.number, ""), seen.get(row.number)) for row in rows],
        "any_adjusted": any(row.adjusted for row in rows),
        "adjusted_choices": _adjusted_choices(match),
        "adjustment_form": MatchAdjustmentForm(instance=match),
        # Saved by someone else since the form was drawn (a refused save redraws it).
        "moved": entry.moved_since(match, seen) if request.method == "POST" else [],
        "queried": queried(match),  # the rooms' phones' results the opponents disputed
    }
    return render(request, "teams/enter.html", context)


def _posted_rows(data, numbers, prefix: str = "") -> list:
    return [
        entry.BoardRow(
            number,
            data.get(f"{prefix}open-{number}", ""),
            data.get(f"{prefix}closed-{number}", ""),
            data.get(f"{prefix}adjusted-{number}", ""),
        )
        for number in numbers
    ]


def _seen(data, numbers) -> dict:
    """The boards as the form showed them, from its hidden `seen-` fields."""
    return {
        row.number: row
        for row in _posted_rows(data, numbers, "seen-")
        if f"seen-open-{row.number}" in data
    }


@require_GET
def teams_match_watch(request, pk, match_pk):
    """The entry form's warning region: 204 while the event is at the version the form
    shows; then the boards saved by someone else since the form was drawn, if any."""
    event, match = _director_match(request, pk, match_pk)
    if request.GET.get("since") == str(event.version):
        return HttpResponse(status=204)
    stored = entry.moved_since(match, _seen(request.GET, entry.board_numbers(match)))
    return render(request, "teams/_watch.html", {"event": event, "match": match,
                                                  "moved": stored})  # fmt: skip


def _adjusted_choices(match: TeamMatch) -> list[tuple[str, str]]:
    """The artificial scores, short enough for a phone's select, with the teams' names."""
    home, away = match.home.name, match.away.name
    short = {
        "": "—",
        "ave": "Ave (½ each)" if match.event.by_boards else "Ave (0 IMPs)",
        "home-plus": f"Ave+ {home}, Ave− {away}",
        "away-plus": f"Ave+ {away}, Ave− {home}",
        "both-plus": "Ave+ both",
    }
    return [(code, short[code]) for code, _ in BOARD_ADJUSTED_CHOICES]


def _match_summary(match: TeamMatch) -> str:
    home, away = (printed(imps, 1, trim=True) for imps in (match.home_imps, match.away_imps))
    score = f"{match.home.name} {home} – {away} {match.away.name}"
    stage = "Segment" if match.event.is_ko else "Round"
    where = f"{stage} {match.round}, table {match.table}"
    if match.home_vps is not None:
        return f"{where}: {score} IMPs, {printed(match.home_vps)}–{printed(match.away_vps)} VPs."
    if match.home_points is not None:
        points = f"{printed(match.home_points, trim=True)}–{printed(match.away_points, trim=True)}"
        return f"{where}: {points} {match.event.points_word} ({score} IMPs)."
    left = match.event.boards_per_match - match.boards_entered
    if left <= 0:  # a KO segment scores no VPs: its IMPs carry to the next
        return f"{where}: {score} IMPs: the {stage.lower()} is complete."
    return f"{where}: {score} IMPs so far ({left} board{'s' if left != 1 else ''} to enter)."


@require_POST
def teams_match_adjust(request, pk, match_pk):
    """A forfeit and the match's IMP and VP penalties."""
    event, match = _director_match(request, pk, match_pk)
    form = MatchAdjustmentForm(request.POST, instance=TeamMatch.objects.get(pk=match.pk))
    if form.is_valid():
        fields = {name: form.cleaned_data[name] for name in form.fields}
        moves = corrections.save_adjustments(match, **fields)
        summary = "Forfeit and penalties saved; the match is rescored."
        return _saved(request, match, summary, moves, "teams_match")
    context = {
        "event": event,
        "match": match,
        "problems": {},
        "rows": [(row, "", row) for row in entry.board_rows(match)],
        "adjusted_choices": _adjusted_choices(match),
        "adjustment_form": form,
    }
    return render(request, "teams/enter.html", context, status=200)
