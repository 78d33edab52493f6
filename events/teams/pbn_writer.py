"""A teams event as PBN 2.1 (Portable Bridge Notation, Tis Veugen and Kaj G. Backas): a game
for each room of each board of each match, as a team match's files are written: the room in
[Room "Open"] or [Room "Closed"], the teams in [HomeTeam] and [VisitTeam], who sat where in
[North] .. [West], the board's [Deal] when its hand record is in, and the room's [Contract],
[Declarer], [Result] (declarer's tricks) and [Score], with the IMPs the board gave when the
event scores IMPs.

The home team sits North-South in the open room and East-West in the closed room
(events.teams.models.TeamMatch). A room without a result (a board given an artificial score)
has no game; a bye has no boards.
"""

import scoring
from events.formats.pbn_write import contract_tags, played_game_tags
from events.formats.pbn_write import pbn_tag as _tag
from events.teams.models import MatchBoard, TeamMatch, TeamsEvent
from scoring import board_dealer, board_vulnerability
from scoring.domain import TeamsScoring

__all__ = ["write_teams_pbn"]

# The [Scoring] tag: IMPs, or board-a-match ("BAM"); PBN 2.1 names no Patton scoring, so a
# Patton event's file says its name.
_SCORING = {TeamsScoring.IMPS_VPS: "IMP", TeamsScoring.BOARD_A_MATCH: "BAM",
            TeamsScoring.PATTON: "Patton"}  # fmt: skip


def write_teams_pbn(event: TeamsEvent) -> str:
    """The event's played boards as PBN 2.1 export format, one game a room."""
    out = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8",
           "%Creator: Clubscore", ""]  # fmt: skip
    deals = dict(event.deals.values_list("number", "deal"))
    matches = event.matches.filter(away__isnull=False).select_related("home", "away")
    boards = MatchBoard.objects.filter(match__event=event).order_by("match_id", "number")
    by_match: dict[int, list[MatchBoard]] = {}
    for board in boards:
        by_match.setdefault(board.match_id, []).append(board)
    for match in matches:
        for board in by_match.get(match.pk, []):
            for room in ("open", "closed"):
                if getattr(board, f"{room}_result"):
                    out += _game(event, match, board, room, deals.get(board.number, ""))
    return "\r\n".join(out) + "\r\n"


def _game(event, match: TeamMatch, board: MatchBoard, room: str, deal: str) -> list[str]:
    ns, ew = (match.home, match.away) if room == "open" else (match.away, match.home)
    vulnerable = board_vulnerability(board.number)
    lines = [
        *played_game_tags(event, match.round, match.table, board.number),
        _tag("Room", room.capitalize()),
        _tag("HomeTeam", match.home.name),
        _tag("VisitTeam", match.away.name),
        _tag("West", ew.name),
        _tag("North", ns.name),
        _tag("East", ew.name),
        _tag("South", ns.name),
        _tag("Dealer", board_dealer(board.number)),
        _tag("Vulnerable", "All" if vulnerable == "Both" else vulnerable),
    ]
    if deal:
        lines.append(_tag("Deal", deal))
    lines.append(_tag("Scoring", _SCORING[event.scoring]))
    entry = scoring.parse_entry(getattr(board, f"{room}_result"), board.number)
    lines += contract_tags(entry)
    lines.append(_tag("Score", f"NS {entry.ns_score}"))
    if board.complete and not board.adjusted and not event.by_boards:
        # The IMPs the board gave the pair sitting North-South in this room; half a board (its
        # other room still playing) gave none yet.
        home = board.home_imps - board.away_imps
        lines.append(_tag("ScoreIMP", f"NS {home if room == 'open' else -home}"))
    return [*lines, ""]
