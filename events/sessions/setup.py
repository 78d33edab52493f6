"""Setting up a session: its sections, pairs and boards, generated from each section's movement.

A big night is several sections (A, B, C ...), each a Mitchell or Howell of its own size;
the director types the sizes as "14,13,12½" and may ask for fewer rounds than the full
movement, or the relay-and-bye-stand Mitchell instead of the skip for even sections.
"""

import re
import string
from collections import Counter
from dataclasses import dataclass

from django.db import transaction

import scoring
from events.core.limits import MAX_BOARDS, MAX_SECTIONS, SectionSize, size_problems
from events.models import Board, Event, Pair, Section
from events.phone.links import ensure_links
from scoring.domain import Direction, Method, MovementKind


@dataclass(frozen=True)
class SectionPlan:
    """One section as the director asked for it; `phantom` "" means a full last table."""

    name: str
    tables: int
    phantom: str = ""
    rounds: int | None = None
    relay: bool = False
    arrow_switch: str = ""
    library: str = ""  # a published movement's key (scoring.movement_library), if chosen
    typed: str = ""  # the club's own movement as the director typed it, if chosen
    barometer: bool = False  # every table on the same set each round (movement_library)


@transaction.atomic
def create_session(
    *,
    club,
    name,
    date,
    scoring_method,
    movement,
    boards_per_round,
    tables=None,
    phantom="",
    rounds=None,
    options=None,
    arrow_switch="",
    relay=False,
    sections=None,
    across_field=False,
) -> Event:
    """A session whose sections' pairs and boards come from their movements.

    `sections` (SectionPlan list) or, for one section A, `tables`, `phantom`, `rounds`,
    `arrow_switch` and `relay`. `options` are the scoring conventions (ScoringOptionFields
    names); the club's by default.
    """
    if sections is None:
        sections = [SectionPlan("A", tables, phantom, rounds, relay, arrow_switch)]
    event = Event.objects.create(
        club=club,
        name=name,
        date=date,
        scoring=scoring_method,
        movement=movement,
        boards_per_round=boards_per_round,
        one_winner=any(plan.arrow_switch for plan in sections),
        across_field=across_field and len(sections) > 1,
        **(club.option_values() if options is None else options),
    )
    for plan in sections:
        section = Section.objects.create(
            event=event,
            name=plan.name,
            tables=plan.tables,
            phantom=plan.phantom,
            rounds=plan.rounds,
            arrow_switch=plan.arrow_switch,
            relay=plan.relay and movement != MovementKind.HOWELL and plan.tables % 2 == 0,
            library=plan.library,
            typed=plan.typed,
            barometer=plan.barometer,
        )
        _fill_section(section)
        ensure_links(section)  # made here, so no page that shows them has to write
    return event


def _fill_section(section: Section) -> None:
    plan = section.movement()
    Pair.objects.bulk_create(
        Pair(section=section, number=pair.number, direction=pair.direction or "")
        for pair in plan.pairs
    )
    plays = Counter(s.board_set for s in plan.seatings if s.is_played)
    Board.objects.bulk_create(
        Board(
            section=section,
            number=number,
            board_set=plan.set_of_board(number),
            expected_results=plays[plan.set_of_board(number)],
        )
        for number in plan.boards
        if plays[plan.set_of_board(number)]
    )


_SIZE = re.compile(r"^(\d{1,3})(\.5|½| ?1/2)?$")


def parse_sections(text: str) -> list[tuple[int, bool]]:
    """ "14,13,12½" → [(14, False), (13, False), (13, True)]: tables, and whether the last
    table is a half table. Sections are separated by commas, spaces around them allowed; an
    empty section or another separator is refused (a slip that would set up the wrong number
    of sections). Raises ValueError in the director's words."""
    text = str(text).strip()
    if not text:
        raise ValueError("Give the number of tables, e.g. 7, or 14,13,13 for three sections.")
    if other := re.search(r"[;+]", text):
        commas = re.sub(r"\s*[;+]\s*", ",", text)
        raise ValueError(
            f"Tables {text!r}: separate the sections with commas, not {other[0]!r}, e.g. {commas}."
        )
    parts = [part.strip() for part in text.split(",")]
    if "" in parts:
        where = (
            "starts with a comma"
            if not parts[0]
            else "ends with a comma"
            if not parts[-1]
            else "has two commas with no tables between them"
        )
        raise ValueError(
            f"Tables {text!r} {where}: give each section's tables with one comma between "
            "them, e.g. 14,13,13."
        )
    if len(parts) > MAX_SECTIONS:
        raise ValueError(f"At most {MAX_SECTIONS} sections (A-Z).")
    sizes = []
    for part in parts:
        match = _SIZE.match(part)
        if match is None and re.fullmatch(r"\d+(?: +\d+)+", part):
            commas = text.replace(part, re.sub(" +", ",", part))
            raise ValueError(f"Tables {text!r}: separate the sections with commas, e.g. {commas}.")
        if match is None:
            raise ValueError(
                f"Tables: {part!r} is not a number of tables (e.g. 13, or 12½ for a half table)."
            )
        tables, half = int(match[1]), bool(match[2])
        sizes.append((tables + 1 if half else tables, half))
    return sizes


def plan_sections(
    movement,
    tables_text,
    phantom="",
    rounds=None,
    arrow_switch="",
    relay=False,
    library="",
    typed="",
    barometer=False,
) -> list[SectionPlan]:
    """The sections a director's setup form asks for (ValueError explains what is wrong).

    `phantom` is the direction of a half table's missing pair: with one section it makes
    that section's last table a half; with several, the sections written with ½ (or, if
    none is, the last section) have the half table.
    """
    sizes = parse_sections(tables_text)
    if library and arrow_switch.strip():
        raise ValueError(
            "A published movement is played as its card prints it (a hesitation Mitchell "
            "switches where its card says): leave the arrow-switch rounds empty."
        )
    if phantom and not any(half for _, half in sizes):
        sizes[-1] = (sizes[-1][0], True)
    default_phantom = "any" if movement == MovementKind.HOWELL else Direction.EW
    plans = []
    for letter, (tables, half) in zip(string.ascii_uppercase, sizes, strict=False):
        # A barometer Mitchell plays all its tables' rounds, even or odd: "last" is round T.
        last = rounds or (tables if barometer else None)
        switched = arrow_switch_rounds(arrow_switch, movement, tables, last)
        plans.append(
            SectionPlan(
                letter,
                tables,
                (phantom or default_phantom) if half else "",
                rounds,
                relay and tables % 2 == 0,
                switched,
                library,
                typed,
                barometer,
            )
        )
    return plans


def arrow_switch_rounds(text: str, movement, tables, rounds=None) -> str:
    """The arrow-switch rounds as stored ("6,7"); "last" is the movement's last round."""
    words = [word for word in text.replace(",", " ").lower().split() if word]
    if not words:
        return ""
    if movement == MovementKind.HOWELL:
        raise ValueError("Arrow-switching is for a Mitchell: in a Howell every pair moves.")
    last = rounds or (tables - 1 if tables % 2 == 0 else tables)
    try:
        numbers = sorted({last if word == "last" else int(word) for word in words})
    except ValueError:
        raise ValueError(
            "Arrow-switch rounds: give round numbers, e.g. 7 or 6,7, or last."
        ) from None
    return ",".join(map(str, numbers))


def section_movement(movement, plan: SectionPlan, boards_per_round) -> scoring.Movement:
    """The movement a section will play; ValueError (scoring's words) when it cannot."""
    if plan.library or plan.typed:
        return _named_movement(plan, boards_per_round)
    if movement == MovementKind.HOWELL:
        pairs = 2 * plan.tables - (1 if plan.phantom else 0)
        if plan.barometer:
            return scoring.barometer_howell(pairs, boards_per_round, plan.rounds)
        return scoring.howell(pairs, boards_per_round, plan.rounds)
    if plan.phantom == "any":
        raise ValueError("in a Mitchell the missing pair sits NS or EW")
    switched = tuple(int(r) for r in plan.arrow_switch.split(",") if r)
    if plan.barometer:
        phantom = plan.phantom or None
        return scoring.barometer_mitchell(
            plan.tables, boards_per_round, phantom, plan.rounds, switched
        )
    return scoring.mitchell(
        plan.tables,
        boards_per_round,
        plan.phantom or None,
        plan.rounds,
        switched,
        relay=plan.relay,
    )


def _named_movement(plan: SectionPlan, boards_per_round) -> scoring.Movement:
    """A published movement (a half table: its highest pair missing) or the club's own typed
    one (its sit-outs typed in), played whole by as many tables as it has."""
    if plan.typed:
        if plan.phantom:
            raise ValueError(
                "a typed movement shows its own sit-outs (- for the missing pair): leave the "
                "half table empty"
            )
        chosen = scoring.typed_movement(plan.typed, boards_per_round)
    else:
        if plan.arrow_switch:
            # A published Mitchell variant switches where its card says (a hesitation
            # Mitchell's last round) or not at all: a switch typed in would go unplayed.
            raise ValueError(
                "a published movement is played as its card prints it: leave the arrow-switch "
                "rounds empty"
            )
        chosen = scoring.library_movement(plan.library, boards_per_round, bool(plan.phantom))
    if plan.tables != chosen.tables:
        raise ValueError(
            f"the {chosen.name} is for {chosen.tables} tables (or {chosen.tables - 1}½), "
            f"not {plan.tables}"
        )
    if plan.rounds not in (None, chosen.rounds):
        raise ValueError(
            f"the {chosen.name} is played whole, all {chosen.rounds} rounds: leave the rounds empty"
        )
    return chosen


def sections_error(movement, plans, boards_per_round, scoring_method) -> str | None:
    """Why these sections cannot be set up, in a director's words, or None when they can."""
    sizes = []
    for plan in plans:
        try:
            sizes.append(_size(plan.name, section_movement(movement, plan, boards_per_round)))
        except ValueError as error:
            message = str(error)
            message = f"{message[0].upper()}{message[1:]}."
            if len(plans) > 1:
                message = f"Section {plan.name}: {message}"
            elif plan.tables > 30 and movement != MovementKind.HOWELL:
                message += " Split the field into sections, e.g. 16,15."
            return message
    if scoring_method == Method.HDB and not 3 <= boards_per_round <= 8:
        return "Home Duplicate Bridge scores sets of 3-8 boards: choose 3-8 boards per round."
    too_big = size_problems(sizes)
    if not too_big:
        return None
    advice = ""
    if any(size.boards > MAX_BOARDS for size in sizes):
        advice = " Play fewer rounds, or fewer boards a round."
    return f"Too big for a session: {'; '.join(too_big)}.{advice}"


def _size(name: str, plan: scoring.Movement) -> SectionSize:
    played = [seating for seating in plan.seatings if seating.is_played]
    board_sets = {seating.board_set for seating in played}
    return SectionSize(
        name,
        len(plan.pairs),
        len(board_sets) * plan.boards_per_round,
        len(played) * plan.boards_per_round,
    )


def movement_error(
    movement,
    tables,
    phantom,
    boards_per_round,
    scoring_method,
    rounds=None,
    arrow_switch="",
    relay=False,
):
    """Why this one-section movement cannot be set up, or None when it can."""
    plan = SectionPlan("A", tables, phantom, rounds, relay, arrow_switch)
    return sections_error(movement, [plan], boards_per_round, scoring_method)
