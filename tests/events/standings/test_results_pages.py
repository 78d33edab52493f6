"""The pages players read: recap, travellers, score cards, a club's sessions, finalising."""

import re

import pytest
from django.urls import reverse

from events.entry.saving import save_result
from events.models import Board, Event
from tests.factories import make_session

# A 3-table Mitchell, one board a round. Thompson's rule (*How Duplicate Pair Competition Board
# Matchpoints ... Are Computed*: 1 for each score beaten, 1/2 for
# each tie) on board 1: +450 2, +420 1, -50 0 for NS.
SCORES = {1: "450", 2: "420", 3: "-50"}


@pytest.fixture
def session(club, director):
    event = make_session(club, tables=3, boards_per_round=1)
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    for number, pair in enumerate(section.pairs.order_by("direction", "number"), 1):
        pair.player1, pair.player2 = f"Player {number}a", f"Player {number}b"
        pair.save()
    board = Board.objects.get(section=section, number=1)
    for seating in section.movement().plays_of_board(1):
        ns, ew = pairs[seating.ns], pairs[seating.ew]
        save_result(board, ns, ew, SCORES[ns.number], director)
    Event.objects.filter(pk=event.pk).update(published=True)
    return Event.objects.get(pk=event.pk)


def ns_pair(event, number):
    return event.sections.get().pairs.get(number=number, direction="NS")


def test_the_recap_is_a_matrix_of_points_with_the_method_and_top_named(client, session):
    body = client.get(reverse("session_recap", args=[session.pk])).content.decode()
    assert "Top 2 on every board" in body and "Scored: matchpoints, ACBL 1/½" in body
    ns1 = ns_pair(session, 1)
    card = reverse("score_card", args=[session.pk, ns1.pk])
    row = re.search(rf'href="{card}".*?</tr>', body, re.S).group(0)
    cells = re.findall(r"<td>([^<]*)</td>", row)
    assert cells[:2] == ["2.00", ""]  # board 1: top; board 2 not played yet
    assert "Provisional" in body


def test_the_travellers_page_sorts_each_board_by_score(client, session):
    body = client.get(reverse("session_travellers", args=[session.pk])).content.decode()
    board_one = body[body.index("Board 1</a>") : body.index("Board 2</a>")]
    assert [int(s) for s in re.findall(r"<td>([+-]\d+)</td>", board_one)] == [450, 420, -50]
    assert "No results yet." in body  # boards 2 and 3


def test_a_score_card_shows_the_pairs_boards_and_links_opponents(client, session):
    ns1 = ns_pair(session, 1)
    body = client.get(reverse("score_card", args=[session.pk, ns1.pk])).content.decode()
    assert "Player 4a &amp; Player 4b" in body  # NS 1's names (EW 1-3 are 1-3)
    assert "Place <strong>1</strong>" in body and "100.00%" in body
    line = body[body.index("<tbody>") : body.index("</tbody>")]
    opponents = re.findall(r"/pairs/(\d+)/", line)
    assert len(opponents) == 1 and int(opponents[0]) != ns1.pk
    assert "+450" in line and "<td>100</td>" in line  # 2 of a top of 2 on the board


def test_everyones_score_cards_come_in_standings_order(client, session):
    body = client.get(reverse("score_cards", args=[session.pk])).content.decode()
    assert body.count('class="score-card card"') == 6


def test_every_page_links_on(client, session):
    # home -> club -> session -> pair -> board -> opponents, by following links only.
    home = client.get("/").content.decode()
    club_url = reverse("club_sessions", args=[session.club.slug])
    assert club_url in home
    assert reverse("session_detail", args=[session.pk]) in client.get(club_url).content.decode()
    standings = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    card_url = reverse("score_card", args=[session.pk, ns_pair(session, 1).pk])
    assert card_url in standings
    board = Board.objects.get(section__event=session, number=1)
    assert reverse("board_traveller", args=[board.pk]) in client.get(card_url).content.decode()


@pytest.mark.parametrize(
    "name", ["session_detail", "session_recap", "session_travellers", "score_cards"]
)
def test_an_open_page_polls_cheaply_and_refreshes_when_the_session_changes(
    client, session, director, name
):
    url = reverse(name, args=[session.pk])
    idle = client.get(url, {"since": session.version}, HTTP_HX_REQUEST="true")
    assert idle.status_code == 204
    board = Board.objects.get(section__event=session, number=2)
    pairs = {p.key: p for p in session.sections.get().pairs.all()}
    seating = session.sections.get().movement().plays_of_board(2)[0]
    save_result(board, pairs[seating.ns], pairs[seating.ew], "4S N =", director)
    fresh = client.get(url, {"since": session.version}, HTTP_HX_REQUEST="true")
    assert fresh.status_code == 200
    body = fresh.content.decode()
    assert body.lstrip().startswith('<div id="live"') and "<html" not in body
    assert f"since={session.version + 1}" in body


def test_results_are_provisional_until_the_director_finalises(director_client, session):
    url = reverse("session_detail", args=[session.pk])
    assert "Provisional" in director_client.get(url).content.decode()
    director_client.post(reverse("session_finalise", args=[session.pk]), {"finalised": "1"})
    session.refresh_from_db()
    assert session.finalised
    assert "Provisional" not in director_client.get(url).content.decode()


@pytest.mark.parametrize(
    "name", ["session_recap", "session_travellers", "score_cards", "session_standings"]
)
def test_unpublished_results_are_for_the_clubs_directors_only(
    client, session, colleague, stranger, director, name
):
    Event.objects.filter(pk=session.pk).update(published=False)
    url = reverse(name, args=[session.pk])
    assert client.get(url).status_code == 404
    for user in (colleague, stranger):
        client.force_login(user)
        assert client.get(url).status_code == 404
    client.force_login(director)
    assert client.get(url).status_code == 200


def test_a_club_page_lists_only_published_sessions_to_visitors(client, club, session):
    draft = make_session(club, name="Draft night")
    body = client.get(reverse("club_sessions", args=[club.slug])).content.decode()
    assert session.name in body and draft.name not in body


def test_only_directors_finalise(client, session, colleague):
    client.force_login(colleague)
    response = client.post(reverse("session_finalise", args=[session.pk]), {"finalised": "1"})
    assert response.status_code == 404
    session.refresh_from_db()
    assert not session.finalised


def test_every_open_copy_of_a_page_shares_one_render_per_version(
    client, session, director, django_assert_num_queries
):
    url = reverse("session_recap", args=[session.pk])
    since = {"since": session.version - 1}
    first = client.get(url, since, HTTP_HX_REQUEST="true").content
    # A second viewer's refresh of the same version: the session's row, nothing else.
    with django_assert_num_queries(1):
        again = client.get(url, since, HTTP_HX_REQUEST="true").content
    assert again == first


def test_new_names_and_publishing_move_the_version_on(director_client, session):
    pairs = list(session.sections.get().pairs.order_by("section__name", "direction", "number"))
    data = {"form-TOTAL_FORMS": len(pairs), "form-INITIAL_FORMS": len(pairs)}
    for index, pair in enumerate(pairs):
        data[f"form-{index}-id"] = pair.pk
        data[f"form-{index}-player1"] = "Renamed" if index == 0 else pair.player1
        data[f"form-{index}-player2"] = pair.player2
    before = session.version
    director_client.post(reverse("session_pairs", args=[session.pk]), data)
    session.refresh_from_db()
    assert session.version == before + 1
    director_client.post(reverse("session_publish", args=[session.pk]), {"published": "0"})
    session.refresh_from_db()
    assert session.version == before + 2
