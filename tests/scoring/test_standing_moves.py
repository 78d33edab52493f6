"""Comparing standings before and after a correction: every entry whose total or place moved,
with both, and nothing else."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring import Placing, rank, standing_moves


def table(totals: dict[int, Fraction]) -> list[Placing]:
    """Standings as the pages build them: best first, places shared on equal totals."""
    ordered = sorted(totals.items(), key=lambda item: (-item[1], item[0]))
    places = rank([total for _, total in ordered])
    return [Placing(key, f"Team {key}", total, place)
            for (key, total), place in zip(ordered, places, strict=True)]  # fmt: skip


def test_a_correction_names_the_teams_it_moved_with_both_totals_and_places():
    # Team 3 gains 4 VPs from team 1 in a corrected match; team 2's total stays, but it drops
    # from 2nd to 3rd; team 4 is untouched.
    before = table({1: Fraction(30), 2: Fraction(28), 3: Fraction(26), 4: Fraction(10)})
    after = table({1: Fraction(26), 2: Fraction(28), 3: Fraction(30), 4: Fraction(10)})
    moves = standing_moves(before, after)
    assert [(m.after.key, m.before.place, m.after.place, m.total_moved) for m in moves] == [
        (3, "3", "1", True),
        (1, "1", "3", True),
    ]


def test_a_shared_place_is_a_move_even_when_the_total_stays():
    before = table({1: Fraction(20), 2: Fraction(18)})
    after = table({1: Fraction(18), 2: Fraction(18)})
    moves = standing_moves(before, after)
    assert [(m.after.key, m.before.place, m.after.place) for m in moves] == [
        (1, "1", "1="),
        (2, "2", "1="),
    ]
    assert [m.total_moved for m in moves] == [True, False]


def test_nothing_moved_is_said_as_nothing():
    same = table({1: Fraction(12), 2: Fraction(8)})
    assert standing_moves(same, list(same)) == []


def test_an_entry_in_one_table_only_is_left_out():
    assert standing_moves(table({1: Fraction(5)}), table({2: Fraction(5)})) == []


totals = st.dictionaries(st.integers(1, 12), st.fractions(0, 40, max_denominator=4), min_size=1)


@given(totals, totals)
def test_exactly_the_entries_whose_total_or_place_changed_are_named(old, new):
    keys = old.keys() & new.keys()
    before, after = table(old), table(new)
    place = {p.key: p.place for p in before}, {p.key: p.place for p in after}
    moved = {k for k in keys if old[k] != new[k] or place[0][k] != place[1][k]}
    moves = standing_moves(before, after)
    assert {m.after.key for m in moves} == moved
    assert [m.after for m in moves] == [p for p in after if p.key in moved]  # the new order
    assert all(m.before == next(p for p in before if p.key == m.before.key) for m in moves)
