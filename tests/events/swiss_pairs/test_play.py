"""Running a Swiss pairs event: draw, enter, standings (docs/rules.md, Swiss pairs).

IMPs from the scale of Law 78B (Laws of Duplicate Bridge 2017, WBF); VPs from the EBU's
20-VP (WBF discrete) scale as the EBU publishes it (EBU White Book §3.1.1)."""

import re

import pytest
from django.db import IntegrityError, transaction

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
    # "A" is an artificial score now (Law 12C2); a board "not played" still has no score.
    with pytest.raises(play.SwissPairsError, match="Board 1: NP is not a played result"):
        play.save_table(event, table, {1: "NP", 2: "2H S ="})
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


EIGHT_PAIRS = "\n".join(f"Pair {n}" for n in range(1, 9))


def _ns_imps(event, number):
    scores = play.standings(event).rounds[number]
    return {s.table.table: s.ns_imps for s in scores}


def test_an_artificial_score_is_3_imps_and_takes_no_part_in_the_field(club):
    # Law 12C2(b), Laws of Duplicate Bridge 2017 (WBF): average plus or minus at IMP play is
    # plus or minus 3 IMPs. Board 1 (none vulnerable) at tables 1-3: +420, +420 and 3S N +1
    # (+170): the datum of the three played scores is 340 (mean 336.67 to the nearest 10), so
    # +80, +80 and -170 are 2, 2 and -5 IMPs (Law 78B). Table 4 has A+/A-: +3 to NS.
    event = make_swiss_pairs(club, pairs=EIGHT_PAIRS, boards_per_round=1)
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["4S N ="], 2: ["4S N ="], 3: ["3S N +1"], 4: ["A+/A-"]})
    assert _ns_imps(event, 1) == {1: 2, 2: 2, 3: -5, 4: 3}
    stored = SwissPairsResult.objects.get(table__table=4)
    assert (stored.result, stored.ns_score, stored.ns_percent, stored.ew_percent) == (
        "A+/A-", None, 60, 40)  # fmt: skip
    # Ave+ to both pairs: Law 86B averages non-balancing scores in a match (+3 and +3 make a
    # margin of 0), so the match is a draw on the scale.
    table = event.tables.get(round=1, table=4)
    play.save_table(event, table, {1: "A+/A+"})
    assert _ns_imps(event, 1)[4] == 0
    score = next(s for s in play.standings(event).rounds[1] if s.table.table == 4)
    assert score.ns_vps == score.ew_vps == 10


def test_a_weighted_score_and_a_board_not_played_are_refused_in_words(club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    table = event.tables.get(round=1, table=1)
    with pytest.raises(play.SwissPairsError, match=r"Board 1: .*artificial score \(A, A\+/A-"):
        play.save_table(event, table, {1: "60% 4S N = + 40% 4S N -1", 2: "A"})
    assert not SwissPairsResult.objects.exists()


def test_the_directors_match_score_stands_in_place_of_the_boards(club):
    # A forfeit: 12 VPs to the pair that came, 0 to the pair that did not (the teams event's
    # convention: an opponent's forfeit scores as a bye, 12-8 on a 20-point scale; the
    # Contract Bridge Association of Ireland's *Additional rules*: a team refusing a match
    # scores 0 VPs).
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["4S N =", ""], 2: ["4S N -1", "2H S ="]})
    table = event.tables.get(round=1, table=1)
    play.award_match(event, table, "12", "0")
    rows = {row.pair.number: row for row in play.standings(event).rows}
    assert (rows[1].vps, rows[2].vps, rows[1].played, rows[1].imps) == (12, 0, 1, 0)
    with pytest.raises(play.SwissPairsError, match="Round 1 has results already"):
        play.undraw_last_round(event)
    assert play.draw_next_round(event) == 2  # table 1 is finished by the director's score
    play.award_match(event, table, " ", "")
    table.refresh_from_db()
    assert table.ns_vps_awarded is None and table.ew_vps_awarded is None


@pytest.mark.parametrize(
    ("ns", "ew", "words"),
    [
        ("12", "", "EW VPs: '' is not a number."),
        ("ten", "0", "NS VPs: 'ten' is not a number."),
        ("21", "0", "NS VPs: 21 is not a number of VPs from 0 to 20"),
        ("12", "-1", "EW VPs: -1 is not a number of VPs from 0 to 20"),
        ("12.005", "0", "to two decimals at most"),
        ("NaN", "0", "NS VPs: 'NaN' is not a number."),
    ],
)
def test_a_bad_match_score_is_refused_in_words_and_nothing_is_stored(club, ns, ew, words):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    table = event.tables.get(round=1, table=1)
    with pytest.raises(play.SwissPairsError, match=re.escape(words)):
        play.award_match(event, table, ns, ew)
    table.refresh_from_db()
    assert table.ns_vps_awarded is None


def test_the_clubs_own_vp_table_scores_the_matches_and_the_bye(club):
    # The club's table, typed on the event as a teams event's is (docs/rules.md, Victory
    # points): 0-2 IMPs 10-10, 3-6 12-8, 7+ 15-5. The datum example above: NS 1 +6 IMPs is
    # 12-8; a bye is 60% of a drawn match's 20 VPs, 12.
    table = "0-2 10-10\n3-6 12-8\n7+ 15-5"
    event = make_swiss_pairs(club, pairs="A\nB\nC\nD\nE", vp_scale="club", club_vp_table=table)
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["4S N =", "2H S ="], 2: ["4S N -1", "2H S ="]})
    vps = {row.pair.number: row.vps for row in play.standings(event).rows}
    assert vps == {1: 12, 2: 8, 3: 8, 4: 12, 5: 12}
    with pytest.raises(play.SwissPairsError, match=r"from 0 to 15 on this event's scale"):
        play.award_match(event, event.tables.get(round=1, table=1), "16", "0")


def test_the_database_refuses_half_a_match_score_and_a_result_with_no_score(club):
    # The constraints hold without the forms: a CHECK passes on NULL, so each is spelled out.
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    table = event.tables.get(round=1, table=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        event.tables.filter(pk=table.pk).update(ns_vps_awarded=12)
    with pytest.raises(IntegrityError), transaction.atomic():
        SwissPairsResult.objects.create(table=table, board=1, result="A", ns_percent=50)
    assert not SwissPairsResult.objects.exists()
