"""A team that withdraws after a round: its later matches become its opponents' byes or
forfeits, as the director chooses; no round drawn later draws it; the standings say so.

Sources: the Contract Bridge Association of Ireland, *Additional rules for C.B.A.I.
competitions* (a team that withdraws: the event scored as if there were a sit-out, or its scores
standing and its due opponents awarded VPs; a team that refuses a match scores 0 VPs for it);
FIDE Handbook C.05 Annex 1 (the Berger tables); the club's 12-VP bye (docs/rules.md).
"""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from events.teams import draw, entry
from events.teams.models import Team, TeamMatch
from events.teams.setup import TeamsError
from events.teams.standings import standings
from events.teams.withdrawal import withdraw
from tests.events.teams.factories import four_teams_in_round_2, make_teams_event, play_flat

pytestmark = pytest.mark.django_db


def rounds(event, number):
    """The round's matches by table, its byes (no table) by team name: two byes of one round
    have no order of their own."""
    matches = event.matches.filter(round=number).select_related("home", "away")
    return sorted(
        ((m.table, m.home.name, m.away.name if m.away else None, m.forfeit) for m in matches),
        key=lambda match: (match[0] is None, match[0] or 0, match[1]),
    )


def team(event, name) -> Team:
    return event.teams.get(name=name)


def rows(event):
    return {row.team.name: row for row in standings(event).rows}


def state(event):
    return (list(event.teams.values_list("name", "withdrawn_after", "withdrawal")),
            list(TeamMatch.objects.filter(event=event).values_list(
                "round", "table", "home", "away", "forfeit")))  # fmt: skip


@pytest.fixture
def swiss(club):
    """Four teams, round 1 played flat (1-2, 3-4), round 2 drawn (1-3, 2-4)."""
    return four_teams_in_round_2(club)


def test_byes_a_withdrawn_swiss_team_leaves_its_opponent_a_bye_and_is_never_drawn(swiss):
    # CBAI: scored "as if there was a sit out": Drew's round 2 opponent, Bell, sits out.
    assert rounds(swiss, 2) == [(1, "Ace", "Cole", ""), (2, "Bell", "Drew", "")]
    withdraw(swiss, team(swiss, "Drew").pk, 1, "bye")
    assert rounds(swiss, 2) == [(1, "Ace", "Cole", ""), (None, "Bell", None, "")]
    play_flat(swiss, 2)
    draw.draw_next_round(swiss)
    # Three teams still playing: the Swiss draws them only, so one of them has the bye. Bell
    # (22 VPs) has had one; Cole's would leave Bell v Ace, a rematch of round 1, so Ace has
    # it (docs/rules.md, Swiss: the bye that leaves the fewest rematches).
    assert rounds(swiss, 3) == [(1, "Bell", "Cole", ""), (None, "Ace", None, "")]
    table = rows(swiss)
    assert (table["Bell"].vps, table["Bell"].byes) == (Decimal(22), 1)  # 10 + the 12-VP bye
    assert (table["Drew"].vps, table["Drew"].played) == (Decimal(10), 1)  # round 1 stands
    assert table["Drew"].team.withdrawn_after == 1


def test_forfeits_a_withdrawn_team_scores_zero_and_its_opponent_as_for_a_bye(swiss):
    # CBAI: a team that does not play a match it is due to play scores 0 VPs for it; its
    # opponents are awarded VPs (here the event's bye score, 12: docs/rules.md).
    withdraw(swiss, team(swiss, "Drew").pk, 1, "forfeit")
    assert rounds(swiss, 2) == [(1, "Ace", "Cole", ""), (2, "Bell", "Drew", "away")]
    table = rows(swiss)
    assert (table["Bell"].vps, table["Bell"].played) == (Decimal(22), 2)
    assert (table["Drew"].vps, table["Drew"].played) == (Decimal(10), 2)
    play_flat(swiss, 2)
    draw.draw_next_round(swiss)  # the forfeit needs no boards; Drew is not drawn
    assert "Drew" not in {name for _, home, away, _ in rounds(swiss, 3) for name in (home, away)}


@pytest.mark.parametrize(
    "rule, round_2, round_3",
    [
        # FIDE Berger table for 4: round 2 4-3, 1-2; round 3 2-4, 3-1. Bell withdraws.
        ("bye", [(1, "Drew", "Cole", ""), (None, "Ace", None, "")],
         [(1, "Cole", "Ace", ""), (None, "Drew", None, "")]),
        ("forfeit", [(1, "Drew", "Cole", ""), (2, "Ace", "Bell", "away")],
         [(1, "Bell", "Drew", "home"), (2, "Cole", "Ace", "")]),
    ],
)  # fmt: skip
def test_a_round_robin_keeps_its_table_and_gives_the_withdrawn_teams_matches_away(
    club, rule, round_2, round_3
):
    event = make_teams_event(club, teams="Ace\nBell\nCole\nDrew", kind="round-robin")
    draw.draw_next_round(event)
    play_flat(event, 1)
    withdraw(event, team(event, "Bell").pk, 1, rule)
    draw.draw_next_round(event)
    draw.draw_next_round(event)
    assert (rounds(event, 2), rounds(event, 3)) == (round_2, round_3)


def test_a_team_withdrawn_before_round_1_is_never_drawn(club):
    event = make_teams_event(club, teams="Ace\nBell\nCole\nDrew\nEyre")
    withdraw(event, team(event, "Eyre").pk, 0, "bye")
    draw.draw_next_round(event)
    assert rounds(event, 1) == [(1, "Ace", "Bell", ""), (2, "Cole", "Drew", "")]


def test_its_own_bye_in_a_later_round_is_dropped(club):
    event = make_teams_event(club, teams="Ace\nBell\nCole", kind="round-robin")
    draw.draw_next_round(event)
    draw.draw_next_round(event)
    bye = event.matches.get(round=2, away__isnull=True)
    withdraw(event, bye.home.pk, 1, "forfeit")
    assert not event.matches.filter(pk=bye.pk).exists()


@pytest.mark.parametrize("first", ["bye", "forfeit"])
@pytest.mark.parametrize("second", ["bye", "forfeit"])
def test_a_match_between_two_withdrawn_teams_scores_for_neither(swiss, first, second):
    # Drew, then Bell (Drew's round 2 opponent), withdraw after round 1. CBAI awards VPs to
    # the teams a withdrawn team "was due to meet": neither is there to be awarded any, and
    # a round drawn after both withdrew has no such match (docs/rules.md).
    withdraw(swiss, team(swiss, "Drew").pk, 1, first)
    withdraw(swiss, team(swiss, "Bell").pk, 1, second)
    assert rounds(swiss, 2) == [(1, "Ace", "Cole", "")]
    table = rows(swiss)
    for name in ("Bell", "Drew"):  # round 1 alone: a flat match, 10 VPs on the WBF scale
        assert (table[name].vps, table[name].played, table[name].byes) == (Decimal(10), 1, 0)


@pytest.mark.parametrize("rule", ["bye", "forfeit"])
def test_two_withdrawals_give_the_matches_a_later_draw_gives(club, rule):
    # Berger table for 4 (FIDE C.05 Annex 1): round 3 is 2-4, 3-1; Bell (2) and Drew (4)
    # both withdraw after round 1, before or after rounds 2 and 3 are drawn.
    def event_where(withdraw_first: bool):
        event = make_teams_event(club, teams="Ace\nBell\nCole\nDrew", kind="round-robin",
                                 name=f"Round robin {withdraw_first}")  # fmt: skip
        draw.draw_next_round(event)
        play_flat(event, 1)
        draws = [lambda: draw.draw_next_round(event)] * 2
        withdrawals = [lambda n=name: withdraw(event, team(event, n).pk, 1, rule)
                       for name in ("Bell", "Drew")]  # fmt: skip
        for step in withdrawals + draws if withdraw_first else draws + withdrawals:
            step()
        return [[(home, away, forfeit) for _, home, away, forfeit in rounds(event, n)]
                for n in (2, 3)]  # fmt: skip

    assert event_where(True) == event_where(False)
    assert event_where(False)[1] == [("Cole", "Ace", "")]


def test_a_match_the_first_team_still_played_is_the_second_ones_to_give_away(swiss):
    # Drew withdraws after round 2, so its round 2 match against Bell stands; Bell then
    # withdraws after round 1 and forfeits it: Drew scores as for a bye, 12 VPs.
    withdraw(swiss, team(swiss, "Drew").pk, 2, "bye")
    withdraw(swiss, team(swiss, "Bell").pk, 1, "forfeit")
    assert rounds(swiss, 2) == [(1, "Ace", "Cole", ""), (2, "Bell", "Drew", "home")]
    assert (rows(swiss)["Drew"].vps, rows(swiss)["Bell"].vps) == (Decimal(22), Decimal(10))


@pytest.mark.parametrize(
    "after, rule, message",
    [
        (3, "bye", "Round 3 is not drawn yet"),
        (1, "resign", "Choose what the team's later matches become"),
    ],
)
def test_a_bad_withdrawal_is_named_and_changes_nothing(swiss, after, rule, message):
    before = state(swiss)
    with pytest.raises(TeamsError, match=message):
        withdraw(swiss, team(swiss, "Drew").pk, after, rule)
    assert state(swiss) == before


def test_a_later_match_with_boards_is_not_given_away(swiss):
    match = swiss.matches.get(round=2, table=2)
    entry.save_boards(match, [entry.BoardRow(3, "2S N =", "2S S =")])
    before = state(swiss)
    with pytest.raises(TeamsError, match="Drew has boards entered in round 2: clear them first"):
        withdraw(swiss, team(swiss, "Drew").pk, 1, "bye")
    assert state(swiss) == before


def test_a_team_withdraws_once_and_never_from_a_knockout(swiss, club):
    withdraw(swiss, team(swiss, "Drew").pk, 1, "bye")
    with pytest.raises(TeamsError, match="Drew withdrew after round 1 already."):
        withdraw(swiss, team(swiss, "Drew").pk, 2, "bye")
    ko = make_teams_event(club, teams="Smith\nJones", kind="ko", rounds=2)
    with pytest.raises(TeamsError, match="a team that withdraws concedes it"):
        withdraw(ko, team(ko, "Smith").pk, 0, "forfeit")


def test_the_database_refuses_half_a_withdrawal(swiss):
    drew = team(swiss, "Drew")
    for fields in ({"withdrawn_after": 1}, {"withdrawal": "bye"},
                   {"withdrawn_after": 1, "withdrawal": "resign"}):  # fmt: skip
        with pytest.raises(IntegrityError), transaction.atomic():
            Team.objects.filter(pk=drew.pk).update(**fields)


def test_the_page_withdraws_a_team_and_the_standings_say_so(director_client, swiss):
    url = reverse("teams_withdraw", args=[swiss.pk])
    data = {"team": team(swiss, "Drew").pk, "after": "1", "withdrawal": "bye"}
    response = director_client.post(url, data, follow=True)
    body = response.content.decode()
    assert "Drew withdrew after round 1. Its 1 later match drawn became byes for their " \
           "opponents." in body  # fmt: skip
    assert 'Drew <small class="withdrawn">(withdrew after round 1)</small>' in body
    # Drew is no longer offered.
    assert f'<option value="{team(swiss, "Drew").pk}"' not in body


@pytest.mark.parametrize(
    "data, message",
    [
        ({"after": "1", "withdrawal": "bye"}, "Team: This field is required."),
        ({"team": "Drew", "after": "-1", "withdrawal": "bye"}, "After round: Ensure this value"),
        ({"team": "Drew", "after": "1"}, "Its matches in later rounds become: This field is"),
        ({"team": "Drew", "after": "5", "withdrawal": "bye"}, "Round 5 is not drawn yet"),
    ],
)
def test_the_page_names_a_bad_withdrawal_and_stores_nothing(director_client, swiss, data, message):
    if "team" in data:
        data = {**data, "team": team(swiss, data["team"]).pk}
    before = state(swiss)
    response = director_client.post(reverse("teams_withdraw", args=[swiss.pk]), data, follow=True)
    body = response.content.decode()
    assert "Nobody was withdrawn" in body and message in body
    assert state(swiss) == before


def test_another_clubs_director_cannot_withdraw_a_team(client, colleague, swiss):
    client.force_login(colleague)
    before = state(swiss)
    data = {"team": team(swiss, "Drew").pk, "after": "1", "withdrawal": "bye"}
    assert client.post(reverse("teams_withdraw", args=[swiss.pk]), data).status_code == 404
    assert state(swiss) == before


def test_a_round_drawn_with_a_withdrawals_forfeits_may_still_be_taken_back(club):
    event = make_teams_event(club, teams="Ace\nBell\nCole\nDrew", kind="round-robin")
    draw.draw_next_round(event)
    withdraw(event, team(event, "Bell").pk, 1, "forfeit")
    draw.draw_next_round(event)  # Ace v Bell is Bell's forfeit: no result a director gave
    assert draw.undraw_last_round(event) == 2
    event.matches.filter(round=1, table=1).update(forfeit="home")  # one the director gave
    with pytest.raises(TeamsError, match="Round 1 has results already"):
        draw.undraw_last_round(event)
