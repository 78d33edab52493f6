"""The one-table pages: setting up a game, a hand a screen, the live tally sheet, and who may
see or change what."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from events.one_table.hands import save_hand
from events.one_table.models import OneTableHand, OneTableSession
from tests.events.one_table.test_one_table import TALLY_SHEET_HANDS, enter, make_game

HAND = {"contract": "4H", "declarer": "S", "made": "5", "hcp_ns": "24", "hcp_ew": "16",
        "fit": "10S"}  # fmt: skip


@pytest.fixture
def game(club):
    return make_game(club)


@pytest.fixture
def tally_sheet_game(game):
    for row in TALLY_SHEET_HANDS:
        enter(game, row)
    return game


def hand_url(game, number):
    return reverse("one_table_hand", args=[game.pk, number])


def tally_url(game):
    return reverse("one_table_tally", args=[game.pk])


def test_it_sets_up_a_game_and_opens_hand_1(director_client, club, director):
    data = {"club": club.pk, "name": "Friday four", "date": "2026-11-27", "north": "Ann",
            "east": "Bob", "south": "Cat", "west": "Dan", "boards": "16", "method": "par-imps",
            "doubled_rule": "ignore", "vulnerable_rule": "ignore"}  # fmt: skip
    response = director_client.post(reverse("one_table_create"), data)
    game = OneTableSession.objects.get()
    assert response.status_code == 302 and response.url == hand_url(game, 1)
    assert (game.boards, game.created_by, game.ns_names) == (16, director, "Ann & Cat")


def test_the_form_offers_16_hands_and_only_the_directors_clubs(director_client, club, colleague):
    body = director_client.get(reverse("one_table_create")).content.decode()
    assert 'name="boards" value="16"' in body
    assert "Riverside BC" in body and "Other club" not in body
    assert "Hancock scoring only: the method leaves doubles open." in body


def test_a_new_game_starts_with_the_clubs_hancock_rules(director_client, club):
    club.hancock_doubled_rule, club.hancock_vulnerable_rule = "into-game", "double-undertricks"
    club.save()
    body = director_client.get(reverse("one_table_create")).content.decode()
    assert re.search(r'<option value="into-game" selected>', body)
    assert re.search(r'<option value="double-undertricks" selected>', body)


def test_it_refuses_more_than_32_hands(director_client, club):
    data = {"club": club.pk, "name": "Long", "date": "2026-11-27", "boards": "33",
            "method": "hancock", "doubled_rule": "ignore", "vulnerable_rule": "ignore"}  # fmt: skip
    response = director_client.post(reverse("one_table_create"), data)
    assert response.status_code == 200 and not OneTableSession.objects.exists()


def test_a_saved_hand_moves_on_to_the_next(director_client, game):
    response = director_client.post(hand_url(game, 2), HAND)
    assert response.status_code == 302 and response.url == hand_url(game, 3)
    hand = OneTableHand.objects.get()
    assert (hand.number, hand.contract, hand.tricks, hand.fit) == (2, "4H", 11, "10S")


def test_the_last_hand_goes_to_the_tally_sheet(director_client, game):
    response = director_client.post(hand_url(game, 16), {**HAND, "declarer": "N"})
    assert response.status_code == 302 and response.url == tally_url(game)


def test_a_wrong_hand_is_explained_beside_its_box_and_kept_on_screen(director_client, game):
    response = director_client.post(hand_url(game, 2), {**HAND, "hcp_ew": "17"})
    body = response.content.decode()
    assert response.status_code == 200
    assert "NS 24 + EW 17 = 41 HCP, but a deal has 40: count again." in body
    assert 'name="hcp_ew" value="17"' in body and 'name="contract" value="4H"' in body
    assert re.search(r'name="hcp_ew"[^>]*autofocus', body)
    assert not OneTableHand.objects.exists()


def test_the_hand_page_shows_the_hand_its_deal_and_the_last_result(
    director_client, tally_sheet_game
):
    body = director_client.get(hand_url(tally_sheet_game, 16)).content.decode()
    assert "Dealer <strong>W</strong>" in body and 'class="vul">EW' in body
    assert 'name="contract" value="4SX"' in body and 'name="made" value="-3"' in body
    assert 'value="N" checked' in body and 'name="fit" value="8H"' in body
    # Hand 15 is the one before: 12 IMPs to NS (the tally sheet's example).
    assert "5NT by W, made 7 → 12 IMPs to NS" in " ".join(body.split())  # as the page reads
    assert "NS <strong>51</strong> · EW <strong>28</strong>" in body


def test_the_tally_sheet_has_every_column_of_the_printed_sheet_and_the_totals(
    client, tally_sheet_game
):
    OneTableSession.objects.filter(pk=tally_sheet_game.pk).update(published=True)
    body = client.get(tally_url(tally_sheet_game)).content.decode()
    for heading in (
        "Dlr",
        "Vul",
        "Bid",
        "By",
        "Md",
        "Decl’r score",
        "Pair",
        "Fit",
        "±",
        "SL",
        "Par",
        "(SL) Diff",
        "Total IMPs",
    ):
        assert f">{heading}</th>" in body
    assert '<strong id="total-ns">51</strong>' in body
    assert '<strong id="total-ew">28</strong>' in body
    row = re.search(r'<tr id="hand-16">.*?</tr>', body, re.S).group(0)
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
    assert cells == ["W", "EW", "4SX", "N", "-3", "-500", "9", "31", "EW", "8H", "-", "500",
                     "900", "-400", "9", "0", "51", "28"]  # fmt: skip


def test_the_hancock_tally_says_how_doubles_and_vulnerability_count(director_client, club):
    game = make_game(club, method="hancock", vulnerable_rule="double-undertricks")
    save_hand(game, 1, contract="2H", declarer="N", made="2", hcp_ns="19")
    body = director_client.get(tally_url(game)).content.decode()
    assert "Doubled and redoubled:</strong> Ignored: X and XX change nothing." in body
    assert "Vulnerability:</strong> A vulnerable declarer’s undertricks count double." in body
    row = re.search(r'<tr id="hand-1">.*?</tr>', body, re.S).group(0)
    assert re.findall(r"<td[^>]*>([^<]*)</td>", row)[-4:] == ["2", "", "2", "0"]


def test_an_open_tally_asks_for_news_and_gets_204_while_nothing_changed(director_client, game):
    headers = {"HTTP_HX_REQUEST": "true"}
    unchanged = director_client.get(tally_url(game), {"since": "0"}, **headers)
    assert unchanged.status_code == 204
    save_hand(game, 1, contract="PASS", hcp_ns="24", fit="NF")
    changed = director_client.get(tally_url(game), {"since": "0"}, **headers)
    body = changed.content.decode()
    assert changed.status_code == 200 and "<html" not in body
    assert body.lstrip().startswith('<div id="live"') and "since=1" in body
    assert "HX-Request" in changed["Vary"]


def test_the_tally_is_the_whole_page_without_htmx(director_client, game):
    body = director_client.get(tally_url(game)).content.decode()
    assert "<html" in body and 'hx-trigger="every 1s"' in body
    assert hand_url(game, 1) in body  # "Enter hand 1"


@pytest.mark.parametrize("number", [0, 17])
def test_there_is_no_hand_outside_the_game(director_client, game, number):
    assert director_client.get(hand_url(game, number)).status_code == 404


def test_publishing_opens_the_tally_to_everyone(director_client, game):
    visitor = Client()
    assert visitor.get(tally_url(game)).status_code == 404
    director_client.post(reverse("one_table_publish", args=[game.pk]), {"published": "1"})
    game.refresh_from_db()
    assert game.published and game.version == 1
    assert visitor.get(tally_url(game)).status_code == 200


def test_the_home_page_lists_games_and_offers_directors_a_new_one(director_client, game):
    body = director_client.get(reverse("home")).content.decode()
    assert reverse("one_table_create") in body and tally_url(game) in body
    assert "NS Ann &amp; Cat · EW Bob &amp; Dan" in body
    visitor = Client().get(reverse("home")).content.decode()
    assert tally_url(game) not in visitor and reverse("one_table_create") not in visitor


WRITES = [
    ("get", lambda game: hand_url(game, 1)),
    ("post", lambda game: hand_url(game, 1)),
    ("post", lambda game: reverse("one_table_publish", args=[game.pk])),
    ("get", lambda game: tally_url(game)),  # unpublished: directors only
]


@pytest.mark.parametrize(("method", "url"), WRITES)
@pytest.mark.parametrize("who", ["colleague", "stranger"])
def test_other_users_get_a_404_and_change_nothing(client, request, game, method, url, who):
    client.force_login(request.getfixturevalue(who))
    response = getattr(client, method)(url(game), {**HAND, "published": "1"})
    assert response.status_code == 404
    game.refresh_from_db()
    assert not OneTableHand.objects.exists() and not game.published and game.version == 0


@pytest.mark.parametrize(("method", "url"), WRITES[:3])
def test_visitors_are_sent_to_log_in(client, game, method, url):
    response = getattr(client, method)(url(game), HAND)
    assert response.status_code == 302 and reverse("login") in response.url
    assert not OneTableHand.objects.exists()


def test_a_published_tally_is_read_only_for_others(client, stranger, tally_sheet_game):
    OneTableSession.objects.filter(pk=tally_sheet_game.pk).update(published=True)
    client.force_login(stranger)
    body = client.get(tally_url(tally_sheet_game)).content.decode()
    assert '<strong id="total-ns">51</strong>' in body
    assert hand_url(tally_sheet_game, 1) not in body and "Publish" not in body
