"""A change to one board, scored without scoring the whole section again.

What events.standings.scorer relies on when a save touches one board: while `boards_apart`
holds, that board's lines scored alone with the section's common due get exactly what scoring
the whole section gives them, and the other boards keep their points unless the common due moves
(at matchpoints; at IMPs they keep them always). The expected values are the whole section's own
scoring, the rule these shortcuts must never depart from.
"""

from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring import (
    COUNTED_KINDS,
    MATCHPOINT_METHODS,
    METHODS,
    ResultLine,
    ScoringOptions,
    boards_apart,
    common_due,
    common_top,
    due_of,
    on_own_top,
    parse_entry,
    score_section,
    standings,
)
from scoring.entry import ADJUSTED
from scoring.matchpoints import top
from scoring.options import (
    ADJUSTED_BOARDS,
    ADJUSTED_RULES,
    CROSS_IMP_FORMS,
    MISSING_RESULTS,
    PERCENTAGES,
    ROUNDINGS,
    TOTALS,
)

# Played, passed out, adjusted (fixed and Ave+), not played, weighted (Law 12C1(c)).
TEXTS = [
    "4S N =", "4S N +1", "3NTX S -2", "4H E 11", "PASS", "-100", "+100", "2S E -1",
    "60/40%", "AVE+", "AVE-", "AVE+", "NP", "60% 4S N = + 40% 4S N -1",
]  # fmt: skip

options = st.builds(
    ScoringOptions,
    totals=st.sampled_from(TOTALS),
    missing_results=st.sampled_from(MISSING_RESULTS),
    adjusted_rule=st.sampled_from(ADJUSTED_RULES),
    cross_imps=st.sampled_from(CROSS_IMP_FORMS),
    ave_plus_imps=st.sampled_from([0, 1, 3, "1.2", "0.25"]),
    butler_drop=st.sampled_from(["", "1", "10%"]),
    rounding=st.sampled_from(ROUNDINGS),
    adjusted_boards=st.sampled_from(ADJUSTED_BOARDS),
    percentages=st.sampled_from(PERCENTAGES),
)


@st.composite
def board_lines(draw, board: int, first_pair: int) -> list[ResultLine]:
    """Up to six results on one board, NS pairs first_pair… against EW pairs 100+first_pair…
    (so the same pairs meet on every board), some in a fouled board's group 2 (Law 87)."""
    count = draw(st.integers(0, 6))
    return [
        ResultLine(
            board,
            first_pair + index,
            100 + first_pair + index,
            parse_entry(draw(st.sampled_from(TEXTS)), board, confirmed=True),
            draw(st.sampled_from([0, 0, 0, 2])),
        )
        for index in range(count)
    ]


@st.composite
def sections(draw) -> tuple[list[ResultLine], dict[int, int]]:
    boards = draw(st.integers(1, 4))
    lines = [line for board in range(1, boards + 1) for line in draw(board_lines(board, 1))]
    # Often fewer due than played, so that one board's count sets the common due.
    expected = {board: draw(st.integers(1, 4)) for board in range(1, boards + 1)}
    return lines, expected


def by_line(lines, scored) -> dict:
    return {(line.board, line.ns, line.ew, line.foul_group): s for line, s in zip(lines, scored)}


@settings(max_examples=300)
@given(sections(), st.sampled_from(METHODS), options, st.integers(1, 4))
def test_one_boards_lines_alone_score_as_in_the_whole_section(section, method, chosen, board):
    lines, expected = section
    assume(boards_apart(method, chosen))
    whole = by_line(lines, score_section(method, lines, expected, chosen))
    own = [line for line in lines if line.board == board]
    alone = score_section(method, own, expected, chosen, due=common_due(lines, expected))
    assert by_line(own, alone) == {key: whole[key] for key in by_line(own, alone)}


@settings(max_examples=300)
@given(sections(), st.sampled_from(METHODS), options, st.data())
def test_a_change_to_one_board_moves_no_other_board_unless_the_due_moves(
    section, method, chosen, data
):
    lines, expected = section
    assume(boards_apart(method, chosen))
    board = data.draw(st.sampled_from(sorted(expected)))
    changed = [line for line in lines if line.board != board]
    changed += data.draw(board_lines(board, 50))
    due_moved = common_due(lines, expected) != common_due(changed, expected)
    assume(method not in MATCHPOINT_METHODS or not due_moved)
    before = by_line(lines, score_section(method, lines, expected, chosen))
    after = by_line(changed, score_section(method, changed, expected, chosen))
    others = [key for key in after if key[0] != board]
    assert {key: after[key] for key in others} == {key: before[key] for key in others}


@given(sections())
def test_the_due_from_counts_is_the_due_from_the_lines(section):
    lines, expected = section
    counts: dict[tuple[int, int], int] = {}
    for line in lines:
        if line.entry.kind in COUNTED_KINDS:
            key = (line.board, line.foul_group)
            counts[key] = counts.get(key, 0) + 1
    assert due_of(expected, counts.values()) == common_due(lines, expected)


def own_top_boards(method, chosen, lines) -> set[tuple[int, int]]:
    """The (board, fouled group)s scored on their own top (scoring.on_own_top)."""
    adjusted = {(line.board, line.foul_group) for line in lines if line.entry.kind == ADJUSTED}
    return {key for key in adjusted if on_own_top(method, chosen, True)}


@given(sections(), st.sampled_from(METHODS), options)
def test_every_scored_line_of_a_matchpoint_section_has_the_common_top(section, method, chosen):
    lines, expected = section
    expected_top = common_top(method, common_due(lines, expected))
    own = own_top_boards(method, chosen, lines)
    for line, result in zip(lines, score_section(method, lines, expected, chosen)):
        if (line.board, line.foul_group) in own:
            continue  # see the test below
        if method in MATCHPOINT_METHODS and result.points.ns is not None:
            assert result.points.top == expected_top
        else:
            assert expected_top is None or result.points.top is None


@given(sections(), st.sampled_from(sorted(MATCHPOINT_METHODS)), options)
def test_an_unfactored_board_sums_to_the_top_of_its_played_results(section, method, chosen):
    """BriAn, Bridge Base Online: a board with an artificial score is matchpointed on its
    played results alone: every line's NS and EW add up to that smaller top (before any
    rounding), and the played results share n(n-1)/2 tops' worth between them."""
    lines, expected = section
    chosen = ScoringOptions(**{**chosen.__dict__, "adjusted_boards": "unfactored",
                               "rounding": "exact", "adjusted_rule": "fixed"})  # fmt: skip
    scored = score_section(method, lines, expected, chosen)
    scale = MATCHPOINT_METHODS[method]
    for key in own_top_boards(method, chosen, lines):
        mine = [(line, s) for line, s in zip(lines, scored) if (line.board, line.foul_group) == key]
        played = [s for line, s in mine if line.entry.kind in COUNTED_KINDS]
        smaller = top(max(len(played), 1), scale)
        assert {s.points.top for _, s in mine if s.points.ns is not None} <= {smaller}
        for s in played:
            assert s.points.ns + s.points.ew == smaller
        assert sum(s.points.ns for s in played) == Fraction(smaller * len(played), 2)


@given(sections(), st.sampled_from(METHODS), options)
def test_rounded_boards_are_two_decimal_and_totals_are_their_sum(section, method, chosen):
    """EBUScore, PairsScorer, Pianola, KoPS: each board's points to 2 decimals, and a pair's
    total is the sum of those printed points."""
    lines, expected = section
    chosen = ScoringOptions(**{**chosen.__dict__, "rounding": "board", "totals": "raw"})
    scored = score_section(method, lines, expected, chosen)
    for result in scored:
        for value in (result.points.ns, result.points.ew):
            assert value is None or (value * 100).denominator == 1 or method == "hdb"
    if method == "hdb":
        return
    pairs = {line.ns for line in lines} | {line.ew for line in lines}
    table = standings(method, scored, sorted(pairs), options=chosen)
    for row in table:
        mine = [s.points.ns for s in scored if s.ns == row.pair and s.points.ns is not None]
        mine += [s.points.ew for s in scored if s.ew == row.pair and s.points.ew is not None]
        assert row.total == sum(mine, Fraction(0))


def test_the_common_top_is_one_less_than_the_due_acbl_and_twice_that_ebu():
    # The top of a board played n times is n-1 (Thompson, ACBL) or 2(n-1) (Law 78A, EBU);
    # a 13-table Mitchell's board is played 13 times: top 12 or 24.
    assert common_top("matchpoints", 13) == 12
    assert common_top("ebu-matchpoints", 13) == 24
    assert common_top("cross-imps", 13) is None


def test_under_the_session_rule_a_board_reaches_the_others():
    # Law 12C2 (ACBL and EBU practice): Ave+ is 60% or the pair's session percentage if
    # higher, so an adjusted score moves with the pair's other boards.
    session = ScoringOptions(adjusted_rule="session")
    assert not boards_apart("matchpoints", session)
    assert not boards_apart("cross-imps", session)
    assert all(boards_apart(method, ScoringOptions()) for method in METHODS)
    # Rounding each board and unfactored adjusted boards keep a board's points its own.
    own = ScoringOptions(rounding="board", adjusted_boards="unfactored", missing_results="average")
    assert all(boards_apart(method, own) for method in METHODS)
