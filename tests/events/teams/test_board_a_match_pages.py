"""Board-a-match and Patton events through the pages: set up, entered, shown with the method's
numbers and name; bad input named and nothing stored. Expected numbers from the ACBL Handbook
(*Types of team events*) and Paul Hackett's *Patton Teams (Hybrid Teams)* (EBU, 2009)."""

import pytest
from django.urls import reverse

from events.teams import draw
from events.teams.models import TeamMatch, TeamsEvent
from tests.events.teams.factories import make_teams_event

pytestmark = pytest.mark.django_db

EVENT_FORM = {"name": "BAM night", "date": "2026-11-24", "kind": "round-robin",
              "boards_per_match": "2", "rounds": "3", "scoring": "bam", "vp_scale": "wbf-2013",
              "club_vp_table": "", "bye_vps": "average", "carry_over_home": "0",
              "carry_over_away": "0"}  # fmt: skip
FOUR_TEAMS = "Ace: Ann, Abe, Amy, Art\nBell\nCole\nDrew"
# The ACBL Handbook's example (NS +120, the team-mates -110: a win), then 4S in both rooms.
ONE_WON_ONE_TIED = {"open-1": "2NT N =", "closed-1": "2S N =", "open-2": "4S N =",
                    "closed-2": "4S N ="}  # fmt: skip
# Boards won by 10, 30 and 50 points, one lost by 90: Hackett's drawn aggregate.
HACKETT = {"open-1": "2NT N =", "closed-1": "2S N =", "open-2": "2S N +1", "closed-2": "2S N =",
           "open-3": "2S N -1", "closed-3": "2S N -2", "open-4": "PASS",
           "closed-4": "1NT N ="}  # fmt: skip


def _set_up(client, club, **change) -> TeamsEvent:
    response = client.post(reverse("teams_create"), {**EVENT_FORM, "club": club.pk, **change})
    assert response.status_code == 302, response.context["form"].errors
    event = TeamsEvent.objects.get()
    client.post(reverse("teams_teams", args=[event.pk]), {"teams": FOUR_TEAMS})
    client.post(reverse("teams_draw", args=[event.pk]), {"round": "1"})
    return event


def _post_boards(client, match, boards: dict):
    url = reverse("teams_match_enter", args=[match.event_id, match.pk])
    return client.post(url, boards)


def test_a_bam_event_set_up_entered_and_shown_by_its_pages(director_client, club):
    event = _set_up(director_client, club)
    assert (event.scoring, event.get_scoring_display()) == (
        "bam",
        "Board-a-match: 1, ½ or 0 a board (ACBL)",
    )
    match = event.matches.get(round=1, table=1)
    # The ACBL Handbook: NS +120 and the team-mates -110 is a win; 4S in both rooms a tie.
    response = _post_boards(director_client, match, ONE_WON_ONE_TIED)
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.home_points, match.away_points) == (1.5, 0.5)
    body = director_client.get(reverse("teams_event", args=[event.pk])).content.decode()
    assert 'id="scoring-method">Board-a-match: 1, ½ or 0 a board (ACBL)<' in body
    assert '<th scope="col">Board points</th>' in body and "IMPs +" not in body
    assert '<span class="vps points">1.5&#8288;–&#8288;0.5</span>' in body
    assert "equal totals share the place" in body
    page = director_client.get(reverse("teams_match", args=[event.pk, match.pk]))
    body = page.content.decode()
    assert 'Board points <strong id="home-points">1.5</strong>' in body
    assert '<td class="points">1</td><td class="points">0</td>' in body
    body = director_client.get(reverse("teams_round", args=[event.pk, 1])).content.decode()
    assert "Board-a-match: 1, ½ or 0 a board (ACBL)" in body
    pdf = director_client.get(reverse("teams_standings_pdf", args=[event.pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_the_save_message_names_the_points(director_client, club):
    event = _set_up(director_client, club)
    match = event.matches.get(round=1, table=1)
    response = _post_boards(director_client, match, ONE_WON_ONE_TIED)
    page = director_client.get(response.url).content.decode()
    assert "1.5–0.5 board points" in page


def test_a_patton_page_shows_board_and_aggregate_points(director_client, club):
    event = _set_up(director_client, club, scoring="patton", boards_per_match="4")
    match = event.matches.get(round=1, table=1)
    # Hackett's example: three boards of four won, the aggregate drawn: 10 of 16.
    _post_boards(director_client, match, HACKETT)
    body = director_client.get(reverse("teams_match", args=[event.pk, match.pk])).content.decode()
    assert 'Patton points <strong id="home-points">10</strong>' in body
    assert '<small id="patton-parts">(boards 6–2, aggregate 4–4)</small>' in body
    body = director_client.get(reverse("teams_event", args=[event.pk])).content.decode()
    assert "No USEBIO file: USEBIO 1.2 has no scoring method for Patton." in body
    response = director_client.get(reverse("teams_usebio", args=[event.pk]), follow=True)
    assert "USEBIO 1.2 has no scoring method for Patton" in response.content.decode()


@pytest.mark.parametrize(
    "change,field,message",
    [
        ({"kind": "ko", "rounds": "2"}, "scoring",
         "A knockout match carries IMPs from segment to segment: score it by IMPs, not "
         "Board-a-match."),
        ({"bye_vps": "12"}, "bye_vps",
         "12 VPs is a bye on a VP scale; at Board-a-match a bye scores the team&#x27;s average"),
        ({"scoring": "points-a-board"}, "scoring", "Select a valid choice."),
    ],
)  # fmt: skip
def test_a_bad_set_up_is_named_and_nothing_stored(director_client, club, change, field, message):
    response = director_client.post(reverse("teams_create"), {**EVENT_FORM, "club": club.pk,
                                                              **change})  # fmt: skip
    assert response.status_code == 200 and not TeamsEvent.objects.exists()
    assert field in response.context["form"].errors
    assert message in response.content.decode()


def test_an_imp_penalty_is_refused_at_board_a_match(director_client, club):
    event = make_teams_event(club, FOUR_TEAMS, scoring="bam", bye_vps="average")
    draw.draw_next_round(event)
    match = event.matches.get(round=1, table=1)
    url = reverse("teams_match_adjust", args=[event.pk, match.pk])
    data = {"forfeit": "", "home_imp_penalty": "3", "away_imp_penalty": "0",
            "home_vp_penalty": "0", "away_vp_penalty": "0"}  # fmt: skip
    body = director_client.post(url, data).content.decode()
    assert "This event scores board points, not IMPs: give the penalty in board points" in body
    assert "Board points penalty, Ace" in body
    assert TeamMatch.objects.get(pk=match.pk).home_imp_penalty == 0
    assert director_client.post(url, {**data, "home_imp_penalty": "0",
                                      "home_vp_penalty": "0.5"}).status_code == 302  # fmt: skip
    assert TeamMatch.objects.get(pk=match.pk).home_vp_penalty == 0.5


def test_the_database_refuses_a_ko_scored_board_a_match_and_an_unknown_method(club):
    from django.db import IntegrityError, transaction

    for fields in ({"kind": "ko", "scoring": "bam"}, {"scoring": "points"}):
        with pytest.raises(IntegrityError), transaction.atomic():
            make_teams_event(club, None, **fields)
    assert not TeamsEvent.objects.exists()
