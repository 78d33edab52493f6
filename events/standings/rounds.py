"""A barometer session's standings after each complete round.

In a barometer movement every table plays the same board set in a round (set r in round r:
scoring.movement_library.barometers), so once every table's results of a round are in the
standings over the boards played so far are published, all tables together (ASE Computing,
"Running a barometer pairs' event": "the results would be published after each round").
A session is a barometer when every table of each of its rounds plays one set (a
Section.barometer; Clubscore's Howells of 4 and 6 pairs and the published 2-table one too).
A round is complete when every board of its set has every result it is due (a board's
`expected_results`: one a table that plays it); the standings after round k count the boards
of rounds 1-k alone, scored as the session scores them. Earlier rounds stay on the page; the
page is live, so the latest complete round appears as its last result comes in.

A constant number of queries, whatever the rounds, results and sections: the sections, the
boards' counts of results, the pairs, the scored lines (cached per version) and the penalties.
"""

from dataclasses import dataclass, replace

from django.db.models import Count

from events.models import Board, Event, Pair, Section
from events.standings.ranking import StandingGroup, plain_standings
from events.standings.scorer import cached_units, penalties_by_pair


@dataclass(frozen=True)
class AfterRound:
    round: int
    rounds: int
    standings: list[tuple[Section, list[StandingGroup]]]


@dataclass(frozen=True)
class Barometer:
    rounds: int  # the movement's rounds (the most of any section)
    complete: int  # rounds complete in every section, from the first
    after: list[AfterRound]  # the latest first


def round_sets(movement) -> dict[int, int] | None:
    """Each round's board set when every table of the round plays the same one (a barometer:
    a barometer Howell or Mitchell, the 2-table Howells); None otherwise."""
    sets: dict[int, set[int]] = {}
    for s in movement.seatings if movement else ():
        sets.setdefault(s.round, set()).add(s.board_set)
    if not sets or any(len(found) != 1 for found in sets.values()):
        return None
    return {r: min(found) for r, found in sets.items()}


def complete_rounds(sets: dict[int, int], sets_due: dict[int, list[tuple[int, int]]]) -> int:
    """The rounds complete from the first: round r's set, `sets[r]`, has every result it is
    due. `sets_due` maps a board set to its boards' (results in, results due)."""
    complete = 0
    for r in range(1, len(sets) + 1):
        if not all(found >= due for found, due in sets_due.get(sets[r], [])):
            break
        complete = r
    return complete


def barometer_standings(event: Event) -> Barometer:
    sections = {section.pk: section for section in event.sections.all()}
    for section in sections.values():
        section.event = event  # no query for it
    by_section = {pk: round_sets(section.movement()) for pk, section in sections.items()}
    if not by_section or None in by_section.values():
        return Barometer(0, 0, [])  # its tables play different boards in a round
    counted = Board.objects.filter(section__event=event).annotate(found=Count("results"))
    boards = counted.values_list("section_id", "board_set", "found", "expected_results")
    due_by_section: dict[int, dict[int, list[tuple[int, int]]]] = {pk: {} for pk in sections}
    for section_id, board_set, found, due in boards:
        due_by_section[section_id].setdefault(board_set, []).append((found, due))
    rounds = max(len(sets) for sets in by_section.values() if sets)
    # A section of fewer rounds, all of them in, holds no later round back.
    complete = min(
        rounds if (done := complete_rounds(sets, due_by_section[pk])) == len(sets) else done
        for pk, sets in by_section.items()
        if sets
    )
    if not complete:
        return Barometer(rounds, 0, [])
    pairs = {
        pair.pk: pair
        for pair in Pair.objects.filter(section__event=event).select_related("section")
    }
    units = cached_units(event)
    penalties = penalties_by_pair(event, set(sections))  # by pair: one query for all units
    after = []
    for k in range(complete, 0, -1):
        shown = []
        for unit in units:
            sets = by_section[unit.section_ids[0]] or {}
            counted_sets = {sets[r] for r in range(1, k + 1) if r in sets}
            played = [s for s in unit.scored if unit.board_sets.get(s.board) in counted_sets]
            members = [pk for pk, pair in pairs.items() if pair.section_id in unit.section_ids]
            groups = plain_standings(event, replace(unit, scored=played), members, pairs, penalties)
            shown.append((sections[unit.section_ids[0]], groups))
        after.append(AfterRound(k, rounds, shown))
    return Barometer(rounds, complete, after)
