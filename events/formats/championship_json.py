"""The clubscore-championship/1 JSON document: a championship's combined standings, its rules,
and each session's own clubscore-results/1 document (events.formats.json_results) in full, so
that one file says everything the championship page does and every result behind it.

Like clubscore-results/1, fields are only ever added to this format, never renamed or removed.
`final` (added later; null without one) is the championship's final as its page shows it: the
final session's own document, who went through and how, the share of the qualifying score
carried forward, and each finalist's qualifying figure, carried score, final score and total
(the EBU White Book's *Carry-forward Score Formula*; docs/rules.md, "Qualifying stage and
final"). `figures` says what the totals are: "matchpoints", "percentages" or (added with
championships of sessions scored in IMPs) "imps".
"""

import json

from events.championships.final import final_standings
from events.championships.standings import combined_standings
from events.formats.json_results import results_document
from events.models import Championship
from scoring.rounding import rounded

__all__ = ["FORMAT", "championship_document", "championship_json"]

FORMAT = "clubscore-championship/1"


def _number(value) -> float | None:
    return None if value is None else float(rounded(value, 4))


def championship_document(championship: Championship, director: bool = True) -> dict:
    """The document as `director` (or a reader, who sees the published sessions only) sees
    the championship page."""
    standings = combined_standings(championship, director)
    return {
        "format": FORMAT,
        "championship": {
            "id": championship.pk,
            "name": championship.name,
            "club": championship.club.name,
            "combination": championship.combination,
            "combination_text": championship.get_combination_display(),
            "missed": championship.missed,
            "missed_text": championship.get_missed_display(),
            "figures": "percentages"
            if standings.percentages
            else "imps"
            if standings.imps
            else "matchpoints",
        },
        "standings": [
            {
                "entrant": row.entrant.number,
                "names": [name for name in (row.entrant.player1, row.entrant.player2) if name],
                "rank": row.rank or None,
                "sessions": [_number(cell) for cell in row.cells],
                "total": _number(row.total),
                "played": row.played,
            }
            for row in standings.rows
        ],
        "unmatched_pairs": standings.unmatched,
        "sessions": [
            {
                "session": column.order,
                "id": column.event.pk,
                "name": column.event.name,
                "date": column.event.date.isoformat(),
                "results": results_document(column.event) if column.shown else None,
            }
            for column in standings.columns
        ],
        "final": _final(championship, director),
    }


def _final(championship: Championship, director: bool) -> dict | None:
    """The final, its figures percentages: None when the championship has none."""
    final = final_standings(championship, director)
    if final is None:
        return None
    return {
        "session": {
            "id": final.event.pk,
            "name": final.event.name,
            "date": final.event.date.isoformat(),
            "results": results_document(final.event) if final.shown else None,
        },
        "finalists": championship.finalists,
        "qualify_by": championship.qualify_by,
        "qualify_by_text": championship.get_qualify_by_display(),
        "carry_percent": final.share,
        "figures": "percentages",
        "strangers": final.strangers,
        "standings": [
            {
                "entrant": row.entrant.number,
                "names": [name for name in (row.entrant.player1, row.entrant.player2) if name],
                "rank": row.rank,
                "qualifying": _number(row.qualifying),
                "carried": _number(row.carried),
                "final": _number(row.final),
                "total": _number(row.total),
            }
            for row in final.rows
        ],
    }


def championship_json(championship: Championship, director: bool = True) -> str:
    return json.dumps(championship_document(championship, director), indent=2)
