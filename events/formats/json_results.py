"""The clubscore-results/1 JSON document of a session: standings and every board's results.

Fields are only ever added to this format, never renamed or removed: other tools read it.
"""

import json

from events.models import Event, Result
from events.sessions.finalising import corrections
from events.standings.ranking import event_standings
from scoring.rounding import rounded

__all__ = ["FORMAT", "results_document", "results_json"]

FORMAT = "clubscore-results/1"


def _number(value, places):
    """A JSON number, rounded as every page and export rounds (scoring.rounding)."""
    return None if value is None else float(rounded(value, places))


def _pair_row(section, row) -> dict:
    pair = {
        "pair": row.pair.number,
        "direction": row.pair.direction or None,
        "section": row.pair.section.name if row.pair.section_id != section.pk else section.name,
        "names": [name for name in (row.pair.player1, row.pair.player2) if name],
        "total": _number(row.total, 4),
        "percentage": _number(row.percentage, 2),
        "imps_per_board": _number(row.average, 4),
        "penalty": _number(row.penalty, 4) or None,
        "boards": row.boards,
        "rank": row.rank,
    }
    if row.masterpoints is not None:  # added only where the club awards masterpoints
        award = row.masterpoints
        pair["masterpoints"] = {
            "points": _number(award.points, 2),
            "exact": str(award.points),
            "working": list(award.working),
        }
    if row.strata:  # added only in a stratified session: {"A": "3", "B": "1"}
        pair["strata"] = dict(part.split(" ", 1) for part in row.strata.split(" · "))
    if row.handicap is not None:  # added only in a handicapped session
        pair["handicap"] = {
            "handicap": _number(row.handicap, 4),
            "exact": str(row.handicap),
            "percentage": _number(row.handicapped, 2),
            "rank": row.handicapped_rank,
        }
    return pair


def _result_row(result: Result) -> dict:
    return {
        "ns": result.ns_pair.number,
        "ew": result.ew_pair.number,
        "kind": result.kind,
        "text": result.text,
        "contract": _contract(result),
        "declarer": result.declarer or None,
        "tricks": result.tricks,
        "ns_score": result.ns_score if result.kind == Result.PLAYED else None,
        "ns_points": _number(result.ns_points, 4),
        "ew_points": _number(result.ew_points, 4),
        "foul_group": result.foul_group or None,
    }


def _contract(result: Result) -> str | None:
    if result.contract_level is None:
        return None
    if result.contract_level == 0:
        return "PASS"
    return f"{result.contract_level}{result.contract_strain}{('', 'X', 'XX')[result.doubled]}"


def results_document(event: Event) -> dict:
    by_section: dict[int, list[Result]] = {}
    for result in (
        Result.objects.filter(board__section__event=event)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number", "pk")
    ):
        by_section.setdefault(result.board.section_id, []).append(result)
    standings = {section.pk: groups for section, groups in event_standings(event)}
    sections = []
    for section in event.sections.all():
        groups = standings.get(section.pk, [])
        boards: dict[int, list[dict]] = {board.number: [] for board in section.boards.all()}
        for result in by_section.get(section.pk, []):
            boards[result.board.number].append(_result_row(result))
        sections.append(
            {
                "name": section.name,
                "pairs": [_pair_row(section, row) for group in groups for row in group.rows],
                "boards": [{"board": n, "results": rows} for n, rows in boards.items()],
            }
        )
    return {
        "format": FORMAT,
        "session": {
            "id": event.pk, "name": event.name, "date": event.date.isoformat(),
            "club": event.club.name, "movement": event.movement,
            "published": event.published, "across_field": event.across_field,
            "state": event.state,
        },
        "scoring": event.scoring,
        "options": _options(event),
        "scored": event.describe_scoring(),
        "sections": sections,
        "corrections": [_correction_row(line) for line in corrections(event)],
    }  # fmt: skip


def _correction_row(line) -> dict:
    """A correction made after finalising, as players see it (a reason only if published)."""
    return {
        "at": line.changed_at.isoformat(),
        "section": line.section,
        "board": line.board,
        "ns": line.ns,
        "ew": line.ew,
        "was": line.was,
        "now": line.now,
        "reason": line.reason or None,
    }


def _options(event) -> dict:
    """The session's conventions as JSON has them: Ave+ IMPs a whole number or a decimal."""
    options = event.option_values()
    value = options["ave_plus_imps"]
    options["ave_plus_imps"] = int(value) if value == int(value) else float(value)
    return options


def results_json(event: Event) -> str:
    """The clubscore-results/1 document, as text."""
    return json.dumps(results_document(event), indent=2)
