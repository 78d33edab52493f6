"""Board-a-match and Patton events through the service: each match's points stored with its
boards, the standings by the method's total, the USEBIO file. Expected numbers come from the
written descriptions docs/rules.md cites: the ACBL Handbook (*Types of team events*), Larry
Cohen's *Board-A-Match*, Paul Hackett's *Patton Teams (Hybrid Teams)* (EBU, 2009)."""

from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from lxml import etree

from events.formats import ImportProblems
from events.formats.usebio_read import read_usebio
from events.teams import draw, entry
from events.teams.models import TeamsEvent
from events.teams.standings import patton_summary, scorecard, standings
from events.teams.usebio_writer import NO_PATTON, write_usebio_teams
from tests.events.formats.test_usebio_teams import _dtd_problems
from tests.events.teams.factories import make_teams_event

pytestmark = pytest.mark.django_db

FOUR_TEAMS = "Ace\nBell\nCole\nDrew"


def _event(club, method: str, boards: int) -> TeamsEvent:
    event = make_teams_event(club, FOUR_TEAMS, scoring=method, bye_vps="average",
                             boards_per_match=boards, rounds=3)  # fmt: skip
    draw.draw_next_round(event)
    return event


def _enter(match, *rooms) -> None:
    """Both rooms of each board of the match, in order: (open, closed) or an artificial code."""
    rows = []
    for number, room in zip(entry.board_numbers(match), rooms, strict=True):
        if isinstance(room, str):
            rows.append(entry.BoardRow(number, adjusted=room))
        else:
            rows.append(entry.BoardRow(number, *room))
    entry.save_boards(match, rows)
    match.refresh_from_db()


def _matches(event):
    return list(event.matches.filter(round=1).select_related("home", "away", "event"))


def test_a_bam_match_stores_its_board_points_and_the_standings_add_them(club):
    event = _event(club, "bam", 2)
    first, second = _matches(event)
    # Board 1 (none vulnerable): Cohen's +130 in diamonds against 2NT making 120, a full win
    # for the team 10 points better; board 2: 4S made in both rooms, a tie, ½ each.
    _enter(first, ("3D N +1", "2NT N ="), ("4S N =", "4S N ="))
    assert (first.home_points, first.away_points) == (Decimal("1.5"), Decimal("0.5"))
    assert first.home_vps is None  # no VPs in a board-a-match event
    # The ACBL Handbook's example: NS +120 and the team-mates −110 is a win; then a loss.
    _enter(second, ("2NT N =", "2S N ="), ("3NT N -1", "4S N ="))
    assert (second.home_points, second.away_points) == (1, 1)
    # The team that won most boards first; equal totals share the place (the Handbook gives
    # no tie-break), listed by team number.
    tied = sorted([second.home, second.away], key=lambda team: team.number)
    assert [(row.team, row.vps, row.place) for row in standings(event).rows] == [
        (first.home, Decimal("1.5"), "1"),
        (tied[0], 1, "2="),
        (tied[1], 1, "2="),
        (first.away, Decimal("0.5"), "4"),
    ]
    # Each board's points on the scorecard, and their running total.
    rows = scorecard(first)
    assert [row.points for row in rows] == [(1, 0), (Decimal(1) / 2, Decimal(1) / 2)]
    assert rows[-1].running_points == (Decimal("1.5"), Decimal("0.5"))


def test_a_bam_match_counts_once_every_board_is_in(club):
    event = _event(club, "bam", 2)
    first, _ = _matches(event)
    entry.save_boards(first, [entry.BoardRow(1, "4S N =", "4S N -1")])
    first.refresh_from_db()
    assert first.home_points is None and first.boards_entered == 1
    assert standings(event).matches_done == 0


def test_an_artificial_score_shares_the_board_60_40(club):
    # Law 12C2(a): Ave+ at least 60%, Ave- at most 40%; Ave 50% each.
    event = _event(club, "bam", 2)
    first, second = _matches(event)
    _enter(first, "home-plus", "ave")
    assert (first.home_points, first.away_points) == (Decimal("1.1"), Decimal("0.9"))
    _enter(second, "both-plus", ("4S N =", "4S N ="))
    assert (second.home_points, second.away_points) == (Decimal("1.1"), Decimal("1.1"))


def test_hacketts_patton_match_and_an_aggregate_won(club):
    event = _event(club, "patton", 4)
    first, second = _matches(event)
    # Three boards won by 10, 30 and 50 points, one lost by 90: the aggregate is drawn.
    # Hackett: 6 of 8 board points and 4 of 8 for the aggregate, 10 of 16.
    _enter(first, ("2NT N =", "2S N ="), ("2S N +1", "2S N ="), ("2S N -1", "2S N -2"),
           ("PASS", "1NT N ="))  # fmt: skip
    assert (first.home_points, first.away_points) == (10, 6)
    parts = patton_summary(first)
    assert (parts.boards, parts.aggregate) == ((6, 2), (4, 4))
    # Three tied boards and a game swing: the board and the whole aggregate, 8 points.
    _enter(second, ("4S N =", "4S N ="), ("4S N =", "4S N ="), ("4S N =", "4S N ="),
           ("4S N =", "3S N +1"))  # fmt: skip
    assert (second.home_points, second.away_points) == (13, 3)
    assert [(row.team.name, row.vps, row.place) for row in standings(event).rows] == [
        (second.home.name, 13, "1"),
        (first.home.name, 10, "2"),
        (first.away.name, 6, "3"),
        (second.away.name, 3, "4"),
    ]


def test_a_bye_scores_the_teams_average_points(club):
    event = make_teams_event(club, FOUR_TEAMS + "\nEyre", scoring="bam", bye_vps="average",
                             boards_per_match=2, rounds=3)  # fmt: skip
    draw.draw_next_round(event)
    bye = event.matches.get(round=1, away__isnull=True)
    # Before the team has played: half the points at stake (1 of 2 boards).
    row = next(r for r in standings(event).rows if r.team == bye.home)
    assert row.vps == 1 and row.byes == 1


def test_an_opponents_forfeit_scores_the_teams_average_points(club):
    event = _event(club, "bam", 2)
    first, second = _matches(event)
    _enter(first, ("3D N +1", "2NT N ="), ("4S N =", "4S N ="))  # 1.5-0.5
    _enter(second, ("2NT N =", "2S N ="), ("3NT N -1", "4S N ="))  # 1-1
    draw.draw_next_round(event)
    match = event.matches.get(round=2, home=first.home)
    entry.save_adjustments(match, forfeit="away")
    row = next(r for r in standings(event).rows if r.team == first.home)
    offender = next(r for r in standings(event).rows if r.team == match.away)
    assert (row.vps, row.played) == (3, 2)  # 1.5, and its average 1.5 again
    assert offender.played == 2 and offender.vps == 1  # its first match's 1, and 0


def test_a_points_penalty_comes_off_the_total(club):
    event = _event(club, "bam", 2)
    first, _ = _matches(event)
    _enter(first, ("4S N =", "4S N -1"), ("4S N =", "4S N -1"))
    entry.save_adjustments(first, home_vp_penalty=Decimal("0.5"))
    row = next(r for r in standings(event).rows if r.team == first.home)
    assert (row.vps, row.vp_penalties) == (Decimal("1.5"), Decimal("0.5"))


def test_the_usebio_file_of_a_bam_event_carries_each_boards_matchpoints(club):
    event = _event(club, "bam", 2)
    first, second = _matches(event)
    _enter(first, ("3D N +1", "2NT N ="), ("4S N =", "4S N ="))
    _enter(second, ("2NT N =", "2S N ="), "away-plus")
    text = write_usebio_teams(event)
    assert _dtd_problems(text) == []
    root = etree.fromstring(text.encode())
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "MATCH_POINTS"
    assert root.findtext("EVENT/MATCH_SCORING_METHOD") == "MATCH_POINTS"
    match = next(m for m in root.iter("MATCH") if m.findtext("TEAM") == str(first.home.number))
    assert (match.findtext("TEAM_SCORE"), match.findtext("OPPOSING_TEAM_SCORE")) == ("1.5", "0.5")
    board = match.find("BOARD")
    assert board.find("IMPS") is None
    lines = [(line.findtext("NS_MATCH_POINTS"), line.findtext("EW_MATCH_POINTS"))
             for line in board.iter("TRAVELLER_LINE")]  # fmt: skip
    assert lines == [("1", "0"), ("0", "1")]  # home NS in the open room, EW in the closed
    totals = {t.get("TEAM_NAME"): t.findtext("TOTAL_SCORE") for t in root.iter("TEAM")
              if t.get("TEAM_NAME")}  # fmt: skip
    assert totals[second.away.name] == "0.6"  # board 1 lost, Ave+ on board 2: 0.6
    # Read back, the file is refused in words rather than scored as VPs.
    with pytest.raises(ImportProblems, match="MATCH_SCORING_METHOD .MATCH_POINTS.: the matches"):
        read_usebio(text.encode())


def test_a_patton_event_is_not_written_as_usebio_and_says_why(club, capsys):
    event = _event(club, "patton", 4)
    with pytest.raises(ValueError, match="USEBIO 1.2 has no scoring method for Patton"):
        write_usebio_teams(event)
    with pytest.raises(CommandError, match="no usebio export: USEBIO 1.2 has no scoring"):
        call_command("export_results", "--teams", str(event.pk))
    assert NO_PATTON.endswith("Its pages and PDFs show its results.")


def test_existing_events_keep_imps_to_vps(club):
    event = make_teams_event(club, FOUR_TEAMS)
    assert event.scoring == "imps-vps" and not event.by_boards
    draw.draw_next_round(event)
    first = event.matches.get(round=1, table=1)
    _enter(first, ("4S N =", "4S N -1"), ("4S N =", "4S N ="))
    assert first.home_points is None and first.home_vps is not None
