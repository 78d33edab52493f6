"""The published movements of the library, against the promises every movement must keep and
against the cards their sources print.

Sources: Ian McKinnon, Bridge Central movement pages ("4 Table Howell", "Producing Howell
movements", "Endless Howell movement", "Reduced Howell" for the rule of the rounds after the
first); bridgescoreplus.com "Recommended movements" (compiled with ACBL directors) for the
2-table Howell.
"""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    LIBRARY,
    Pair,
    check_movement,
    library_choices,
    library_for_pairs,
    library_movement,
    pair_guide,
)

KEYS = sorted(LIBRARY)


def cell(movement, round_number, table):
    s = movement.seating(round_number, table)
    return (s.ns.number if s.ns else None, s.ew.number if s.ew else None, s.board_set)


@given(
    key=st.sampled_from(KEYS),
    boards_per_round=st.integers(1, 8),
    missing_highest=st.booleans(),
)
def test_every_library_movement_passes_the_movement_checks(key, boards_per_round, missing_highest):
    movement = library_movement(key, boards_per_round, missing_highest)
    assert check_movement(movement) == []
    assert movement.library == key
    assert movement.name == LIBRARY[key].label


@pytest.mark.parametrize("key", KEYS)
def test_a_complete_howell_meets_everyone_once_and_plays_every_set_once(key):
    # McKinnon, "Reduced Howell": a Howell is incomplete when "the pairs do not meet all the
    # other pairs"; every one here is complete: 2T pairs, 2T-1 rounds.
    movement = library_movement(key, 2)
    pairs = movement.pairs
    assert len(pairs) == 2 * movement.tables == movement.rounds + 1
    met = Counter(frozenset((s.ns, s.ew)) for s in movement.seatings)
    assert set(met) == {frozenset(two) for two in combinations(pairs, 2)}
    assert set(met.values()) == {1}
    for pair in pairs:
        sets = [s.board_set for s in movement.seatings if pair in (s.ns, s.ew)]
        assert sorted(sets) == list(range(1, movement.board_sets + 1))


@pytest.mark.parametrize("key", ["mckinnon-4-ab", "mckinnon-4-ac", "mckinnon-4-bc"])
def test_mckinnons_four_table_howells_are_perfect(key):
    # McKinnon, "4 Table Howell": "all the 4 table Howell movements are perfect" ("a Howell
    # with all the relay boards ... on two relays where the number of tables is even", so no
    # two tables ever share a set in a round).
    movement = library_movement(key, 3)
    for round_number in range(1, movement.rounds + 1):
        sets = [s.board_set for s in movement.seatings if s.round == round_number]
        assert len(sets) == len(set(sets)) == 4


def test_mckinnons_worked_four_table_howell():
    # McKinnon, "Producing Howell movements": "the complete Howell is: 8-1 4-2 7-3 6-5 /
    # 1 3 5 2 ... in the shorthand method: 8-1 6-5 4-2 R 7-3 2R".
    movement = library_movement("mckinnon-4-ab", 4)
    assert [cell(movement, 1, t) for t in (1, 2, 3, 4)] == [
        (8, 1, 1),
        (6, 5, 2),
        (4, 2, 3),
        (7, 3, 5),
    ]
    # "each pair (except the highest numbered pair) moves to the spot vacated by the pair
    # with the number immediately below their own"; boards to the next lower place.
    assert cell(movement, 2, 1) == (8, 2, 2)
    assert cell(movement, 2, 4) == (1, 4, 6)  # 7-3 at place 5 becomes 1-4, set 6 from place 6
    assert movement.boards_of_set(5) == range(17, 21)


def test_mckinnons_other_four_table_howells_start_as_printed():
    # McKinnon, "4 Table Howell": "BS (a) ... SS (c) 8-1 2R 6-2 R 7-5 4-3" and "BS (b) ...
    # SS (c) 8-1 2R 7-5 R 4-3 2-6": tables at places 1, 4, 6 and 7.
    ac = library_movement("mckinnon-4-ac", 2)
    assert [cell(ac, 1, t) for t in (1, 2, 3, 4)] == [(8, 1, 1), (6, 2, 4), (7, 5, 6), (4, 3, 7)]
    bc = library_movement("mckinnon-4-bc", 2)
    assert [cell(bc, 1, t) for t in (1, 2, 3, 4)] == [(8, 1, 1), (7, 5, 4), (4, 3, 6), (2, 6, 7)]


def test_mckinnons_endless_howell():
    # McKinnon, "Endless Howell movement": "Player starting positions 8-1 7-2 6-3 5-4 /
    # Board sets round 1: 1 3 5 2".
    movement = library_movement("mckinnon-4-endless", 3)
    assert [cell(movement, 1, t) for t in (1, 2, 3, 4)] == [
        (8, 1, 1),
        (7, 2, 3),
        (6, 3, 5),
        (5, 4, 2),
    ]
    # "table 2 might start with set 3 and on subsequent rounds the boards played are sets
    # 4, 5, 6, 7, 1, 2".
    assert [cell(movement, r, 2)[2] for r in range(1, 8)] == [3, 4, 5, 6, 7, 1, 2]
    # "The N-S pair at table 1 remains stationary"; "When the E-W pairs reach table 1 they
    # switch to N-S at table 2 after playing as E-W at table 1"; "The N-S pairs swivel to
    # E-W at the highest numbered table after playing at that table as N-S".
    assert [cell(movement, r, 1)[0] for r in range(1, 8)] == [8] * 7
    assert cell(movement, 2, 1)[1] == 2 and cell(movement, 3, 2)[0] == 2
    assert cell(movement, 2, 4)[1] == 5
    assert cell(movement, 2, 3)[0] == 7  # NS move up a table


def test_the_acbl_two_table_howell():
    # bridgescoreplus.com, "Recommended movements", 2 tables: "one stationary pair, #4 at
    # table 1 NS ... Standard (in round one, pair 3 is NS, pair 2 EW) ... both tables sharing
    # boards in each round"; "a shorter 21 or 24-board game (7 or 8 per round)".
    movement = library_movement("acbl-2-standard", 8)
    assert movement.rounds == 3 and movement.boards == range(1, 25)
    assert cell(movement, 1, 1) == (4, 1, 1)
    assert cell(movement, 1, 2) == (3, 2, 1)
    for r in (1, 2, 3):
        assert cell(movement, r, 1)[0] == 4
        assert cell(movement, r, 1)[2] == cell(movement, r, 2)[2] == r  # a barometer


def test_a_half_table_leaves_out_the_highest_pair():
    movement = library_movement("mckinnon-4-ab", 3, missing_highest=True)
    assert Pair(8) not in movement.pairs and len(movement.pairs) == 7
    # Whoever would meet pair 8 sits out at table 1: one sit-out a round, each pair once.
    sitting_out = [s.ew for s in movement.seatings if not s.is_played]
    assert sorted(p.number for p in sitting_out) == list(range(1, 8))


def test_the_stationary_pairs_guide_card_keeps_it_at_table_1():
    stops = pair_guide(library_movement("mckinnon-4-ab", 3), Pair(8))
    assert {(stop.table, stop.seat) for stop in stops} == {(1, "NS")}
    assert [stop.opponents.number for stop in stops] == list(range(1, 8))


def test_choices_by_tables_and_pairs():
    assert [key for key, _ in library_choices(4)] == [
        "mckinnon-4-ab",
        "mckinnon-4-ac",
        "mckinnon-4-bc",
        "mckinnon-4-endless",
    ]
    assert library_choices(5) == []
    assert library_for_pairs(7) == library_for_pairs(8) == [key for key, _ in library_choices(4)]
    assert library_for_pairs(3) == library_for_pairs(4) == ["acbl-2-standard"]


def test_an_unknown_movement_is_refused_in_words():
    with pytest.raises(ValueError, match="not a movement of the library"):
        library_movement("howell-99", 2)
    with pytest.raises(ValueError, match="boards per round must be 1-8"):
        library_movement("mckinnon-4-ab", 9)
