"""Scoring a whole section: the common top, missing results, adjusted-score rules, fouled
boards, weighted scores and the IMP conventions. Expected values are worked by hand from the
rule each test cites, never taken from the code."""

from fractions import Fraction as F

import pytest

from scoring import ResultLine, ScoringOptions, parse_entry, score_section


def lines(board, texts, first_pair=1):
    """One line per text: NS pair n meets EW pair n. Boards 1, 8 and 11: nobody vulnerable."""
    return [
        ResultLine(board, ("NS", n), ("EW", n), parse_entry(text, board))
        for n, text in enumerate(texts, first_pair)
    ]


def ns_points(scored):
    return [result.points.ns for result in scored]


def test_every_board_is_factored_to_the_sections_common_top():
    # Board 1 is due 5 results, board 8 only 4: ACBL Neuberg (MP + 1/2) x E/A - 1/2 brings
    # board 8 to the top of 4 that board 1 has, so both boards weigh the same (Bavin,
    # *The Neuberg Formula*; ACBLscore's factoring).
    section = lines(1, ["450", "420", "420", "400", "-50"]) + lines(8, ["450", "420", "400", "-50"])
    scored = score_section("matchpoints", section, {1: 5, 8: 4})
    assert ns_points(scored[:5]) == [4, F(5, 2), F(5, 2), 1, 0]
    # Raw 3, 2, 1, 0 on a top of 3 become (3.5)5/4-1/2 = 3.875, 2.625, 1.375, 0.125.
    assert ns_points(scored[5:]) == [F(31, 8), F(21, 8), F(11, 8), F(1, 8)]
    assert {result.points.top for result in scored} == {4}


def test_missing_results_as_average_comparisons_like_scorebridge():
    # Worked by hand: 3 results of 4 due, EBU scale: 4/2/0 on a top of 4, plus one
    # average comparison (1 each) = 5/3/1 on a top of 6.
    options = ScoringOptions(missing_results="average")
    scored = score_section("ebu-matchpoints", lines(1, ["450", "420", "-50"]), {1: 4}, options)
    assert [(r.points.ns, r.points.top) for r in scored] == [(5, 6), (3, 6), (1, 6)]


def test_missing_results_by_neuberg_by_default():
    # EBU form (MP + 1) x E/A - 1: (4 + 1) x 4/3 - 1 = 17/3, (2 + 1) x 4/3 - 1 = 3, 1/3.
    scored = score_section("ebu-matchpoints", lines(1, ["450", "420", "-50"]), {1: 4})
    assert ns_points(scored) == [F(17, 3), 3, F(1, 3)]


def test_a_board_scored_again_follows_its_options_and_common_top_each_time():
    # score_section remembers each board's points by what decides them; the same three
    # results scored under other options, or in a section with another common top, must
    # still get their own values. The values are those of the three tests above.
    three = lines(1, ["450", "420", "-50"])
    for _ in range(2):
        averaged = score_section(
            "ebu-matchpoints", three, {1: 4}, ScoringOptions(missing_results="average")
        )
        assert [(r.points.ns, r.points.top) for r in averaged] == [(5, 6), (3, 6), (1, 6)]
        assert ns_points(score_section("ebu-matchpoints", three, {1: 4})) == [F(17, 3), 3, F(1, 3)]
    # Board 8 on its own: 3, 2, 1, 0 on a top of 3; beside board 1 due 5, factored to 4.
    board_8 = lines(8, ["450", "420", "400", "-50"])
    assert ns_points(score_section("matchpoints", board_8, {8: 4})) == [3, 2, 1, 0]
    section = lines(1, ["450", "420", "420", "400", "-50"]) + board_8
    scored = score_section("matchpoints", section, {1: 5, 8: 4})
    assert ns_points(scored[5:]) == [F(31, 8), F(21, 8), F(11, 8), F(1, 8)]


def test_a_fouled_board_is_scored_in_groups_each_factored_to_the_full_top():
    # Law 87B: the forms of a fouled board are scored apart. Six tables: four played the
    # board as dealt (group 0), two the changed form (group 2). ACBL Neuberg to 6 results:
    # group 0 raw 3, 1.5, 1.5, 0 -> (mp + 1/2) x 6/4 - 1/2 = 4.75, 2.5, 2.5, 0.25;
    # group 2 raw 1, 0 -> (mp + 1/2) x 6/2 - 1/2 = 4, 1.
    dealt = lines(1, ["450", "420", "420", "400"])
    fouled = [
        ResultLine(1, ("NS", n), ("EW", n), parse_entry(text, 1), foul_group=2)
        for n, text in ((5, "100"), (6, "-50"))
    ]
    scored = score_section("matchpoints", dealt + fouled, {1: 6})
    assert ns_points(scored) == [F(19, 4), F(5, 2), F(5, 2), F(1, 4), 4, 1]
    assert {r.points.top for r in scored} == {5}


def test_a_weighted_score_counts_in_each_comparison_by_its_weights():
    # Law 12C1(c): 60% of 4S N = (+420) and 40% of 4S N -1 (-50), none vulnerable, against
    # +420, +450 and -50. ACBL, 1 for a win and 1/2 for a tie, weighted:
    #   weighted: v 420 0.6 x 1/2 = 0.3; v 450 0; v -50 0.6 x 1 + 0.4 x 1/2 = 0.8 -> 1.1
    #   +420: v weighted 0.6 x 1/2 + 0.4 x 1 = 0.7; v 450 0; v -50 1 -> 1.7
    #   +450: 1 + 1 + 1 = 3;  -50: v weighted 0.4 x 1/2 = 0.2 -> 0.2.   Sum 6 = 4 x 3 / 2.
    section = lines(1, ["60% 4S N = + 40% 4S N -1", "420", "450", "-50"])
    scored = score_section("matchpoints", section, {1: 4})
    assert ns_points(scored) == [F(11, 10), F(17, 10), 3, F(1, 5)]
    assert sum(ns_points(scored)) == 6


def test_session_rule_gives_ave_plus_the_pairs_own_score_if_higher():
    # Law 12C2: a side in no way at fault gets at least 60%, or its percentage on its other
    # boards if higher; a side at fault at most 40%, or its percentage if lower. NS 1 tops
    # boards 1 and 8 (100%), so its Ave+ on board 11 is 100% of the top; EW 1 was bottom on
    # both (0%), so its Ave- is 0%. Pair 2 is at 50% on its others: Ave+ stays 60%.
    section = (
        lines(1, ["450", "420", "-50"])
        + lines(8, ["450", "420", "-50"])
        + lines(11, ["A+/A-", "A+/A-", "420"])
    )
    session = ScoringOptions(adjusted_rule="session")
    scored = score_section("matchpoints", section, {1: 3, 8: 3, 11: 3}, session)
    board_three = [(r.points.ns, r.points.ew) for r in scored[6:8]]
    assert board_three == [(2, 0), (F(6, 5), F(4, 5))]  # top 2: 100%/0%, then 60%/40%
    fixed = score_section("matchpoints", section, {1: 3, 8: 3, 11: 3})
    assert (fixed[6].points.ns, fixed[6].points.ew) == (F(6, 5), F(4, 5))


def test_session_rule_falls_back_to_the_fixed_award_when_the_pairs_boards_have_no_top():
    # One result due and played on each board: its top is 0 (n-1 for n results),
    # so NS 1 has no percentage on its other board and Law 12C2's Ave+ stays 60% of the top,
    # 0 here, rather than a division by nothing.
    section = lines(1, ["420"]) + lines(2, ["A+/A-"])
    session = ScoringOptions(adjusted_rule="session")
    scored = score_section("matchpoints", section, {1: 1, 2: 1}, session)
    assert (scored[1].points.ns, scored[1].points.ew, scored[1].points.top) == (0, 0, 0)


def test_session_rule_at_imps_uses_the_pairs_imps_per_board():
    # Law 12C2 "or the equivalent in IMPs": NS 1's Ave+ is its IMPs per board on its other
    # boards when more than +3. Butler, three results: datum (450+420-50)/3 = 273.3 -> 270;
    # +450 is +180 = 5 IMPs, so NS 1's Ave+ is 5, and EW 1 (-5 a board) gets -5 for Ave-.
    section = lines(1, ["450", "420", "-50"]) + lines(8, ["A+/A-", "420", "-50"])
    session = ScoringOptions(adjusted_rule="session")
    scored = score_section("butler", section, {1: 3, 8: 3}, session)
    assert scored[0].points.ns == 5
    assert (scored[3].points.ns, scored[3].points.ew) == (5, -5)


def test_cross_imps_summed_with_ave_plus_per_comparison_like_ruter():
    # Ruter prints cross-IMPs summed over comparisons and gives Ave+ 1 IMP per comparison.
    # Against 420/450/420/-50 (none vul): +420 wins 0, loses 1 (30), wins 10 (470) = 9;
    # +450: 1 + 1 + 11 = 13; -50: -10 - 11 - 10 = -31. A+/A- meets 4 results: +4 / -4.
    options = ScoringOptions(cross_imps="total", ave_plus_imps=1)
    scored = score_section(
        "cross-imps", lines(1, ["420", "450", "420", "-50", "A+/A-"]), {1: 5}, options
    )
    assert ns_points(scored) == [9, 13, 9, -31, 4]
    assert scored[4].points.ew == -4


def test_cross_imps_averaged_by_default_with_ave_plus_three_a_board():
    scored = score_section("cross-imps", lines(1, ["420", "450", "420", "-50", "A+/A-"]), {1: 5})
    assert ns_points(scored) == [3, F(13, 3), 3, F(-31, 3), 3]


@pytest.mark.parametrize(
    "options,datum_imps",
    [
        # Default trim for 5 results: ceil((5-10)/15)+1 = 1 at each end: mean of 420, 420,
        # 400 = 413.3 -> 410; +450 is +40 = 1 IMP.
        (ScoringOptions(), 1),
        # No trim: (450+420+420+400-50)/5 = 328 -> 330; +450 is +120 = 3 IMPs.
        (ScoringOptions(butler_drop="0"), 3),
        # Nearest point, no trim: 328; +450 is +122 = 4 IMPs (120 < 122 <= 160).
        (ScoringOptions(butler_drop="0", datum_rounding=1), 4),
        # 20% at each end of 5 = 1 result.
        (ScoringOptions(butler_drop="20%"), 1),
    ],
)
def test_butler_datum_options(options, datum_imps):
    scored = score_section("butler", lines(1, ["450", "420", "420", "400", "-50"]), {1: 5}, options)
    assert scored[0].points.ns == datum_imps


def test_hdb_average_is_the_directions_mean_and_never_below_the_bottom():
    # Jette, *Scoring for Home Duplicate Bridge*: IMPs of own score minus the lowest in the
    # direction. +420/+450/+420/-50: NS 10, 11, 10, 0 (mean 31/4); EW (-420 etc. above -450): 1, 0,
    # 1, 11 (mean 13/4). Average is that mean (50% of a board is the field's middle, not the bottom,
    # which is 0 IMPs here); Ave+ the mean + 3, Ave- the mean - 3, never below 0.
    scored = score_section("hdb", lines(1, ["420", "450", "420", "-50", "A+/A-"]), {1: 5})
    assert (scored[4].points.ns, scored[4].points.ew) == (F(31, 4) + 3, F(13, 4) - 3)
    average = score_section("hdb", lines(1, ["420", "450", "420", "-50", "A"]), {1: 5})
    assert (average[4].points.ns, average[4].points.ew) == (F(31, 4), F(13, 4))
    lopsided = score_section("hdb", lines(1, ["420", "420", "A-/A+"]), {1: 3})
    assert lopsided[2].points.ns == 0  # mean 0 - 3, held at the bottom


@pytest.mark.parametrize(
    "method,options,described",
    [
        ("matchpoints", ScoringOptions(),
         "matchpoints, ACBL 1/½, Neuberg for missing results, every board factored to the "
         "section's top, raw totals"),
        ("cross-imps", ScoringOptions(cross_imps="total", ave_plus_imps=1, totals="factored"),
         "cross-IMPs, IMPs summed over comparisons, Ave+ 1 IMP per comparison, factored totals"),
        ("butler", ScoringOptions(butler_drop="5%", adjusted_rule="session"),
         "Butler IMPs, datum drops 5% at each end, rounded to 10, Ave+ 3 IMPs per board, "
         "Ave+/Ave− at least/at most the session score (Law 12C2), raw totals"),
        ("hdb", ScoringOptions(), "Home Duplicate Bridge: IMPs above the lowest, VPs per set"),
    ],
)  # fmt: skip
def test_the_results_page_names_how_the_session_was_scored(method, options, described):
    assert options.describe(method) == described


def test_options_refuse_what_no_program_does():
    with pytest.raises(ValueError, match="totals 'sum'"):
        ScoringOptions(totals="sum")
    with pytest.raises(ValueError, match="ave_plus_imps must be 0-24"):
        ScoringOptions(ave_plus_imps=30)
    with pytest.raises(ValueError, match="percentage under 50"):
        ScoringOptions(butler_drop="50%")
