"""Two sessions of the same six pairs, played in full: the championships' tests' field."""

import datetime

from events.entry.saving import save_result
from events.models import Board, Pair
from tests.factories import make_session

NAMES = {
    ("NS", 1): ("Ann", "Bob"), ("NS", 2): ("Cat", "Dan"), ("NS", 3): ("Eve", "Fay"),
    ("EW", 1): ("Gus", "Hal"), ("EW", 2): ("Ida", "Jo"), ("EW", 3): ("Kim", "Lee"),
}  # fmt: skip


def name_pairs(event, names):
    for pair in Pair.objects.filter(section__event=event):
        pair.player1, pair.player2 = names.get((pair.direction, pair.number), ("", ""))
        pair.save()


def play_everything(event, director, lines, boards=None):
    """Every table types, by its NS pair's number, `lines[number]` (on `boards`, or all)."""
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    movement = section.movement()
    for board in Board.objects.filter(section=section).order_by("number"):
        if boards is not None and board.number not in boards:
            continue
        for seating in movement.plays_of_board(board.number):
            ns, ew = pairs[seating.ns], pairs[seating.ew]
            save_result(board, ns, ew, lines[ns.number], director)


def two_sessions(club, published=True, **fields):
    """Session 1 (24 Nov) and session 2 (25 Nov): 3-table Mitchells of 6 boards, top 2."""
    one = make_session(club, name="Pairs championship 1", **fields)
    two = make_session(club, name="Pairs championship 2", date=datetime.date(2026, 11, 25),
                       **fields)  # fmt: skip
    for event in (one, two):
        event.published = published
        event.save()
    return one, two
