"""A room's phone (its link is its only credential) and the director's page of a round's room
links, QR codes and live grid: entering a room's boards, the opponents agreeing or calling the
director, and what the director sees.

Scores are Law 77's and IMPs the Law 78B scale (Laws of Duplicate Bridge 2017): board 1 (none
vulnerable) 4S N = is +420 and 4S S -1 is -50, 470 → 10 IMPs; board 2 (NS vulnerable)
3NT E -2 is +100 to NS against a pass-out, 100 → 3 IMPs. 13 IMPs over 2 boards is 17.69–2.31
VPs on the WBF 2013 continuous scale (the Danish table in tests/scoring/data).
"""

import re
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.urls import reverse

from events.entry.errors import EntryError
from events.teams import draw, entry, room_links
from events.teams import phone as room_phone
from events.teams.models import MatchBoard
from events.teams.room_models import MatchRoomLink, RoomEntry
from scoring.domain import TeamsScoring
from tests.events.teams.factories import make_teams_event
from tests.factories import make_club, make_user

pytestmark = pytest.mark.django_db

FOUR_S_N_MADE = {"level": "4", "strain": "S", "doubled": "", "declarer": "N", "made": "="}
FOUR_S_S_DOWN = {"level": "4", "strain": "S", "doubled": "", "declarer": "S", "made": "-1"}
THREE_NT_E_DOWN_2 = {"level": "3", "strain": "NT", "doubled": "", "declarer": "E", "made": "-2"}
PASSED = {"level": "P"}


@pytest.fixture(autouse=True)
def fresh_budgets():
    cache.clear()  # request budgets are counted in the cache


@pytest.fixture
def event(club):
    event = make_teams_event(club)
    draw.draw_next_round(event)
    return event


@pytest.fixture
def match(event):
    return event.matches.get(round=1, table=1)


@pytest.fixture
def rooms(match):
    return {link.room: link for link in match.room_links.filter(revoked_at__isnull=True)}


def url(link):
    return reverse("teams_room_phone", args=[link.token])


def tap(client, link, number, taps, *, version=0, htmx=False):
    data = {"action": "save", "board": number, "version": version, **taps}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(url(link), data, **headers)


def answer(client, link, number, action="confirm"):
    version = room_phone.room_version(MatchBoard.objects.get(number=number).room_result(link.room))
    return client.post(url(link), {"action": action, "board": number, "version": version})


def test_the_draw_gives_each_room_of_each_match_a_link(event):
    live = MatchRoomLink.objects.filter(match__event=event, revoked_at__isnull=True)
    # Six teams: three matches, two rooms each; no bye, so no link without a match.
    assert sorted(live.values_list("match__table", "room")) == [
        (1, "closed"), (1, "open"), (2, "closed"), (2, "open"), (3, "closed"), (3, "open")
    ]  # fmt: skip
    assert len({link.token for link in live}) == 6


def test_the_phone_page_works_without_javascript(client, rooms, match):
    page = client.get(url(rooms["open"])).content.decode()
    assert "Open room" in page and f"<b>NS</b> {match.home.name}" in page
    assert f'action="{url(rooms["open"])}"' in page
    assert "Save board 1" in page and "Save board 2" in page
    closed = client.get(url(rooms["closed"])).content.decode()
    assert f"<b>NS</b> {match.away.name}" in closed and f"<b>EW</b> {match.home.name}" in closed

    response = tap(client, rooms["open"], 1, FOUR_S_N_MADE)
    assert response.status_code == 302 and response.url == url(rooms["open"])
    page = client.get(url(rooms["open"])).content.decode()
    assert "4♠ by N =" in page and "NS +420" in page
    assert "Opponents: is this right?" in page

    assert answer(client, rooms["open"], 1).status_code == 302
    page = client.get(url(rooms["open"])).content.decode()
    assert "✓ Confirmed: only the director can change it now." in page
    entry = RoomEntry.objects.get()
    assert (entry.room, entry.result, entry.confirmed_at is not None) == ("open", "4S N =", True)


def test_both_rooms_in_show_the_match_score_on_the_phones(client, rooms, match):
    tap(client, rooms["open"], 1, FOUR_S_N_MADE)
    tap(client, rooms["open"], 2, THREE_NT_E_DOWN_2)
    tap(client, rooms["closed"], 1, FOUR_S_S_DOWN)
    match.refresh_from_db()
    assert (match.boards_entered, match.home_vps) == (1, None)
    tap(client, rooms["closed"], 2, PASSED)
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps) == (13, 0)
    assert (match.home_vps, match.away_vps) == (Decimal("17.69"), Decimal("2.31"))
    page = client.get(url(rooms["closed"])).content.decode()
    assert re.search(r"Match: Ace 13 – 0 Bell IMPs · VPs 17.69 – 2.31", page)


@pytest.mark.parametrize(
    "fields, score",
    [
        # ACBL Handbook, *Types of team events*: board-a-match gives the board to the team
        # with the better net score, a point each: Ace wins both.
        ({"scoring": TeamsScoring.BOARD_A_MATCH}, "Ace 13 – 0 Bell IMPs · Board points 2 – 0"),
        # A knockout segment is its IMPs alone, carried into the match's running total.
        ({"kind": "ko", "rounds": 2, "teams": "Ace\nBell"}, "Ace 13 – 0 Bell IMPs"),
    ],
)
def test_the_phones_show_the_methods_score_once_both_rooms_are_in(client, club, fields, score):
    event = make_teams_event(club, name="Method", **fields)
    draw.draw_next_round(event)
    links = {link.room: link for link in event.matches.get(table=1).room_links.all()}
    for room, taps in (("open", (FOUR_S_N_MADE, THREE_NT_E_DOWN_2)), ("closed", (FOUR_S_S_DOWN,))):
        for number, board_taps in enumerate(taps, start=1):
            tap(client, links[room], number, board_taps)
    assert "Match:" not in client.get(url(links["open"])).content.decode()  # board 2 half in
    tap(client, links["closed"], 2, PASSED)
    answer(client, links["closed"], 1)
    answer(client, links["closed"], 2)
    page = client.get(url(links["open"])).content.decode()
    assert f"Match: {score}</p>" in page
    page = client.get(url(links["closed"])).content.decode()
    assert "Every board of this room is in and agreed" in page and "comes once" not in page


def test_a_refused_save_keeps_the_taps_and_stores_nothing(client, rooms):
    response = tap(client, rooms["open"], 1, {"level": "4", "strain": "S"}, htmx=True)
    assert response.status_code == 422
    assert "Tap the declarer and the tricks." in response.content.decode()
    # 7NT by N made +1 is 14 tricks: the save path's own words refuse it.
    response = tap(client, rooms["open"], 1, {**FOUR_S_N_MADE, "level": "7", "strain": "NT",
                                               "made": "+1"}, htmx=True)  # fmt: skip
    assert response.status_code == 422
    assert "Board 1, open room" in response.content.decode()
    assert 'value="7" checked' in response.content.decode()
    assert not MatchBoard.objects.exists()


def test_an_agreed_board_is_the_directors_and_a_stale_save_is_refused(client, rooms):
    tap(client, rooms["open"], 1, FOUR_S_N_MADE)
    # The other phone in the room had not seen it: its save is refused, the result shown.
    response = tap(client, rooms["open"], 1, {**FOUR_S_N_MADE, "made": "+1"}, htmx=True)
    assert response.status_code == 422
    assert "Meanwhile board 1 was saved as 4♠ by N = (NS +420)." in response.content.decode()
    answer(client, rooms["open"], 1)
    version = room_phone.room_version("4S N =")
    response = tap(client, rooms["open"], 1, {**FOUR_S_N_MADE, "made": "+1"}, version=version,
                   htmx=True)  # fmt: skip
    assert "Board 1: it is confirmed, so only the director can change it now." in (
        response.content.decode()
    )
    assert MatchBoard.objects.get(number=1).open_result == "4S N ="


def test_the_opponents_call_the_director_and_the_director_corrects(client, rooms, match):
    tap(client, rooms["closed"], 2, PASSED)
    answer(client, rooms["closed"], 2, "query")
    board = room_phone.room_view(rooms["closed"]).boards[1]
    assert (board.status, board.locked) == ("queried", True)
    with pytest.raises(EntryError, match="the director has been called"):
        room_phone.enter_result(rooms["closed"], 2, "1NT N =", expected_version=board.version)
    shown = {row.number: row for row in entry.board_rows(match)}
    entry.save_boards(match, [shown[1], entry.BoardRow(2, "3NT E -2", "1NT N =")], seen=shown)
    board = room_phone.room_view(rooms["closed"]).boards[1]
    assert (board.status, board.by_director, board.ruling) == ("confirmed", True, "changed")


def test_the_director_rules_that_a_queried_result_stands(client, director_client, rooms, event):
    tap(client, rooms["open"], 1, FOUR_S_N_MADE)
    answer(client, rooms["open"], 1, "query")
    enter_url = reverse("teams_match_enter", args=[event.pk, rooms["open"].match_id])
    page = director_client.get(enter_url).content.decode()
    assert "Called to the table" in page and "Board 1, open room: <strong>4S N =</strong>" in page
    ruling = reverse("teams_room_ruling", args=[event.pk, rooms["open"].match_id])
    response = director_client.post(ruling, {"room": "open", "board": "1"}, follow=True)
    assert "Board 1, open room: the result stands." in response.content.decode()
    assert "Called to the table" not in response.content.decode()
    page = client.get(url(rooms["open"])).content.decode()
    assert "The director ruled that the result stands" in page
    again = director_client.post(ruling, {"room": "open", "board": "1"}, follow=True)
    assert "That query has been ruled on already." in again.content.decode()
    assert RoomEntry.objects.get().ruling == "stands"


def test_a_link_reaches_its_own_match_only(client, rooms, event):
    other = event.matches.get(table=2).room_links.get(room="open")
    tap(client, other, 1, FOUR_S_N_MADE)
    response = tap(client, rooms["open"], 9, FOUR_S_N_MADE, htmx=True)
    assert "That board is not played in this match." in response.content.decode()
    assert list(MatchBoard.objects.values_list("match__table", "number")) == [(2, 1)]


def test_unknown_and_replaced_links(client, director_client, rooms, event):
    assert client.get(reverse("teams_room_phone", args=["no-such-room-link"])).status_code == 404
    old = rooms["open"]
    response = director_client.post(
        reverse("teams_room_link_reissue", args=[event.pk, old.pk]), follow=True
    )
    assert "Table 1, open room has a new link" in response.content.decode()
    response = client.get(url(old))
    assert response.status_code == 410
    assert "replaced this room&#x27;s link" in response.content.decode()
    new = MatchRoomLink.objects.get(match=old.match, room="open", revoked_at__isnull=True)
    assert new.token != old.token and client.get(url(new)).status_code == 200


def test_the_director_sees_every_rooms_link_and_qr_code(director_client, event, rooms):
    page = director_client.get(reverse("teams_round_rooms", args=[event.pk, 1]))
    text = page.content.decode()
    for link in MatchRoomLink.objects.filter(match__event=event):
        assert url(link) in text
        assert reverse("teams_room_link_qr", args=[event.pk, link.pk]) in text
    qr = director_client.get(reverse("teams_room_link_qr", args=[event.pk, rooms["open"].pk]))
    assert qr["Content-Type"] == "image/svg+xml"
    assert qr.content.startswith(b"<?xml") and b"<svg" in qr.content


def test_other_directors_and_strangers_get_no_links(client, event, rooms):
    colleague = make_user(username="colleague")
    make_club(directors=[colleague], name="Hillside BC")
    client.force_login(colleague)
    for name, args in [("teams_round_rooms", [event.pk, 1]),
                       ("teams_room_link_qr", [event.pk, rooms["open"].pk])]:  # fmt: skip
        assert client.get(reverse(name, args=args)).status_code == 404
    response = client.post(reverse("teams_room_link_reissue", args=[event.pk, rooms["open"].pk]))
    assert response.status_code == 404
    assert MatchRoomLink.objects.filter(revoked_at__isnull=False).count() == 0


def test_the_grid_shows_each_match_and_room_and_follows_the_saves(
    client, director_client, event, rooms
):
    page_url = reverse("teams_round_rooms", args=[event.pk, 1])
    event.refresh_from_db()
    poll = {"since": event.version}
    assert director_client.get(page_url, poll, HTTP_HX_REQUEST="true").status_code == 204
    tap(client, rooms["open"], 1, FOUR_S_N_MADE)
    tap(client, rooms["open"], 2, THREE_NT_E_DOWN_2)
    answer(client, rooms["open"], 1)
    tap(client, rooms["closed"], 1, FOUR_S_S_DOWN)
    answer(client, rooms["closed"], 1, "query")
    response = director_client.get(page_url, poll, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    cells = re.findall(
        r'<tr id="rooms-(\d+)">.*?data-room="open">(.*?)</td>.*?data-room="closed">(.*?)</td>',
        response.content.decode(),
        re.S,
    )
    by_match = {int(pk): (opened, closed) for pk, opened, closed in cells}
    assert len(by_match) == 3
    opened, closed = by_match[rooms["open"].match_id]
    assert opened == "2/2 <small>not all agreed</small>"
    assert closed == "1/2 <strong>? queried</strong>"
    assert set(by_match.values()) - {(opened, closed)} == {("0/2", "0/2")}
    answer(client, rooms["open"], 2)
    response = director_client.get(page_url, HTTP_HX_REQUEST="true")
    assert "2/2 ✓ agreed" in response.content.decode()


def test_a_round_drawn_before_rooms_had_links_gets_them(director_client, event):
    MatchRoomLink.objects.all().delete()
    page = director_client.get(reverse("teams_round_rooms", args=[event.pk, 1])).content.decode()
    assert "Tables 1, 2, 3 have no room links yet" in page
    director_client.post(reverse("teams_round_rooms_make", args=[event.pk, 1]))
    assert MatchRoomLink.objects.count() == 6
    room_links.ensure_room_links(event.matches.all())  # again: nothing more
    assert MatchRoomLink.objects.count() == 6


def test_a_round_with_one_rooms_board_in_is_not_taken_back(client, director_client, rooms, event):
    standings = reverse("teams_event", args=[event.pk])
    assert "Take back the draw of round 1" in director_client.get(standings).content.decode()
    tap(client, rooms["open"], 1, FOUR_S_N_MADE)
    assert "Take back the draw" not in director_client.get(standings).content.decode()
    undraw = reverse("teams_undraw", args=[event.pk])
    response = director_client.post(undraw, {"round": "1"}, follow=True)
    assert "Round 1 has results already" in response.content.decode()
    assert client.get(url(rooms["closed"])).status_code == 200
