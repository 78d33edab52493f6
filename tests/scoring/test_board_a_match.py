"""Board-a-match and Patton, against their written descriptions (docs/rules.md)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    AVERAGE_MINUS_SHARE,
    AVERAGE_PLUS_SHARE,
    TeamsScoring,
    bam_board,
    bam_match,
    board_imps,
    board_net,
    patton_match,
)

HALF = Fraction(1, 2)


@pytest.mark.parametrize(
    "open_ns,closed_ns,expected",
    [
        # The ACBL Handbook, "Types of team events": NS +120 and the team-mates -110 (their
        # opponents +110 NS in the other room) is a win, 1 point.
        (120, 110, (1, 0)),
        # Larry Cohen, "Board-A-Match" (2005): +620 at one table and +100 by the E-W pair at
        # the other (their opponents -100 NS) is a full win.
        (620, -100, (1, 0)),
        # ... -800 E-W at one table and -2000 N-S at the other is a loss, 0.
        (-2000, 800, (0, 1)),
        # ... +170 at each table (the team's NS +170, its EW -170) is a tie, ½ each.
        (170, 170, (HALF, HALF)),
        # ... +130 in a diamond partial against 2NT making 120: a full 1.0, though 0 IMPs.
        (130, 120, (1, 0)),
        # The team sitting EW in the open room wins the same board from the other side.
        (120, 130, (0, 1)),
    ],
)
def test_a_board_is_won_tied_or_lost_on_the_net_score(open_ns, closed_ns, expected):
    assert bam_board(open_ns, closed_ns) == tuple(Fraction(x) for x in expected)


@pytest.mark.parametrize(
    "ours,theirs,points,imps",
    [
        # Stafford Bridge Club, "What is Point a Board, and why do you need to know in a Teams
        # Match": our NS score against the opposing team's NS score on the same board.
        (120, 110, 1, 0),  # 2NT= against 3C=: 10 more, a point though 0 IMPs
        (920, 490, 1, 10),  # 6D= against 3NT+3
        (940, 980, 0, -1),  # 6D+1 against 6H=: one more trick, still the lower score
        (630, 620, 1, 0),  # 3NT+1 against 4H=
        (-100, -100, HALF, 0),  # both one down in 6H: ½ each
        (-100, 980, 0, -14),  # 6H-1 against 6H=
    ],
)
def test_point_a_board_examples(ours, theirs, points, imps):
    assert bam_board(ours, theirs)[0] == points
    assert board_imps(ours, theirs) == imps


def test_cohen_26_boards_average_13():
    # Larry Cohen: "If 26 boards are played, an average session is 13 points": every board
    # tied gives each team 13.
    assert bam_match([bam_board(420, 420)] * 26) == (13, 13)


def test_hackett_patton_example():
    # Paul Hackett, "Patton Teams (Hybrid Teams)", EBU Tournament Focus Winter 2009: three of
    # four boards won is 6 of 8 board points, a drawn aggregate 4 of 8, 10 of 16 in all.
    boards = [(120, 110), (450, 420), (-50, -100), (-140, -50)]
    points = [bam_board(*board) for board in boards]
    aggregate = sum(board_net(*board) for board in boards)
    assert aggregate == 0  # 10 + 30 + 50 - 90: the aggregate drawn
    score = patton_match(points, aggregate, 4)
    assert score.boards == (6, 2)
    assert score.aggregate == (4, 4)
    assert (score.home, score.away) == (10, 6)


def test_patton_aggregate_goes_whole_to_the_better_total():
    """Hackett (EBU Tournament Focus, Winter 2009) turns the aggregate "into victory points
    with 8 points at stake" on four boards but prints no scale, and his one example is a drawn
    aggregate. Giving the whole stake to the better total is Clubscore's stated reading
    (docs/rules.md, "Rules without a written source"): the board points here are the source's
    2/1/0 per board (Law 77 scores 620 v 170, -50 v 100, 110 v 140)."""
    points = [bam_board(620, 170), bam_board(-50, 100), bam_board(110, 140)]
    score = patton_match(points, 450 - 150 - 30, 3)
    assert score.boards == (2, 4)
    assert score.aggregate == (6, 0)
    assert (score.home, score.away) == (8, 4)


def test_artificial_shares_follow_law_12c2():
    # Law 12C2(a): Ave+ at least 60%, Ave- at most 40% of the points available.
    assert (AVERAGE_PLUS_SHARE, AVERAGE_MINUS_SHARE) == (Fraction(60, 100), Fraction(40, 100))
    played = bam_board(420, 420)
    assert bam_match([played, (AVERAGE_PLUS_SHARE, AVERAGE_MINUS_SHARE)]) == (
        Fraction(11, 10),
        Fraction(9, 10),
    )


def test_the_enum_keeps_todays_method_first():
    assert [m.value for m in TeamsScoring] == ["imps-vps", "bam", "patton"]
    assert TeamsScoring.parse(" BAM ") is TeamsScoring.BOARD_A_MATCH


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: bam_board(125, 0), "open room NS score 125 is not a bridge score"),
        (lambda: bam_board(0, "420"), "closed room NS score must be a whole number"),
        (lambda: bam_match([(Fraction(3, 2), 0)]), "board 1's home points is 3/2"),
        (lambda: bam_match([(1, 0.5)]), "board 1's away points must be a whole number"),
        (lambda: patton_match([], 0, 0), "at least one board, not 0"),
        (lambda: patton_match([], 15, 1), "the aggregate 15 is not a bridge score"),
    ],
)
def test_bad_input_is_refused_in_words(call, message):
    with pytest.raises(ValueError, match=message):
        call()


scores = st.integers(-760, 760).map(lambda x: x * 10)
boards = st.lists(st.tuples(scores, scores), min_size=1, max_size=16)


@given(scores, scores)
def test_each_board_points_sum_to_one(open_ns, closed_ns):
    assert sum(bam_board(open_ns, closed_ns)) == 1


@given(boards)
def test_a_matchs_board_points_sum_to_the_boards_played(played):
    home, away = bam_match(bam_board(*b) for b in played)
    assert home + away == len(played)


@given(boards)
def test_swapping_the_teams_mirrors_the_result(played):
    # The other team sits NS in the closed room: its view swaps the rooms.
    points = [bam_board(o, c) for o, c in played]
    mirrored = [bam_board(c, o) for o, c in played]
    home, away = bam_match(points)
    assert bam_match(mirrored) == (away, home)
    aggregate = sum(board_net(o, c) for o, c in played)
    score = patton_match(points, aggregate, len(played))
    swapped = patton_match(mirrored, -aggregate, len(played))
    assert (swapped.home, swapped.away) == (score.away, score.home)
    assert score.home + score.away == 4 * len(played)
