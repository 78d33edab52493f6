"""Standings of a whole session through the database, one per scoring method."""

import pytest

from events.entry.saving import save_result
from events.models import Board
from events.standings.ranking import section_standings
from tests.factories import make_session

# For each board, the line every table types, by NS pair number: NS 1 always does best.
LINES = {1: "4S N +1", 2: "4S N =", 3: "4S N -1"}


def play_everything(event, director):
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    movement = section.movement()
    for board in Board.objects.filter(section=section):
        for seating in movement.plays_of_board(board.number):
            ns, ew = pairs[seating.ns], pairs[seating.ew]
            save_result(board, ns, ew, LINES[ns.number], director)
    return section


def rows_by_pair(section):
    return {str(row.pair): row for group in section_standings(section) for row in group.rows}


def test_matchpoint_standings_of_a_full_mitchell(club, director):
    section = play_everything(make_session(club, tables=3, boards_per_round=2), director)
    rows = rows_by_pair(section)
    assert [group.title for group in section_standings(section)] == ["NS pairs", "EW pairs"]
    assert (rows["NS 1"].total, rows["NS 1"].percentage, rows["NS 1"].rank) == (12.0, 100.0, "1")
    assert (rows["NS 2"].total, rows["NS 2"].percentage, rows["NS 2"].rank) == (6.0, 50.0, "2")
    assert (rows["NS 3"].total, rows["NS 3"].percentage, rows["NS 3"].rank) == (0.0, 0.0, "3")
    # Every EW pair met each NS pair on two boards: all tie at 50%.
    assert {(rows[f"EW {n}"].percentage, rows[f"EW {n}"].rank) for n in (1, 2, 3)} == {(50.0, "1=")}


def test_cross_imp_standings(club, director):
    event = make_session(club, tables=3, boards_per_round=2, scoring_method="cross-imps")
    rows = rows_by_pair(play_everything(event, director))
    # Boards 1, 3, 6 nobody vulnerable: 450, 420, -50; boards 2, 4, 5 NS vulnerable: 650,
    # 620, -100. NS 1: (1 + 11) / 2 = 6 not vulnerable, (1 + 13) / 2 = 7 vulnerable.
    assert rows["NS 1"].total == pytest.approx(3 * 6 + 3 * 7)
    assert rows["NS 1"].percentage is None
    # NS 3: (-11 - 10) / 2 not vulnerable, (-13 - 12) / 2 vulnerable.
    assert rows["NS 3"].total == pytest.approx(3 * -10.5 + 3 * -12.5)


def test_butler_standings(club, director):
    event = make_session(club, tables=3, boards_per_round=2, scoring_method="butler")
    rows = rows_by_pair(play_everything(event, director))
    # Not vulnerable: datum 273.3 -> 270; NS 1 +180 -> 5, NS 3 -320 -> -8.
    # NS vulnerable: datum 390; NS 1 +260 -> 6, NS 3 -490 -> -10. Three boards of each.
    assert rows["NS 1"].total == 3 * 5 + 3 * 6
    assert rows["NS 3"].total == 3 * -8 + 3 * -10


def test_hdb_standings_are_vps_per_set(club, director):
    event = make_session(club, tables=3, boards_per_round=3, scoring_method="hdb")
    rows = rows_by_pair(play_everything(event, director))
    # Per board NS IMPs above the lowest (-50): 11, 10, 0. Set totals 33, 30, 0:
    # NS 1 +18 -> 10 VPs, NS 2 +13.5 -> 10, NS 3 -31.5 -> 0 (3 boards a set), over 3 sets.
    assert (rows["NS 1"].total, rows["NS 2"].total, rows["NS 3"].total) == (30, 30, 0)
    assert rows["NS 1"].percentage == 100.0
    assert rows["NS 3"].rank == "3"
