"""The teams pages: who may see and change what, what each page shows, and bad input named."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from events.teams import draw, entry
from events.teams.models import MatchBoard, Team, TeamMatch, TeamsEvent
from tests.events.teams.factories import make_teams_event

pytestmark = pytest.mark.django_db

EVENT_FORM = {"name": "Tuesday Swiss", "date": "2026-11-24", "kind": "swiss",
              "boards_per_match": "7", "rounds": "5", "vp_scale": "wbf-2013", "club_vp_table": "",
              "bye_vps": "12", "carry_over_home": "0", "carry_over_away": "0"}  # fmt: skip
BOARDS = {"open-1": "4S N =", "closed-1": "4S S -1", "open-2": "3NT E -2", "closed-2": "PASS"}


@pytest.fixture
def event(club):
    return make_teams_event(club)


@pytest.fixture
def drawn(event):
    draw.draw_next_round(event)
    return event


@pytest.fixture
def match(drawn):
    return drawn.matches.get(round=1, table=1)


def scene_urls(event, match):
    """Every write URL of a teams event, with what a post sends."""
    return [
        ("get", reverse("teams_teams", args=[event.pk]), None),
        ("post", reverse("teams_teams", args=[event.pk]), {"teams": "X: a, b, c, d\nY"}),
        ("post", reverse("teams_draw", args=[event.pk]), {}),
        ("post", reverse("teams_undraw", args=[event.pk]), {}),
        ("post", reverse("teams_publish", args=[event.pk]), {"published": "1"}),
        ("get", reverse("teams_delete", args=[event.pk]), None),
        ("post", reverse("teams_delete", args=[event.pk]), {}),
        ("get", reverse("teams_match_enter", args=[event.pk, match.pk]), None),
        ("post", reverse("teams_match_enter", args=[event.pk, match.pk]), BOARDS),
        ("post", reverse("teams_match_adjust", args=[event.pk, match.pk]),
         {"forfeit": "home", "home_imp_penalty": "0", "away_imp_penalty": "0",
          "home_vp_penalty": "0", "away_vp_penalty": "0"}),
    ]  # fmt: skip


def state(event):
    event.refresh_from_db()
    return (event.published, list(Team.objects.filter(event=event).values_list("name")),
            list(TeamMatch.objects.filter(event=event).values_list("pk", "forfeit")),
            MatchBoard.objects.count(), event.deleted_at)  # fmt: skip


@pytest.mark.parametrize("index", range(10))
@pytest.mark.parametrize("who", ["colleague", "stranger", "anonymous"])
def test_it_gives_others_a_404_on_every_write_url_and_changes_nothing(
    client, request, match, index, who
):
    event = match.event
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    method, url, data = scene_urls(event, match)[index]
    before = state(event)
    response = client.get(url) if method == "get" else client.post(url, data)
    assert response.status_code == 404
    assert state(event) == before


@pytest.mark.parametrize("who", ["colleague", "anonymous"])
def test_it_hides_an_unpublished_event_from_readers(client, request, match, who):
    event = match.event
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    for url in (
        reverse("teams_event", args=[event.pk]),
        reverse("teams_round", args=[event.pk, 1]),
        reverse("teams_match", args=[event.pk, match.pk]),
        reverse("teams_standings_pdf", args=[event.pk]),
        reverse("teams_usebio", args=[event.pk]),
    ):
        assert client.get(url).status_code == 404, url


def test_it_shows_a_published_event_to_anyone_without_director_links(client, match):
    event = match.event
    event.published = True
    event.save()
    body = client.get(reverse("teams_event", args=[event.pk])).content.decode()
    assert "Standings" in body and "Ace" in body
    assert reverse("teams_match_enter", args=[event.pk, match.pk]) not in body
    assert "Draw round" not in body
    assert client.get(reverse("teams_match", args=[event.pk, match.pk])).status_code == 200


def test_it_refuses_a_post_without_its_csrf_token(director, match):
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    for method, url, data in scene_urls(match.event, match):
        if method == "post":
            assert client.post(url, data).status_code == 403, url
    assert not MatchBoard.objects.exists() and not match.event.published


def test_a_stranger_cannot_set_up_an_event(client, stranger):
    assert client.get(reverse("teams_create")).status_code == 404
    client.force_login(stranger)
    response = client.post(reverse("teams_create"), EVENT_FORM)
    assert response.status_code == 404 and not TeamsEvent.objects.exists()


def test_it_sets_up_an_event_and_asks_for_its_teams(director_client, club, director):
    response = director_client.post(reverse("teams_create"), {**EVENT_FORM, "club": club.pk})
    event = TeamsEvent.objects.get()
    assert response.status_code == 302 and response.url == reverse("teams_teams", args=[event.pk])
    assert (event.kind, event.boards_per_match, event.rounds, event.vp_scale, event.created_by) == (
        "swiss",
        7,
        5,
        "wbf-2013",
        director,
    )


def test_the_form_offers_only_the_directors_clubs(director_client, club, colleague):
    body = director_client.get(reverse("teams_create")).content.decode()
    assert "Riverside BC" in body and "Other club" not in body
    assert "WBF 2013 continuous 20-point scale (two decimals)" in body


@pytest.mark.parametrize(
    "change,field,message",
    [
        ({"vp_scale": "club"}, "club_vp_table", "Type the club&#x27;s VP table, one row a line."),
        ({"vp_scale": "club", "club_vp_table": "0-2 10-10\n5+ 20-0"}, "club_vp_table",
         "leaves a gap: margins 3-4 have no row"),
        ({"vp_scale": "acbl-20", "boards_per_match": "4"}, "vp_scale",
         "has tables for 6-8 and 9-11 boards a match, not 4"),
        ({"boards_per_match": "0"}, "boards_per_match", ""),
        ({"date": "0006-11-24"}, "date", ""),
        ({"vp_scale": "acbl-30", "bye_vps": "12"}, "bye_vps", "12 VPs is a bye on a 20-point"),
    ],
)  # fmt: skip
def test_it_names_what_is_wrong_with_the_event(director_client, club, change, field, message):
    response = director_client.post(reverse("teams_create"), {**EVENT_FORM, "club": club.pk,
                                                              **change})  # fmt: skip
    assert response.status_code == 200 and not TeamsEvent.objects.exists()
    assert field in response.context["form"].errors
    assert message in response.content.decode()


def test_it_saves_the_teams_one_a_line(director_client, club):
    event = make_teams_event(club, teams=None)
    text = "Ace: Ann, Abe, Amy, Art\nBell\n\nCole: Cat, Cid, Cy, Col, Cora"
    response = director_client.post(reverse("teams_teams", args=[event.pk]), {"teams": text})
    assert response.status_code == 302
    teams = list(event.teams.values_list("number", "name", "members"))
    assert teams == [(1, "Ace", "Ann, Abe, Amy, Art"), (2, "Bell", ""),
                     (3, "Cole", "Cat, Cid, Cy, Col, Cora")]  # fmt: skip


@pytest.mark.parametrize(
    "text,message",
    [
        ("Ace: Ann, Abe\nBell", "Line 1 (Ace: Ann, Abe): a team has four or more players"),
        ("Ace\nace", "Line 2 (ace): ace is already the team on line 1."),
        ("Ace", "An event needs at least two teams"),
        (": Ann, Abe, Amy, Art\nBell", "Line 1 (: Ann, Abe, Amy, Art): the team&#x27;s name"),
    ],
)
def test_it_names_the_bad_lines_of_the_teams_and_stores_none(director_client, club, text, message):
    event = make_teams_event(club, teams=None)
    response = director_client.post(reverse("teams_teams", args=[event.pk]), {"teams": text})
    assert response.status_code == 200 and message in response.content.decode()
    assert not event.teams.exists()


def test_teams_may_be_renamed_but_not_added_once_drawn(director_client, drawn):
    url = reverse("teams_teams", args=[drawn.pk])
    response = director_client.post(url, {"teams": "A\nB\nC\nD\nE\nF\nG"})
    assert "Round 1 is drawn with 6 teams" in response.content.decode()
    response = director_client.post(url, {"teams": "Bell\nAce\nC\nD\nE\nF"})
    assert response.status_code == 302
    assert list(drawn.teams.values_list("name", flat=True)) == ["Bell", "Ace", "C", "D", "E", "F"]


def test_drawing_shows_the_round_with_table_numbers(director_client, event):
    response = director_client.post(reverse("teams_draw", args=[event.pk]))
    assert response.url == reverse("teams_round", args=[event.pk, 1])
    page = director_client.get(response.url)
    body = page.content.decode()
    assert "Round 1 of 4 · boards 1–2" in body
    tables = [(m.table, m.home.name, m.away.name) for m in page.context["matches"]]
    # Round 1 of a Swiss: everyone on 0, so teams in their order: 1 v 2, 3 v 4, 5 v 6.
    assert tables == [(1, "Ace", "Bell"), (2, "Cole", "Drew"), (3, "Eyre", "Fry")]


@pytest.mark.parametrize("round_named", ["²", "9" * 5000])
def test_a_round_no_page_names_is_read_as_none(director_client, event, round_named):
    # isdigit() admits "²" and digits past int()'s 4,300: a server error. No round is named,
    # as from a page older than the round buttons: the next round is drawn.
    url = reverse("teams_draw", args=[event.pk])
    response = director_client.post(url, {"round": round_named})
    assert response.url == reverse("teams_round", args=[event.pk, 1])


def test_a_swiss_round_waits_for_the_round_before(director_client, drawn):
    response = director_client.post(reverse("teams_draw", args=[drawn.pk]), follow=True)
    assert "Round 1 is not finished (tables 1, 2, 3 still have boards to enter)" in (
        response.content.decode()
    )
    assert drawn.matches.filter(round=2).count() == 0


def test_the_last_draw_can_be_taken_back_until_a_board_is_entered(director_client, match):
    event = match.event
    page = reverse("teams_event", args=[event.pk])
    assert "Take back the draw of round 1" in director_client.get(page).content.decode()
    entry.save_boards(match, [entry.BoardRow(1, "4S N =", "4S S =")])
    # Not offered once the round has a result: it would only be refused.
    assert "Take back the draw" not in director_client.get(page).content.decode()
    response = director_client.post(reverse("teams_undraw", args=[event.pk]), follow=True)
    assert "Round 1 has results already" in response.content.decode()
    MatchBoard.objects.all().delete()
    director_client.post(reverse("teams_undraw", args=[event.pk]))
    assert not event.matches.exists()


def test_entering_a_match_scores_it_and_goes_back_to_the_standings(director_client, match):
    event = match.event
    url = reverse("teams_match_enter", args=[event.pk, match.pk])
    response = director_client.post(url, BOARDS, follow=True)
    # Board 1 (none vulnerable): 4S= +420 and 4S-1 -50 in the other room: 470 → 10 IMPs.
    # Board 2 (NS vulnerable): 3NT by E down 2 not vulnerable +100, passed out 0: 100 → 3.
    # WBF 2013 continuous, 2 boards, margin 13: 17.69 (tests/scoring/data, Danish table).
    assert "Round 1, table 1: Ace 13 – 0 Bell IMPs, 17.69–2.31 VPs." in response.content.decode()
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps, str(match.home_vps)) == (13, 0, "17.69")


def test_a_bad_board_is_named_and_nothing_is_stored(director_client, match):
    url = reverse("teams_match_enter", args=[match.event.pk, match.pk])
    response = director_client.post(url, {**BOARDS, "closed-2": "3NT E", "open-1": "5Z N ="})
    body = response.content.decode()
    assert response.status_code == 200 and "Nothing was saved: check boards 1, 2." in body
    assert "Board 2, closed room: 3NT E: add the result" in body
    assert 'value="5Z N ="' in body  # what was typed stays in the box
    assert not MatchBoard.objects.exists()


def test_a_missing_room_asks_for_an_artificial_score(director_client, match):
    url = reverse("teams_match_enter", args=[match.event.pk, match.pk])
    response = director_client.post(url, {"open-1": "4S N ="})
    assert "Board 1: the closed room&#x27;s result is missing" in response.content.decode()
    response = director_client.post(url, {"open-1": "4S N =", "adjusted-1": "home-plus"})
    assert response.status_code == 302
    board = MatchBoard.objects.get()
    assert (board.open_ns_score, board.closed_ns_score, board.home_imps) == (420, None, 3)


def test_the_scorecard_shows_both_rooms_and_the_running_score(director_client, match):
    entry.save_boards(
        match, [entry.BoardRow(1, "4S N =", "4S S -1"), entry.BoardRow(2, "3NT E -2", "PASS")]
    )
    response = director_client.get(reverse("teams_match", args=[match.event.pk, match.pk]))
    rows = response.context["rows"]
    assert [
        (r.number, r.board.open_ns_score, r.board.closed_ns_score, r.running) for r in rows
    ] == [(1, 420, -50, (10, 0)), (2, 100, 0, (13, 0))]
    assert "WBF 2013 continuous 20-point scale (two decimals)" in response.content.decode()


def test_live_polls_get_204_until_something_changes(director_client, match):
    event = match.event
    event.refresh_from_db()
    url = reverse("teams_event", args=[event.pk])
    headers = {"HTTP_HX_REQUEST": "true"}
    assert director_client.get(f"{url}?since={event.version}", **headers).status_code == 204
    entry.save_boards(match, [entry.BoardRow(1, "4S N =", "4S S =")])
    response = director_client.get(f"{url}?since={event.version}", **headers)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body and 'id="live"' in body
    assert "HX-Request" in response["Vary"]


def test_penalties_and_forfeits_are_checked_and_saved(director_client, match):
    url = reverse("teams_match_adjust", args=[match.event.pk, match.pk])
    data = {"forfeit": "", "home_imp_penalty": "-3", "away_imp_penalty": "0",
            "home_vp_penalty": "0", "away_vp_penalty": "1.5"}  # fmt: skip
    response = director_client.post(url, data)
    assert response.status_code == 200
    assert "A penalty is taken off, so type it without a minus sign." in response.content.decode()
    response = director_client.post(url, {**data, "home_imp_penalty": "3"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.home_imp_penalty, match.away_vp_penalty) == (3, 1.5)


def test_the_pdfs_are_pdfs(director_client, drawn):
    for url in (
        reverse("teams_standings_pdf", args=[drawn.pk]),
        reverse("teams_round_pdf", args=[drawn.pk, 1]) + "?paper=letter",
    ):
        response = director_client.get(url)
        assert response.status_code == 200 and response.content.startswith(b"%PDF"), url
    assert director_client.get(reverse("teams_round_pdf", args=[drawn.pk, 2])).status_code == 404


def test_the_home_page_lists_teams_events(director_client, event):
    body = director_client.get(reverse("home")).content.decode()
    assert "New teams event" in body and reverse("teams_list") in body
    fragment = director_client.get(reverse("teams_list"), HTTP_HX_REQUEST="true")
    assert "<html" not in fragment.content.decode() and "Swiss teams" in fragment.content.decode()
    # Unpublished: not for visitors.
    assert "Swiss teams" not in Client().get(reverse("teams_list")).content.decode()


def test_a_ko_match_page_shows_the_running_imps(director_client, club):
    event = make_teams_event(club, teams="Smith\nJones", kind="ko", rounds=2)
    draw.draw_next_round(event)
    segment = event.matches.get()
    entry.save_boards(
        segment, [entry.BoardRow(1, "4S N =", "4S S -1"), entry.BoardRow(2, "3NT E -2", "PASS")]
    )
    response = director_client.get(reverse("teams_event", args=[event.pk]))
    body = response.content.decode()
    assert response.context["ko"].totals == (13, 0)
    assert '<strong id="ko-home">13</strong>' in body and "Draw segment 2" in body
    assert "Victory Points" in body and 'id="standings"' not in body


def test_a_second_press_of_draw_or_take_back_does_nothing_more(director_client, club):
    event = make_teams_event(club, teams="A\nB\nC\nD", kind="round-robin")
    url = reverse("teams_draw", args=[event.pk])
    director_client.post(url, {"round": "1"})
    response = director_client.post(url, {"round": "1"}, follow=True)
    assert "Round 1 is drawn already" in response.content.decode()
    assert set(event.matches.values_list("round", flat=True)) == {1}
    director_client.post(url, {"round": "2"})
    undraw = reverse("teams_undraw", args=[event.pk])
    director_client.post(undraw, {"round": "2"})
    response = director_client.post(undraw, {"round": "2"}, follow=True)
    assert "Round 2&#x27;s draw is taken back already." in response.content.decode()
    assert set(event.matches.values_list("round", flat=True)) == {1}


_BOX = re.compile(r'<input[^>]*name="((?:seen-)?(?:open|closed)-\d+)"[^>]*value="([^"]*)"')


def boxes(body: str) -> dict[str, str]:
    """The entry form's room boxes and the hidden copies of each board as shown, as the form
    posts them back (the boards here have no artificial score: those are in selects)."""
    return {name: html.unescape(value) for name, value in _BOX.findall(body)}


def form_as_shown(client, url):
    return boxes(client.get(url).content.decode())


def test_a_board_left_as_shown_keeps_what_another_director_saved_meanwhile(director_client, match):
    # Two directors open the match's form; the second saves board 1, then the first saves
    # board 2 only. Board 1 must keep the second director's result (it was written over with
    # the first form's empty boxes before). Scores: board 1, none vulnerable, 4S N = +420.
    url = reverse("teams_match_enter", args=[match.event.pk, match.pk])
    first = form_as_shown(director_client, url)
    entry.save_boards(match, [entry.BoardRow(1, "4S N =", "4S S -1")])
    response = director_client.post(url, {**first, "open-2": "3NT E -2", "closed-2": "PASS"})
    assert response.status_code == 302
    stored = {b.number: (b.open_result, b.closed_result) for b in MatchBoard.objects.all()}
    assert stored == {1: ("4S N =", "4S S -1"), 2: ("3NT E -2", "PASS")}


def test_a_board_both_directors_changed_is_refused_then_replaced_on_purpose(director_client, match):
    url = reverse("teams_match_enter", args=[match.event.pk, match.pk])
    first = form_as_shown(director_client, url)
    entry.save_boards(match, [entry.BoardRow(1, "4S N =", "4S S -1")])
    mine = {**first, "open-1": "4S N +1", "closed-1": "4S S =", "open-2": "PASS",
            "closed-2": "PASS"}  # fmt: skip
    response = director_client.post(url, mine)
    body = response.content.decode()
    assert response.status_code == 200 and "Nothing was saved: check board 1." in body
    assert (
        "Board 1 was saved by someone else after you opened this page: now open room "
        "4S N =, closed room 4S S -1."
    ) in body
    assert 'value="4S N +1"' in body  # what was typed stays in the boxes
    assert [(b.number, b.open_result) for b in MatchBoard.objects.all()] == [(1, "4S N =")]

    again = boxes(body)  # the refused form, posted again as it stands
    assert director_client.post(url, again).status_code == 302
    stored = {b.number: (b.open_result, b.closed_result) for b in MatchBoard.objects.all()}
    assert stored == {1: ("4S N +1", "4S S ="), 2: ("PASS", "PASS")}


def test_a_finished_ko_segment_says_it_is_complete(director_client, club):
    event = make_teams_event(club, teams="Smith\nJones", kind="ko", rounds=2)
    draw.draw_next_round(event)
    segment = event.matches.get()
    url = reverse("teams_match_enter", args=[event.pk, segment.pk])
    half = {"open-1": "4S N =", "closed-1": "4S S -1"}
    body = director_client.post(url, half, follow=True).content.decode()
    assert "Segment 1, table 1: Smith" in body  # half-way: still boards to enter
    assert "IMPs so far (1 board to enter)." in body
    body = director_client.post(url, BOARDS, follow=True).content.decode()
    # The scores of the standings test above: 10 + 3 IMPs to Smith.
    assert "Segment 1, table 1: Smith 13 – 0 Jones IMPs: the segment is complete." in body
    assert "0 boards to enter" not in body


def standings_heading(client, event) -> str:
    body = client.get(reverse("teams_event", args=[event.pk])).content.decode()
    heading = re.search(r"<h2>Standings(.*?)</h2>", body, re.S).group(1)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", heading)).strip()


def test_the_swiss_standings_say_after_which_round_they_are(director_client, match):
    event = match.event  # six teams, four rounds: three matches a round
    assert standings_heading(director_client, event) == "round 1: 0 of 3 matches played"
    first, second, third = event.matches.filter(round=1).order_by("table")

    def play(match):
        one, two = entry.board_numbers(match)
        entry.save_boards(
            match,
            [entry.BoardRow(one, "4S N =", "4S S -1"), entry.BoardRow(two, "3NT E -2", "PASS")],
        )

    play(first)
    assert standings_heading(director_client, event) == "round 1: 1 of 3 matches played"
    play(second)
    play(third)
    assert standings_heading(director_client, event) == "after round 1 of 4"
    draw.draw_next_round(event)
    play(event.matches.filter(round=2).first())
    assert standings_heading(director_client, event) == (
        "after round 1 of 4 · round 2: 1 of 3 matches played"
    )
