"""Running a Swiss pairs event: draw, enter, standings (docs/rules.md, Swiss pairs).

IMPs from the scale of Law 78B (Laws of Duplicate Bridge 2017, WBF); VPs from the EBU's
20-VP (WBF discrete) scale as the EBU publishes it (EBU White Book §3.1.1)."""

import pytest

from events.swiss_pairs import play
from events.swiss_pairs.models import SwissPairsResult
from tests.events.swiss_pairs.factories import enter_round, make_swiss_pairs

pytestmark = pytest.mark.django_db


def tables(event, number):
    rows = event.tables.filter(round=number).select_related("ns", "ew")
    return [(t.table, t.ns.number, t.ew.number if t.ew else None) for t in rows]


def test_round_one_pairs_in_number_order_and_round_two_from_the_standings(club):
    event = make_swiss_pairs(club)
    assert play.draw_next_round(event) == 1
    assert tables(event, 1) == [(1, 1, 2), (2, 3, 4)]
    # Board 1 (NS none vul): table 1 4S N = (+420), table 2 4S N -1 (-50): datum 190 (mean
    # 185 rounded to 10s, halves away from zero), so +230 is 6 IMPs and -240 is -6 (Law 78B:
    # 220-260 is 6). Board 2 (NS vul) 2H S = +110 at both: 0. So NS 1 and EW 4 are +6 IMPs,
    # EW 2 and NS 3 are -6; pairs level on VPs and IMPs go in pair-number order.
    enter_round(event, 1, {1: ["4S N =", "2H S ="], 2: ["4S N -1", "2H S ="]})
    table = play.standings(event)
    assert [row.pair.number for row in table.rows] == [1, 4, 2, 3]
    assert [row.imps for row in table.rows] == [6, 6, -6, -6]
    assert [row.place for row in table.rows] == ["1=", "1=", "3=", "3="]
    assert table.rows[0].vps > 10 and table.rows[0].vps + table.rows[2].vps == 20
    # Round 2 (Monrad, the top pair against the next it has not met): 1 v 4, 2 v 3.
    play.draw_next_round(event)
    assert tables(event, 2) == [(1, 1, 4), (2, 2, 3)]


def test_the_next_round_waits_for_the_last_tables_boards(club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["4S N =", "2H S ="], 2: ["4S N -1", ""]})
    with pytest.raises(play.SwissPairsError, match=r"Round 1 is not finished \(table 2 still"):
        play.draw_next_round(event)
    assert event.tables.filter(round=2).count() == 0


def test_an_odd_field_gives_the_last_pair_a_bye_worth_12_vps(club):
    event = make_swiss_pairs(club, pairs="A\nB\nC")
    play.draw_next_round(event)
    assert tables(event, 1) == [(1, 1, 2), (None, 3, None)]
    standings = play.standings(event)
    assert {row.pair.number: row.vps for row in standings.rows}[3] == 12


def test_a_bad_line_stores_nothing_and_says_which_board(club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    table = event.tables.get(round=1, table=1)
    with pytest.raises(play.SwissPairsError, match="Board 2: .*Nothing was saved."):
        play.save_table(event, table, {1: "4S N =", 2: "9S N ="})
    with pytest.raises(play.SwissPairsError, match="Board 1: A is not a played result"):
        play.save_table(event, table, {1: "A", 2: "2H S ="})
    assert not SwissPairsResult.objects.exists()


def test_the_pairs_are_fixed_once_round_one_is_drawn(club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    with pytest.raises(play.SwissPairsError, match="Round 1 is drawn"):
        play.save_pairs(event, "X\nY")
    assert event.pairs.count() == 4


def test_no_more_rounds_than_the_event_has(club):
    event = make_swiss_pairs(club, rounds=1)
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["PASS", "PASS"], 2: ["PASS", "PASS"]})
    with pytest.raises(play.SwissPairsError, match="All 1 rounds are drawn."):
        play.draw_next_round(event)


def test_a_second_press_of_draw_draws_nothing_more(club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event, expected=1)
    with pytest.raises(play.SwissPairsError, match="Round 1 is drawn already"):
        play.draw_next_round(event, expected=1)


def _everything(event):
    """Every row of the event: what taking back a draw must leave as it was but its round's."""
    return (
        list(event.pairs.values()),
        list(event.tables.order_by("pk").values()),
        list(SwissPairsResult.objects.filter(table__event=event).order_by("pk").values()),
    )


def test_the_last_draw_is_taken_back_while_nothing_of_it_is_in_and_nothing_else_moves(club):
    # As a teams event's draw is taken back (docs/rules.md, Swiss pairs: "Taking back a draw").
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["4S N =", "2H S ="], 2: ["4S N -1", "2H S ="]})
    before = _everything(event)
    play.draw_next_round(event)
    assert play.undraw_last_round(event, expected=2) == 2
    assert _everything(event) == before
    # Drawn again from the same standings, it is the same draw.
    play.draw_next_round(event)
    assert tables(event, 2) == [(1, 1, 4), (2, 2, 3)]


def test_a_draw_with_a_result_in_is_refused_in_words_and_nothing_changes(club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["4S N =", ""], 2: ["", ""]})
    before = _everything(event)
    with pytest.raises(play.SwissPairsError, match="Round 1 has results already: clear its"):
        play.undraw_last_round(event)
    assert _everything(event) == before


def test_a_second_press_takes_back_nothing_more(club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["PASS", "PASS"], 2: ["PASS", "PASS"]})
    play.draw_next_round(event)
    play.undraw_last_round(event, expected=2)
    before = _everything(event)
    with pytest.raises(play.SwissPairsError, match="Round 2's draw is taken back already."):
        play.undraw_last_round(event, expected=2)
    assert _everything(event) == before
    fresh = make_swiss_pairs(club, name="Fresh")
    with pytest.raises(play.SwissPairsError, match="No round is drawn yet."):
        play.undraw_last_round(fresh)
