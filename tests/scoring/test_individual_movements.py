"""Individual movements against the tables and moves their sources print: the Rainbow movement
(Baron Barclay Bridge Supply, "The Rainbow Movement for Individual Duplicate Games"; John Pain,
"Unusual (but useful) Movements for Clubs", EBU newsletter) and the two-table one-winner
individual (ACBL club guide, "# Tables / Comments", on paperzz.com); and the six-table cyclic
round robin of Bill Butler ("Durango Bill"), "Cyclic solutions to the round-robin Bridge
tournament problem", durangobill.com/BridgeCyclicSolutions.html."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.individual_movements import (
    IndividualMovement,
    individual_movement,
    rainbow,
    six_table_individual,
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


# Durango Bill's six-table starting round, as transcribed from his page (tables written "a and
# b vs. c and d") into the public repository rossgrat/wtm, go-parse/start-rounds.json: 17 and 18
# against 3 and 13, 20 and 22 against 6 and 9, and so on; his players are 0 to 23, 23 staying
# put. His player k is Clubscore's player k + 1, the first pair North-South (Clubscore's reading).
DURANGO_BILL_SIX_TABLES = [
    (17, 18, 3, 13), (20, 22, 6, 9), (15, 19, 8, 16),
    (5, 10, 2, 11), (21, 4, 23, 0), (7, 14, 1, 12),
]  # fmt: skip


def test_six_table_first_round_is_durango_bills():
    first = six_table_individual().seatings[0]
    assert [seating.players for seating in first] == [
        tuple(bill + 1 for bill in table) for table in DURANGO_BILL_SIX_TABLES
    ]
    assert {seating.board_set for seating in first} == {1}


@pytest.mark.parametrize("round_number", [2, 12, 23])
def test_six_table_players_add_one_modulo_23_but_the_last_stays(round_number):
    # His cyclic rule: each round every player but 23 adds one, 22 going back to 0.
    def bill_after(bill: int) -> int:
        return bill if bill == 23 else (bill + round_number - 1) % 23

    seated = six_table_individual().seatings[round_number - 1]
    assert [seating.players for seating in seated] == [
        tuple(bill_after(bill) + 1 for bill in table) for table in DURANGO_BILL_SIX_TABLES
    ]
    assert seated[4].east == 24


def test_six_table_everyone_partners_everyone_once_and_meets_them_twice():
    # Durango Bill: "every player have every other player as a partner once and as an opponent
    # twice" over 23 rounds.
    movement = six_table_individual()
    check_invariants(movement)
    assert (movement.rounds, movement.players, movement.board_sets) == (23, 24, 23)
    everyone = [frozenset(pair) for pair in combinations(range(1, 25), 2)]
    assert partnerships(movement) == Counter(everyone)
    assert oppositions(movement) == Counter({pair: 2 for pair in everyone})


@given(st.integers(min_value=1, max_value=23))
def test_six_table_stopped_after_any_round_keeps_partners_once_and_opponents_twice(rounds):
    # A club plays as many rounds as the evening holds; any first rounds keep the limits.
    movement = six_table_individual()
    shortened = IndividualMovement(
        movement.name, movement.title, 6, movement.seatings[:rounds], rounds, plays_per_board=6
    )
    check_invariants(shortened)
    assert max(oppositions(shortened).values()) <= 2


def left_hand_opponents(movement: IndividualMovement) -> Counter:
    # Clockwise round the table N, E, S, W: North's left-hand opponent is East, and so on.
    return Counter(
        (player, left)
        for seating in movement.all_seatings()
        for player, left in (
            (seating.north, seating.east),
            (seating.east, seating.south),
            (seating.south, seating.west),
            (seating.west, seating.north),
        )
    )


def test_six_table_left_and_right_opponents_as_measured():
    # John Pain's third criterion (each opponent once on the left, once on the right) is met
    # for 115 of the 276 pairs; the other 161 pairs meet with the same player on the left both
    # times. Measured on the table above, not claimed by the page.
    lefts = left_hand_opponents(six_table_individual())
    balanced = [
        pair for pair in combinations(range(1, 25), 2) if lefts[pair] == lefts[pair[::-1]] == 1
    ]
    lopsided = [
        pair for pair in combinations(range(1, 25), 2) if {lefts[pair], lefts[pair[::-1]]} == {0, 2}
    ]
    assert (len(balanced), len(lopsided)) == (115, 161)


def test_six_table_seats_as_measured():
    # Player 24 (his "23") sits East at table 5 all 23 rounds; everyone else sits North 6
    # times, South 6, East 5 and West 6.
    seats = Counter(
        (player, seat)
        for seating in six_table_individual().all_seatings()
        for player in seating.players
        for seat in [seating.seat_of(player)]
    )
    assert seats[(24, "E")] == 23
    for player in range(1, 24):
        assert [seats[(player, seat)] for seat in "NSEW"] == [6, 6, 5, 6]


def test_six_table_by_name_is_for_six_tables_only():
    assert individual_movement("six_table", 6).players == 24
    with pytest.raises(ValueError, match="for 6 tables, not 7"):
        individual_movement("six_table", 7)


# Cut short: a movement stopped after its first rounds, as a Mitchell is. In a Rainbow every
# table plays a different set each round and the sets go down one table (Baron Barclay), so
# after R rounds every set has been played R times; in the two-table and six-table movements
# every table plays the round's set, so R rounds play R sets, each at every table.


@pytest.mark.parametrize(
    ("movement", "rounds", "board_sets", "plays_per_board"),
    [(rainbow(7), 4, 7, 4), (rainbow(5), 1, 5, 1), (six_table_individual(), 8, 8, 6),
     (two_table_individual(), 3, 3, 2)],
)  # fmt: skip
def test_first_rounds_play_the_sets_as_the_movement_moves_them(
    movement, rounds, board_sets, plays_per_board
):
    cut = movement.first_rounds(rounds)
    assert (cut.rounds, cut.board_sets, cut.plays_per_board) == (
        rounds, board_sets, plays_per_board
    )  # fmt: skip
    assert cut.seatings == movement.seatings[:rounds]


@given(st.sampled_from(["rainbow-5", "rainbow-7", "rainbow-11", "two_table", "six_table"]),
       st.data())  # fmt: skip
def test_any_first_rounds_keep_the_individual_invariants(name, data):
    movement = rainbow(int(name.split("-")[1])) if "-" in name else individual_movement(
        name, 2 if name == "two_table" else 6)  # fmt: skip
    rounds = data.draw(st.integers(min_value=1, max_value=movement.rounds))
    check_invariants(movement.first_rounds(rounds))


@pytest.mark.parametrize("rounds", [0, 24])
def test_first_rounds_refuse_rounds_the_movement_has_not(rounds):
    with pytest.raises(ValueError, match="has 1 to 23 rounds, not"):
        six_table_individual().first_rounds(rounds)
