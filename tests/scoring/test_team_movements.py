import itertools
import random
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import SwissEntry, berger_rounds, ko_totals, swiss_round
from scoring.team_movements import fewest_rematches

# --- Berger round robin ----------------------------------------------------------------------

# The FIDE Berger tables (FIDE Handbook C.05, Annex 1) as reproduced on Chris Fox's "Berger
# Tables" page, http://c.w.fox.tripod.com/chess/berger.html ("If there is an odd number of
# players (or teams), the highest number counts as a bye"). Typed from that page.
PUBLISHED_BERGER = {
    4: "1-4 2-3 | 4-3 1-2 | 2-4 3-1",
    6: "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1",
    8: "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | "
    "3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1",
    10: "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | "
    "10-7 8-6 9-5 1-4 2-3 | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | "
    "4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | 5-10 6-4 7-3 8-2 9-1",
    12: "1-12 2-11 3-10 4-9 5-8 6-7 | 12-7 8-6 9-5 10-4 11-3 1-2 | "
    "2-12 3-1 4-11 5-10 6-9 7-8 | 12-8 9-7 10-6 11-5 1-4 2-3 | "
    "3-12 4-2 5-1 6-11 7-10 8-9 | 12-9 10-8 11-7 1-6 2-5 3-4 | "
    "4-12 5-3 6-2 7-1 8-11 9-10 | 12-10 11-9 1-8 2-7 3-6 4-5 | "
    "5-12 6-4 7-3 8-2 9-1 10-11 | 12-11 1-10 2-9 3-8 4-7 5-6 | "
    "6-12 7-5 8-4 9-3 10-2 11-1",
}


def _parse_rounds(text):
    return [
        [tuple(int(team) for team in match.split("-")) for match in round_.split()]
        for round_ in text.split("|")
    ]


@pytest.mark.parametrize("teams", sorted(PUBLISHED_BERGER))
def test_berger_rounds_match_the_published_fide_tables(teams):
    assert berger_rounds(teams) == _parse_rounds(PUBLISHED_BERGER[teams])


def test_the_first_rounds_of_the_14_team_table_match_the_published_one():
    # The same page, 13 or 14 players, rounds 1 to 6 (the page is cut after that).
    published = _parse_rounds(
        "1-14 2-13 3-12 4-11 5-10 6-9 7-8 | 14-8 9-7 10-6 11-5 12-4 13-3 1-2 | "
        "2-14 3-1 4-13 5-12 6-11 7-10 8-9 | 14-9 10-8 11-7 12-6 13-5 1-4 2-3 | "
        "3-14 4-2 5-1 6-13 7-12 8-11 9-10 | 14-10 11-9 12-8 13-7 1-6 2-5 3-4"
    )
    assert berger_rounds(14)[:6] == published


@pytest.mark.parametrize("teams", [3, 5, 7, 9, 11])
def test_an_odd_field_uses_the_next_table_with_its_highest_number_as_the_bye(teams):
    expected = []
    for round_ in _parse_rounds(PUBLISHED_BERGER[teams + 1]):
        bye = [(a if b == teams + 1 else b, None) for a, b in round_ if teams + 1 in (a, b)]
        expected.append([match for match in round_ if teams + 1 not in match] + bye)
    assert berger_rounds(teams) == expected


@given(st.integers(2, 24))
def test_a_round_robin_meets_everyone_once_and_balances_home_and_away(teams):
    rounds = berger_rounds(teams)
    assert len(rounds) == teams - 1 + teams % 2
    pairs = [frozenset(match) for round_ in rounds for match in round_ if None not in match]
    assert sorted(map(sorted, pairs)) == sorted(
        map(sorted, itertools.combinations(range(1, teams + 1), 2))
    )
    for round_ in rounds:
        seated = [team for match in round_ for team in match if team is not None]
        assert sorted(seated) == list(range(1, teams + 1))
        assert all(None not in match for match in round_[:-1])
    home = {
        team: sum(match[0] == team for r in rounds for match in r if None not in match)
        for team in range(1, teams + 1)
    }
    played = teams - 1
    assert all(abs(2 * count - played) <= 1 or teams % 2 for count in home.values())
    byes = [match[0] for round_ in rounds for match in round_ if match[1] is None]
    assert sorted(byes) == (list(range(1, teams + 1)) if teams % 2 else [])


@pytest.mark.parametrize("teams", [1, 0, -4, 2.0, True, "6"])
def test_a_round_robin_needs_at_least_two_teams(teams):
    with pytest.raises(ValueError, match="at least 2 teams"):
        berger_rounds(teams)


# --- Swiss: a brute force to compare against ---------------------------------------------------


def _matchings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for index, partner in enumerate(rest):
        for tail in _matchings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *tail]


def _rematches(matching, met):
    return sum(frozenset(pair) in met for pair in matching)


def _monrad_key(matching, ranked):
    """The draw order of the module docstring: the top team's opponent first, then the
    next-highest team still undrawn, and so on; smaller positions are preferred."""
    position = {team: i for i, team in enumerate(ranked)}
    opponent = {}
    for a, b in matching:
        opponent[a], opponent[b] = b, a
    key, done = [], set()
    for team in ranked:
        if team not in done:
            key.append(position[opponent[team]])
            done |= {team, opponent[team]}
    return key


def brute_force_draw(ranked, met, byes=()):
    """Every possible draw, the fewest rematches first, then the Monrad order; the bye to the
    lowest team without one whose bye leaves the fewest rematches."""
    draws = []
    if len(ranked) % 2:
        eligible = [t for t in reversed(ranked) if t not in byes] or ranked[::-1]
        for rank, bye in enumerate(eligible):
            rest = [t for t in ranked if t != bye]
            for matching in _matchings(rest):
                draws.append(((_rematches(matching, met), rank, _monrad_key(matching, rest)),
                              matching, bye))  # fmt: skip
    else:
        for matching in _matchings(ranked):
            draws.append(
                ((_rematches(matching, met), 0, _monrad_key(matching, ranked)), matching, None)
            )
    key, matching, bye = min(draws, key=lambda draw: draw[0])
    position = {team: i for i, team in enumerate(ranked)}
    ordered = sorted(
        (tuple(sorted(pair, key=position.get)) for pair in matching), key=lambda p: position[p[0]]
    )
    return ordered + ([(bye, None)] if bye is not None else []), key[0]


@st.composite
def swiss_positions(draw, most=10):
    teams = draw(st.integers(2, most))
    numbers = draw(st.permutations(range(1, teams + 1)))
    standings = [
        SwissEntry(team, draw(st.integers(0, 6)), draw(st.integers(-20, 20))) for team in numbers
    ]
    pairs = list(itertools.combinations(range(1, teams + 1), 2))
    met = draw(st.sets(st.sampled_from(pairs), max_size=len(pairs))) if pairs else set()
    byes = draw(st.sets(st.integers(1, teams), max_size=teams))
    return standings, {frozenset(pair) for pair in met}, byes


def _ranking(standings):
    return [e.team for e in sorted(standings, key=lambda e: (-e.vps, -e.imp_difference, e.team))]


@settings(max_examples=300, deadline=None)
@given(swiss_positions())
def test_the_swiss_draw_equals_the_brute_force_optimum(position):
    standings, met, byes = position
    expected, _ = brute_force_draw(_ranking(standings), met, byes)
    assert swiss_round(standings, met, byes=byes) == expected


@settings(max_examples=300, deadline=None)
@given(swiss_positions())
def test_a_swiss_draw_has_a_rematch_only_when_every_draw_has_one(position):
    standings, met, byes = position
    draw = swiss_round(standings, met, byes=byes)
    _, fewest = brute_force_draw(_ranking(standings), met, byes)
    assert sum(frozenset(match) in met for match in draw if None not in match) == fewest
    seated = [team for match in draw for team in match if team is not None]
    assert sorted(seated) == sorted(e.team for e in standings)


def _play_event(teams, rounds, seed):
    """A whole Swiss event with random results: returns the draws round by round."""
    rng = random.Random(seed)
    vps = dict.fromkeys(range(1, teams + 1), Fraction(0))
    met, byes, draws = set(), set(), []
    for _ in range(rounds):
        standings = [SwissEntry(team, points) for team, points in vps.items()]
        draw = swiss_round(standings, met, byes=byes)
        draws.append((draw, set(met), set(byes)))
        for home, away in draw:
            if away is None:
                byes.add(home)
                vps[home] += 12
                continue
            met.add(frozenset((home, away)))
            share = Fraction(rng.randint(0, 2000), 100)
            vps[home] += share
            vps[away] += 20 - share
    return draws


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 9), st.integers(0, 10**6))
def test_whole_events_never_rematch_while_it_is_avoidable_and_rotate_the_bye(teams, seed):
    for round_number, (draw, met, byes) in enumerate(_play_event(teams, teams, seed), start=1):
        seated = [team for match in draw for team in match if team is not None]
        assert sorted(seated) == list(range(1, teams + 1))
        ranked = sorted(range(1, teams + 1))  # only the count of rematches is compared here
        _, fewest = brute_force_draw(ranked, met, byes)
        assert sum(frozenset(m) in met for m in draw if None not in m) == fewest, round_number
        bye = [home for home, away in draw if away is None]
        if bye and len(byes) < teams:
            assert bye[0] not in byes, f"round {round_number}: a second bye while others had none"


def test_a_large_event_draws_nine_rounds_without_a_rematch():
    for draw, met, _ in _play_event(40, 9, seed=13):
        assert not any(frozenset(match) in met for match in draw if None not in match)


# --- Swiss: worked examples -------------------------------------------------------------------


def _entries(*teams):
    """Standings in the order given, best first."""
    return [SwissEntry(team, 100 - place) for place, team in enumerate(teams)]


def test_round_one_pairs_by_standing_down_the_list():
    assert swiss_round(_entries(1, 2, 3, 4, 5, 6), set()) == [(1, 2), (3, 4), (5, 6)]


def test_the_top_team_plays_the_next_team_it_has_not_met():
    assert swiss_round(_entries(1, 2, 3, 4), {frozenset((1, 2))}) == [(1, 3), (2, 4)]


def test_the_top_team_gives_way_when_its_choice_would_force_a_rematch_below():
    # 1-2 is new, but then 3 and 4 (who have met) would have to play again: 1 takes 3 instead.
    met = {frozenset((3, 4)), frozenset((2, 4))}
    assert swiss_round(_entries(1, 2, 3, 4), met) == [(1, 4), (2, 3)]


def test_a_rematch_is_drawn_when_every_draw_has_one():
    everyone = {frozenset(pair) for pair in itertools.combinations(range(1, 5), 2)}
    assert swiss_round(_entries(1, 2, 3, 4), everyone) == [(1, 2), (3, 4)]


def test_danish_ignores_who_has_met():
    met = {frozenset((1, 2))}
    assert swiss_round(_entries(1, 2, 3, 4), met, allow_rematch=True) == [(1, 2), (3, 4)]


def test_the_bye_goes_to_the_lowest_team_that_has_not_had_one():
    assert swiss_round(_entries(1, 2, 3, 4, 5), set(), byes={5}) == [(1, 2), (3, 5), (4, None)]


def test_once_every_team_has_had_a_bye_it_goes_to_the_lowest_again():
    assert swiss_round(_entries(1, 2, 3), set(), byes={1, 2, 3}) == [(1, 2), (3, None)]


def test_standings_rank_by_vps_then_imp_difference_then_team_number():
    standings = [
        SwissEntry(4, 30, 5),
        SwissEntry(2, 30, 9),
        SwissEntry(3, 41.5),
        SwissEntry(1, 30, 5),
    ]
    assert swiss_round(standings, set()) == [(3, 2), (1, 4)]


@settings(max_examples=100, deadline=None)
@given(swiss_positions(), st.randoms(use_true_random=False))
def test_the_draw_does_not_depend_on_the_order_of_the_input(position, rng):
    standings, met, byes = position
    shuffled = list(standings)
    rng.shuffle(shuffled)
    assert swiss_round(shuffled, list(met), byes=list(byes)) == swiss_round(
        standings, met, byes=byes
    )


@pytest.mark.parametrize(
    "standings,message",
    [
        ([SwissEntry(1, 0)], "at least 2 teams"),
        ([SwissEntry(1, 0), SwissEntry(1, 3)], r"team\(s\) \[1\] appear more than once"),
        ([SwissEntry("A", 0), SwissEntry(2, 3)], "'A' is not a team number"),
        ([SwissEntry(1, "ten"), SwissEntry(2, 3)], "team 1's vps 'ten' is not a number"),
    ],
)
def test_a_swiss_round_refuses_bad_standings(standings, message):
    with pytest.raises(ValueError, match=message):
        swiss_round(standings, set())


def test_fewest_rematches_counts_what_no_draw_can_avoid():
    met = {frozenset(pair) for pair in [(1, 2), (1, 3), (1, 4)]}
    assert fewest_rematches([1, 2, 3, 4], lambda a, b: frozenset((a, b)) in met) == 1
    assert fewest_rematches([1, 2, 3, 4], lambda a, b: False) == 0


# --- Knockout ----------------------------------------------------------------------------------


def test_ko_totals_carry_imps_from_segment_to_segment():
    assert ko_totals([(31, 12), (20, 44), (9, 9)]) == (60, 65)


def test_ko_totals_start_from_the_carry_over():
    # A fractional carry-over (e.g. a share of a round-robin margin) stays exact.
    assert ko_totals([(10, 0)], carry_over=(Fraction(7, 2), 0)) == (Fraction(27, 2), 0)
    assert ko_totals([], carry_over=(4, 0)) == (4, 0)


@pytest.mark.parametrize(
    "segments,carry_over,message",
    [
        ([(10, -1)], (0, 0), "segment 1 has -1"),
        ([(10, 1), (3,)], (0, 0), "segment 2 must be two IMP totals"),
        ([(10, 1)], (0, "x"), "carry-over has 'x'"),
    ],
)
def test_ko_totals_refuse_bad_segments(segments, carry_over, message):
    with pytest.raises(ValueError, match=message):
        ko_totals(segments, carry_over)


def test_ko_totals_take_decimals_from_the_database():
    assert ko_totals([(Decimal("10.5"), Decimal("3"))], (Decimal("1.5"), Decimal("0"))) == (
        Decimal("12.0"),
        Decimal("3"),
    )
    assert ko_totals([(Decimal("10.5"), 3)], (Fraction(1, 2), 0)) == (11, 3)


def test_swiss_standings_may_hold_decimals():
    standings = [SwissEntry(1, Decimal("30.5")), SwissEntry(2, Decimal("31")), SwissEntry(3, 0)]
    assert swiss_round(standings, set()) == [(2, 1), (3, None)]
