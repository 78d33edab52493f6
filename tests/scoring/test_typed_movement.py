"""A club's own movement, typed by its director as a table, checked like every movement.

The table typed here is Ian McKinnon's 4-table Howell "8-1 6-5 4-2 R 7-3 2R" (Bridge Central,
"Producing Howell movements"), written out round by round, as a club's printed cards give it.
"""

import re

import pytest

from scoring import Pair, library_movement, typed_movement


def as_typed(movement) -> str:
    return "\n".join(
        f"{s.round}, {s.table}, {s.ns.number if s.ns else '-'}, {s.ew.number if s.ew else '-'}, "
        f"{s.board_set}"
        for s in movement.seatings
    )


def test_a_published_howell_typed_out_is_that_howell():
    published = library_movement("mckinnon-4-ab", 3)
    typed = typed_movement("# our cards\n\n" + as_typed(published), 3)
    assert typed.seatings == published.seatings
    assert (typed.tables, typed.rounds, typed.board_sets) == (4, 7, 7)
    assert typed.name == "Club movement, 4 tables, 7 rounds"


def test_a_sit_out_is_typed_as_a_dash():
    published = library_movement("mckinnon-4-ab", 2, missing_highest=True)
    typed = typed_movement(as_typed(published), 2)
    assert typed.seatings == published.seatings and Pair(8) not in typed.pairs


@pytest.mark.parametrize(
    "text,message",
    [
        ("1 1 1 2 1\n2 1 1 2 2", "pairs 1 and 2 meet 2 times"),
        ("1 1 1 2 1\n1 2 3 4 2\n2 1 1 3 1\n2 2 2 4 2", "pair 1 meets board set 1 2 times"),
        ("1 1 1 2 1\n1 2 3 4 1\n2 1 1 3 2", "round 2 has no line for table 2"),
        ("1 1 1 2", "line 1 ('1 1 1 2') has 4 entries; give 5"),
        ("1 1 one 2 1", "give whole numbers, or - for no pair"),
        ("1 1 1 3 1", "number the pairs 1-2 with none left out"),
        ("", "type the movement as lines of"),
    ],
)
def test_a_table_that_breaks_a_movements_promises_is_refused_in_words(text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        typed_movement(text, 2)
