"""What a teams file prints against what Clubscore scores from its boards: each board's IMPs,
each match's VPs (and so the VP scale the file was scored on), each bye's VPs, and each team's
total and place. Where they differ, a warning says so in words and Clubscore's numbers stand.
"""

from decimal import Decimal, InvalidOperation

import scoring
from events.core.standing_words import standing_words
from events.formats import FileMatch, TeamsFile
from events.teams.models import Team
from events.teams.standings import bye_vps, ko_standing, standings
from scoring.domain import TeamsKind

__all__ = ["DEFAULT_SCALE", "check_board_imps", "check_standings", "check_unfinished",
           "match_label", "vp_scale"]  # fmt: skip

DEFAULT_SCALE = "wbf-2013"
_CONTINUOUS_FIRST = ("wbf-2013", "wbf-2013-discrete", "acbl-20", "acbl-30")
_WHOLE_FIRST = ("wbf-2013-discrete", "acbl-20", "acbl-30", "wbf-2013")
_SHOWN = 3  # matches a warning names before it counts the rest


def match_label(match: FileMatch, names: dict[str, str]) -> str:
    away = names[match.away.upper()] if match.away else "bye"
    return f"round {match.round}, {names[match.home.upper()]} v {away}"


def check_board_imps(parsed, names, boards, totals, warnings) -> None:
    """Warnings where the file's board IMPs (or a KO's match IMPs) are not Clubscore's."""
    for match in parsed.matches:
        stored = {fields["number"]: fields for fields in boards[id(match)][1]}
        for board in match.boards:
            fields = stored.get(board.number)
            if board.published_imps is None or fields is None:
                continue
            ours = fields["home_imps"] - fields["away_imps"]
            if ours != board.published_imps:
                warnings.append(
                    (
                        board.place,
                        f"BOARD: board {board.number} "
                        f"({match_label(match, names)}) gives {board.published_imps:+d} "
                        f"IMPs to {names[match.home.upper()]} in the file, {ours:+d} "
                        "on the IMP scale (Law 78B)",
                    )
                )
        if parsed.kind == TeamsKind.KO and match.published and match.away:
            ours = tuple(scoring.rounded(total, 1) for total in totals[id(match)])
            theirs = tuple(Decimal(score) for score in match.published)
            if ours != theirs:
                warnings.append(
                    (
                        match.place,
                        f"MATCH: {match_label(match, names)} is "
                        f"{_pair(theirs)} IMPs in the file, {_pair(ours)} from its "
                        "boards",
                    )
                )


def _pair(values) -> str:
    return "–".join(scoring.printed(value, trim=True) for value in values)


def _has_vps(match: FileMatch) -> bool:
    """A played match for which the file prints both teams' VPs."""
    return bool(match.away and match.published and all(match.published))


def _complete(parsed: TeamsFile, per_match: int) -> list[FileMatch]:
    """The played matches with every board and both teams' published VPs."""
    return [match for match in parsed.matches if _has_vps(match) and len(match.boards) == per_match]


def vp_scale(parsed, per_match, totals, names, warnings) -> str:
    """The published scale that gives the most complete matches the file's VPs (whole-VP
    scales first when the file prints whole VPs; the first of them on a tie), with a warning
    for each match it scores otherwise: a typo or a penalty in the file, since the scale fits
    the others. When it fits none, the default scale, and a warning saying so."""
    if parsed.by_imps:
        return DEFAULT_SCALE
    matches = _complete(parsed, per_match)
    if not matches:
        return DEFAULT_SCALE
    whole = all("." not in score for match in matches for score in match.published)
    order = _WHOLE_FIRST if whole else _CONTINUOUS_FIRST
    differing = {scale: _differing(matches, per_match, totals, scale) for scale in order}
    scale = min(order, key=lambda scale: len(differing[scale]))
    if len(differing[scale]) < len(matches):
        for match, theirs, ours in differing[scale]:
            warnings.append(
                (match.place, _other_vps(match, theirs, ours, totals[id(match)], scale, names))
            )
        return scale
    shown = "; ".join(
        f"{match_label(match, names)}: {_pair(theirs)} in the file, {_pair(ours)}"
        for match, theirs, ours in differing[DEFAULT_SCALE][:_SHOWN]
    )
    more = f" and {len(matches) - _SHOWN} more" if len(matches) > _SHOWN else ""
    warnings.append(
        (
            matches[0].place,
            f"the file's VPs are those of none of Clubscore's "
            f"scales (a club's own?); the matches are scored on the "
            f"{_scale_name(DEFAULT_SCALE)} ({shown}{more})",
        )
    )
    return DEFAULT_SCALE


def _scale_name(scale: str) -> str:
    """ "WBF 2013 continuous 20-point scale", without the label's "(two decimals)"."""
    return scoring.VP_SCALES[scale].split(" (")[0]


def _other_vps(match: FileMatch, theirs, ours, imps, scale: str, names) -> str:
    """A match whose VPs in the file are not the scale's, in words: what the file has, what
    the match's IMPs give, and what may explain it."""
    margin = imps[0] - imps[1]
    winner = names[match.home.upper()] if margin > 0 else names[match.away.upper()]
    margin_words = (
        f"{scoring.printed(abs(margin), 1, trim=True)} IMPs to {winner}"
        if margin
        else "a draw in IMPs"
    )
    said = (
        f"MATCH: {match_label(match, names)}: the file has {_pair(theirs)}; {margin_words} "
        f"is {_pair(ours)} on the {_scale_name(scale)}, used here."
    )
    shared, added = sum(ours), sum(theirs)
    if added > shared:
        return (
            f"{said} The file's VPs add up to {scoring.printed(added, trim=True)}, and a "
            f"match shares {scoring.printed(shared, trim=True)} on this scale: they cannot "
            "be right"
        )
    if added < shared:
        return f"{said} A VP penalty in the file, or a typo? {_PENALTY}"
    return f"{said} A typo in the file, or an IMP penalty? {_PENALTY}"


_PENALTY = "A penalty goes under Forfeit and penalties, below the match's boards (Enter results)"


def _differing(matches, per_match, totals, scale) -> list:
    """(match, the file's VPs, the scale's) for each match the scale scores otherwise; every
    match when the scale has no table for that many boards."""
    differing = []
    for match in matches:
        theirs = tuple(Decimal(score) for score in match.published)
        try:
            vps = scoring.match_vps(*totals[id(match)], per_match, scale)
        except ValueError:
            return [(match, theirs, theirs) for match in matches]
        ours = tuple(scoring.rounded(value, 2) for value in vps)
        if ours != theirs:
            differing.append((match, theirs, ours))
    return differing


def check_unfinished(parsed: TeamsFile, per_match: int, names, warnings) -> None:
    """A warning for each match the file gives VPs but not every board: Clubscore scores it
    once every board is entered, so the teams' totals will differ from the file's."""
    if parsed.by_imps or parsed.kind == TeamsKind.KO:
        return
    for match in parsed.matches:
        if _has_vps(match) and len(match.boards) < per_match:
            board = "board" if per_match == 1 else "boards"
            warnings.append(
                (
                    match.place,
                    f"MATCH: {match_label(match, names)}: the file gives "
                    f"it {'–'.join(match.published)} VPs but "
                    f"holds {len(match.boards)} of its {per_match} {board}; Clubscore "
                    "scores a match once it has every board",
                )
            )


def check_standings(event, parsed: TeamsFile, teams: dict[str, Team], warnings) -> None:
    """Warnings where a bye's VPs, or a team's total and place, in the file are not what
    Clubscore's standings give: a team's in words ("Aces: 35.96 and 1st in the file, 16.46
    and 3rd here")."""
    if event.is_ko:
        ours = _ko_totals(event)
    else:
        rows = {row.team.pk: row for row in standings(event).rows}
        _check_byes(event, parsed, teams, rows, warnings)
        ours = {pk: (row.vps, row.place if row.played else "") for pk, row in rows.items()}
    for team in parsed.teams:
        stored = teams[team.key.upper()]
        total, place = ours.get(stored.pk, (Decimal(0), ""))
        theirs = (_number(team.published_total), team.published_place.strip())
        if theirs == (None, ""):
            continue
        total_differs = theirs[0] is not None and theirs[0] != total
        place_differs = theirs[1] != "" and theirs[1].rstrip("=") != place.rstrip("=")
        if total_differs or place_differs:
            file_words = standing_words(
                team.published_total.strip() if theirs[0] is not None else "", theirs[1]
            )
            our_words = standing_words(
                scoring.printed(total, trim=True) if theirs[0] is not None else "",
                place if theirs[1] else None,
            )
            warnings.append(
                (team.place, f"{stored.name}: {file_words} in the file, {our_words} here")
            )


def _ko_totals(event) -> dict:
    ko = ko_standing(event)
    if ko is None:
        return {}
    leader = ko.leader.pk if ko.leader else None
    places = {
        team.pk: "" if leader is None else "1" if team.pk == leader else "2"
        for team in (ko.home, ko.away)
    }
    return {
        ko.home.pk: (ko.totals[0], places[ko.home.pk]),
        ko.away.pk: (ko.totals[1], places[ko.away.pk]),
    }


def _number(text: str) -> Decimal | None:
    try:
        return Decimal(text.strip()) if text.strip() else None
    except InvalidOperation:
        return None


def _check_byes(event, parsed: TeamsFile, teams: dict[str, Team], rows, warnings) -> None:
    """A warning where a bye's VPs in the file are not what the event's bye rule gives."""
    byes = [match for match in parsed.matches if match.away is None and match.published]
    for match in byes:
        team = teams[match.home.upper()]
        ours = bye_vps(event, rows[team.pk])
        if ours != Decimal(match.published[0]):
            warnings.append(
                (
                    match.place,
                    f"MATCH: {team.name}'s bye in round {match.round} "
                    f"scores {match.published[0]} VPs in the file, "
                    f"{scoring.printed(ours, trim=True)} in Clubscore",
                )
            )
