"""Every movement Clubscore offers keeps the movement promises, and the table and guide cards
say what the published descriptions of these movements say."""

import pytest

from scoring import (
    Pair,
    board_copies,
    bye_stand,
    check_movement,
    howell,
    howell_lengths,
    mitchell,
    mitchell_rounds,
    pair_guide,
    table_guides,
)
from scoring.movements import Movement, Seating

PHANTOMS = (None, "NS", "EW")


def offered_mitchells(tables):
    for phantom in PHANTOMS:
        for rounds in range(1, mitchell_rounds(tables) + 1):
            yield mitchell(tables, 2, phantom, rounds)
        if tables % 2 == 0:
            yield mitchell(tables, 2, phantom, relay=True)


@pytest.mark.parametrize("tables", range(3, 31))
def test_every_offered_mitchell_passes_the_checks(tables):
    for movement in offered_mitchells(tables):
        assert check_movement(movement) == [], movement.name


@pytest.mark.parametrize("pairs", range(4, 17))
def test_every_offered_howell_passes_the_checks(pairs):
    for rounds in howell_lengths(pairs):
        movement = howell(pairs, 2, rounds)
        assert movement.rounds == rounds
        assert check_movement(movement) == [], movement.name


@pytest.mark.parametrize(
    "tables,rounds",
    # Exeter BC's movement list (bridgewebs.com/exeter/info.html), the Howells a club plays:
    # 3 tables 5 rounds, 4 tables 7, 5 tables 9, 6 tables a 3/4 Howell of 9, 7 tables 13.
    [(3, 5), (4, 7), (5, 9), (6, 9), (7, 13)],
)
def test_the_howells_clubs_play_are_offered(tables, rounds):
    assert rounds in howell_lengths(2 * tables)
    movement = howell(2 * tables, 3, rounds)
    assert (movement.tables, movement.rounds, movement.board_sets) == (tables, rounds, rounds)
    assert check_movement(movement) == []


def test_a_three_quarter_howell_plays_27_boards_each_six_times():
    # Exeter BC: "6 or 5 1/2 Tables, 3/4 Howell, 9 rounds, 27 boards".
    movement = howell(12, 3, rounds=9)
    assert movement.boards == range(1, 28)
    assert {len(movement.plays_of_board(b)) for b in movement.boards} == {6}
    assert movement.name == "6-table Howell (9 of 11 rounds)"


def test_a_howell_that_cannot_be_cut_that_short_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="plays 3, 4, 5, 6, 7 rounds, not 2"):
        howell(8, 2, rounds=2)


@pytest.mark.parametrize(
    "tables,skip_after", [(4, 2), (8, 4), (10, 5), (14, 7)]
)  # Exeter BC: 10 tables "skip after round 5", 14 tables "skip after round 7".
def test_an_even_mitchell_skips_halfway(tables, skip_after):
    movement = mitchell(tables, 2)
    assert movement.variant == "skip" and movement.skip_after_round == skip_after
    skips = [g for g in table_guides(movement) if g.skip]
    assert {g.round for g in skips} == {skip_after}
    for guide in skips:  # the EW pair goes two tables up instead of one
        assert guide.ew_next == ((guide.table + 1) % tables + 1, "EW")


def test_a_short_skip_mitchell_that_ends_before_halfway_has_no_skip():
    assert mitchell(10, 2, rounds=5).skip_after_round is None


def test_relay_and_bye_stand_boards_start_where_the_director_puts_them():
    # bridgecentral.com "Share and relay Mitchell movement": set one on table one ... until
    # half the sets are out; the next set on the relay (bye stand); the rest on the next
    # tables; the last table shares with table 1.
    movement = mitchell(8, 3, relay=True)
    first_round = {s.table: s.board_set for s in movement.seatings if s.round == 1}
    assert first_round == {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 7, 7: 8, 8: 1}
    assert bye_stand(movement) == (4, 5)
    assert (movement.rounds, movement.board_sets, movement.variant) == (8, 8, "relay")


def test_relay_and_bye_stand_boards_move_through_the_bye_stand_and_the_share():
    # Same source: the boards on table N/2+1 move to the relay table, the relay table's to
    # table N/2, and the boards shared by table 1 and the last table to the second-last.
    guides = {(g.round, g.table): g for g in table_guides(mitchell(8, 3, relay=True))}
    assert guides[(1, 5)].boards_next == ()  # to the bye stand
    assert guides[(2, 4)].seating.board_set == 5  # the bye stand's set, round 1
    assert guides[(1, 1)].boards_next == (7,) and guides[(1, 8)].boards_next == (7,)
    assert guides[(1, 1)].shares_with == (8,) and guides[(1, 8)].shares_with == (1,)
    assert guides[(1, 3)].ew_next == (4, "EW") and guides[(1, 3)].boards_next == (2,)


def test_a_relay_mitchell_is_for_even_tables_and_the_full_length():
    with pytest.raises(ValueError, match="even number of tables"):
        mitchell(7, 2, relay=True)
    with pytest.raises(ValueError, match="plays all 8 rounds"):
        mitchell(8, 2, rounds=6, relay=True)


def test_a_seven_table_mitchell_card_for_table_one():
    # The standard Mitchell (bridgecentral.com, *The Mitchell movement*): NS stay, EW move up one
    # table, boards move down one. Table 1: EW 1, 7, 6, ... and boards 1-3, 4-6, 7-9, ...
    guides = [g for g in table_guides(mitchell(7, 3, rounds=6)) if g.table == 1]
    assert [g.seating.ew.number for g in guides] == [1, 7, 6, 5, 4, 3]
    assert [list(g.boards) for g in guides[:3]] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert all(g.ns_stays and g.ew_next == (2, "EW") and g.boards_next == (7,) for g in guides[:-1])
    assert guides[-1].last_round and guides[-1].ew_next is None


def test_an_arrow_switched_round_is_marked_on_the_card():
    guides = table_guides(mitchell(3, 2, arrow_switch=(3,)))
    assert {g.round for g in guides if g.switched} == {3}


def test_a_three_table_howell_needs_three_copies_of_every_set():
    # A 3-table Howell puts all tables on the same boards, so each set needs three copies.
    movement = howell(6, 2)
    assert board_copies(movement) == {1: 3, 2: 3, 3: 3, 4: 3, 5: 3}
    guides = [g for g in table_guides(movement) if g.round == 1]
    assert all(len(g.shares_with) == 2 for g in guides)


@pytest.mark.parametrize(
    "movement",
    [mitchell(7, 3), mitchell(8, 3), mitchell(8, 3, relay=True), howell(16, 2)],
    ids=["mitchell-7", "skip-8", "relay-8", "howell-8"],
)
def test_one_copy_of_each_set_is_enough_elsewhere(movement):
    assert set(board_copies(movement).values()) == {1}


def test_a_howell_pair_guide_lists_every_round():
    movement = howell(10, 3)
    for number in range(1, 11):
        stops = pair_guide(movement, Pair(number))
        assert [stop.round for stop in stops] == list(range(1, 10))
        opponents = [stop.opponents for stop in stops]
        assert sorted(o.number for o in opponents) == [n for n in range(1, 11) if n != number]
        assert len({stop.boards.start for stop in stops}) == 9  # every set once


def test_the_check_finds_what_is_wrong():
    one, two, three = Pair(1), Pair(2), Pair(3)
    bad = Movement(
        "howell", 2, 2, 1, 2,
        (Seating(1, 1, one, two, 1), Seating(1, 2, one, three, 2),
         Seating(2, 1, two, one, 1), Seating(2, 1, three, None, 1)),
    )  # fmt: skip
    problems = check_movement(bad)
    assert "table 1 is seated twice in round 2" in problems
    assert "pair 1 sits at two tables in round 1" in problems
    assert "pairs 1 and 2 meet 2 times" in problems
    assert "pair 1 meets board set 1 2 times" in problems
    assert "board sets are played unequally (set 1: 3, set 2: 1)" in problems


@pytest.mark.parametrize(
    "movement,name",
    [(mitchell(7, 3, rounds=6), "7-table Mitchell, 6 rounds"),
     (mitchell(8, 3), "8-table skip Mitchell, 7 rounds"),
     (mitchell(8, 3, relay=True), "8-table relay-and-bye-stand Mitchell, 8 rounds"),
     (howell(6, 3), "3-table Howell")],
)  # fmt: skip
def test_a_movement_has_a_name_a_director_knows(movement, name):
    assert movement.name == name
