"""The grid of a section's tables and rounds: how many of each table's boards are in, round by
round, and (on the table links page) what the phones add: the opponents' agreement, a query,
a table the room has left behind.

The movement is the 3-table, 3-round Mitchell at 2 boards a round (bridgecentral.com, *The
Mitchell movement*: NS stay, EW move up one table, boards move down one): round 1 table t
plays boards 2t-1 and 2t, NS t against EW t; round 2 table 1 plays boards 3 and 4.
"""

import pytest

from events.entry.saving import save_result
from events.models import Result
from events.phone import links as table_links
from events.phone import table_round as phone
from events.sessions.grid import Cell, CellState, table_round_grid
from tests.events.phone.helpers import board, confirm, enter, pair
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(mitchell_session):
    return mitchell_session.sections.get()


@pytest.fixture
def links(section):
    return {link.table: link for link in table_links.ensure_links(section)}


def director_saves(director, section, number, ns, ew, text="PASS", **kwargs):
    """The director types a line for the pairs `ns` and `ew` (their numbers)."""
    ns, ew = pair(section, "NS", ns), pair(section, "EW", ew)
    return save_result(board(section, number), ns, ew, text, director, **kwargs)


def test_the_director_grid_says_what_each_table_did(section, links, director):
    enter(links[1], 1, "3NT S =")
    enter(links[1], 2, "PASS")
    confirm(links[1], 1)
    enter(links[2], 3, "4S N +1")
    director_saves(director, section, 5, 3, 3, "2H E -1")
    grid = table_round_grid(section, phone=True)
    round_one = [(cell.state, cell.confirmed, cell.agreed) for cell in grid.rows[0][1]]
    # Table 1: both in, one agreed; table 2: one in, waiting; table 3: the director's, agreed.
    assert round_one == [("done", 1, False), ("partial", 0, False), ("partial", 1, False)]
    assert grid.late_tables() == []


def test_a_round_is_agreed_once_every_board_is_confirmed(section, links):
    enter(links[1], 1, "3NT S =")
    enter(links[1], 2, "PASS")
    confirm(links[1], 1)
    confirm(links[1], 2)
    cell = table_round_grid(section, phone=True).rows[0][1][0]
    assert (cell.state, cell.confirmed, cell.agreed, cell.queried) == ("done", 2, True, False)


def test_a_queried_board_flags_its_cell_whatever_else_is_in(section, links):
    enter(links[3], 5, "2H E -1")
    b = board(section, 5)
    phone.query(links[3], b.pk, Result.objects.get(board=b).version)
    cell = table_round_grid(section, phone=True).rows[0][1][2]
    assert (cell.state, cell.queried, cell.confirmed) == ("partial", True, 0)


def test_a_table_behind_the_room_is_late(section, links):
    for table, numbers in ((1, (1, 2)), (2, (3, 4))):
        for number in numbers:
            enter(links[table], number, "PASS")
            confirm(links[table], number)
    enter(links[1], 3, "PASS")  # tables 1 and 2 are in round 2; table 3 has nothing
    enter(links[2], 5, "PASS")
    grid = table_round_grid(section, phone=True)
    assert grid.late_tables() == [3]
    assert grid.rows[0][1][2].late and grid.rows[0][1][2].state == "empty"
    assert not any(cell.late for _, cells in grid.rows[1:] for cell in cells)


def test_the_session_grid_counts_each_table_rounds_results(section, director):
    for number, ns, ew in ((1, 1, 1), (2, 1, 1), (3, 2, 2)):
        director_saves(director, section, number, ns, ew)
    grid = table_round_grid(section)
    assert grid.section_id == section.pk
    assert grid.tables == [1, 2, 3]
    assert [round_number for round_number, _ in grid.rows] == [1, 2, 3]
    assert [(c.entered, c.due) for c in grid.rows[0][1]] == [(2, 2), (1, 2), (0, 2)]
    assert [c.state for c in grid.rows[0][1]] == ["done", "partial", "empty"]
    assert [c for c in grid.cells if c.unfinished][0] == Cell(1, 2, 2, 1)
    assert len([c for c in grid.cells if c.unfinished]) == 8
    # With the phones' facts the counts are the same.
    with_phones = table_round_grid(section, phone=True)
    assert [(c.entered, c.due) for c in with_phones.cells] == [
        (c.entered, c.due) for c in grid.cells
    ]


def test_a_result_against_other_opponents_counts_for_the_ns_pairs_round(section, director):
    director_saves(director, section, 1, 1, 2, override=True)  # off the movement, confirmed
    assert table_round_grid(section).rows[0][1][0].entered == 1


def test_a_half_table_sits_out_each_round(club):
    section = make_session(club, tables=3, phantom="EW").sections.get()
    grid = table_round_grid(section)
    for _, cells in grid.rows:
        sitting_out = [cell for cell in cells if cell.state == CellState.SIT_OUT]
        assert len(sitting_out) == 1 and sitting_out[0].due == 0
        assert not sitting_out[0].unfinished


def test_a_section_without_a_movement_has_no_grid(section):
    section.movement = lambda: None
    assert table_round_grid(section).rows == []
    assert table_round_grid(section, phone=True).tables == []


@pytest.mark.parametrize("phone", [False, True])
def test_the_grid_is_one_query_given_the_pairs(section, director, phone, django_assert_num_queries):
    director_saves(director, section, 1, 1, 1)
    pairs = list(section.pairs.all())
    section.movement()
    with django_assert_num_queries(1):
        table_round_grid(section, pairs, phone=phone)
