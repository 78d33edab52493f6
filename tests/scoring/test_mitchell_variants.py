"""The published Mitchell variants of the movement library (hesitation, bump, web), against
the promises every movement must keep and against the cards their sources print.

Sources:
- John Pain, "Unusual Movements for Clubs - 1: Hesitation Mitchell Movement", EBU Club
  Newsletter (ebu.co.uk/newsletters): the 7-table, 8-round card.
- Ian McKinnon, Bridge Central, "Hesitation Mitchell", "Displacement Mitchell" (the bump
  Mitchell), "Web Mitchell" (bridgecentral.com/MvtHTML).
- Exeter Bridge Club, movement list (bridgewebs.com/exeter/info.html): the 8- and 12-table
  hesitation Mitchells.
"""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    VARIANTS,
    Pair,
    check_movement,
    library_movement,
    mitchell_rounds,
    table_guides,
    variant_choices,
    variants_for_pairs,
    variants_for_sides,
)

KEYS = sorted(VARIANTS)
HESITATIONS = [key for key in KEYS if key.startswith("hesitation")]
BUMPS = [key for key in KEYS if key.startswith("bump")]
WEBS = [key for key in KEYS if key.startswith("web")]


def cell(movement, round_number, table):
    s = movement.seating(round_number, table)
    return (s.ns.number if s.ns else None, s.ew.number if s.ew else None, s.board_set)


def sets_of(movement, pair):
    return [s.board_set for s in movement.seatings if pair in (s.ns, s.ew)]


@given(key=st.sampled_from(KEYS), boards_per_round=st.integers(1, 8))
def test_every_variant_passes_the_movement_checks(key, boards_per_round):
    movement = library_movement(key, boards_per_round)
    assert check_movement(movement) == []
    assert movement.library == key and movement.name == VARIANTS[key].label
    half = VARIANTS[key].half_table_pair
    if half:
        short = library_movement(key, boards_per_round, missing_highest=True)
        assert check_movement(short) == [] and Pair(half) not in short.pairs


@given(key=st.sampled_from(KEYS))
def test_no_pair_plays_a_set_twice_and_each_board_is_played_equally_often(key):
    movement = library_movement(key, 2)
    for pair in movement.pairs:
        played = sets_of(movement, pair)
        assert len(played) == len(set(played))
    plays = Counter(s.board_set for s in movement.seatings if s.is_played)
    assert set(plays) == set(range(1, movement.board_sets + 1))
    assert len(set(plays.values())) == 1


@pytest.mark.parametrize("key", HESITATIONS)
def test_a_hesitation_mitchell_plays_one_round_more_than_its_tables(key):
    # Pain: "the number of rounds is one more than the number of tables"; McKinnon: "the
    # number of rounds (and the number of sets of boards) is equal to one more than the
    # number of tables". Every pair plays every set once, and (Pain) pairs 1 to T-1 stay put.
    movement = library_movement(key, 2)
    tables = movement.tables
    assert movement.rounds == movement.board_sets == tables + 1
    assert len(movement.pairs) == 2 * tables
    for pair in movement.pairs:
        assert sorted(sets_of(movement, pair)) == list(range(1, tables + 2))
    for number in range(1, tables):
        assert {s.table for s in movement.seatings if Pair(number) in (s.ns, s.ew)} == {number}
    # No two pairs meet twice. The comparisons: each board is played T times, at every
    # table once (the relay holds it a round or, with an even T, two; the last table plays
    # it with table 1).
    met = Counter(frozenset((s.ns, s.ew)) for s in movement.seatings)
    assert set(met.values()) == {1}
    plays = Counter(s.board_set for s in movement.seatings)
    assert set(plays.values()) == {tables}
    for t in range(1, tables + 1):
        assert len({s.board_set for s in movement.seatings if s.table == t}) == tables + 1


def test_pains_seven_table_hesitation_card():
    # Pain: "Table 1 2 3 one relay 4 5 6 7 / North/South 1 2 3 4 5 6 7 / East/West 8 9 10
    # 11 12 13 14 / Boards 1-3 4-6 7-9 10-12 13-15 16-18 19-21 22-24".
    movement = library_movement("hesitation-7", 3)
    assert [cell(movement, 1, t) for t in range(1, 8)] == [
        (1, 8, 1),
        (2, 9, 2),
        (3, 10, 3),
        (4, 11, 5),
        (5, 12, 6),
        (6, 13, 7),
        (7, 14, 8),
    ]
    assert movement.boards_of_set(4) == range(10, 13)  # on the relay in round 1
    assert movement.boards_of_set(8) == range(22, 25)
    # "Pairs 7 to 14 move as per the schedule. EW1 -> EW2 -> ... -> EW7 -> NS7 -> EW1".
    assert cell(movement, 2, 7)[:2] == (14, 13)  # EW7 to NS7, EW6 to EW7
    assert cell(movement, 2, 1)[:2] == (1, 7)  # NS7 to EW1
    # "Arrow switch on the last round only at all tables except table 7".
    assert [cell(movement, 8, t)[:2] for t in (1, 6, 7)] == [(9, 1), (14, 6), (8, 7)]


def test_exeters_eight_table_hesitation_card():
    # Exeter Bridge Club: "8 or 7 1/2 Tables Hesitation Mitchell, 9 rounds, 27 boards: 9
    # sets of 3 boards, 2 relays between 4 & 5, tables 8 & 1 share, swival at table 8. for
    # 7 1/2 tables there should be no pair at 1 N/S. Arrow switch on last round all except
    # table 8."
    movement = library_movement("hesitation-8", 3)
    assert (movement.rounds, len(movement.boards)) == (9, 27)
    first = [cell(movement, 1, t)[2] for t in range(1, 9)]
    assert first == [1, 2, 3, 4, 7, 8, 9, 1]  # sets 5 and 6 on the relay
    assert cell(movement, 2, 8)[:2] == (16, 15)  # the swivel: EW8 to NS8
    assert all(cell(movement, r, 1)[2] == cell(movement, r, 8)[2] for r in range(1, 10))
    # The last round switched: the stationary pairs sit EW, but not at table 8.
    assert [cell(movement, 9, t)[1] for t in range(1, 8)] == list(range(1, 8))
    assert cell(movement, 9, 8)[0] in range(8, 17) and cell(movement, 9, 8)[1] in range(8, 17)
    half = library_movement("hesitation-8", 3, missing_highest=True)
    assert all(s.ns is None for s in half.seatings if s.table == 1 and s.round < 9)
    assert Pair(1) not in half.pairs


def test_exeters_twelve_table_hesitation_switches():
    # Exeter: "Arrow switch on round 12 except tables 5, 6 & 12. Last round all except 12."
    movement = library_movement("hesitation-12", 2)
    assert movement.rounds == 13 and len(movement.boards) == 26
    stationary = {number for number in range(1, 12)}
    switched = {(s.round, s.table) for s in movement.seatings if s.ew and s.ew.number in stationary}
    assert {t for r, t in switched if r == 12} == set(range(1, 12)) - {5, 6}
    assert {t for r, t in switched if r == 13} == set(range(1, 12))
    assert {r for r, _ in switched} == {12, 13}


def test_a_hesitation_mitchell_with_an_odd_half_table_is_refused():
    with pytest.raises(ValueError, match="no published card"):
        library_movement("hesitation-7", 2, missing_highest=True)


@pytest.mark.parametrize("key", BUMPS)
def test_a_bump_mitchell_seats_the_extra_pair_and_loses_the_last_round(key):
    # McKinnon, "Displacement Mitchell": "a basic Mitchell plus a pair"; the extra pair "is
    # assigned the N-S number one higher than the highest numbered table"; "the last round
    # of the event cannot be played"; a skip Mitchell with an even number of tables.
    movement = library_movement(key, 2)
    tables = movement.tables
    extra = Pair(tables + 1, "NS")
    assert movement.rounds == mitchell_rounds(tables) - 1
    assert extra in movement.pairs and len(movement.pairs) == 2 * tables + 1
    assert movement.variant == ("skip" if tables % 2 == 0 else "")
    seated = {(s.round, s.ns) for s in movement.seatings}
    # The extra pair sits out round 1, then is NS at table 1 "for the rest of the session".
    assert (1, extra) not in seated
    assert all(movement.seating(r, 1).ns == extra for r in range(2, movement.rounds + 1))
    # NS k sits out round k+1, then replaces NS k+1 at table k+1 and stays there.
    for k in range(1, movement.rounds):
        assert (k + 1, Pair(k, "NS")) not in seated
        later = range(k + 2, movement.rounds + 1)
        assert all(movement.seating(r, k + 1).ns == Pair(k, "NS") for r in later)
    # Every EW pair plays every round (the basic Mitchell proceeds normally).
    for number in range(1, tables + 1):
        assert len(sets_of(movement, Pair(number, "EW"))) == movement.rounds


def test_the_bump_mitchells_table_cards_say_who_sits_out():
    movement = library_movement("bump-7", 2)
    guides = {(g.round, g.table): g for g in table_guides(movement)}
    # NS 1 leaves table 1 after round 1: no table next round, table 2 from round 3.
    assert guides[(1, 1)].ns_next is None and guides[(2, 1)].ns_stays
    assert movement.seating(3, 2).ns == Pair(1, "NS")


@pytest.mark.parametrize("key", WEBS)
def test_a_web_mitchell_plays_every_board_with_two_copies(key):
    # McKinnon, "Web Mitchell": "All players play all boards"; "there must be 2 copies of
    # each board in play"; "The E-W pairs always move up 1 table ... (never skip)".
    movement = library_movement(key, 2)
    tables, sets = movement.tables, movement.board_sets
    assert tables % 2 == 0 and sets % 2 == 1 and movement.rounds == sets
    for pair in movement.pairs:
        assert sorted(sets_of(movement, pair)) == list(range(1, sets + 1))
    for r in range(1, movement.rounds):
        for t in range(1, tables + 1):
            ew = movement.seating(r, t).ew
            assert movement.seating(r + 1, t % tables + 1).ew == ew
    per_round = Counter((s.round, s.board_set) for s in movement.seatings)
    assert max(per_round.values()) <= 2
    # The comparisons: each board is played at every table once, 2M results.
    plays = Counter(s.board_set for s in movement.seatings)
    assert set(plays.values()) == {tables}


def test_mckinnons_ten_table_web_card():
    # McKinnon, "Web Mitchell": "with 7 sets of boards and 10 tables ... Tables: 1 2 3 4 5 /
    # Boards: 1 2 3 4 5 6 7 / Tables: 6 7 8 9 10 / Boards: 4 3 2 1 7 6 5"; "tables 1 through 5
    # play the boards in ascending order ... tables 6 through 10 play the boards in
    # descending order".
    movement = library_movement("web-10-7", 3)
    assert [cell(movement, 1, t)[2] for t in range(1, 11)] == [1, 2, 3, 4, 5, 4, 3, 2, 1, 7]
    assert [cell(movement, r, 1)[2] for r in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert [cell(movement, r, 6)[2] for r in range(1, 8)] == [4, 3, 2, 1, 7, 6, 5]
    assert [cell(movement, r, 10)[2] for r in range(1, 8)] == [7, 6, 5, 4, 3, 2, 1]
    # Each half passes its own copy: the boards of table 6 go to the relay, not to table 5.
    guides = {(g.round, g.table): g for g in table_guides(movement)}
    assert guides[(1, 6)].boards_next == () and guides[(1, 7)].boards_next == (6,)
    assert guides[(1, 1)].boards_next == () and guides[(1, 2)].boards_next == (1,)
    assert guides[(1, 4)].shares_with == ()


def test_the_variants_are_offered_by_tables_and_matched_by_pairs():
    assert [key for key, _ in variant_choices(7)] == ["hesitation-7", "bump-7"]
    assert [key for key, _ in variant_choices(10)] == ["bump-10", "web-10-7", "web-10-9"]
    assert variants_for_pairs(14) == ["hesitation-7"] and variants_for_pairs(13) == []
    assert variants_for_pairs(15) == ["hesitation-8"]  # Exeter's 7½ tables
    assert variants_for_sides(8, 7) == ["bump-7"]
    assert variants_for_sides(10, 10) == ["web-10-7", "web-10-9"]
