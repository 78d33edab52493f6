"""Setting up a session: its section, pairs and boards, generated from the movement."""

from collections import Counter

from django.db import transaction

import scoring
from events.models import Board, Event, Pair, Section


@transaction.atomic
def create_session(
    *,
    club,
    name,
    date,
    scoring_method,
    movement,
    tables,
    boards_per_round,
    phantom="",
    rounds=None,
    options=None,
    arrow_switch="",
) -> Event:
    """A session with one section whose pairs and boards come from the movement.

    `options` are the scoring conventions (ScoringOptionFields names); the club's by default.
    """
    event = Event.objects.create(
        club=club,
        name=name,
        date=date,
        scoring=scoring_method,
        movement=movement,
        boards_per_round=boards_per_round,
        one_winner=bool(arrow_switch),
        **(club.option_values() if options is None else options),
    )
    section = Section.objects.create(
        event=event, name="A", tables=tables, phantom=phantom, rounds=rounds,
        arrow_switch=arrow_switch,
    )  # fmt: skip
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
    return event


def arrow_switch_rounds(text: str, movement, tables, rounds=None) -> str:
    """The arrow-switch rounds as stored ("6,7"); "last" is the movement's last round."""
    words = [word for word in text.replace(",", " ").lower().split() if word]
    if not words:
        return ""
    if movement == "howell":
        raise ValueError("Arrow-switching is for a Mitchell: in a Howell every pair moves.")
    last = rounds or (tables - 1 if tables % 2 == 0 else tables)
    try:
        numbers = sorted({last if word == "last" else int(word) for word in words})
    except ValueError:
        raise ValueError(
            "Arrow-switch rounds: give round numbers, e.g. 7 or 6,7, or last."
        ) from None
    return ",".join(map(str, numbers))


def movement_error(
    movement, tables, phantom, boards_per_round, scoring_method, rounds=None, arrow_switch=""
):
    """Why this movement cannot be set up, in a director's words, or None when it can."""
    try:
        if movement == "howell":
            scoring.howell(2 * tables - (1 if phantom else 0), boards_per_round)
        else:
            if phantom == "any":
                return "In a Mitchell the missing pair sits NS or EW."
            switched = tuple(int(r) for r in arrow_switch.split(",") if r)
            scoring.mitchell(tables, boards_per_round, phantom or None, rounds, switched)
    except ValueError as error:
        message = str(error)
        return f"{message[0].upper()}{message[1:]}."
    if scoring_method == "hdb" and not 3 <= boards_per_round <= 8:
        return "Home Duplicate Bridge scores sets of 3-8 boards: choose 3-8 boards per round."
    return None
