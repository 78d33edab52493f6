"""A Swiss pairs table's phone (its link is its only credential) and the director's page of a
round's table links, QR codes and live grid: entering a table's boards, the opponents agreeing
or calling the director, the match scored from the phones' boards, the links gone with a draw
taken back.

Scores are Law 77's and IMPs the Law 78B scale (Laws of Duplicate Bridge 2017, WBF). Board 1
(none vulnerable): table 1's 4S N = is +420 and table 2's 4S N -1 is -50, a datum of 190 (the
mean 185, rounded to tens away from zero), so table 1's NS is +230: 6 IMPs (220-260). Board 2
(NS vulnerable) 2H S = is +110 at both: 0. The club's own VP table (docs/rules.md, Victory
points) 0-2 10-10, 3-6 12-8, 7+ 15-5 makes +6 IMPs 12-8.
"""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from events.entry.errors import EntryError
from events.phone.text_board import text_version
from events.swiss_pairs import links, play
from events.swiss_pairs import phone as swiss_phone
from events.swiss_pairs.models import SwissPairsResult, SwissTableEntry, SwissTableLink
from tests.events.swiss_pairs.factories import enter_round, make_swiss_pairs
from tests.factories import make_club, make_user

pytestmark = pytest.mark.django_db

FOUR_S_N_MADE = {"level": "4", "strain": "S", "doubled": "", "declarer": "N", "made": "="}
TWO_H_S_MADE = {"level": "2", "strain": "H", "doubled": "", "declarer": "S", "made": "="}
CLUB_TABLE = "0-2 10-10\n3-6 12-8\n7+ 15-5"


@pytest.fixture(autouse=True)
def fresh_budgets():
    cache.clear()  # request budgets are counted in the cache


@pytest.fixture
def event(club):
    event = make_swiss_pairs(club, vp_scale="club", club_vp_table=CLUB_TABLE)
    play.draw_next_round(event)
    return event


@pytest.fixture
def link(event):
    return SwissTableLink.objects.get(table__round=1, table__table=1, revoked_at__isnull=True)


def url(link):
    return reverse("swiss_table_phone", args=[link.token])


def tap(client, link, number, taps, *, version=0, htmx=False):
    data = {"action": "save", "board": number, "version": version, **taps}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(url(link), data, **headers)


def answer(client, link, number, action="confirm"):
    stored = SwissPairsResult.objects.get(table=link.table, board=number).result
    return client.post(
        url(link), {"action": action, "board": number, "version": text_version(stored)}
    )


def test_the_draw_gives_each_table_a_link_and_a_bye_none(club):
    event = make_swiss_pairs(club, pairs="A\nB\nC\nD\nE")
    play.draw_next_round(event)
    live = SwissTableLink.objects.filter(table__event=event, revoked_at__isnull=True)
    assert sorted(live.values_list("table__round", "table__table")) == [(1, 1), (1, 2)]
    assert len({link.token for link in live}) == 2


def test_the_phone_enters_and_the_opponents_agree(client, link):
    page = client.get(url(link)).content.decode()
    assert "Round 1, table 1" in page and "<b>NS</b> 1 Ann &amp; Abe" in page
    assert "<b>EW</b> 2 Bea &amp; Ben" in page
    assert "Save board 1" in page and "Save board 2" in page and "Save board 3" not in page
    response = tap(client, link, 1, FOUR_S_N_MADE)
    assert response.status_code == 302 and response.url == url(link)
    page = client.get(url(link)).content.decode()
    assert "4♠ by N =" in page and "NS +420" in page and "Opponents: is this right?" in page
    assert answer(client, link, 1).status_code == 302
    page = client.get(url(link)).content.decode()
    assert "✓ Confirmed: only the director can change it now." in page
    entry = SwissTableEntry.objects.get()
    assert (entry.board, entry.result, entry.confirmed_at is not None) == (1, "4S N =", True)
    # Agreed: the phone may no longer change it.
    response = tap(client, link, 1, {**FOUR_S_N_MADE, "made": "+1"},
                   version=text_version("4S N ="), htmx=True)  # fmt: skip
    assert "Board 1: it is confirmed, so only the director can change it now." in (
        response.content.decode()
    )
    assert SwissPairsResult.objects.get().result == "4S N ="


def test_the_phones_boards_score_the_match_as_typed_entry_does(client, event, link):
    enter_round(event, 1, {1: ["", ""], 2: ["4S N -1", "2H S ="]})
    tap(client, link, 1, FOUR_S_N_MADE)
    assert play.standings(event).rounds[1][0].ns_vps is None  # one board still to come
    tap(client, link, 2, TWO_H_S_MADE)
    score = play.standings(event).rounds[1][0]
    assert (score.ns_imps, score.ns_vps, score.ew_vps) == (6, 12, 8)
    page = client.get(url(link)).content.decode()
    assert "Match: NS 6 IMPs · VPs 12–8" in page
    # The round is finished: the next draws from these standings.
    assert play.draw_next_round(event) == 2


def test_bad_input_gets_words_and_stores_nothing(client, link):
    response = tap(client, link, 1, {"level": "4", "strain": "S"}, htmx=True)
    assert response.status_code == 422
    assert "Tap the declarer and the tricks." in response.content.decode()
    # 7NT by N made +1 is 14 tricks: the Swiss pairs reading of a result refuses it.
    response = tap(client, link, 1, {**FOUR_S_N_MADE, "level": "7", "strain": "NT",
                                      "made": "+1"}, htmx=True)  # fmt: skip
    assert response.status_code == 422
    text = response.content.decode()
    assert "Board 1:" in text and "Nothing was saved." in text and 'value="7" checked' in text
    # A board of another round is not this link's.
    response = tap(client, link, 3, FOUR_S_N_MADE, htmx=True)
    assert "That board is not played at this table this round." in response.content.decode()
    assert not SwissPairsResult.objects.exists() and not SwissTableEntry.objects.exists()


def test_a_save_over_a_result_the_phone_has_not_seen_is_refused(client, link):
    tap(client, link, 1, FOUR_S_N_MADE)
    response = tap(client, link, 1, {**FOUR_S_N_MADE, "made": "+1"}, htmx=True)
    assert response.status_code == 422
    assert "Meanwhile board 1 was saved as 4♠ by N = (NS +420)." in response.content.decode()
    assert SwissPairsResult.objects.get().result == "4S N ="


def test_the_opponents_call_the_director_who_rules_it_stands(client, director_client, event,
                                                            link):  # fmt: skip
    tap(client, link, 2, TWO_H_S_MADE)
    answer(client, link, 2, "query")
    board = swiss_phone.table_view(link).boards[1]
    assert (board.status, board.locked) == ("queried", True)
    with pytest.raises(EntryError, match="the director has been called"):
        swiss_phone.enter_result(link, 2, "1NT N =", expected_version=board.version)
    table_page = reverse("swiss_pairs_table", args=[event.pk, link.table_id])
    assert (
        "Board 2: the opponents did not agree" in director_client.get(table_page).content.decode()
    )
    ruling = reverse("swiss_pairs_ruling", args=[event.pk, link.table_id])
    response = director_client.post(ruling, {"board": "2"}, follow=True)
    assert "Board 2: the result stands." in response.content.decode()
    assert "The director ruled that the result stands" in client.get(url(link)).content.decode()
    again = director_client.post(ruling, {"board": "2"}, follow=True)
    assert "That query has been ruled on already." in again.content.decode()


def test_a_board_the_director_corrects_is_the_directors(client, event, link):
    tap(client, link, 1, FOUR_S_N_MADE)
    play.save_table(event, link.table, {1: "4S N +1"})
    board = swiss_phone.table_view(link).boards[0]
    assert (board.status, board.by_director, board.result) == ("confirmed", True, "4S N +1")
    assert "Entered by the director" in client.get(url(link)).content.decode()


def test_a_wrong_or_replaced_link_opens_nothing(client, director_client, event, link):
    assert client.get(reverse("swiss_table_phone", args=["no-such-table-link"])).status_code == 404
    response = director_client.post(
        reverse("swiss_pairs_link_reissue", args=[event.pk, link.pk]), follow=True
    )
    assert "Table 1 has a new link" in response.content.decode()
    response = client.get(url(link))
    assert response.status_code == 410
    assert "replaced this table&#x27;s link" in response.content.decode()
    new = SwissTableLink.objects.get(table=link.table, revoked_at__isnull=True)
    assert new.token != link.token and client.get(url(new)).status_code == 200
    assert tap(client, link, 1, FOUR_S_N_MADE).status_code == 410
    assert not SwissPairsResult.objects.exists()


def test_a_match_score_set_by_the_director_closes_the_link(client, event, link):
    play.award_match(event, link.table, "12", "8")
    response = client.get(url(link))
    assert (
        response.status_code == 410 and "set this match&#x27;s score" in response.content.decode()
    )


def test_taking_back_the_draw_removes_the_links(client, director_client, event, link):
    undraw = reverse("swiss_pairs_undraw", args=[event.pk])
    director_client.post(undraw, {"round": "1"})
    assert not SwissTableLink.objects.exists()
    assert client.get(url(link)).status_code == 404  # a stale link opens nothing
    play.draw_next_round(event)
    fresh = SwissTableLink.objects.filter(revoked_at__isnull=True)
    assert fresh.count() == 2 and link.token not in {x.token for x in fresh}


def test_a_round_with_a_phones_board_in_is_not_taken_back(client, director_client, event, link):
    tap(client, link, 1, FOUR_S_N_MADE)
    response = director_client.post(reverse("swiss_pairs_undraw", args=[event.pk]),
                                    {"round": "1"}, follow=True)  # fmt: skip
    assert "Round 1 has results already" in response.content.decode()
    assert client.get(url(link)).status_code == 200


def test_the_director_sees_each_tables_link_qr_code_and_grid(client, director_client, event,
                                                             link):  # fmt: skip
    event_page = director_client.get(reverse("swiss_pairs_event", args=[event.pk]))
    page_url = reverse("swiss_pairs_round_phones", args=[event.pk, 1])
    assert page_url in event_page.content.decode()
    text = director_client.get(page_url).content.decode()
    for each in SwissTableLink.objects.all():
        assert url(each) in text
        assert reverse("swiss_pairs_link_qr", args=[event.pk, each.pk]) in text
    qr = director_client.get(reverse("swiss_pairs_link_qr", args=[event.pk, link.pk]))
    assert qr["Content-Type"] == "image/svg+xml" and b"<svg" in qr.content
    tap(client, link, 1, FOUR_S_N_MADE)
    answer(client, link, 1)
    tap(client, link, 2, TWO_H_S_MADE)
    grid = director_client.get(page_url, HTTP_HX_REQUEST="true").content.decode()
    assert 'title="Board 1: confirmed">1✓' in grid and 'title="Board 2: entered">2…' in grid


def test_other_directors_and_strangers_get_no_links(client, event, link):
    colleague = make_user(username="colleague")
    make_club(directors=[colleague], name="Hillside BC")
    client.force_login(colleague)
    for name, args in [("swiss_pairs_round_phones", [event.pk, 1]),
                       ("swiss_pairs_link_qr", [event.pk, link.pk])]:  # fmt: skip
        assert client.get(reverse(name, args=args)).status_code == 404
    response = client.post(reverse("swiss_pairs_link_reissue", args=[event.pk, link.pk]))
    assert response.status_code == 404
    assert not SwissTableLink.objects.filter(revoked_at__isnull=False).exists()


def test_a_round_drawn_before_tables_had_links_gets_them(director_client, event):
    SwissTableLink.objects.all().delete()
    page_url = reverse("swiss_pairs_round_phones", args=[event.pk, 1])
    assert "Tables 1, 2 have no link yet" in director_client.get(page_url).content.decode()
    director_client.post(reverse("swiss_pairs_round_phones_make", args=[event.pk, 1]))
    assert SwissTableLink.objects.count() == 2
    links.make_links(event.tables.all())  # again: nothing more
    assert SwissTableLink.objects.count() == 2
    assert (
        director_client.get(reverse("swiss_pairs_round_phones", args=[event.pk, 9])).status_code
        == 404
    )


def test_the_directors_save_keeps_a_board_the_phone_saved_meanwhile(director_client, link):
    """The director opens table 1 with both boxes empty; the table's phone then saves board 2;
    the director types board 1 only and saves: board 2 stays as the phone saved it."""
    event, table = link.table.event, link.table
    board_one, board_two = event.boards_of_round(table.round)
    page = reverse("swiss_pairs_table", args=[event.pk, table.pk])
    assert f'name="seen-{board_two}" value=""' in director_client.get(page).content.decode()
    assert tap(Client(), link, board_two, TWO_H_S_MADE).status_code in (200, 302)
    data = {f"board-{board_one}": "4S N =", f"board-{board_two}": "",
            f"seen-{board_one}": "", f"seen-{board_two}": ""}  # fmt: skip
    assert director_client.post(page, data).status_code == 302
    assert dict(table.results.values_list("board", "result")) == {
        board_one: "4S N =", board_two: "2H S ="}  # fmt: skip


def test_a_board_changed_both_at_the_table_and_by_the_director_is_refused(director_client, link):
    event, table = link.table.event, link.table
    board_one, board_two = event.boards_of_round(table.round)
    tap(Client(), link, board_two, TWO_H_S_MADE)
    page = reverse("swiss_pairs_table", args=[event.pk, table.pk])
    data = {f"board-{board_one}": "4S N =", f"board-{board_two}": "3NT N =",
            f"seen-{board_one}": "", f"seen-{board_two}": ""}  # fmt: skip
    response = director_client.post(page, data)
    assert response.status_code == 400
    body = response.content.decode()
    assert f"board {board_two} is now 2H S =" in body and "Nothing was saved" in body
    assert dict(table.results.values_list("board", "result")) == {board_two: "2H S ="}
    assert 'value="2H S ="' in body  # the box shows what the table saved
