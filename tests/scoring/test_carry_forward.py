"""A qualifying stage and its final (scoring/carry_forward.py).

Sources: the EBU *White Book* (English Bridge Union; the 2004 edition, edited by David
Stevenson, §172 "EBU Carry-forward Score Formula", quoted by Gordon Rainsford on the BBO
Discussion Forums, topic "carry forward", April 2012; the 2017 White Book lists it as §3.8)
gives C = S × FT / (2 × QT): S the qualifying matchpoints, FT and QT the matchpoint tops on a
board in the final and the qualifying stage. It notes that with a final as long as the
qualifier the final weighs twice as much. It gives no worked figures, so the examples below
are worked by hand from the formula, the arithmetic in each docstring; the forum post's own
case is a county's qualifier followed by a 7-table Howell final for the top 14 pairs.
The ACBLscore manual (American Contract Bridge League, "Qualification/Eligibility") offers
qualification by section fields or by overall rank. Ties at the cut: no written rule was
reached, so Clubscore's own reading (all tied with the last through go through) is tested.
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import EBU_SHARE, carry_forward, final_standings, qualifiers, stage_top

F = Fraction


def test_the_white_books_formula_with_the_same_top():
    """A qualifier and a 7-table Howell final both with a top of 12 on a board: a pair with
    330 qualifying matchpoints carries 330 × 12 / (2 × 12) = 165."""
    assert carry_forward(F(330), EBU_SHARE, F(12), F(12)) == 165


def test_the_white_books_formula_rescales_to_the_finals_top():
    """A 6-table Mitchell qualifier (top 10 on a board) into a 7-table Howell (top 12): 250
    qualifying matchpoints carry 250 × 12 / (2 × 10) = 150."""
    assert carry_forward(F(250), EBU_SHARE, F(10), F(12)) == 150


def test_the_white_books_note_equal_lengths_final_weighs_twice():
    """Equal lengths, 24 boards of top 12 (288 a stage): a 60% qualifier (172.8) carries
    172.8 × 12 / 24 = 86.4, which is 30% of the final's 288: the final's own 100% weighs twice
    as much as the qualifier's 100%."""
    carried = carry_forward(F(864, 5), EBU_SHARE, F(12), F(12))
    assert carried == F(432, 5)
    assert carried / 288 == F(3, 10)


def test_a_chosen_share():
    """The director's share: 0 is a fresh start, a quarter of 60% is 15, all of it is 60."""
    assert carry_forward(F(60), F(0), F(100), F(100)) == 0
    assert carry_forward(F(60), F(1, 4), F(100), F(100)) == 15
    assert carry_forward(F(60), F(1), F(100), F(100)) == 60


@pytest.mark.parametrize("share", [F(-1, 100), F(101, 100)])
def test_a_share_outside_nothing_to_all_is_refused(share):
    with pytest.raises(ValueError, match="0 to 1"):
        carry_forward(F(60), share, F(100), F(100))


def test_overall_the_best_go_through_and_a_tie_at_the_cut_goes_too():
    """Top 3 of A 60, B 58, C 55, D 55, E 50: C and D tie for third, both go through."""
    figures = {"A": F(60), "B": F(58), "C": F(55), "D": F(55), "E": F(50)}
    assert qualifiers(figures, 3) == ["A", "B", "C", "D"]
    assert qualifiers(figures, 2) == ["A", "B"]


def test_by_section_fields_each_fields_best():
    """Top 1 of each field (ACBLscore's section fields): NS A 60, B 58; EW C 55, D 52."""
    figures = {"A": F(60), "B": F(58), "C": F(55), "D": F(52)}
    fields = {"A": "NS", "B": "NS", "C": "EW", "D": "EW"}
    assert qualifiers(figures, 1, fields) == ["A", "C"]


def test_more_places_than_the_field_take_everyone():
    assert qualifiers({"A": F(1), "B": F(2)}, 5) == ["B", "A"]


def test_stage_top_for_each_combination():
    """Tops 12 and 10 on two sessions: added up 22; factored to 12 twice, 24; average 100."""
    assert stage_top([F(12), F(10)], "total") == 22
    assert stage_top([F(12), F(10)], "factored") == 24
    assert stage_top([F(12), F(10)], "average") == 100


def test_imps_have_no_stage_top_to_carry_forward_from():
    with pytest.raises(ValueError, match="IMPs have no top"):
        stage_top([F(12)], "imps")


def test_final_standings_add_the_carry_forward():
    """A carries 30 and scores 55% in the final (85), B carries 29 and scores 60% (89),
    C carries 28 and has not played yet (28): B, A, C."""
    rows = final_standings({"A": F(30), "B": F(29), "C": F(28)}, {"A": F(55), "B": F(60)})
    assert [(row.entrant, row.total, row.rank) for row in rows] == [
        ("A", 85, "2"), ("B", 89, "1"), ("C", 28, "3")]  # fmt: skip
    assert rows[2].final is None


percent = st.fractions(min_value=0, max_value=100, max_denominator=1000)


@given(st.lists(percent, min_size=2, max_size=12), st.fractions(0, 1, max_denominator=100))
def test_carry_forward_keeps_the_qualifying_order(scores, share):
    """With equal final scores the finalists finish in their qualifying order (a tie stays a
    tie), whatever the share above 0; at 0 they all tie."""
    carried = {n: carry_forward(s, share, F(100), F(100)) for n, s in enumerate(scores)}
    rows = final_standings(carried, {n: F(50) for n in carried})
    for a in rows:
        for b in rows:
            if share and scores[a.entrant] > scores[b.entrant]:
                assert a.total > b.total
            if scores[a.entrant] == scores[b.entrant] or not share:
                assert a.rank == b.rank


@given(st.lists(percent, min_size=1, max_size=15), st.integers(1, 16))
def test_qualifiers_are_those_at_least_the_cut(scores, places):
    """Everyone at or above the `places`-th best goes through, nobody below; exactly `places`
    unless a tie straddles the cut or the field is smaller."""
    figures = dict(enumerate(scores))
    through = qualifiers(figures, places)
    cut = sorted(scores, reverse=True)[min(places, len(scores)) - 1]
    assert set(through) == {n for n, s in figures.items() if s >= cut}
    assert len(through) >= min(places, len(scores))
    if scores.count(cut) == 1:
        assert len(through) == min(places, len(scores))
