import pytest

from scoring import Pair, ScoredResult, mitchell, parse_entry, score_board, standings


def play(movement, method, lines_by_board):
    """Score every board of `movement` from {board: [line per played table, in seat order]}."""
    results = []
    for board, lines in lines_by_board.items():
        tables = movement.plays_of_board(board)
        entries = [parse_entry(line, board) for line in lines]
        points = score_board(method, entries, len(tables))
        for seating, earned in zip(tables, points, strict=False):
            results.append(ScoredResult(board, seating.ns, seating.ew, earned))
    return results


def direction(pair):
    return pair.direction


def test_matchpoint_standings_rank_each_direction_and_give_percentages():
    movement = mitchell(3, 1)
    # Board b is played at 3 tables; NS 1 always does best, NS 3 worst.
    scores = {1: "4S N +1", 2: "4S N =", 3: "4S N -1"}
    lines = {
        board: [scores[s.ns.number] for s in movement.plays_of_board(board)]
        for board in movement.boards
    }
    results = play(movement, "matchpoints", lines)
    table = {s.pair: s for s in standings("matchpoints", results, movement.pairs, direction)}
    assert (table[Pair(1, "NS")].total, table[Pair(1, "NS")].percentage) == (6.0, 100.0)
    assert (table[Pair(3, "NS")].total, table[Pair(3, "NS")].rank) == (0.0, "3")
    assert table[Pair(2, "NS")].percentage == 50.0
    # Each EW pair met NS 1, 2 and 3 once on one board each: all tie.
    assert {s.rank for s in table.values() if s.group == "EW"} == {"1="}


def test_percentages_cover_only_boards_played_so_far():
    movement = mitchell(3, 1)
    first_board = movement.plays_of_board(1)
    lines = {1: ["420", "450", "-50"][: len(first_board)]}
    results = play(movement, "matchpoints", lines)
    table = standings("matchpoints", results, movement.pairs, direction)
    assert sum(s.boards for s in table) == 6
    assert all(s.percentage is not None for s in table)
    assert {s.percentage for s in table if s.group == "NS"} == {100.0, 50.0, 0.0}


def test_cross_imp_standings_have_totals_but_no_percentage():
    movement = mitchell(3, 1)
    results = play(movement, "cross-imps", {1: ["420", "450", "-50"]})
    table = standings("cross-imps", results, movement.pairs, direction)
    assert all(s.percentage is None for s in table)
    assert sum(s.total for s in table if s.group == "NS") == pytest.approx(0)


def test_hdb_gives_vps_per_set_against_the_field():
    movement = mitchell(3, 3)
    sets = {board: movement.set_of_board(board) for board in movement.boards}
    lines = {board: ["4S N +1", "4S N =", "4S N -1"] for board in movement.boards_of_set(1)}
    results = play(movement, "hdb", lines)
    table = {s.pair: s for s in standings("hdb", results, movement.pairs, direction, sets)}
    ns_of_table = [s.ns for s in movement.plays_of_board(1)]
    # HDB IMPs per board above the lowest (-50): +450 -> 11, +420 -> 10, -50 -> 0.
    # Set totals 33, 30, 0: 33 vs 15 -> +18 -> 10; 30 vs 16.5 -> +13.5 -> 10 (3 boards: >=10);
    # 0 vs 31.5 -> 0.
    assert [table[pair].total for pair in ns_of_table] == [10, 10, 0]
    assert table[ns_of_table[0]].percentage == 100.0


def test_hdb_needs_board_sets():
    with pytest.raises(ValueError, match="board sets"):
        standings("hdb", [], [], direction)


# --- Places follow percentages (or IMPs per board), exactly -----------------------------

from fractions import Fraction as F  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from scoring import (  # noqa: E402
    BoardPoints,
    Penalty,
    ResultLine,
    ScoringOptions,
    howell,
    score_section,
)


def scored(pair, opponent, *earned, top=4):
    """Results of `pair` (sitting NS) against one opponent: one per board, in points."""
    return [
        ScoredResult(board, pair, opponent, BoardPoints(F(points), top - F(points), F(top)))
        for board, points in enumerate(earned, 1)
    ]


def side(pair):
    """Upper-case pairs sat NS, their lower-case opponents EW."""
    return "NS" if pair.isupper() else "EW"


def test_places_follow_the_percentage_not_the_raw_total():
    # 93.75% over 4 boards must beat 84.38% over 5: places follow percentages, because pairs
    # play different numbers of boards (Thompson: the percentage of the most possible).
    results = scored("P", "x", 4, 4, 4, 3) + scored("Q", "y", 4, 4, 4, 3, F(15, 8))
    table = {s.pair: s for s in standings("matchpoints", results, ["P", "Q"], lambda p: "NS")}
    assert (table["P"].percentage, table["P"].rank) == (F(1875, 20), "1")  # 15/16 = 93.75%
    assert (table["Q"].percentage, table["Q"].rank) == (F(84375, 1000), "2")  # 16.875/20
    assert table["Q"].total > table["P"].total


def test_factored_totals_scale_a_short_pair_up_to_the_most_boards_like_acblscore():
    # ACBLscore's published totals (tests/events/real_events): total x boards / boards played: 15 x
    # 5/4 = 18.75.
    results = scored("P", "x", 4, 4, 4, 3) + scored("Q", "y", 4, 4, 4, 3, 1)
    options = ScoringOptions(totals="factored")
    table = {
        s.pair: s
        for s in standings("matchpoints", results, ["P", "Q"], lambda p: "NS", options=options)
    }
    assert table["P"].shown_total == F(75, 4)
    assert table["Q"].shown_total == 16
    raw = {s.pair: s for s in standings("matchpoints", results, ["P", "Q"], lambda p: "NS")}
    assert raw["P"].shown_total == 15


def test_ties_only_where_percentages_are_exactly_equal():
    # 1/3 + 2/3 and 1 are equal exactly; in floats 0.1 + 0.2 is not 0.3, so floats could
    # split such a tie or make a false one.
    results = scored("P", "x", F(1, 3), F(2, 3), top=2) + scored("Q", "y", 1, 0, top=2)
    results += scored("R", "z", 1, F(1, 1000), top=2)
    table = standings("matchpoints", results, ["P", "Q", "R"], side)
    assert {s.pair: s.rank for s in table if s.group == "NS"} == {"R": "1", "P": "2=", "Q": "2="}


def test_imp_places_follow_the_imps_per_board_played():
    # +9 over 3 boards (3 a board) beats +10 over 5 (2 a board).
    results = [ScoredResult(b, "P", "x", BoardPoints(F(3), F(-3))) for b in (1, 2, 3)]
    results += [ScoredResult(b, "Q", "y", BoardPoints(F(2), F(-2))) for b in (1, 2, 3, 4, 5)]
    table = {s.pair: s for s in standings("cross-imps", results, ["P", "Q"], lambda p: "NS")}
    assert (table["P"].rank, table["P"].average, table["Q"].rank) == ("1", 3, "2")


@pytest.mark.parametrize(
    "penalty,total,percentage",
    [
        # 1.5 matchpoints off 15 of 16: 13.5 / 16 = 84.375%.
        (Penalty(points=F(3, 2)), F(27, 2), F(84375, 1000)),
        # EBU: 25% of a top (top 4) = 1 matchpoint off: 14 / 16 = 87.5%.
        (Penalty(percent_of_top=25), 14, F(875, 10)),
    ],
)
def test_procedural_penalties_come_off_the_total_and_the_percentage(penalty, total, percentage):
    results = scored("P", "x", 4, 4, 4, 3)
    (row,) = [
        s
        for s in standings("matchpoints", results, ["P"], penalties={"P": penalty})
        if s.pair == "P"
    ]
    assert (row.total, row.percentage, row.penalty) == (total, percentage, F(15) - total)


def test_a_pair_with_no_boards_yet_has_no_place():
    # KoPS leaves a pair that played no board unranked: it has no percentage to rank by.
    results = scored("P", "x", 0, 0)
    table = standings("matchpoints", results, ["P", "Q"], side)
    assert {s.pair: s.rank for s in table if s.group == "NS"} == {"P": "1", "Q": ""}


SCORES = ["420", "450", "400", "-50", "100", "-100", "PASS", "NP", "A+/A-", "A", "A-/A+"]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["matchpoints", "ebu-matchpoints", "cross-imps", "butler"]),
    st.sampled_from(["mitchell", "howell"]),
    st.integers(3, 7),
    st.sampled_from([None, "NS", "EW"]),
    st.integers(1, 6),
    st.sampled_from(["raw", "factored"]),
    st.sampled_from(["fixed", "session"]),
    st.data(),
)
def test_places_never_contradict_percentages(
    method, kind, tables, phantom, rounds, totals, rule, data
):
    """Random sessions with boards not played, adjusted scores, phantoms and short movements:
    a better percentage (IMPs per board) always means a better place; equal means shared."""
    if kind == "mitchell":
        most_rounds = tables - 1 if tables % 2 == 0 else tables
        movement = mitchell(tables, 1, phantom, rounds=min(rounds, most_rounds))
    else:
        movement = howell(2 * tables - (1 if phantom else 0), 1)
    lines = []
    for seating in movement.seatings:
        if not seating.is_played:
            continue
        for board in movement.boards_of_set(seating.board_set):
            text = data.draw(st.sampled_from(SCORES))
            lines.append(ResultLine(board, seating.ns, seating.ew, parse_entry(text, 1)))
    expected = {board: len(movement.plays_of_board(board)) for board in movement.boards}
    options = ScoringOptions(totals=totals, adjusted_rule=rule)
    results = score_section(method, lines, expected, options)
    table = standings(method, results, movement.pairs, direction, options=options)
    for group in {s.group for s in table}:
        rows = [s for s in table if s.group == group and s.boards]
        for a in rows:
            for b in rows:
                mine = a.percentage if a.percentage is not None else a.average
                theirs = b.percentage if b.percentage is not None else b.average
                place_a, place_b = int(a.rank.rstrip("=")), int(b.rank.rstrip("="))
                assert (mine > theirs) == (place_a < place_b)
                assert (mine == theirs) == (place_a == place_b)
