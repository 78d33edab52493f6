"""Barometer movements: every table plays the same board set in a round.

Sources: Ian McKinnon, Bridge Central, "Barometer and round robin movements"
(bridgecentral.com/MvtHTML/barometerandroundrobinmove.htm: "a type of a Howell, with the base
skeleton superimposed upon itself, so that all the tables play the same boards on each
round"), and "Barometers for few tables" (bridgecentral.com/MvtHTML/barometersforfewtables.htm:
a Mitchell of 3-5 tables shares one set among all tables; "the E-W pairs move up one table
and all tables play the next set"; 5-board sets played "in 3, 4 ... rounds" make "15, 20"
boards). ASE Computing, "Running a barometer pairs' event" (asecomputing.com help): "the
boards are shared across all tables on each round".
"""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    barometer_howell,
    barometer_mitchell,
    check_movement,
    howell,
    howell_lengths,
    mitchell,
)
from scoring.domain import Direction


def same_set_each_round(movement) -> bool:
    return all(
        len({s.board_set for s in movement.seatings if s.round == r}) == 1
        for r in range(1, movement.rounds + 1)
    )


def no_pair_replays_a_board(movement) -> bool:
    plays = Counter(
        (pair, board)
        for s in movement.seatings
        for pair in (s.ns, s.ew)
        if pair is not None
        for board in movement.boards_of_set(s.board_set)
    )
    return set(plays.values()) <= {1}


@st.composite
def howells(draw):
    pairs = draw(st.integers(4, 12))
    rounds = draw(st.sampled_from([None, *howell_lengths(pairs)]))  # partial Howells too
    return barometer_howell(pairs, draw(st.integers(1, 8)), rounds)


@st.composite
def mitchells(draw):
    tables = draw(st.integers(3, 16))
    return barometer_mitchell(
        tables,
        draw(st.integers(1, 8)),
        draw(st.sampled_from([None, Direction.NS, Direction.EW])),
        draw(st.integers(1, tables)),
    )


@given(movement=st.one_of(howells(), mitchells()))
def test_every_table_plays_the_same_set_each_round_and_no_pair_replays_a_board(movement):
    assert check_movement(movement) == []
    assert same_set_each_round(movement)
    assert no_pair_replays_a_board(movement)
    # ASE: the set on table 1 in round 1 is the set of round 1; here set r in round r.
    assert {s.round for s in movement.seatings} == {s.board_set for s in movement.seatings}
    assert all(s.board_set == s.round for s in movement.seatings)


@pytest.mark.parametrize("pairs", range(4, 17))
def test_a_barometer_howell_keeps_clubscores_howell_pairings(pairs):
    # McKinnon: the Howell's skeleton "superimposed upon itself": same meetings, same sets.
    ordinary, barometer = howell(pairs, 2), barometer_howell(pairs, 2)
    assert [(s.round, s.table, s.ns, s.ew) for s in ordinary.seatings] == [
        (s.round, s.table, s.ns, s.ew) for s in barometer.seatings
    ]
    assert barometer.name.startswith(f"{ordinary.tables}-table barometer Howell")
    met = Counter(frozenset((s.ns, s.ew)) for s in barometer.seatings if s.is_played)
    assert set(met.values()) == {1}
    assert len(met) == len(list(combinations(barometer.pairs, 2)))


def test_mckinnons_few_tables_example_four_tables_five_board_sets():
    # "5-board sets can be shared among 4 tables ... the E-W pairs move up one table and all
    # tables play the next set": 3 or 4 rounds make 15 or 20 boards.
    for rounds, boards in ((3, 15), (4, 20)):
        movement = barometer_mitchell(4, 5, rounds=rounds)
        assert len(movement.boards) == boards
        assert same_set_each_round(movement)
    movement = barometer_mitchell(4, 5)
    for s in movement.seatings:
        if s.round < movement.rounds:
            later = movement.seating(s.round + 1, s.table % 4 + 1)
            assert later.ew == s.ew  # EW up one table
            assert movement.seating(s.round + 1, s.table).ns == s.ns  # NS stay
    # An even number of tables needs no skip: every EW pair meets every NS pair once.
    met = Counter((s.ns, s.ew) for s in movement.seatings)
    assert len(met) == 16 and set(met.values()) == {1}


def test_an_odd_barometer_mitchell_seats_as_the_mitchell_does():
    ordinary, barometer = mitchell(5, 3), barometer_mitchell(5, 3)
    assert [(s.round, s.table, s.ns, s.ew) for s in ordinary.seatings] == [
        (s.round, s.table, s.ns, s.ew) for s in barometer.seatings
    ]


def test_a_half_table_and_wrong_sizes():
    movement = barometer_mitchell(5, 2, Direction.EW)
    assert sum(1 for s in movement.seatings if not s.is_played) == 5
    with pytest.raises(ValueError, match="1-4 rounds"):
        barometer_mitchell(4, 2, rounds=5)
    with pytest.raises(ValueError, match="3-30 tables"):
        barometer_mitchell(2, 2)
    with pytest.raises(ValueError, match="NS or EW"):
        barometer_mitchell(4, 2, "any")
