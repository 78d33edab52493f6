"""Saving a match's boards scores it: board IMPs, match IMPs, VPs on the event's scale, byes,
forfeits, penalties and artificial scores, read back as standings.

Expected values come from written sources:
- Law 77 scores and the Law 78B IMP scale (Laws of Duplicate Bridge 2017).
- WBF 2013 continuous VPs for 2 boards: the Danish table in tests/scoring/data
  (margin 0 10.00, 3 12.42, 6 14.39, 10 16.46, 13 17.69, 16 18.68).
- Law 12C2(b) (Law 86A in the 2007 Laws): an artificial Ave+ at IMPs is +3 IMPs, Ave- -3.
"""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.teams import draw, entry
from events.teams.models import MatchBoard, TeamMatch
from events.teams.setup import TeamsError
from events.teams.standings import ko_standing, scorecard, standings
from tests.events.teams.factories import make_teams_event

pytestmark = pytest.mark.django_db

FIVE_TEAMS = "North\nSouth\nEast\nWest\nCentre"
# Board 1 (none vul) and board 2 (NS vul), both rooms: (open, closed, IMPs to home).
WIN_13 = [
    entry.BoardRow(1, "4S N =", "4S S -1"),  # +420 v -50: 470 → 10
    entry.BoardRow(2, "3NT E -2", "PASS"),
]  # +100 v 0: 100 → 3; 13 in all
WIN_6 = [
    entry.BoardRow(1, "2S N =", "2S E ="),  # +110 v -110: 220 → 6
    entry.BoardRow(2, "2S N =", "2S S ="),
]  # flat


def vps(match):
    match.refresh_from_db()
    return (match.home_imps, match.away_imps, match.home_vps, match.away_vps)


@pytest.fixture
def event(club):
    return make_teams_event(club)


@pytest.fixture
def match(event):
    draw.draw_next_round(event)
    return event.matches.get(table=1)


def test_a_match_with_every_board_gets_its_vps(match):
    entry.save_boards(match, WIN_13)
    assert vps(match) == (13, 0, Decimal("17.69"), Decimal("2.31"))
    boards = match.boards.values_list("open_ns_score", "closed_ns_score", "home_imps", "away_imps")
    assert list(boards) == [(420, -50, 10, 0), (100, 0, 3, 0)]


def test_a_match_half_entered_has_imps_but_no_vps_yet(match):
    entry.save_boards(match, WIN_13[:1])
    assert vps(match) == (10, 0, None, None)
    assert match.boards_entered == 1
    row = next(r for r in standings(match.event).rows if r.team == match.home)
    assert (row.vps, row.played) == (0, 0)  # counts once the match is complete


def test_a_correction_rescores_and_a_cleared_row_removes_its_board(match):
    entry.save_boards(match, WIN_13)
    entry.save_boards(match, [entry.BoardRow(1, "4S N =", "4S S ="), entry.BoardRow(2)])
    assert vps(match) == (0, 0, None, None)
    assert list(match.boards.values_list("number", flat=True)) == [1]


def test_the_away_team_wins_when_the_closed_room_does_better(match):
    # Open room: home NS +110; closed room: home EW, away NS +420 (4S S =): 110 - 420 = -310.
    entry.save_boards(
        match, [entry.BoardRow(1, "2S N =", "4S S ="), entry.BoardRow(2, "2S N =", "2S S =")]
    )
    assert vps(match) == (0, 7, Decimal("5.04"), Decimal("14.96"))  # 310 → 7 IMPs; 2 boards: 14.96


@pytest.mark.parametrize(
    "code,imps,result",
    [("ave", (0, 0), ("10.00", "10.00")), ("home-plus", (3, 0), ("12.42", "7.58")),
     ("away-plus", (0, 3), ("7.58", "12.42")), ("both-plus", (3, 3), ("10.00", "10.00"))],
)  # fmt: skip
def test_artificial_scores_are_three_imps(match, code, imps, result):
    entry.save_boards(
        match, [entry.BoardRow(1, "", "", code), entry.BoardRow(2, "2S N =", "2S S =")]
    )
    home, away, home_vps, away_vps = vps(match)
    assert (home, away) == imps
    assert (str(home_vps), str(away_vps)) == result


def test_an_imp_penalty_comes_off_before_the_vps(match):
    entry.save_boards(match, WIN_13)
    entry.save_adjustments(match, home_imp_penalty=Decimal(3))
    assert vps(match) == (10, 0, Decimal("16.46"), Decimal("3.54"))  # margin 10


def test_a_vp_penalty_comes_off_in_the_standings(match):
    entry.save_boards(match, WIN_13)
    entry.save_adjustments(match, away_vp_penalty=Decimal("1.5"))
    rows = {row.team.name: row for row in standings(match.event).rows}
    assert rows["Bell"].vps == Decimal("0.81")  # 2.31 - 1.5
    assert rows["Bell"].vp_penalties == Decimal("1.5")
    assert rows["Ace"].vps == Decimal("17.69")


def test_a_forfeit_scores_zero_and_the_opponents_a_bye(match):
    entry.save_adjustments(match, forfeit="away")
    rows = {row.team.name: row for row in standings(match.event).rows}
    assert (rows["Ace"].vps, rows["Ace"].played) == (12, 1)
    assert (rows["Bell"].vps, rows["Bell"].played) == (0, 1)
    # A forfeited match needs no boards before the next Swiss round.
    assert draw.unfinished(match.event, 1) == list(match.event.matches.filter(table__gt=1))


def test_a_bye_scores_12_vps_or_the_teams_average(club):
    event = make_teams_event(club, teams=FIVE_TEAMS, kind="round-robin")
    for _ in range(2):
        draw.draw_next_round(event)
    # FIDE Berger table for 5 (6 with the bye): round 1 1-6, 2-5, 3-4; round 2 6-4, 5-3, 1-2.
    byes = list(event.matches.filter(away__isnull=True).values_list("round", "home__name"))
    assert byes == [(1, "North"), (2, "West")]
    north_south = event.matches.get(round=2, home__name="North")
    # Round 2 plays boards 3 and 4: +110 and the home EW pair's +110 (6 IMPs), then flat.
    entry.save_boards(
        north_south, [entry.BoardRow(3, "2S N =", "2S E ="), entry.BoardRow(4, "2S N =", "2S S =")]
    )
    rows = {row.team.name: row for row in standings(event).rows}
    # 14.39 for the match (margin 6) + the bye's 12.
    assert (rows["North"].vps, rows["North"].byes, rows["North"].played) == (Decimal("26.39"), 1, 2)
    event.bye_vps = "average"
    event.save()
    rows = {row.team.name: row for row in standings(event).rows}
    assert rows["North"].vps == Decimal("28.78")  # 14.39 + its average, 14.39
    assert rows["West"].vps == 12  # no match played yet: 12 until it has one


def test_standings_place_by_vps_and_list_ties_by_imp_difference(event):
    draw.draw_next_round(event)
    first, second, third = event.matches.order_by("table")
    entry.save_boards(first, WIN_13)
    entry.save_boards(second, WIN_13)
    entry.save_boards(third, WIN_6)
    table = standings(event)
    assert [(r.place, r.team.name, str(r.vps)) for r in table.rows] == [
        ("1=", "Ace", "17.69"), ("1=", "Cole", "17.69"), ("3", "Eyre", "14.39"),
        ("4", "Fry", "5.61"), ("5=", "Bell", "2.31"), ("5=", "Drew", "2.31"),
    ]  # fmt: skip
    assert (table.matches_done, table.matches_drawn) == (3, 3)


def test_a_bad_row_stores_nothing(match):
    with pytest.raises(entry.MatchEntryError) as error:
        entry.save_boards(
            match, [entry.BoardRow(1, "4S N =", "4S S -1"), entry.BoardRow(2, "3NT E", "PASS")]
        )
    assert error.value.problems == {
        2: "Board 2, open room: 3NT E: add the result, e.g. 3NT E = or 3NT E -1."
    }
    assert not MatchBoard.objects.exists()


@pytest.mark.parametrize(
    "row,message",
    [
        (entry.BoardRow(1, "A+", "4S N ="), "Board 1, open room: A+ is an adjusted score"),
        (entry.BoardRow(1, "4S N 4", "4S N ="),
         "Board 1, open room: 4S N 4: 4 tricks is down 6 (-300). If you meant made 4, type 4S N =. "
         "To save down 6, type 4S N -6."),
        (entry.BoardRow(1, "", "4S N ="), "Board 1: the open room's result is missing"),
        (entry.BoardRow(1, "625", "4S N ="), "+625 is not a possible NS score on board 1"),
        (entry.BoardRow(3, "4S N =", "4S N ="), "Board 3 is not one of this match's boards."),
        (entry.BoardRow(1, "", "", "nonsense"), "choose one of the artificial scores offered"),
    ],
)  # fmt: skip
def test_bad_rows_are_named(match, row, message):
    with pytest.raises(entry.MatchEntryError) as error:
        entry.save_boards(match, [row])
    assert message in error.value.problems[row.number]


def test_the_database_refuses_an_empty_board_a_scored_half_board_and_a_team_against_itself(
    match,
):
    # Half a board is a room still playing (a room's phone saved its result): it may be
    # stored, but scores nothing until the other room's result is in.
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchBoard.objects.create(match=match, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchBoard.objects.create(match=match, number=1, open_ns_score=420, home_imps=10)
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMatch.objects.create(
            event=match.event, round=9, table=1, home=match.home, away=match.home
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMatch.objects.create(event=match.event, round=9, table=1, home=match.home)  # a bye


def test_the_scorecard_runs_board_by_board(match):
    entry.save_boards(match, WIN_13)
    assert [(row.number, row.open_text, row.running) for row in scorecard(match)] == [
        (1, "4S\u00a0N\u00a0=", (10, 0)),
        (2, "3NT\u00a0E\u00a0-2", (13, 0)),
    ]


def test_a_ko_match_carries_its_imps_over_without_vps(club):
    event = make_teams_event(
        club, teams="Smith\nJones", kind="ko", rounds=2, carry_over_home=Decimal("2.5")
    )
    first = TeamMatch.objects.get(pk=_draw(event))
    entry.save_boards(first, WIN_13)
    second = TeamMatch.objects.get(pk=_draw(event))
    entry.save_boards(
        second,
        [
            entry.BoardRow(3, "2S N =", "4S S ="),  # 110 v 420 (3: EW vul)
            entry.BoardRow(4, "2S N =", "2S S ="),
        ],
    )
    ko = ko_standing(event)
    assert vps(second)[2:] == (None, None)
    # Board 3: 110 - 420 = -310 → 7 IMPs to Jones. 2.5 + 13 + 0 = 15.5; 0 + 0 + 7 = 7.
    assert ko.totals == (Decimal("15.5"), Decimal("7"))
    assert [running for _, running in ko.segments] == [(Decimal("15.5"), 0), (Decimal("15.5"), 7)]
    assert ko.finished and ko.leader.name == "Smith"
    with pytest.raises(TeamsError, match="All 2 segments are drawn"):
        draw.draw_next_round(event)


def _draw(event):
    number = draw.draw_next_round(event)
    return event.matches.get(round=number).pk


def test_a_club_table_scores_by_its_rows(club):
    event = make_teams_event(club, vp_scale="club", club_vp_table="0-2 10-10\n3-6 12-8\n7+ 15-5")
    draw.draw_next_round(event)
    first, second, _ = event.matches.order_by("table")
    entry.save_boards(first, WIN_13)  # 13 IMPs: row 7+
    entry.save_boards(second, WIN_6)  # 6 IMPs: row 3-6
    assert vps(first)[2:] == (15, 5)
    assert vps(second)[2:] == (12, 8)


RESULTS = ["4S N =", "4S S -1", "3NT E -2", "PASS", "2S E =", "6NT N +1", "1NT W -3", "-100"]


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.tuples(st.sampled_from(RESULTS), st.sampled_from(RESULTS)), min_size=2, max_size=2)
)
def test_swapping_the_rooms_swaps_the_match(match, results):
    """The home team's results in the away team's hands: the IMPs and VPs change sides, the
    VPs always add up to 20, and the team with more IMPs never has fewer VPs."""
    numbers = entry.board_numbers(match)
    entry.save_boards(match, [entry.BoardRow(n, o, c) for n, (o, c) in zip(numbers, results)])
    home, away, home_vps, away_vps = vps(match)
    boards = match.boards.all()
    assert home - away == sum(b.home_imps - b.away_imps for b in boards)
    assert home_vps + away_vps == 20 and (home_vps >= away_vps) == (home >= away)
    entry.save_boards(match, [entry.BoardRow(n, c, o) for n, (o, c) in zip(numbers, results)])
    assert vps(match) == (away, home, away_vps, home_vps)


def test_two_directors_typing_the_same_board_is_no_conflict(match):
    # Both copied the same slip: the second finds it stored as typed, and nothing clashes.
    shown = {1: entry.BoardRow(1)}
    entry.save_boards(match, [entry.BoardRow(1, "4S N =", "4S S -1")], seen=shown)
    entry.save_boards(match, [entry.BoardRow(1, "4S N = ", "4S S -1")], seen=shown)
    assert [(b.open_result, b.closed_result) for b in MatchBoard.objects.all()] == [
        ("4S N =", "4S S -1")
    ]
    with pytest.raises(entry.MatchConflict) as refused:
        entry.save_boards(match, [entry.BoardRow(1, "", "", "ave")], seen=shown)
    assert refused.value.stored[1] == entry.BoardRow(1, "4S N =", "4S S -1")
