"""The conventions other programs follow where Clubscore's defaults differ: each board's points
rounded before totals, a board with an artificial score left unfactored, percentages of the
printed total, a decimal Ave+ at IMPs, missing results as average comparisons to the common
top, no place for a pair without a board, and the presets that name each program's set.

Expected values are worked by hand from each program's published convention (the conventions
table of docs/rules.md and tests/events/real_events/README.md cite them).
"""

from fractions import Fraction as F

import pytest

from scoring import (
    PRESETS,
    BoardPoints,
    Penalty,
    ResultLine,
    ScoredResult,
    ScoringOptions,
    matching_preset,
    parse_entry,
    preset_of,
    score_section,
    standings,
)


def lines(board, texts, first_pair=1):
    """One line per text: NS pair n meets EW pair n (boards 1 and 8: nobody vulnerable)."""
    return [
        ResultLine(board, ("NS", n), ("EW", n), parse_entry(text, board))
        for n, text in enumerate(texts, first_pair)
    ]


def points(scored):
    return [(result.points.ns, result.points.ew, result.points.top) for result in scored]


# --- rounding="board" (EBUScore, PairsScorer, Pianola, KoPS) -----------------------------


def test_each_boards_points_are_rounded_to_two_decimals_before_totals():
    # Board 8 is played 3 times of 4 (EBU 2/1, top 6): raw 4/2/0 -> Neuberg (mp + 1) x 4/3 - 1
    # = 17/3, 3, 1/3. EBUScore prints and adds 5.67, 3, 0.33 (and EW 0.33, 3, 5.67).
    section = lines(1, ["450", "420", "400", "-50"]) + lines(8, ["450", "420", "-50"])
    exact = score_section("ebu-matchpoints", section, {1: 4, 8: 4})
    rounded = score_section(
        "ebu-matchpoints", section, {1: 4, 8: 4}, ScoringOptions(rounding="board")
    )
    assert points(exact[4:]) == [(F(17, 3), F(1, 3), 6), (3, 3, 6), (F(1, 3), F(17, 3), 6)]
    assert points(rounded[4:]) == [
        (F(567, 100), F(33, 100), 6),
        (3, 3, 6),
        (F(33, 100), F(567, 100), 6),
    ]
    assert points(rounded[:4]) == points(exact[:4])  # whole matchpoints stay as they are


def test_rounded_cross_imps_keep_ns_and_ew_opposite():
    # Cross-IMPs averaged over 3 comparisons: -31/3 IMPs is printed -10.33 (halves and thirds
    # away from zero, so EW's +10.33 is its exact opposite).
    scored = score_section(
        "cross-imps",
        lines(1, ["420", "450", "420", "-50"]),
        {1: 4},
        ScoringOptions(rounding="board"),
    )
    assert [(r.points.ns, r.points.ew) for r in scored] == [
        (3, -3),
        (F(433, 100), F(-433, 100)),
        (3, -3),
        (F(-1033, 100), F(1033, 100)),
    ]


def test_kops_rounds_matchpoints_but_adds_cross_imps_exactly():
    # KoPS (tests/events/real_events: Chorzów 2011 at matchpoints, 2013 at cross-IMPs) prints
    # and adds factored matchpoints to 2 decimals, but adds cross-IMP averages exactly: the
    # board of the first test above gives 5.67, the second's -31/3 IMPs stay -31/3.
    options = ScoringOptions(rounding="board-mp")
    section = lines(1, ["450", "420", "400", "-50"]) + lines(8, ["450", "420", "-50"])
    matchpoints = score_section("ebu-matchpoints", section, {1: 4, 8: 4}, options)
    assert points(matchpoints[4:])[0] == (F(567, 100), F(33, 100), 6)
    imps = score_section("cross-imps", lines(1, ["420", "450", "420", "-50"]), {1: 4}, options)
    assert (imps[3].points.ns, imps[3].points.ew) == (F(-31, 3), F(31, 3))
    assert "rounded to 2 decimals" in options.describe("ebu-matchpoints")
    assert "rounded to 2 decimals" not in options.describe("cross-imps")


def test_rounded_points_make_the_totals_and_percentages():
    # Pair NS 1 scores 6 and 17/3 (of 6 each): exactly 35/3 of 12 = 97.22%; from the printed
    # 5.67 it is 11.67 of 12 = 97.25%.
    section = lines(1, ["450", "420", "400", "-50"]) + lines(8, ["450", "420", "-50"])
    options = ScoringOptions(rounding="board")
    scored = score_section("ebu-matchpoints", section, {1: 4, 8: 4}, options)
    pairs = sorted({line.ns for line in section} | {line.ew for line in section})
    table = {
        s.pair: s
        for s in standings("ebu-matchpoints", scored, pairs, lambda pair: pair[0], options=options)
    }
    assert table[("NS", 1)].total == F(1167, 100)
    assert table[("NS", 1)].percentage == F(1167, 12)


# --- adjusted_boards="unfactored" (BriAn, Bridge Base Online) ----------------------------


def test_a_board_with_an_artificial_score_is_matchpointed_on_its_played_results():
    # Board 1: four played results and one Ave+/Ave-, due 5. Factored (Clubscore, ACBLscore):
    # the four on a top of 3 brought to 4 by Neuberg, (mp + 1/2) x 5/4 - 1/2, and Ave+ 60% of
    # 4. Unfactored: the four among themselves on a top of 3, Ave+ 60% of 3 = 1.8.
    section = lines(1, ["450", "420", "400", "-50", "A+/A-"])
    factored = score_section("matchpoints", section, {1: 5})
    assert points(factored) == [
        (F(31, 8), F(1, 8), 4), (F(21, 8), F(11, 8), 4), (F(11, 8), F(21, 8), 4),
        (F(1, 8), F(31, 8), 4), (F(12, 5), F(8, 5), 4),
    ]  # fmt: skip
    unfactored = score_section(
        "matchpoints", section, {1: 5}, ScoringOptions(adjusted_boards="unfactored")
    )
    assert points(unfactored) == [(3, 0, 3), (2, 1, 3), (1, 2, 3), (0, 3, 3), (F(9, 5), F(6, 5), 3)]


def test_an_unfactored_board_keeps_its_own_top_beside_a_bigger_common_top():
    # Board 8 has 5 results; board 1 three played and an Ave: its played results keep the top
    # of 2 (EBU 2/1: 4), not the section's 8, and the Ave is 50% of 4.
    section = lines(1, ["450", "420", "-50", "A"]) + lines(8, ["450", "420", "400", "-50", "90"])
    scored = score_section(
        "ebu-matchpoints", section, {1: 5, 8: 5}, ScoringOptions(adjusted_boards="unfactored")
    )
    assert points(scored[:4]) == [(4, 0, 4), (2, 2, 4), (0, 4, 4), (2, 2, 4)]
    assert {r.points.top for r in scored[4:]} == {8}


def test_unfactored_boards_weigh_by_their_own_top_in_the_percentage():
    # NS 1 tops board 1 (3 of 3, an Ave+ beside it) and is average on board 8 (2 of 4 on 5
    # results): (3 + 2) / (3 + 4) = 71.43%, where averaging its two boards would give 75%.
    section = lines(1, ["450", "420", "400", "-50", "A+/A-"]) + lines(
        8, ["420", "450", "400", "-50", "430"]
    )
    options = ScoringOptions(adjusted_boards="unfactored")
    scored = score_section("matchpoints", section, {1: 5, 8: 5}, options)
    table = {s.pair: s for s in standings("matchpoints", scored, [("NS", 1)], options=options)}
    assert table[("NS", 1)].percentage == F(500, 7)


def test_bridge_base_online_averages_the_boards_percentages():
    # Bridge Base Online prints a pair's percentage as the mean of its board percentages (all
    # 96 pairs of the ACBL Speedball in tests/events/real_events): NS 1's 100% and 50% on the
    # boards above make 75%, whatever their tops. A penalty comes off as a share of the tops.
    section = lines(1, ["450", "420", "400", "-50", "A+/A-"]) + lines(
        8, ["420", "450", "400", "-50", "430"]
    )
    options = ScoringOptions(adjusted_boards="unfactored", percentages="mean")
    scored = score_section("matchpoints", section, {1: 5, 8: 5}, options)
    table = {s.pair: s for s in standings("matchpoints", scored, [("NS", 1)], options=options)}
    assert (table[("NS", 1)].total, table[("NS", 1)].percentage) == (5, 75)
    fined = standings(
        "matchpoints",
        scored,
        [("NS", 1)],
        options=options,
        penalties={("NS", 1): Penalty(points=F(7, 10))},
    )
    assert [s.percentage for s in fined if s.pair == ("NS", 1)] == [65]
    assert "percentages the mean of each board's" in options.describe("matchpoints")


# --- percentages="from-total" (ACBLscore) and "exact" (Ruter) -----------------------------


def scored(pair, opponent, *earned, top=4):
    return [
        ScoredResult(board, pair, opponent, BoardPoints(F(value), top - F(value), F(top)))
        for board, value in enumerate(earned, 1)
    ]


def test_factored_totals_with_exact_percentages_like_ruter():
    # P played 4 boards of 5 for 10.5 of 16 (65.625%): factored 10.5 x 5/4 = 13.125 printed
    # 13.13. Ruter prints the exact 65.63%; ACBLscore 13.13 / 20 = 65.65%.
    results = scored("P", "x", 4, 3.5, 3, 0) + scored("Q", "y", 4, 4, 4, 3, 1)
    ruter = ScoringOptions(totals="factored")
    acbl = ScoringOptions(totals="factored", percentages="from-total")
    rows = {s.pair: s for s in standings("matchpoints", results, ["P", "Q"], options=ruter)}
    assert (rows["P"].shown_total, rows["P"].percentage) == (F(105, 8), F(65625, 1000))
    rows = {s.pair: s for s in standings("matchpoints", results, ["P", "Q"], options=acbl)}
    assert (rows["P"].shown_total, rows["P"].percentage) == (F(105, 8), F(6565, 100))


def test_percentages_from_raw_totals_take_the_total_as_printed():
    # 17/3 + 1 = 20/3 of 8 printed 6.67: 6.67 / 8 = 83.375%.
    results = scored("P", "x", F(17, 3), 1)
    options = ScoringOptions(percentages="from-total")
    (row,) = [s for s in standings("matchpoints", results, ["P"], options=options) if s.pair == "P"]
    assert row.percentage == F(83375, 1000)


# --- missing_results="average" to the common top (ScoreBridge) ---------------------------


def test_average_comparisons_fill_a_board_up_to_the_sections_common_top():
    # ScoreBridge: a board played 3 times in a section whose boards are played 4 times gets one
    # average comparison per missing result: EBU 4/2/0 + 1 = 5/3/1 on a top of 6, whatever
    # the board itself was due (here 3, as an imported file's board says), not Neuberg's
    # 5.67/3/0.33.
    section = lines(1, ["450", "420", "400", "-50"]) + lines(8, ["450", "420", "-50"])
    options = ScoringOptions(missing_results="average")
    result = score_section("ebu-matchpoints", section, {1: 4, 8: 3}, options)
    assert points(result[4:]) == [(5, 1, 6), (3, 3, 6), (1, 5, 6)]
    neuberg = score_section("ebu-matchpoints", section, {1: 4, 8: 3})
    assert [r.points.ns for r in neuberg[4:]] == [F(17, 3), 3, F(1, 3)]


def test_average_comparisons_for_a_board_played_twice_of_four():
    # Two results of four: 2/0 + two average comparisons each = 4/2 on a top of 6.
    section = lines(1, ["450", "420", "400", "-50"]) + lines(8, ["450", "-50"])
    result = score_section(
        "ebu-matchpoints", section, {1: 4, 8: 2}, ScoringOptions(missing_results="average")
    )
    assert points(result[4:]) == [(4, 2, 6), (2, 4, 6)]


# --- ave_plus_imps as a decimal (JFR Pary) ------------------------------------------------


def test_ave_plus_imps_may_be_a_decimal():
    # A JFR Pary director's Ave+ of 1.2 IMPs in IMP pairs: Ave+ +1.2, Ave- -1.2.
    options = ScoringOptions(ave_plus_imps="1.2")
    assert options.ave_plus_imps == F(6, 5)
    scored_lines = score_section("cross-imps", lines(1, ["420", "450", "A+/A-"]), {1: 3}, options)
    assert (scored_lines[2].points.ns, scored_lines[2].points.ew) == (F(6, 5), F(-6, 5))
    assert "Ave+ 1.2 IMPs per board" in options.describe("cross-imps")
    assert ScoringOptions(ave_plus_imps=3) == ScoringOptions()  # whole numbers as before


@pytest.mark.parametrize(
    "value,message",
    [("1.234", "at most 2 decimals"), (F(-1), "0-24"), ("25", "0-24"), ("x", "a number"),
     (True, "a number"), (1.5, "a number")],
)  # fmt: skip
def test_ave_plus_imps_refuses_what_no_director_gives(value, message):
    with pytest.raises(ValueError, match=message):
        ScoringOptions(ave_plus_imps=value)


# --- a pair with no board has no place (KoPS) ---------------------------------------------


def test_a_pair_with_no_board_is_unranked_and_takes_no_place():
    results = scored("P", "x", 0, 0) + scored("R", "z", 1, 1)
    table = standings("matchpoints", results, ["P", "Q", "R"], lambda pair: pair.isupper())
    ranks = {s.pair: (s.rank, s.percentage) for s in table if s.group}
    assert ranks == {"R": ("1", 25), "P": ("2", 0), "Q": ("", None)}


# --- presets --------------------------------------------------------------------------------


def test_the_acblscore_preset_is_factored_totals_and_percentages_from_them():
    acbl = preset_of("acblscore")
    assert acbl.scoring_options == ScoringOptions(totals="factored", percentages="from-total")
    assert acbl.method_for("ebu-matchpoints") == "matchpoints"
    assert acbl.method_for("butler") == "butler"


def test_the_ebuscore_preset_rounds_boards_and_gives_ave_plus_the_session_score():
    # Robin Barker, EBUScore's author, on the EBU forum (Programming Arbitrary Scores): "Ave+
    # is 60 MPs (or session average if higher)"; EBUScore prints each board to 2 decimals.
    assert preset_of("ebuscore").scoring_options == ScoringOptions(
        rounding="board", adjusted_rule="session"
    )


def test_a_preset_is_named_only_while_the_options_are_its_own():
    assert matching_preset("ruter", preset_of("ruter").scoring_options).program == "Ruter"
    assert matching_preset("ruter", ScoringOptions()) is None
    assert matching_preset("", ScoringOptions()) is None
    with pytest.raises(ValueError, match="no preset 'acbl'"):
        preset_of("acbl")


def test_every_preset_is_a_valid_set_of_options():
    for preset in PRESETS.values():
        assert isinstance(preset.scoring_options, ScoringOptions)
        assert preset.program and preset.why


@pytest.mark.parametrize(
    "method,options,described",
    [
        ("matchpoints", ScoringOptions(totals="factored", percentages="from-total"),
         "matchpoints, ACBL 1/½, Neuberg for missing results, every board factored to the "
         "section's top, factored totals, percentages of the total as printed (2 decimals)"),
        ("ebu-matchpoints", ScoringOptions(rounding="board", adjusted_boards="unfactored"),
         "matchpoints, EBU 2/1, Neuberg for missing results, every board factored to the "
         "section's top, a board with an artificial score on its played results' own top, "
         "each board's points rounded to 2 decimals, raw totals"),
    ],
)  # fmt: skip
def test_the_results_page_names_the_new_conventions(method, options, described):
    assert options.describe(method) == described


@pytest.mark.parametrize(
    "earned,total,percentage",
    [(56, F(196, 3), F(175, 3)), (52, F(182, 3), F(325, 6)), (51, F(119, 2), F(425, 8))],
)
def test_ruter_prints_factored_totals_beside_exact_percentages(earned, total, percentage):
    # Ruter's TotalScoreTable of Hallstahammars BK, 2021-09-01 (tests/events/real_events/
    # README.md): 2/1 matchpoints on a top of 4, 28 boards, every pair sitting out 4 of them.
    # Pair 6 EW: 65.3 and 58.33%; pair 1 EW: 60.7 and 54.17%; pair 5 NS: 59.5 and 53.13%. So
    # 56, 52 and 51 matchpoints of 96 on the 24 boards played, the totals factored x 28/24
    # (65.33, 60.67, 59.5, printed to one decimal) and the percentages exact (58.33, 54.17,
    # 53.125), not of the factored total as printed (65.3 of 112 would be 58.30%).
    results = [
        ScoredResult(board, "P", "x", BoardPoints(F(earned, 24), 4 - F(earned, 24), F(4)))
        for board in range(1, 25)
    ]
    ruter = preset_of("ruter").scoring_options
    (row,) = [
        s
        for s in standings("ebu-matchpoints", results, ["P"], options=ruter, session_boards=28)
        if s.pair == "P"
    ]
    assert (row.shown_total, row.percentage) == (total, percentage)
    assert round(float(row.shown_total), 1) in (65.3, 60.7, 59.5)
