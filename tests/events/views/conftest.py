"""What the views' tests share."""

import pytest

from events.entry.saving import save_result
from events.models import Board


@pytest.fixture
def scene(mitchell_session, director):
    """Board 1 of the Mitchell with one result on it, 4S N = by the director."""
    section = mitchell_session.sections.get()
    board = Board.objects.get(section=section, number=1)
    pairs = {p.key: p for p in section.pairs.all()}
    seating = section.movement().plays_of_board(1)[0]
    ns, ew = pairs[seating.ns], pairs[seating.ew]
    result = save_result(board, ns, ew, "4S N =", director)
    entry = {"board": board.pk, "ns": ns.pk, "ew": ew.pk, "text": "7NTXX N -13"}
    return {"event": mitchell_session, "section": section, "board": board, "result": result,
            "entry": entry}  # fmt: skip
