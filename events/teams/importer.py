"""A new scored teams event from a teams file (events.formats.TeamsFile: a USEBIO file's).

Every board is read the way the match entry form reads it (events.teams.entry.board_fields);
only when every team, match and board is good are the event, its teams, matches and boards
stored and each match scored, in one transaction. The VP scale is the one the file's own VPs
show; where the file's numbers differ from Clubscore's, the import says so in a warning and
keeps Clubscore's (events.teams.published).
"""

import datetime
from collections import Counter, defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import PurePath

from django.db import transaction
from django.utils import timezone

import scoring
from events.core.dates import date_problem
from events.core.invisible import without_invisible
from events.formats import FileMatch, ImportProblems, Place, TeamsFile
from events.sessions.importing import _in_file_order
from events.teams.entry import BoardRow, board_fields, rescore
from events.teams.models import MatchBoard, Team, TeamMatch, TeamsEvent
from events.teams.published import (
    DEFAULT_SCALE,
    check_board_imps,
    check_standings,
    check_unfinished,
    match_label,
    vp_scale,
)
from events.teams.setup import MOST_TEAMS
from scoring.domain import TeamsKind

__all__ = ["import_teams_file", "imported_in_words", "imported_summary"]

MOST_ROUNDS, MOST_BOARDS = 30, 64  # events.teams.models: the event's checks


def import_teams_file(
    parsed: TeamsFile, *, club, name=None, user=None, publish=False, warnings=None
) -> TeamsEvent:
    """A new teams event from the file; `warnings` (a list) collects the (place, message) of
    what the director should check. Raises ImportProblems and stores nothing unless every
    team, match and board is good. `name` defaults to the file's event name."""
    warnings = warnings if warnings is not None else []
    first_warning = len(warnings)
    _remove_invisible_characters(parsed, warnings)
    warnings += parsed.warnings
    name = (name or parsed.event_name or "").strip()[:100]
    problems: list[tuple[Place, str]] = list(parsed.problems)
    if not name:
        problems.append((1, "the file names no event: give the event a name"))
    if parsed.date is not None and (problem := date_problem(parsed.date, typed=False)):
        problems.append((parsed.date_place, problem))
    names = _team_names(parsed, problems, warnings)
    _check_rounds(parsed, problems)
    per_match = _boards_per_match(parsed, problems)
    boards = {id(match): _boards(match, per_match, names, problems) for match in parsed.matches}
    if problems:
        raise ImportProblems(sorted(problems, key=_in_file_order))
    totals = {id(match): _imps(boards[id(match)]) for match in parsed.matches}
    check_board_imps(parsed, names, boards, totals, warnings)
    check_unfinished(parsed, per_match, names, warnings)
    scale = (
        DEFAULT_SCALE
        if parsed.kind == TeamsKind.KO
        else vp_scale(parsed, per_match, totals, names, warnings)
    )
    date = parsed.date or datetime.date.today()
    if copies := _imported_before(club, name, date, names):  # said first: it matters most
        warnings.insert(first_warning, ("the file", copies))
    with transaction.atomic():
        event = TeamsEvent.objects.create(
            club=club,
            name=name,
            date=date,
            kind=parsed.kind,
            boards_per_match=per_match,
            rounds=max(match.round for match in parsed.matches),
            vp_scale=scale,
            bye_vps=_bye_rule(parsed, scale),
            published=publish,
            created_by=user if user is not None and user.is_authenticated else None,
        )
        teams = _store(event, parsed, names, boards)
        check_standings(event, parsed, teams, warnings)
    return event


def _imported_before(club, name: str, date, names: dict[str, str]) -> str:
    """What to say when the club has the event already (its name, date and teams): importing
    a file twice makes a second copy, which the director may not have meant."""
    teams = sorted(team.casefold() for team in names.values())
    earlier = TeamsEvent.objects.not_deleted().filter(club=club, name=name, date=date)
    copies = [
        event
        for event in earlier.prefetch_related("teams").order_by("created_at")
        if sorted(team.name.casefold() for team in event.teams.all()) == teams
    ]
    if not copies:
        return ""
    last = timezone.localtime(copies[-1].created_at)
    when = f"{last.day} {last:%b %Y at %H:%M}"
    if len(copies) == 1:
        said = f"already imported on {when}: this makes a second copy"
    else:
        said = f"already imported {len(copies)} times, last on {when}: this makes another copy"
    return (
        f"the club has “{name}” of {date.day} {date:%b %Y} with the same teams, {said}. "
        "Delete the copy you do not want (Delete, at the foot of its page)"
    )


def _remove_invisible_characters(parsed: TeamsFile, warnings: list) -> None:
    changed = 0
    parsed.event_name, changed = _visible(parsed.event_name, changed)
    for team in parsed.teams:
        team.name, changed = _visible(team.name, changed)
        for index, member in enumerate(team.members):
            team.members[index], changed = _visible(member, changed)
    if changed:
        warnings.append(
            (
                "the file",
                f"invisible characters (control characters, direction "
                f"marks) removed from {changed} names",
            )
        )


def _visible(text: str, changed: int) -> tuple[str, int]:
    visible = without_invisible(text)
    return visible, changed + (visible != text)


def _team_names(parsed: TeamsFile, problems, warnings) -> dict[str, str]:
    """Each team's name (by its key) as stored: at most 60 characters, one team a name."""
    if not 2 <= len(parsed.teams) <= MOST_TEAMS:
        problems.append(
            (1, f"the file has {len(parsed.teams)} teams: a teams event has 2 to {MOST_TEAMS}")
        )
    names, taken = {}, set()
    for team in parsed.teams:
        name = " ".join(team.name.split())[:60] or f"Team {team.number}"
        if name != team.name:
            warnings.append((team.place, f"team {team.number}'s name is stored as “{name}”"))
        base, copy = name, 1
        while name.casefold() in taken:
            copy += 1
            name = f"{base[:54]} ({copy})"
        if copy > 1:
            warnings.append(
                (
                    team.place,
                    f"another team has team {team.number}'s name; it is stored as “{name}”",
                )
            )
        taken.add(name.casefold())
        names[team.key.upper()] = name
    return names


def _members(members: list[str]) -> str:
    """The players as the teams box shows them, as many as 300 characters hold."""
    kept = []
    for member in members:
        if len(", ".join([*kept, member])) > 300:
            break
        kept.append(member)
    return ", ".join(kept)


def _check_rounds(parsed: TeamsFile, problems) -> None:
    """At most 30 rounds; a team plays once a round, and not against itself."""
    if parsed.matches and max(match.round for match in parsed.matches) > MOST_ROUNDS:
        problems.append(
            (
                1,
                f"the file has more than {MOST_ROUNDS} rounds: a teams event has "
                f"at most {MOST_ROUNDS}",
            )
        )
    seen = {}
    for match in parsed.matches:
        if match.away is not None and match.away.upper() == match.home.upper():
            problems.append((match.place, f"MATCH: team {match.home} cannot play itself"))
        for key in filter(None, (match.home, match.away)):
            earlier = seen.setdefault((match.round, key.upper()), match.place)
            if earlier != match.place:
                problems.append(
                    (
                        match.place,
                        f"MATCH: team {key} already plays in round {match.round} (line {earlier})",
                    )
                )


def _boards_per_match(parsed: TeamsFile, problems) -> int:
    """The file's BOARDS_PER_ROUND, or the matches' board ranges, or the most boards a match
    has."""
    ranges = [
        match.last_board - match.first_board + 1
        for match in parsed.matches
        if match.first_board and match.last_board
    ]
    most = max((len(match.boards) for match in parsed.matches), default=0)
    per_match = parsed.boards_per_match or max(ranges, default=0) or most
    if not most:
        problems.append(
            (1, "the file has no boards with a result in both rooms (or an artificial score)")
        )
    elif not 1 <= per_match <= MOST_BOARDS:
        problems.append((1, f"a match of {per_match} boards: Clubscore's have 1 to {MOST_BOARDS}"))
    return per_match


def _boards(match: FileMatch, per_match: int, names, problems) -> tuple[int | None, list[dict]]:
    """The match's first board (None: its round's set) and its boards' MatchBoard fields."""
    numbers = [board.number for board in match.boards]
    for number, count in Counter(numbers).items():
        if count > 1:
            problems.append((match.place, f"MATCH: board {number} is in this match twice"))
    first = _first_board(match, numbers, per_match)
    outside = sorted(number for number in numbers if not first <= number < first + per_match)
    if outside:
        problems.append(
            (
                match.place,
                f"MATCH: its boards {', '.join(map(str, sorted(numbers)))} "
                f"are not one run of {per_match}; Clubscore keeps a "
                "match's boards as one run",
            )
        )
    fields = []
    for board in match.boards:
        if board.missing_room:
            problems.append((board.place, _one_room(match, board, names)))
            continue
        try:
            row = BoardRow(board.number, board.open, board.closed, board.adjusted)
            fields.append({"number": board.number, **board_fields(row)})
        except ValueError as error:
            problems.append((board.place, f"BOARD: {error}"))
    scheme = (match.round - 1) * per_match + 1
    return (None if first == scheme else first), fields


def _one_room(match: FileMatch, board, names: dict[str, str]) -> str:
    """A board played in one room only: which match, and which room has no result."""
    home, away = names[match.home.upper()], names[match.away.upper()]
    seats = (home, away) if board.missing_room == "open" else (away, home)
    return (
        f"BOARD: {match_label(match, names)}, board {board.number}: the {board.missing_room} "
        f"room ({seats[0]} NS, {seats[1]} EW) has no result, and no artificial score "
        "says why. The line may be missing from the file: export it again from your "
        "program, or give the board an artificial score there"
    )


def _first_board(match: FileMatch, numbers: list[int], per_match: int) -> int:
    if match.first_board:
        return match.first_board
    scheme = (match.round - 1) * per_match + 1
    if all(scheme <= number < scheme + per_match for number in numbers):
        return scheme
    return min(numbers)


def _imps(boards: tuple[int | None, list[dict]]) -> tuple[Fraction, Fraction]:
    board_imps = []
    for fields in boards[1]:
        board_imps += [fields["home_imps"], -fields["away_imps"]]
    return scoring.match_imps(board_imps)


def _bye_rule(parsed: TeamsFile, scale: str) -> str:
    """A bye scores 12 VPs, unless the file's byes score something else: the team's average
    (and always on the 30-point scale, where 12 would be a loss)."""
    byes = [
        Decimal(match.published[0])
        for match in parsed.matches
        if match.away is None and match.published
    ]
    return "average" if scale == "acbl-30" or any(vps != 12 for vps in byes) else "12"


def _store(event, parsed: TeamsFile, names, boards) -> dict[str, Team]:
    by_key = {}
    teams = Team.objects.bulk_create(
        Team(
            event=event,
            number=team.number,
            name=names[team.key.upper()],
            members=_members(team.members),
        )
        for team in parsed.teams
    )
    for team, stored in zip(parsed.teams, teams, strict=True):
        by_key[team.key.upper()] = stored
    tables = defaultdict(int)
    for match in parsed.matches:
        if match.away:
            tables[match.round] += 1
        first_board, fields = boards[id(match)]
        stored = TeamMatch.objects.create(
            event=event,
            round=match.round,
            table=tables[match.round] if match.away else None,
            home=by_key[match.home.upper()],
            away=match.away and by_key[match.away.upper()],
            first_board=first_board,
        )
        MatchBoard.objects.bulk_create(MatchBoard(match=stored, **board) for board in fields)
        rescore(stored)
    return by_key


def imported_in_words(event: TeamsEvent, file_name: str) -> str:
    """What the import page says it made of the file."""
    scored = (
        "IMPs carry from segment to segment"
        if event.is_ko
        else f"VPs on the {event.get_vp_scale_display()}"
    )
    per = "segment" if event.is_ko else "match"
    return (
        f"Imported {PurePath(file_name).name}: {event.kind_in_words}, "
        f"{event.teams.count()} teams, {event.boards_per_match} boards a {per}; "
        f"{scored}."
    )


def imported_summary(event: TeamsEvent) -> str:
    """What `manage.py import_travellers` prints it made of the file."""
    boards = MatchBoard.objects.filter(match__event=event).count()
    scored = (
        "IMPs carried from segment to segment"
        if event.is_ko
        else f"VPs on the {event.get_vp_scale_display()}"
    )
    teams = event.teams.count()
    return (
        f"Imported {boards} boards into teams event {event.pk} ({event.name}): "
        f"{event.get_kind_display()}, {teams} teams; {scored}"
    )
