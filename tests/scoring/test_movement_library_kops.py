"""KoPS's Howells in the movement library, complete and 3/4, against the file they were typed
from and against the promises of a Howell.

Source: KoPS's HOWELL.DAT as Michal Klichowicz's howellki reads it into movements.json
(github.com/emkael/howellki, GPL-2.0; its reader how.php and animation how.js say what the
fields mean). "positions" are round 1's pairs table by table, NS then EW; "sets" give, for set
1, 2 ..., the table it starts at, 0 for a relay. The reader: "as many moving pairs as rounds"
(pairs 1..R, each moving to the seat of the pair numbered one below, pair 1 to pair R's) and
"the remaining pairs: stationary"; after each round every set moves one place down.
"""

from collections import Counter
from itertools import combinations

import pytest

from scoring import LIBRARY, Pair, check_movement, library_movement, pair_guide

# movements.json, key "tables-rounds": (positions, sets), tables 4-10.
KOPS = {
    "4-7": ([8, 1, 5, 4, 2, 7, 3, 6], [1, 2, 3, 0, 4, 0, 0]),
    "5-7": ([10, 1, 6, 3, 9, 5, 2, 7, 4, 8], [1, 2, 3, 4, 5, 0, 0]),
    "5-9": ([3, 7, 2, 5, 10, 1, 8, 9, 6, 4], [1, 2, 3, 4, 5, 0, 0, 0, 0]),
    "6-8": ([12, 1, 5, 11, 7, 10, 9, 2, 4, 6, 3, 8], [1, 2, 3, 4, 5, 6, 0, 0]),
    "6-9": ([2, 6, 9, 8, 3, 5, 7, 12, 11, 4, 10, 1], [1, 2, 3, 4, 5, 6, 0, 0, 0]),
    "6-10": ([12, 1, 6, 8, 5, 2, 4, 11, 10, 9, 3, 7], [1, 0, 2, 0, 0, 3, 4, 5, 6, 0]),
    "6-11": ([12, 1, 6, 11, 5, 9, 2, 3, 10, 8, 4, 7], [1, 0, 2, 0, 0, 0, 3, 4, 5, 0, 6]),
    "7-9": ([14, 1, 8, 13, 6, 4, 9, 12, 7, 3, 11, 5, 10, 2], [1, 2, 3, 4, 5, 6, 7, 0, 0]),
    "7-10": ([14, 1, 8, 7, 4, 13, 6, 2, 12, 9, 5, 3, 10, 11], [1, 2, 3, 4, 5, 6, 7, 0, 0, 0]),
    "7-11": ([14, 1, 4, 6, 9, 10, 7, 3, 2, 13, 11, 12, 8, 5], [1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0]),
    "7-12": ([14, 1, 9, 5, 7, 4, 12, 2, 10, 11, 3, 8, 6, 13], [1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0]),
    "7-13": (
        [5, 12, 2, 4, 9, 10, 14, 1, 8, 13, 7, 11, 6, 3],
        [1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0],
    ),
    "8-10": (
        [16, 1, 8, 15, 14, 7, 2, 13, 12, 6, 5, 9, 4, 11, 10, 3],
        [1, 2, 3, 4, 5, 6, 7, 8, 0, 0],
    ),
    "8-11": (
        [16, 1, 4, 15, 14, 11, 10, 13, 9, 8, 5, 7, 12, 3, 2, 6],
        [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0],
    ),
    "8-12": (
        [16, 1, 15, 11, 9, 14, 5, 6, 3, 8, 10, 13, 12, 2, 4, 7],
        [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0],
    ),
    "8-13": (
        [16, 1, 15, 4, 13, 11, 7, 14, 9, 10, 5, 12, 3, 8, 2, 6],
        [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0],
    ),
    "8-14": (
        [16, 1, 3, 4, 14, 9, 7, 13, 12, 10, 11, 15, 6, 2, 8, 5],
        [1, 2, 3, 4, 5, 0, 6, 7, 8, 0, 0, 0, 0, 0],
    ),
    "8-15": (
        [16, 1, 14, 5, 11, 4, 10, 6, 9, 12, 15, 2, 13, 3, 8, 7],
        [1, 2, 3, 4, 5, 6, 0, 7, 8, 0, 0, 0, 0, 0, 0],
    ),
    "9-11": (
        [18, 1, 17, 5, 11, 16, 10, 2, 9, 15, 7, 8, 14, 6, 4, 13, 12, 3],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0],
    ),
    "9-12": (
        [18, 1, 12, 17, 6, 8, 3, 10, 7, 16, 2, 15, 14, 11, 9, 5, 13, 4],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0],
    ),
    "9-13": (
        [18, 1, 12, 17, 8, 5, 2, 10, 9, 13, 16, 7, 15, 6, 4, 11, 3, 14],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0],
    ),
    "9-14": (
        [18, 1, 8, 17, 10, 5, 3, 13, 6, 9, 2, 14, 4, 12, 16, 11, 7, 15],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 0],
    ),
    "9-15": (
        [18, 1, 12, 5, 10, 11, 15, 2, 6, 9, 17, 8, 13, 4, 7, 16, 3, 14],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 0, 0],
    ),
    "9-16": (
        [1, 11, 3, 8, 18, 14, 2, 9, 7, 4, 15, 13, 10, 17, 16, 12, 5, 6],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 0, 0, 0],
    ),
    "9-17": (
        [1, 7, 16, 9, 2, 6, 12, 13, 10, 15, 8, 17, 5, 3, 18, 4, 14, 11],
        [1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 0, 0, 0, 0, 0, 0, 0],
    ),
    "10-12": (
        [20, 1, 5, 10, 7, 9, 3, 19, 12, 18, 8, 17, 16, 4, 15, 6, 14, 2, 11, 13],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0],
    ),
    "10-13": (
        [20, 1, 6, 19, 8, 18, 13, 17, 7, 3, 16, 12, 15, 2, 11, 5, 10, 14, 9, 4],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0],
    ),
    "10-14": (
        [20, 1, 10, 19, 18, 7, 13, 3, 17, 8, 12, 4, 9, 16, 5, 15, 14, 2, 6, 11],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0, 0],
    ),
    "10-15": (
        [20, 1, 12, 3, 11, 15, 9, 2, 8, 7, 10, 13, 6, 19, 14, 18, 5, 17, 16, 4],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0, 0, 0],
    ),
    "10-16": (
        [20, 1, 19, 12, 14, 10, 8, 3, 6, 18, 4, 17, 9, 15, 11, 13, 2, 5, 7, 16],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0, 0, 0, 0],
    ),
    "10-17": (
        [1, 2, 11, 15, 8, 13, 6, 12, 16, 9, 5, 3, 10, 20, 19, 14, 4, 7, 18, 17],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0, 0, 0, 0, 0],
    ),
    "10-18": (
        [1, 9, 4, 3, 10, 16, 20, 18, 15, 11, 17, 6, 12, 14, 2, 7, 13, 19, 8, 5],
        [1, 2, 3, 4, 0, 5, 6, 7, 8, 9, 10, 0, 0, 0, 0, 0, 0, 0],
    ),
    "10-19": (
        [1, 7, 20, 10, 14, 5, 17, 18, 12, 8, 15, 4, 19, 3, 13, 6, 9, 11, 2, 16],
        [1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 0, 0, 0, 0, 0, 0, 0, 0],
    ),
}


def key_of(name):
    return f"kops-{name}" if name != "7-13" else "howell-7-13"


@pytest.mark.parametrize("name", sorted(KOPS))
def test_round_one_is_the_kops_card(name):
    positions, sets = KOPS[name]
    tables, rounds = (int(n) for n in name.split("-"))
    movement = library_movement(key_of(name), 2)
    assert (movement.tables, movement.rounds, movement.board_sets) == (tables, rounds, rounds)
    for table in range(1, tables + 1):
        s = movement.seating(1, table)
        ns, ew = positions[2 * table - 2], positions[2 * table - 1]
        assert (s.ns.number, s.ew.number) == (ns, ew), table
        assert s.board_set == sets.index(table) + 1, table


@pytest.mark.parametrize("name", sorted(KOPS))
def test_a_kops_howell_keeps_a_howells_promises(name):
    tables, rounds = (int(n) for n in name.split("-"))
    movement = library_movement(key_of(name), 3)
    assert check_movement(movement) == []
    assert check_movement(library_movement(key_of(name), 3, missing_highest=True)) == []
    met = Counter(frozenset((s.ns, s.ew)) for s in movement.seatings)
    assert set(met.values()) == {1}  # nobody meets anybody twice
    pairs = movement.pairs
    assert len(pairs) == 2 * tables
    if rounds == 2 * tables - 1:  # complete: everybody meets everybody
        assert set(met) == {frozenset(two) for two in combinations(pairs, 2)}
    for pair in pairs:
        sets = sorted(s.board_set for s in movement.seatings if pair in (s.ns, s.ew))
        assert sets == list(range(1, rounds + 1))  # every set once, nothing replayed
    for number in range(rounds + 1, 2 * tables + 1):  # "the remaining pairs: stationary"
        stops = pair_guide(movement, Pair(number))
        assert len({(stop.table, stop.seat) for stop in stops}) == 1


def test_the_three_quarter_howell_for_six_tables_nine_rounds():
    # "6-9": positions 2,6 9,8 3,5 7,12 11,4 10,1; sets at tables 1-6 then three relays.
    movement = library_movement("kops-6-9", 3)
    assert LIBRARY["kops-6-9"].label == "3/4 Howell, 6 tables, 9 rounds (KoPS cards)"
    # Round 2: pair 3 takes pair 2's seat and 7 pair 6's at table 1, which gets set 2 from
    # the place below; at table 4 the stationary 12 meets 8 (in 7's seat) on set 5.
    s = movement.seating(2, 1)
    assert (s.ns.number, s.ew.number, s.board_set) == (3, 7, 2)
    s = movement.seating(2, 4)
    assert (s.ns.number, s.ew.number, s.board_set) == (8, 12, 5)
    # Sets 7-9 wait on the relays in round 1 and reach table 6 in rounds 2-4.
    assert [movement.seating(r, 6).board_set for r in (1, 2, 3, 4)] == [6, 7, 8, 9]
    # Nine rounds: each pair meets 9 of the 11 others.
    for pair in movement.pairs:
        assert sum(pair in (s.ns, s.ew) for s in movement.seatings) == 9
