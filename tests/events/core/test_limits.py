"""How big a session may be (events.core.limits), and how refusals list their problems."""

from events.core.limits import (
    MAX_BOARDS,
    MAX_PAIRS,
    MAX_PROBLEMS,
    MAX_RESULTS,
    SectionSize,
    quoted,
    shown_problems,
    size_problems,
)


def test_the_biggest_real_sessions_fit():
    # A congress session of 64 tables in four sections of 16, 36 boards each.
    congress = [SectionSize(name, 32, 36, 16 * 36) for name in "ABCD"]
    assert size_problems(congress) == []
    # The limits themselves fit.
    assert size_problems([SectionSize("A", MAX_PAIRS, MAX_BOARDS, MAX_RESULTS)]) == []


def test_each_limit_passed_is_said_in_words():
    assert size_problems([SectionSize("A", 4, 9_999, 9_999)]) == [
        "it plays 9,999 boards; a session plays at most 100 (the longest real sessions play 36-40)"
    ]
    two = [SectionSize("A", 300, 27, 5_000), SectionSize("B", 300, 120, 5_001)]
    assert size_problems(two) == [
        "section B plays 120 boards; a session plays at most 100 (the longest real sessions "
        "play 36-40)",
        "600 pairs; a session has at most 400 (200 tables; the biggest congress sessions have "
        "60-odd)",
        "10,001 results; a session has at most 10,000 (60 tables playing 36 boards make 2,160)",
    ]
    many = [SectionSize(f"A{n}", 2, 1, 1) for n in range(27)]
    assert size_problems(many) == ["27 sections; a session has at most 26 (A-Z)"]


def test_a_long_list_of_problems_shows_the_first_hundred_and_counts_the_rest():
    problems = [f"line {n}: wrong" for n in range(1, 750_001)]
    shown = shown_problems(problems)
    assert len(shown) == MAX_PROBLEMS + 1
    assert shown[:2] == ["line 1: wrong", "line 2: wrong"]
    assert shown[-1] == "… and 749,900 more problems, not listed: fix these first"
    assert shown_problems(problems[:MAX_PROBLEMS]) == problems[:MAX_PROBLEMS]


def test_a_long_value_is_quoted_cut_short():
    assert quoted("4S N =") == "'4S N ='"
    assert quoted("x" * 61_000) == f"{'x' * 30!r}… (61,000 characters)"
    assert quoted(None) == "None"
