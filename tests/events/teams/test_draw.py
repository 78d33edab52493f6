"""Drawing rounds: the Berger round robin, the Swiss draw from the standings (no rematch while
one can be avoided), the bye, and the guards on when a round may be drawn.

Sources: FIDE Handbook C.05 Annex 1 (Berger tables); EBU White Book 2017, 3.6 (in a Swiss the
highest-placed team meets the highest-placed team it has not played).
"""

import pytest

from events.teams import draw, entry
from events.teams.setup import TeamsError
from tests.events.teams.factories import a_and_d_win_by_six, make_teams_event

pytestmark = pytest.mark.django_db


def pairs(event, number):
    matches = event.matches.filter(round=number).select_related("home", "away")
    return [(m.table, m.home.number, m.away.number if m.away else None) for m in matches]


def play_flat(event, number):
    """Every match of the round a draw on both boards (2S= in both rooms): 10-10 each."""
    for match in event.matches.filter(round=number, away__isnull=False):
        rows = [entry.BoardRow(n, "2S N =", "2S S =") for n in entry.board_numbers(match)]
        entry.save_boards(match, rows)


def test_a_round_robin_follows_the_berger_table(club):
    event = make_teams_event(club, teams="A\nB\nC\nD", kind="round-robin")
    for _ in range(3):
        draw.draw_next_round(event)
    # FIDE, 3 or 4 players: round 1 1-4, 2-3; round 2 4-3, 1-2; round 3 2-4, 3-1.
    assert [pairs(event, n) for n in (1, 2, 3)] == [
        [(1, 1, 4), (2, 2, 3)], [(1, 4, 3), (2, 1, 2)], [(1, 2, 4), (2, 3, 1)]]  # fmt: skip
    with pytest.raises(TeamsError, match="All 3 rounds are drawn."):
        draw.draw_next_round(event)


def test_a_round_robin_may_be_drawn_ahead(club):
    event = make_teams_event(club, teams="A\nB\nC\nD", kind="round-robin")
    draw.draw_next_round(event)
    assert draw.draw_next_round(event) == 2  # no results needed: the table fixes the draw


def test_a_swiss_avoids_rematches_until_they_cannot_be_avoided(club):
    event = make_teams_event(club, teams="A\nB\nC\nD")
    # Every match drawn, so the standings stay in team order: round 1 1-2, 3-4; 1 has met 2,
    # so round 2 1-3, 2-4; round 3 1-4, 2-3. Round 4: every pair has met, so the fewest
    # rematches (2) in standing order: 1-2, 3-4.
    expected = [[(1, 1, 2), (2, 3, 4)], [(1, 1, 3), (2, 2, 4)], [(1, 1, 4), (2, 2, 3)],
                [(1, 1, 2), (2, 3, 4)]]  # fmt: skip
    for number in range(1, 5):
        assert draw.draw_next_round(event) == number
        assert pairs(event, number) == expected[number - 1]
        play_flat(event, number)


def test_a_swiss_draws_from_the_standings(club):
    event = make_teams_event(club, teams="A\nB\nC\nD")
    draw.draw_next_round(event)
    # A beats B by 6 IMPs (14.39); D beats C by 6 (14.39 to the away team): D and A lead.
    a_and_d_win_by_six(event)
    draw.draw_next_round(event)
    # Equal VPs and IMP difference: team number breaks the tie, so A (1) then D (4), B, C.
    assert pairs(event, 2) == [(1, 1, 4), (2, 2, 3)]


def test_an_odd_field_gives_the_bye_to_the_lowest_team_without_one(club):
    event = make_teams_event(club, teams="A\nB\nC\nD\nE")
    draw.draw_next_round(event)
    assert pairs(event, 1) == [(1, 1, 2), (2, 3, 4), (None, 5, None)]
    play_flat(event, 1)
    draw.draw_next_round(event)
    # E leads on its bye's 12 VPs; the others have 10. D is now the lowest without a bye.
    assert pairs(event, 2) == [(1, 5, 1), (2, 2, 3), (None, 4, None)]


def test_a_swiss_waits_for_the_round_before(club):
    event = make_teams_event(club, teams="A\nB\nC\nD")
    draw.draw_next_round(event)
    with pytest.raises(TeamsError, match=r"Round 1 is not finished \(tables 1, 2 still"):
        draw.draw_next_round(event)


def test_there_is_nothing_to_draw_without_teams(club):
    event = make_teams_event(club, teams=None)
    with pytest.raises(TeamsError, match="Enter the teams first"):
        draw.draw_next_round(event)
    with pytest.raises(TeamsError, match="No round is drawn yet"):
        draw.undraw_last_round(event)
