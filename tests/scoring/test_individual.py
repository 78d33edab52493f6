"""Scoring an individual: a board's traveller matchpointed as the ACBL Duplicate Decisions
("one matchpoint for each score beaten, one half for each tie") says, each player earning their
side's points."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.entry import parse_entry
from scoring.individual import IndividualResult, individual_board, individual_standings
from scoring.individual_movements import rainbow


def traveller(board: int, lines: list[tuple[tuple[int, int, int, int], str]]):
    return [IndividualResult(board, *seats, parse_entry(text, board)) for seats, text in lines]


# Five tables of a Rainbow play board 1: NS scores 420, 420, 450, -50 and 170. Beating 4 is
# 4 matchpoints, beating 2 and tying 1 is 2 1/2, beating 1 is 1, beating none 0; top 4.
BOARD_ONE = traveller(1, [
    ((1, 11, 6, 16), "4S N ="),
    ((2, 12, 7, 17), "4S S ="),
    ((3, 13, 8, 18), "4S N +1"),
    ((4, 14, 9, 19), "4S N -1"),
    ((5, 15, 10, 20), "2S N +1"),
])  # fmt: skip


def test_a_board_is_matchpointed_as_a_pairs_traveller():
    points = individual_board(BOARD_ONE, plays=5)
    assert [p.ns for p in points] == [Fraction(5, 2), Fraction(5, 2), 4, 0, 1]
    assert [p.ew for p in points] == [Fraction(3, 2), Fraction(3, 2), 0, 4, 3]
    assert {p.top for p in points} == {4}


def test_each_player_earns_their_sides_points():
    standings = {s.player: s for s in individual_standings(range(1, 21), [BOARD_ONE], 5)}
    assert standings[3].matchpoints == standings[13].matchpoints == 4
    assert standings[9].matchpoints == standings[19].matchpoints == 4
    assert standings[1].percent == Fraction(250, 4)
    assert standings[6].percent == Fraction(150, 4)
    assert standings[3].place == "1="  # four players share the top: 3, 13, 9 and 19


def test_a_player_not_at_the_table_earns_nothing_from_it():
    with pytest.raises(ValueError, match="did not sit"):
        BOARD_ONE[0].points_of(individual_board(BOARD_ONE, 5)[0], 2)


def test_an_unplayed_board_counts_in_no_ones_tops():
    lines = traveller(2, [((1, 11, 6, 16), "NP"), ((2, 12, 7, 17), "3NT N =")])
    standings = {s.player: s for s in individual_standings(range(1, 21), [lines], 5)}
    assert standings[1].tops == 0 and standings[1].percent is None
    assert standings[2].tops == 4


@given(st.lists(st.sampled_from([-100, -50, 0, 110, 140, 420, 450]), min_size=7, max_size=7))
def test_every_board_shares_out_all_its_matchpoints(scores):
    # Seven tables of a Rainbow play every board: each board's NS and EW points add to the
    # top on every line, and all players together earn 7 tops a board.
    movement = rainbow(7)
    lines = [
        IndividualResult(1, *seating.players, parse_entry(str(score) if score else "PASS", 1))
        for seating, score in zip(movement.seatings_of_board(1, 1), scores, strict=True)
    ]
    standings = individual_standings(range(1, 29), [lines], plays=7)
    assert sum(s.matchpoints for s in standings) == 2 * 7 * 6
    assert sum(s.tops for s in standings) == 4 * 7 * 6
