"""The clubscore-individual/1 JSON document: an individual's standings and every board's
results, with the four players of each. Fields are only ever added, never renamed or removed:
events/formats/individual_json.py reads it back (import_travellers, the import page).

Numbers are rounded as every page prints them (scoring.rounding), and each total also comes
exact, as a fraction in words ("17/3"), so a reader can break ties as Clubscore did.
"""

import json

from events.formats.individual_json import FORMAT
from events.individuals.scores import Scored
from scoring.rounding import rounded


def _number(value, places: int):
    return None if value is None else float(rounded(value, places))


def individual_document(scores: Scored) -> dict:
    event = scores.event
    return {
        "format": FORMAT,
        "individual": {
            "id": event.pk, "name": event.name, "date": event.date.isoformat(),
            "club": event.club.name, "movement": event.movement, "tables": event.tables,
            "boards_per_round": event.boards_per_round, "published": event.published,
            "rounds": event.layout.rounds,
        },
        "standings": [
            {"player": standing.player, "name": player.name, "rank": standing.place,
             "boards": standing.boards, "matchpoints": _number(standing.matchpoints, 4),
             "exact": str(standing.matchpoints), "tops": _number(standing.tops, 4),
             "percentage": _number(standing.percent, 2)}
            for standing, player in scores.table
        ],
        "boards": [
            {"board": board, "results": [
                {"table": line.play.table, "round": line.play.round,
                 "north": line.play.north.number, "south": line.play.south.number,
                 "east": line.play.east.number, "west": line.play.west.number,
                 "kind": line.play.kind or None, "text": line.play.text or None,
                 "ns_score": line.play.ns_score, "lead": line.play.lead or None,
                 "ns_matchpoints": _number(line.points and line.points.ns, 4),
                 "ew_matchpoints": _number(line.points and line.points.ew, 4),
                 "top": _number(line.points and line.points.top, 4)}
                for line in lines
            ]}
            for board, lines in scores.travellers.items()
        ],
    }  # fmt: skip


def individual_json(scores: Scored) -> str:
    return json.dumps(individual_document(scores), indent=2)
