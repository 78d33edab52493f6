"""The published movements of the library, against the promises every movement must keep and
against the cards their sources print.

Sources: Ian McKinnon, Bridge Central movement pages ("4 Table Howell", "Producing Howell
movements", "Endless Howell movement", "Reduced Howell" for the rule of the rounds after the
first); bridgescoreplus.com "Recommended movements" (compiled with ACBL directors) for the
2-table Howell; the movement files of The Bridge Scorekeeper (github.com/thebridsk/bridgescorer,
server/src/main/resources/com/github/thebridsk/bridge/server/backend/, MIT licence) for the
complete 5, 6 and 7-table Howells, with BridgeHands' "Guide Card" page
(bridgehands.com/G/Guide_Card.htm) and Exeter Bridge Club's movement sheet
(bridgewebs.com/exeter/info.html) for some of their cells.
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
COMPLETE = [key for key in KEYS if not LIBRARY[key].label.startswith("3/4 Howell")]


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


@pytest.mark.parametrize("key", COMPLETE)
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
        "kops-4-7",
    ]
    assert [key for key, _ in library_choices(5)] == ["scorekeeper-5-9", "kops-5-7", "kops-5-9"]
    assert [key for key, _ in library_choices(3)] == ["scorekeeper-3-5"]
    assert library_choices(11) == []
    assert library_for_pairs(7) == library_for_pairs(8) == [key for key, _ in library_choices(4)]
    assert library_for_pairs(3) == library_for_pairs(4) == ["acbl-2-standard"]
    assert library_for_pairs(5) == library_for_pairs(6) == ["scorekeeper-3-5"]


def test_an_unknown_movement_is_refused_in_words():
    with pytest.raises(ValueError, match="not a movement of the library"):
        library_movement("howell-99", 2)
    with pytest.raises(ValueError, match="boards per round must be 1-8"):
        library_movement("mckinnon-4-ab", 9)


# (round, table): (NS, EW, first board, last board), read off The Bridge Scorekeeper's movement
# files at two boards a round, as its files are written.
SCOREKEEPER_CELLS = {
    # Movement.Howell10T5B18.yaml
    "scorekeeper-5-9": {
        (1, 1): (7, 3, 1, 2),
        (1, 2): (5, 2, 3, 4),
        (1, 3): (10, 1, 5, 6),
        (1, 4): (9, 8, 7, 8),
        (1, 5): (4, 6, 9, 10),
        (6, 4): (5, 4, 17, 18),
        (9, 2): (4, 1, 1, 2),
        (9, 3): (10, 9, 3, 4),
    },
    # Movement.Howell12T6B22.yaml
    "scorekeeper-6-11": {
        (1, 1): (12, 1, 1, 2),
        (1, 2): (6, 7, 7, 8),
        (1, 3): (11, 4, 11, 12),
        (1, 4): (3, 9, 15, 16),
        (1, 5): (2, 5, 17, 18),
        (1, 6): (10, 8, 21, 22),
        (4, 3): (3, 7, 17, 18),
        (11, 6): (9, 7, 19, 20),
    },
    # Movement.Howell14T7B26.yaml
    "howell-7-13": {
        (1, 1): (5, 12, 1, 2),
        (1, 2): (2, 4, 3, 4),
        (1, 3): (9, 10, 5, 6),
        (1, 4): (14, 1, 7, 8),
        (1, 5): (8, 13, 9, 10),
        (1, 6): (7, 11, 11, 12),
        (1, 7): (6, 3, 13, 14),
        (10, 1): (1, 8, 19, 20),
        (13, 7): (5, 2, 11, 12),
    },
}


@pytest.mark.parametrize("key", sorted(SCOREKEEPER_CELLS))
def test_the_complete_howells_match_the_scorekeepers_files(key):
    movement = library_movement(key, 2)
    for (round_number, table), (ns, ew, first, last) in SCOREKEEPER_CELLS[key].items():
        s = movement.seating(round_number, table)
        assert (s.ns.number, s.ew.number) == (ns, ew), (round_number, table)
        assert movement.boards_of_set(s.board_set) == range(first, last + 1), (round_number, table)


@pytest.mark.parametrize(
    "key,tables,stationary,waiting",
    [
        # Exeter Bridge Club's movement sheet: "5 or 4 1/2 Tables Howell, 9 rounds, 27 boards
        # ... Sets of 3 boards, 4 relays between tables 5 & 1"; "7 or 6 1/2 Tables Howell, 13
        # rounds, 26 boards ... 13 sets of 2 boards, 6 relays between tables 7 & 1".
        ("scorekeeper-5-9", 5, (10, 3), [6, 7, 8, 9]),
        ("scorekeeper-6-11", 6, (12, 1), [2, 3, 5, 7, 10]),
        ("howell-7-13", 7, (14, 4), [8, 9, 10, 11, 12, 13]),
    ],
)
def test_the_complete_howells_stationary_pair_and_waiting_sets(key, tables, stationary, waiting):
    movement = library_movement(key, 3)
    assert (movement.tables, movement.rounds, movement.board_sets) == (
        tables,
        2 * tables - 1,
        2 * tables - 1,
    )
    pair, table = stationary
    stops = pair_guide(movement, Pair(pair))
    assert {(stop.table, stop.seat) for stop in stops} == {(table, "NS")}
    in_play = {s.board_set for s in movement.seatings if s.round == 1}
    assert sorted(set(range(1, movement.board_sets + 1)) - in_play) == waiting


def test_the_seven_table_howell_prints_bridgehands_table_1_card():
    # BridgeHands, "Guide Card": "placed on Table 1 for a 14 pair (7 table) session. On the
    # first round, pair #5 sits North/South with pair #12 sitting East/West ... boards 1 and
    # 2 the first round. After playing the first round, the North/South pair #5 players will
    # move to Table 2, sitting East/West"; "round #2: North/South pairs are #6, playing
    # East/West pairs #13, playing boards 3-4".
    movement = library_movement("howell-7-13", 2)
    assert cell(movement, 1, 1) == (5, 12, 1) and movement.boards_of_set(1) == range(1, 3)
    assert cell(movement, 2, 1) == (6, 13, 2) and movement.boards_of_set(2) == range(3, 5)
    assert movement.seating(2, 2).ew == Pair(5)


def test_a_six_and_a_half_table_room_plays_the_seven_table_howell_without_pair_14():
    movement = library_movement("howell-7-13", 2, missing_highest=True)
    assert Pair(14) not in movement.pairs and len(movement.pairs) == 13
    assert all(s.table == 4 for s in movement.seatings if not s.is_played)
    assert library_for_pairs(13) == library_for_pairs(14)
    assert library_for_pairs(14)[0] == "howell-7-13"


def test_the_three_table_howell_is_the_scorekeepers_card():
    # The Bridge Scorekeeper, Movement.Howell06T3B15Relay.yaml, 3 boards a round: every
    # (round, table): NS, EW, first board.
    printed = {
        (1, 1): (6, 1, 1), (1, 2): (4, 3, 4), (1, 3): (2, 5, 10),
        (2, 1): (6, 2, 4), (2, 2): (5, 4, 7), (2, 3): (3, 1, 10),
        (3, 1): (6, 3, 7), (3, 2): (1, 5, 4), (3, 3): (4, 2, 1),
        (4, 1): (6, 4, 10), (4, 2): (2, 1, 7), (4, 3): (5, 3, 1),
        (5, 1): (6, 5, 13), (5, 2): (3, 2, 13), (5, 3): (1, 4, 13),
    }  # fmt: skip
    movement = library_movement("scorekeeper-3-5", 3)
    assert (movement.tables, movement.rounds, movement.boards) == (3, 5, range(1, 16))
    for (round_number, table), (ns, ew, first) in printed.items():
        s = movement.seating(round_number, table)
        assert (s.ns.number, s.ew.number) == (ns, ew)
        assert movement.boards_of_set(s.board_set) == range(first, first + 3)
    # Magic Contest's help: the 3-table Howell has "board sharing between all tables in the
    # last round"; before it no two tables share.
    for round_number in range(1, 5):
        sets = [movement.seating(round_number, t).board_set for t in (1, 2, 3)]
        assert len(set(sets)) == 3
    assert {movement.seating(5, t).board_set for t in (1, 2, 3)} == {5}


def test_two_and_a_half_tables_play_the_three_table_howell_without_pair_6():
    movement = library_movement("scorekeeper-3-5", 3, missing_highest=True)
    assert Pair(6) not in movement.pairs
    sitting_out = sorted(s.ew.number for s in movement.seatings if not s.is_played)
    assert sitting_out == [1, 2, 3, 4, 5]  # whoever would meet pair 6, at table 1
