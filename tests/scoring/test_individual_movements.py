"""Individual movements against the tables and moves their sources print: the Rainbow movement
(Baron Barclay Bridge Supply, "The Rainbow Movement for Individual Duplicate Games"; John Pain,
"Unusual (but useful) Movements for Clubs", EBU newsletter) and the two-table one-winner
individual (ACBL club guide, "# Tables / Comments", on paperzz.com)."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.individual_movements import (
    IndividualMovement,
    individual_movement,
    rainbow,
    two_table_individual,
)

PRIMES = [5, 7, 11, 13]


def partnerships(movement: IndividualMovement) -> Counter:
    return Counter(
        frozenset(pair)
        for seating in movement.all_seatings()
        for pair in ((seating.north, seating.south), (seating.east, seating.west))
    )


def oppositions(movement: IndividualMovement) -> Counter:
    return Counter(
        frozenset((ours, theirs))
        for seating in movement.all_seatings()
        for ours in (seating.north, seating.south)
        for theirs in (seating.east, seating.west)
    )


def check_invariants(movement: IndividualMovement) -> None:
    """What every individual movement must give, whatever its source."""
    players = range(1, movement.players + 1)
    for round_seatings in movement.seatings:
        seated = [player for seating in round_seatings for player in seating.players]
        assert sorted(seated) == list(players), "every player sits once a round"
    assert max(partnerships(movement).values()) == 1, "no one partners anyone twice"
    sets_played = Counter(
        (player, seating.board_set)
        for seating in movement.all_seatings()
        for player in seating.players
    )
    assert max(sets_played.values()) == 1, "no one plays a board twice"
    plays = Counter(seating.board_set for seating in movement.all_seatings())
    assert set(plays) == set(range(1, movement.board_sets + 1))
    assert set(plays.values()) == {movement.plays_per_board}


# The ACBL guide: round 1 seats (tables 1 and 2, N S E W) and the cycle 1S>2S>1E>2N>2W>2E>1W>1S.
def test_two_table_first_round_is_the_guides():
    first = two_table_individual().seatings[0]
    assert first[0].players == (8, 1, 6, 2)
    assert first[1].players == (5, 7, 3, 4)


def test_two_table_players_move_round_the_guides_cycle():
    movement = two_table_individual()
    second = movement.seatings[1]
    # 1S (1) to 2S, 2S (7) to 1E, 1E (6) to 2N, 2N (5) to 2W, 2W (4) to 2E, 2E (3) to 1W,
    # 1W (2) to 1S; 8 stays at 1N.
    assert second[0].players == (8, 2, 7, 3)
    assert second[1].players == (6, 1, 4, 5)
    assert all(round_seatings[0].north == 8 for round_seatings in movement.seatings)
    assert movement.rounds == 7


def test_two_table_everyone_partners_everyone_once_and_meets_them_twice():
    # With seven rounds and seven others, each player partners each other once, and the
    # 14 opponent-places are two meetings with each (John Pain, EBU: the 8-player movement
    # meets the first two of his four criteria).
    movement = two_table_individual()
    check_invariants(movement)
    everyone = [frozenset(pair) for pair in combinations(range(1, 9), 2)]
    assert partnerships(movement) == Counter(everyone)
    assert oppositions(movement) == Counter({pair: 2 for pair in everyone})


@pytest.mark.parametrize("tables", PRIMES)
def test_rainbow_moves_as_baron_barclay_says(tables):
    movement = rainbow(tables)
    for before, after in zip(movement.seatings, movement.seatings[1:]):
        for seating in before:
            up = {step: (seating.table - 1 + step) % tables for step in (1, 2, -2, -1)}
            assert after[seating.table - 1].north == seating.north  # North stationary
            assert after[up[1]].south == seating.south  # South up one
            assert after[up[2]].east == seating.east  # East up two
            assert after[up[-2]].west == seating.west  # West down two
            assert after[up[-1]].board_set == seating.board_set  # boards down one


def test_rainbow_seven_tables_numbers_lines_as_the_newsgroup_answer():
    # "N's are 1-7; E's are 8-14, S's are 15-21; and W's are 22-28" at seven tables.
    first = rainbow(7).seatings[0]
    assert [seating.north for seating in first] == list(range(1, 8))
    assert [seating.east for seating in first] == list(range(8, 15))
    assert [seating.south for seating in first] == list(range(15, 22))
    assert [seating.west for seating in first] == list(range(22, 29))


@pytest.mark.parametrize("tables", PRIMES)
def test_rainbow_keeps_the_individual_invariants(tables):
    movement = rainbow(tables)
    check_invariants(movement)
    assert movement.rounds == tables
    # Nobody meets an opponent twice: over n rounds a player's 2n opponents are all different.
    assert max(oppositions(movement).values()) == 1


@given(st.integers(min_value=0, max_value=40))
def test_rainbow_refuses_what_it_cannot_seat(tables):
    # Baron Barclay: "works only with prime numbers of tables"; at 2 and 3 its shifts of two
    # wrap onto the shift of one and players meet boards again.
    is_prime = tables >= 2 and all(tables % d for d in range(2, tables))
    if tables >= 5 and is_prime:
        check_invariants(rainbow(tables))
    else:
        with pytest.raises(ValueError, match="prime number of tables"):
            rainbow(tables)


def test_board_numbers_follow_the_sets():
    movement = rainbow(5)
    assert list(movement.boards(3, 2)) == [5, 6]
    assert {seating.board_set for seating in movement.seatings_of_board(6, 2)} == {3}
    assert len(movement.seatings_of_board(6, 2)) == 5


def test_movement_by_name_refuses_in_words():
    assert individual_movement("two_table", 2).players == 8
    with pytest.raises(ValueError, match="for 2 tables, not 3"):
        individual_movement("two_table", 3)
    with pytest.raises(ValueError, match="prime"):
        individual_movement("rainbow", 6)
    with pytest.raises(ValueError, match="No individual movement"):
        individual_movement("shomate", 5)
