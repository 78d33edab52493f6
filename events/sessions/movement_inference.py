"""Recognising the movement of an imported session from who played which board against whom.

A travellers file says board, NS pair and EW pair, not table or round. When every line is a
meeting of one of Clubscore's movements (a Mitchell of some size, rounds and boards a round,
skip or relay; a published Howell or Mitchell variant of the movement library, by name;
Clubscore's own Howell), the section takes that movement: its results get their rounds, its
travellers their tables, and it gets table cards. Nothing is recognised on a guess: all lines
must fit, and the shortest movement that fits them is taken.
"""

from django.db import transaction

import scoring
from events.models import Result, Section
from events.phone.links import ensure_links
from scoring.domain import Direction

__all__ = ["recognise_movements", "describe_movements"]

MIN_COVERAGE = 0.75  # at least this share of the movement's plays must be in the file


def _mitchell_candidates(ns: int, ew: int, bpr: int):
    # The library's first: a club's bump or web Mitchell is named as what it is.
    for key in scoring.variants_for_sides(ns, ew):
        yield scoring.library_movement(key, bpr), ""
    tables = max(ns, ew)
    if not 3 <= tables <= 30 or min(ns, ew) < tables - 1:
        return
    phantom = None if ns == ew else Direction.NS if ns < ew else Direction.EW
    for rounds in range(1, scoring.mitchell_rounds(tables) + 1):
        yield scoring.mitchell(tables, bpr, phantom, rounds), phantom or ""
    if tables % 2 == 0:
        yield scoring.mitchell(tables, bpr, phantom, relay=True), phantom or ""


def _howell_candidates(pairs: int, bpr: int):
    # The library's first: a club's printed Howell is named as what it is.
    for key in [*scoring.library_for_pairs(pairs), *scoring.variants_for_pairs(pairs)]:
        yield (
            scoring.library_movement(key, bpr, missing_highest=pairs % 2 == 1),
            "any" if pairs % 2 else "",
        )
    if not 4 <= pairs <= 16:
        return
    for rounds in scoring.howell_lengths(pairs):
        yield scoring.howell(pairs, bpr, rounds), "any" if pairs % 2 else ""


def _plays(movement: scoring.Movement) -> dict[tuple, scoring.Seating]:
    return {
        (board, s.ns, s.ew): s
        for s in movement.seatings
        if s.is_played
        for board in movement.boards_of_set(s.board_set)
    }


def _match(section: Section, howell: bool, bpr: int):
    results = list(
        Result.objects.filter(board__section=section).select_related("board", "ns_pair", "ew_pair")
    )
    if not results:
        return None
    lines = {(r.board.number, r.ns_pair.key, r.ew_pair.key): r for r in results}
    pairs = list(section.pairs.all())
    if howell:
        candidates = _howell_candidates(len(pairs), bpr)
    else:
        ns = sum(1 for p in pairs if p.direction == Direction.NS)
        candidates = _mitchell_candidates(ns, len(pairs) - ns, bpr)
    best = None
    for movement, phantom in candidates:
        plays = _plays(movement)
        if len(plays) < len(lines) or not all(line in plays for line in lines):
            continue
        if len(lines) < MIN_COVERAGE * len(plays):
            continue
        if best is None or len(plays) < len(best[2]):
            best = (movement, phantom, plays)
    if best is None:
        return None
    movement, phantom, plays = best
    return movement, phantom, {r: plays[line].round for line, r in lines.items()}


@transaction.atomic
def recognise_movements(event) -> None:
    """Give each imported section the known movement its pairings match, if one does."""
    for section in event.sections.filter(has_movement=False):
        # The importer takes the boards a round from the file's meetings (its board sets).
        found = _match(section, event.is_howell, event.boards_per_round)
        if found is None:
            continue
        movement, phantom, rounds = found
        section.tables = movement.tables
        section.phantom = phantom
        section.relay = movement.variant == "relay"
        section.library = movement.library
        is_full = movement.library != "" or (
            movement.rounds == 2 * movement.tables - 1
            if event.is_howell
            else movement.rounds == scoring.mitchell_rounds(movement.tables, section.relay)
        )
        section.rounds = None if is_full else movement.rounds
        section.has_movement = True
        section.save(
            update_fields=["tables", "phantom", "relay", "library", "rounds", "has_movement"]
        )
        ensure_links(section)  # a movement's tables may enter their results on phones
        for result, round_number in rounds.items():
            result.round = round_number
        Result.objects.bulk_update(list(rounds), ["round"])


def describe_movements(event) -> str:
    """ "Movement recognised: 7-table Mitchell, 7 rounds", per section when there are several."""
    sections = list(event.sections.all())
    parts = []
    for section in sections:
        movement = section.movement()
        label = f"section {section.name}: " if len(sections) > 1 else ""
        if movement is None:
            parts.append(f"{label}no known movement matches these pairings")
        else:
            parts.append(f"{label}movement recognised: {movement.name}")
    text = "; ".join(parts)
    return f"{text[0].upper()}{text[1:]}." if text else ""
