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
