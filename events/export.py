"""The clubscore-results/1 JSON document of a session: standings and every board's results."""

from events.models import Event, Result
from events.standings import section_standings

FORMAT = "clubscore-results/1"


def _number(value, places):
    return None if value is None else round(value, places)


def results_document(event: Event) -> dict:
    sections = []
    for section in event.sections.all():
        pairs = [
            {
                "pair": row.pair.number,
                "direction": row.pair.direction or None,
                "total": _number(row.total, 4),
                "percentage": _number(row.percentage, 2),
                "rank": row.rank,
            }
            for group in section_standings(section)
            for row in group.rows
        ]
        boards = {board.number: [] for board in section.boards.all()}
        for result in Result.objects.for_section(section).order_by("board__number", "pk"):
            boards[result.board.number].append(
                {
                    "ns": result.ns_pair.number,
                    "ew": result.ew_pair.number,
                    "ns_score": result.ns_score if result.kind == Result.PLAYED else None,
                    "ns_points": _number(result.ns_points, 4),
                    "ew_points": _number(result.ew_points, 4),
                }
            )
        sections.append(
            {
                "name": section.name,
                "pairs": pairs,
                "boards": [{"board": n, "results": rows} for n, rows in boards.items()],
            }
        )
    return {"format": FORMAT, "scoring": event.scoring, "sections": sections}
