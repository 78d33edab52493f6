"""Which results a changed movement keeps (scoring.movement_changes).

The Mitchell as bridgecentral.com describes it ("The Mitchell movement": NS pairs stay, EW
pairs move up a table and boards down one a round). A result is kept when the new movement
seats the same NS pair against the same EW pair on the same board (Jannersten, BridgeTab help,
"Add a pair": no pair may replay a board when the movement changes; ACBLscore's LATE command,
Lopushinsky and Martin, "ACBLscore for Windows").
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Pair, howell, howell_lengths, mitchell, mitchell_rounds
from scoring.movement_changes import Play, movement_change, plays

NS, EW = "NS", "EW"


@st.composite
def mitchells(draw):
    tables = draw(st.integers(3, 16))
    relay = tables % 2 == 0 and draw(st.booleans())
    phantom = draw(st.sampled_from([None, NS, EW]))
    return tables, phantom, relay


@settings(max_examples=60, deadline=None)
@given(mitchells(), st.integers(1, 4))
def test_a_mitchell_changed_to_itself_keeps_every_result(shape, boards):
    tables, phantom, relay = shape
    movement = mitchell(tables, boards, phantom, relay=relay)
    change = movement_change(movement, movement)
    assert change.removed == frozenset()
    assert change.kept == {play: play for play in plays(movement)}


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 16), st.integers(1, 3))
def test_a_howell_changed_to_itself_keeps_every_result(pairs, boards):
    movement = howell(pairs, boards)
    assert movement_change(movement, movement).keeps_everything


@settings(max_examples=80, deadline=None)
@given(st.integers(3, 20), st.sampled_from([None, NS, EW]), st.integers(1, 3), st.data())
def test_cutting_a_mitchells_rounds_keeps_exactly_the_remaining_rounds(
    tables, phantom, boards, data
):
    full = mitchell(tables, boards, phantom)
    rounds = data.draw(st.integers(1, mitchell_rounds(tables)))
    change = movement_change(full, mitchell(tables, boards, phantom, rounds))
    played = plays(full)
    assert set(change.kept) == {play for play in played if play.round <= rounds}
    assert change.removed == {play for play in played if play.round > rounds}
    assert all(old == new for old, new in change.kept.items())  # same round, same table


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 20), st.integers(1, 3))
def test_filling_a_half_table_keeps_every_result(tables, boards):
    for phantom in (NS, EW):
        half = mitchell(tables, boards, phantom)
        full = mitchell(tables, boards)
        change = movement_change(half, full)
        assert change.keeps_everything
        # ... and the late pair's own matches are new: none was played before.
        late = Pair(tables, phantom)
        assert not any(late in (p.ns, p.ew) for p in change.kept)
        assert any(late in (p.ns, p.ew) for p in plays(full))


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 15), st.integers(1, 3))
def test_a_late_table_after_round_one_keeps_round_one(tables, boards):
    # Round 1 of every Mitchell seats NS t against EW t on set t (bridgecentral.com): a
    # table more changes nothing there; later rounds send EW pairs round a longer room.
    before = mitchell(tables, boards)
    after = mitchell(tables + 1, boards, relay=False)
    change = movement_change(before, after)
    assert {play for play in change.kept if play.round == 1} == {
        play for play in plays(before) if play.round == 1
    }


def test_a_seven_table_mitchell_made_eight_after_round_two():
    # Round 2 seats NS t v EW t-1 with set t+1 (sets wrap round the room): in 7 tables
    # NS 1 meets EW 7 on set 2 and NS 7 meets EW 6 on set 1; with 8 tables NS 1 meets EW 8,
    # and NS 7 meets EW 6 on set 8. Every other table's round 2 stands.
    change = movement_change(mitchell(7, 2), mitchell(8, 2))
    removed_round_2 = sorted(p for p in change.removed if p.round == 2)
    assert removed_round_2 == [
        Play(2, 1, 3, Pair(1, NS), Pair(7, EW)),
        Play(2, 1, 4, Pair(1, NS), Pair(7, EW)),
        Play(2, 7, 1, Pair(7, NS), Pair(6, EW)),
        Play(2, 7, 2, Pair(7, NS), Pair(6, EW)),
    ]
    assert not any(p.round == 1 for p in change.removed)


def test_a_seated_pair_in_the_other_direction_does_not_fit():
    # An arrow-switched round seats the pairs the other way round: a result NS 1 v EW 1
    # is not a result EW 1 v NS 1, so switching round 1 drops every round-1 result.
    change = movement_change(mitchell(5, 2), mitchell(5, 2, arrow_switch=(1,)))
    assert {p.round for p in change.removed} == {1}
    assert len(change.removed) == 5 * 2


def test_boards_per_round_must_agree():
    with pytest.raises(ValueError, match="boards a round"):
        movement_change(mitchell(5, 2), mitchell(5, 3))


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 12), st.data())
def test_cutting_a_howell_keeps_exactly_the_plays_the_shorter_howell_seats(pairs, data):
    # A partial Howell plays the complete schedule's first rounds with its board sets
    # rearranged: a result stays where the shorter Howell still brings that board to those
    # two pairs, and in no other case.
    full = howell(pairs, 2)
    rounds = data.draw(st.sampled_from(howell_lengths(pairs)))
    short = howell(pairs, 2, rounds)
    change = movement_change(full, short)
    seated = {(p.board, p.ns, p.ew) for p in plays(short)}
    assert set(change.kept) == {p for p in plays(full) if (p.board, p.ns, p.ew) in seated}
    assert change.removed == plays(full) - set(change.kept)
    assert all(old.round <= rounds for old in change.kept)  # the meetings of the cut rounds go
