"""A club's ladder (scoring/ladders.py).

Sources, all clubs' own published competition rules (found on their web pages):
- Beccles Bridge Club, *Competition Rules* (bridgewebs.com/beccles): the Jubilee Cup averages
  a pair's highest two scores of three sessions, "so each pair must play in at least 2"; the
  John Harrison Trophy goes to the best average percentage over the club year with a minimum
  of 15 sessions.
- Cheltenham Bridge Club, *Leaderboards Explained* (bridgewebs.com/cheltenham): scores are
  averaged over the sessions played; to qualify a player must have played a given number.
- Lingwood Bridge Club, *Competition Rules* (bridgewebs.com/lingwood), the Dagwell Trophy:
  at least eight of the sessions to qualify, results by simple average.
- Lingwood's Handicap Pairs: each pair's score adjusted by its handicap, at least 7 sessions
  to qualify, the post-handicap scores averaged.
- Ealing Bridge Club, *Competition Rules* (bridgewebs.com/ealing): the bridge ladder is the
  local master points awarded at the club within the calendar year.
The clubs publish rules, not worked tables: the figures below are worked by hand from those
rules, the arithmetic in each test.
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import LadderRule, best_of, ladder

F = Fraction


def by_player(entries):
    return {entry.player: entry for entry in entries}


def test_the_jubilee_cup_averages_the_best_two_of_three():
    """Beccles' Jubilee Cup: a pair's highest two scores of three averaged; a pair that played
    one session is not yet placed. A: 55, 62, 48 → (62 + 55) / 2 = 58.5; B: 60, 57 → 58.5;
    C: 70 alone is under two sessions."""
    rows = ladder({"A": [F(55), F(62), F(48)], "B": [F(60), F(57)], "C": [F(70)]}, "best", 2)
    found = by_player(rows)
    assert (found["A"].figure, found["A"].counted, found["A"].rank) == (
        F(117, 2),
        (F(62), F(55)),
        "1=",
    )
    assert (found["B"].figure, found["B"].rank) == (F(117, 2), "1=")
    assert (found["C"].figure, found["C"].rank, found["C"].qualified) == (F(70), "", False)
    assert [row.player for row in rows][-1] == "C"  # listed below the placed pairs


def test_an_average_ranks_those_who_played_the_qualifying_number():
    """Lingwood's Dagwell Trophy: at least 8 sessions to qualify, then a simple average.
    D played 8: 50 × 4 and 60 × 4 → 55; E played 8 at 52 → 52; F played 7 at 65 → 65, but
    7 sessions are under 8: listed below D and E, unplaced."""
    rows = ladder({"D": [F(50)] * 4 + [F(60)] * 4, "E": [F(52)] * 8, "F": [F(65)] * 7},
                  "average", 8)  # fmt: skip
    assert [(row.player, row.figure, row.rank) for row in rows] == [
        ("D", F(55), "1"), ("E", F(52), "2"), ("F", F(65), ""),
    ]  # fmt: skip


def test_a_handicapped_ladder_averages_the_post_handicap_scores():
    """Lingwood's Handicap Pairs: at least 7 sessions, a simple average of the handicapped
    scores. N: 7 sessions at 52 + 3 handicap → 55; O: 7 at 58 - 4 → 54; P: 6 at 60 → unplaced."""
    rows = ladder({"N": [F(55)] * 7, "O": [F(54)] * 7, "P": [F(60)] * 6}, "handicapped", 7)
    assert [(row.player, row.figure, row.rank) for row in rows] == [
        ("N", F(55), "1"), ("O", F(54), "2"), ("P", F(60), ""),
    ]  # fmt: skip


def test_a_masterpoint_ladder_adds_up_what_was_won():
    """Ealing's bridge ladder: the local master points awarded in the year. G won 6, 4 and 0
    → 10; H 10 in one session → 10, level with G; I 3."""
    rows = ladder({"G": [F(6), F(4), F(0)], "H": [F(10)], "I": [F(3)]}, "masterpoints")
    assert [(row.player, row.figure, row.rank, row.played) for row in rows] == [
        ("G", F(10), "1=", 3), ("H", F(10), "1=", 1), ("I", F(3), "3", 1),
    ]  # fmt: skip


def test_ties_share_a_place_as_in_the_clubs_standings():
    rows = ladder({p: [F(v)] for p, v in zip("JKLM", [60, 55, 55, 50])}, "average", 1)
    assert [row.rank for row in rows] == ["1", "2=", "2=", "4"]


def test_a_percentage_ladder_needs_its_number_of_sessions():
    for count in (None, 0):
        with pytest.raises(ValueError, match="number of sessions"):
            ladder({"A": [F(50)]}, LadderRule.BEST, count)


def test_a_player_without_a_session_is_not_listed():
    assert ladder({"A": []}, "masterpoints") == []


percentages = st.fractions(min_value=0, max_value=100, max_denominator=1000)


@given(st.lists(percentages, min_size=1, max_size=12), percentages, st.integers(1, 12))
def test_another_session_never_lowers_a_best_n(played, another, count):
    """A best N over N or more sessions can only keep or raise its average with one more
    session: the new one counts only if it beats one that counted."""
    played = played + [Fraction(0)] * (count - len(played))
    (before,) = ladder({"p": played}, "best", count)
    (after,) = ladder({"p": [*played, another]}, "best", count)
    assert after.figure >= before.figure
    assert (after.figure > before.figure) == (another > min(best_of(played, count)))


@given(
    st.dictionaries(st.integers(0, 40), st.lists(percentages, max_size=6), max_size=15),
    st.sampled_from(list(LadderRule)),
    st.integers(1, 4),
)
def test_the_places_are_a_total_order_with_shared_ties(results, rule, count):
    rows = ladder(results, rule, count)
    ranked = [row for row in rows if row.rank]
    assert rows[: len(ranked)] == ranked  # the unplaced come after everyone placed
    for row in ranked:
        better = sum(other.figure > row.figure for other in ranked)
        level = sum(other.figure == row.figure for other in ranked)
        assert row.rank == f"{better + 1}{'=' if level > 1 else ''}"
    assert [row.figure for row in ranked] == sorted((row.figure for row in ranked), reverse=True)
    assert {row.player for row in rows} == {p for p, figures in results.items() if figures}
