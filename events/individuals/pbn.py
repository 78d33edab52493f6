"""An individual event as PBN 2.1 (Portable Bridge Notation, Tis Veugen and Kaj G. Backas),
export format: a game for each result played, as the teams file has one for each room. Each
game names its four players in [North] .. [West] (PBN's seat tags name players, so an
individual needs nothing more), its [Round] and [Table], the board's [Deal] when the hand
record is in, the [Contract], [Declarer], [Result] (declarer's tricks) and [Score], and the
matchpoints North-South earned on the board in [ScoreMP] (ACBL matchpoints, the traveller's).

An artificial or not-played result has no play to record, so no game; the JSON export
(events/individuals/export.py) carries those.
"""

from events.formats.pbn_write import contract_tags, pbn_tag, played_game_tags
from events.individuals.scores import Scored
from scoring import board_dealer, board_vulnerability, parse_entry, printed
from scoring.entry import PLAYED

__all__ = ["write_individual_pbn"]


def write_individual_pbn(scores: Scored) -> str:
    event = scores.event
    deals = dict(event.deals.values_list("number", "deal"))
    out = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8",
           "%Creator: Clubscore", ""]  # fmt: skip
    for board, lines in sorted(scores.travellers.items()):
        for line in sorted(lines, key=lambda line: line.play.table):
            if line.play.kind == PLAYED:
                out += _game(scores, board, line, deals.get(board, ""))
    return "\r\n".join(out) + "\r\n"


def _game(scores: Scored, board: int, line, deal: str) -> list[str]:
    event, play = scores.event, line.play
    vulnerable = board_vulnerability(board)
    lines = played_game_tags(event, play.round, play.table, board)
    for seat in ("west", "north", "east", "south"):
        player = getattr(play, seat)
        lines.append(pbn_tag(seat.capitalize(), player.name or f"Player {player.number}"))
    lines += [
        pbn_tag("Dealer", board_dealer(board)),
        pbn_tag("Vulnerable", "All" if vulnerable == "Both" else vulnerable),
    ]
    if deal:
        lines.append(pbn_tag("Deal", deal))
    lines.append(pbn_tag("Scoring", "MP"))
    try:
        lines += contract_tags(parse_entry(play.text, board))
    except ValueError:  # a result kept by its score alone
        lines += [pbn_tag("Declarer", "?"), pbn_tag("Contract", "?"), pbn_tag("Result", "?")]
    lines.append(pbn_tag("Score", f"NS {play.ns_score}"))
    if line.points is not None:
        lines.append(pbn_tag("ScoreMP", f"NS {printed(line.points.ns, 2, trim=True)}"))
    return [*lines, ""]
