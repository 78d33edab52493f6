"""USEBIO 1.2 for teams events: read one as a TeamsFile (events.teams.importer stores it;
events.teams.usebio_writer writes one).

The layout is the one other USEBIO readers read teams files in and an open-source USEBIO
writer emits (docs/research/interchange-files.md, §7 "USEBIO for teams events"): EVENT_TYPE
SWISS_TEAMS, TEAMS, TEAMS_OF_FOUR, MULTI_TEAMS, KO or HEAD_TO_HEAD; MATCH_SCORING_METHOD VPS
or IMPS; PARTICIPANTS/TEAM carrying TEAM_ID and TEAM_NAME (as attributes, or child elements)
with its PLAYERs, or PAIRs of PLAYERs, its TOTAL_SCORE and PLACE; a MATCH for each match:
ROUND_NUMBER, TEAM, OPPOSING_TEAM (none for a bye), TEAM_SCORE and OPPOSING_TEAM_SCORE, then
a BOARD for each board with its net IMPS to TEAM and a TRAVELLER_LINE for each room. A line's
DIRECTION is the direction TEAM sat at that table, so the line where TEAM sat NS is
Clubscore's open room; without it, the NS_PAIR_NUMBER (one of a team's PAIRs), a ROOM
element, or else the order of the lines and the board's IMPS tell the rooms apart. MATCHes
may stand in SESSION/SECTION wrappers; the rounds of several sessions follow each other.
"""

from collections import Counter
from decimal import Decimal, InvalidOperation

from events.core.limits import quoted
from events.formats import (
    FileMatch,
    FileTeam,
    ImportProblems,
    Place,
    TeamsFile,
    board_number,
)
from events.formats.usebio_common import (
    _date,
    _event_name,
    _Problems,
    _source,
    _text,
)
from events.formats.usebio_teams_boards import read_board
from scoring.domain import TeamsKind

__all__ = ["TEAMS_EVENT_TYPES", "is_teams", "read_teams"]

# EVENT_TYPE -> Clubscore's kind; None: a round robin or a Swiss, as the matches show.
TEAMS_EVENT_TYPES = {"SWISS_TEAMS": TeamsKind.SWISS, "KO": TeamsKind.KO,
                     "HEAD_TO_HEAD": TeamsKind.KO, "TEAMS": None, "TEAMS_OF_FOUR": None,
                     "MULTI_TEAMS": None}  # fmt: skip
_NO_TEAM = {"", "0", "BYE", "-"}


def is_teams(event) -> bool:
    return (event.get("EVENT_TYPE") or "").strip().upper() in TEAMS_EVENT_TYPES


# ---------------------------------------------------------------------------------- reading


def read_teams(root, event) -> TeamsFile:
    """The teams event the file holds; ImportProblems names each bad element and its line."""
    problems = _Problems()
    warnings: list[tuple[Place, str]] = []
    kind = TEAMS_EVENT_TYPES[(event.get("EVENT_TYPE") or "").strip().upper()]
    teams, pairs = _teams(event, problems)
    matches = _in_order(
        [
            (_session(element), match)
            for element in event.iter("MATCH")
            if (match := _match(element, pairs, problems, warnings))
        ]
    )
    if not matches and not problems:
        problems.add(
            event,
            f"EVENT_TYPE {quoted(event.get('EVENT_TYPE'))} is a teams event's, "
            "but the file has no MATCH elements (each match's teams and "
            "boards)",
        )
    _add_unnamed_teams(teams, matches, warnings)
    _number_teams(teams)
    method = _text(event, "MATCH_SCORING_METHOD").upper()
    by_imps = method.startswith("IMP")
    if method in ("MATCH_POINTS", "MP"):  # board-a-match, as Clubscore writes it
        problems.add(
            event,
            f"MATCH_SCORING_METHOD {quoted(method)}: the matches are scored by matchpoints "
            "(board-a-match); Clubscore imports teams files scored by VPs or IMPs",
        )
    kind = kind or _kind_shown(teams, matches, by_imps)
    if kind == TeamsKind.KO:
        matches = _ko_matches(event, teams, matches, problems)
    elif by_imps:
        warnings.append(
            (
                event.sourceline or 1,
                "EVENT: the file ranks the teams by IMPs; Clubscore ranks them by VPs",
            )
        )
    date = _date(event, problems)
    if problems:
        raise ImportProblems(problems)
    return TeamsFile(
        teams=list(teams.values()),
        matches=matches,
        kind=kind,
        by_imps=by_imps,
        boards_per_match=_boards_per_round(event, warnings),
        event_name=_event_name(event),
        date=date,
        date_place=getattr(event.find("DATE"), "sourceline", None) or 1,
        source=_source(root, event),
        warnings=warnings,
    )


def _teams(event, problems) -> tuple[dict[str, FileTeam], dict[str, set[str]]]:
    """The PARTICIPANTS' teams by TEAM_ID, and each team's pair numbers (its PAIRs')."""
    teams: dict[str, FileTeam] = {}
    pairs: dict[str, set[str]] = {}
    for team in event.iter("TEAM"):
        if team.getparent().tag != "PARTICIPANTS":
            continue  # a MATCH's TEAM: the number of the team that is home
        key = (team.get("TEAM_ID") or _text(team, "TEAM_ID") or _text(team, "TEAM_NUMBER")).strip()
        place = team.sourceline or 1
        if not key:
            problems.add(team, "TEAM_ID is missing: each team needs the number its MATCHes use")
            continue
        if key.upper() in teams:
            problems.add(
                team,
                f"TEAM_ID {quoted(key)} is the number of another team too "
                f"(line {teams[key.upper()].place})",
            )
            continue
        name = (team.get("TEAM_NAME") or _text(team, "TEAM_NAME")).strip()
        members = [_text(player, "PLAYER_NAME") for player in team.iter("PLAYER")]
        teams[key.upper()] = FileTeam(
            place,
            key,
            0,
            name,
            [member for member in members if member],
            _text(team, "TOTAL_SCORE"),
            _text(team, "PLACE"),
        )
        pairs[key.upper()] = {_text(pair, "PAIR_NUMBER").upper() for pair in team.iter("PAIR")}
    return teams, pairs


def _add_unnamed_teams(teams: dict[str, FileTeam], matches, warnings) -> None:
    """A team a MATCH names but the PARTICIPANTS do not: "Team 7"."""
    for match in matches:
        for key in filter(None, (match.home, match.away)):
            if key.upper() not in teams:
                teams[key.upper()] = FileTeam(match.place, key, 0, "")
                warnings.append(
                    (
                        match.place,
                        f"MATCH: team {quoted(key)} is not among the "
                        "PARTICIPANTS; it is imported without a name",
                    )
                )


def _number_teams(teams: dict[str, FileTeam]) -> None:
    """The file's TEAM_IDs as the teams' numbers where they are all numbers, else 1, 2, ...
    in the file's order; a team without a name is "Team <number>"."""
    keys = [team.key for team in teams.values()]
    numeric = all(board_number(key) is not None for key in keys)
    for order, team in enumerate(teams.values(), start=1):
        team.number = int(team.key) if numeric else order
        team.name = team.name or f"Team {team.key}"


def _match(element, pairs, problems, warnings) -> FileMatch | None:
    round_text = _text(element, "ROUND_NUMBER") or "1"
    round_number = board_number(round_text)
    home = _text(element, "TEAM")
    opposing = _text(element, "OPPOSING_TEAM")
    if round_number is None:
        problems.add(element, f"ROUND_NUMBER {quoted(round_text)} is not a round's number")
        return None
    if home.upper() in _NO_TEAM:
        problems.add(element, "TEAM is missing: a MATCH names its team (the TEAM_ID)")
        return None
    away = None if opposing.upper() in _NO_TEAM else opposing
    match = FileMatch(
        element.sourceline or 1,
        round_number,
        home,
        away,
        published=_published(element, warnings),
        first_board=_number_in(element, "START_BOARD_NUMBER", problems),
        last_board=_number_in(element, "END_BOARD_NUMBER", problems),
    )
    if away is None:
        if element.find("BOARD") is not None:
            warnings.append(
                (
                    match.place,
                    "MATCH: a bye (no OPPOSING_TEAM) has no boards; its BOARDs are left out",
                )
            )
        return match
    rooms = (pairs.get(home.upper(), set()), pairs.get(away.upper(), set()))
    for board in element.iterfind("BOARD"):
        if (read := read_board(board, rooms, problems, warnings)) is not None:
            match.boards.append(read)
    return match


def _published(element, warnings) -> tuple[str, str] | None:
    """(TEAM_SCORE, OPPOSING_TEAM_SCORE) as printed; a bye has the first alone."""
    scores = (_text(element, "TEAM_SCORE"), _text(element, "OPPOSING_TEAM_SCORE"))
    if not scores[0]:
        return None
    for score in filter(None, scores):
        try:
            Decimal(score)
        except InvalidOperation:
            warnings.append(
                (
                    element.sourceline or 1,
                    f"MATCH: the score {quoted(score)} is not "
                    "a number; the match is scored by its boards",
                )
            )
            return None
    return scores


def _number_in(element, tag, problems) -> int | None:
    text = _text(element, tag)
    if not text:
        return None
    number = board_number(text)
    if number is None:
        problems.add(element, f"{tag} {quoted(text)} is not a board number")
    return number


def _kind_shown(teams, matches, by_imps: bool) -> TeamsKind:
    """A KO between two teams ranked by IMPs; a round robin if no two teams met twice and
    every team played once a round; else a Swiss."""
    if len(teams) == 2 and by_imps:
        return TeamsKind.KO
    met = Counter(
        frozenset((match.home.upper(), match.away.upper())) for match in matches if match.away
    )
    rounds = {match.round for match in matches}
    most = len(teams) - 1 + len(teams) % 2
    if met and max(met.values()) == 1 and len(rounds) <= most:
        return TeamsKind.ROUND_ROBIN
    return TeamsKind.SWISS


def _ko_matches(event, teams, matches, problems) -> list[FileMatch]:
    """A KO's segments with its first team at home in each (events.teams.standings)."""
    if len(teams) != 2:
        problems.add(event, f"a KO match is between two teams; this file has {len(teams)}")
        return matches
    for match in matches:
        if match.away is None:
            # A knockout match is the same two teams in every segment: a bye is a mistake in
            # the file, not a segment one team sat out.
            message = "MATCH: a KO match has no byes; each segment needs TEAM and OPPOSING_TEAM"
            problems.append((match.place, message))
    if problems:
        return matches
    first = min(teams.values(), key=lambda team: team.number).key.upper()
    return [match if match.home.upper() == first else match.swapped() for match in matches]


def _boards_per_round(event, warnings) -> int | None:
    text = _text(event, "BOARDS_PER_ROUND")
    if text and board_number(text) is None:
        warnings.append(
            (
                event.sourceline or 1,
                f"EVENT: BOARDS_PER_ROUND {quoted(text)} is "
                "not a number; the matches' boards say how many",
            )
        )
    return board_number(text) if text else None


def _in_order(found: list[tuple[int, FileMatch]]) -> list[FileMatch]:
    """The matches with their rounds numbered 1, 2, ... in the order of (session, the file's
    round): the rounds of a second session follow the first's."""
    keys = sorted({(session, match.round) for session, match in found})
    numbering = {key: number for number, key in enumerate(keys, start=1)}
    for session, match in found:
        match.round = numbering[(session, match.round)]
    return [match for _session, match in found]


def _session(element) -> int:
    """The position of the MATCH's SESSION among its siblings (0 outside one)."""
    session = next(element.iterancestors("SESSION"), None)
    return 0 if session is None else session.getparent().index(session) + 1
