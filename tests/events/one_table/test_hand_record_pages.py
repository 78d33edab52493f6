"""A one-table game's hand-record pages: upload, the analysis's progress, the hand page with
the deal and its counted HCP and fit, the choice of scoring, and the IMPs-against-par tally."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from events.handrecords.jobs import GAME, analyse_next_batch
from events.one_table.hand_records import import_game_hand_records
from events.one_table.models import OneTableDeal
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.one_table.test_one_table import make_game
from tests.events.one_table.test_one_table_hand_records import UNEVEN_FILE


@pytest.fixture
def game(club):
    return make_game(club, boards=3)


def records_url(game):
    return reverse("one_table_hand_records", args=[game.pk])


def hand_url(game, number):
    return reverse("one_table_hand", args=[game.pk, number])


def upload(client, game, text, name="game.pbn"):
    pbn = SimpleUploadedFile(name, text.encode(), content_type="application/x-pbn")
    return client.post(records_url(game), {"file": pbn}, follow=True)


def test_it_uploads_the_file_and_shows_the_analysis_waiting(director_client, game):
    response = upload(director_client, game, THREE_BOARDS)
    body = response.content.decode()
    assert response.redirect_chain == [(records_url(game), 302)]
    assert "3 boards read; the double-dummy analysis runs in the background" in body
    assert "0 of 3</strong> boards analysed" in body
    assert OneTableDeal.objects.filter(game=game).count() == 3


def test_a_wrong_file_is_refused_with_the_board_named(director_client, game):
    body = upload(director_client, game, THREE_BOARDS.replace('"3"]', '"30"]')).content.decode()
    assert "Nothing was imported: the game has no board 30: it has boards 1-3." in body
    assert not OneTableDeal.objects.exists()


def test_the_progress_fragment_follows_the_job(director_client, game):
    import_game_hand_records(game, THREE_BOARDS)
    analyse_next_batch(game.pk, GAME)
    response = director_client.get(records_url(game), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert "<html" not in body and body.lstrip().startswith('<section class="card" id="analysis"')
    assert "3 of 3</strong> boards analysed: done" in body
    assert "hx-get" not in body, "a finished analysis stops asking"
    assert "HX-Request" in response["Vary"]


def test_a_failed_analysis_is_shown_with_a_retry(director_client, game):
    import_game_hand_records(game, THREE_BOARDS)
    game.analysis_error, game.analysis_attempts = "RuntimeError: DDS error -2", 1
    game.save()
    body = director_client.get(records_url(game)).content.decode()
    assert "The analysis failed</strong> (attempt 1 of 3): RuntimeError: DDS error -2" in body
    retry = reverse("one_table_analysis_retry", args=[game.pk])
    assert f'action="{retry}"' in body
    director_client.post(retry)
    game.refresh_from_db()
    assert (game.analysis_error, game.analysis_attempts) == ("", 0)


def test_the_hand_page_shows_the_deal_and_the_counted_hcp_and_fit(director_client, game):
    import_game_hand_records(game, UNEVEN_FILE)
    body = director_client.get(hand_url(game, 1)).content.decode()
    assert 'class="hand-diagram"' in body
    # tests/events/one_table/test_one_table_hand_records.py counts UNEVEN: NS 36, EW 4, NS's fit 8S.
    text = re.sub(r"<[^>]+>|\s+", " ", body)
    assert "From the hand record: NS 36 · EW 4 HCP · NS’s longest fit 8S" in re.sub(" +", " ", text)
    assert 'id="id_hcp_ns"' not in body and 'id="id_fit"' not in body, "nothing to type"


def test_saving_a_dealt_hand_uses_the_counted_values(director_client, game):
    import_game_hand_records(game, UNEVEN_FILE)
    director_client.post(hand_url(game, 1), {"contract": "6H", "declarer": "N", "made": "6",
                                             "hcp_ns": "12", "fit": "NF"})  # fmt: skip
    hand = game.hands.get(number=1)
    assert (hand.hcp_ns, hand.fit) == (36, "8S")


def test_an_undealt_hand_asks_for_hcp_and_fit_as_before(director_client, game):
    import_game_hand_records(game, UNEVEN_FILE)
    body = director_client.get(hand_url(game, 2)).content.decode()
    assert 'id="id_hcp_ns"' in body and 'id="id_fit"' in body
    assert "hand-diagram" not in body


def test_dd_par_cannot_be_chosen_when_setting_up_a_game(director_client, club):
    data = {"club": club.pk, "name": "Friday four", "date": "2026-11-27", "boards": "16",
            "method": "dd-par", "doubled_rule": "ignore", "vulnerable_rule": "ignore"}  # fmt: skip
    body = director_client.post(reverse("one_table_create"), data).content.decode()
    assert "IMPs against the double-dummy par need the game" in body


def test_choosing_dd_par_without_every_deal_says_which_are_missing(director_client, game):
    import_game_hand_records(game, UNEVEN_FILE)
    url = reverse("one_table_method", args=[game.pk])
    body = director_client.post(url, {"method": "dd-par"}, follow=True).content.decode()
    assert "upload a PBN file with hands 2, 3." in body
    game.refresh_from_db()
    assert game.method == "par-imps"


def test_the_dd_par_tally_shows_the_par_and_the_imps(director_client, game):
    import_game_hand_records(game, THREE_BOARDS)
    analyse_next_batch(game.pk, GAME)
    director_client.post(reverse("one_table_method", args=[game.pk]), {"method": "dd-par"})
    played = [(1, "4S", "N", "7"), (2, "1NT", "N", "1"), (3, "6S", "E", "7")]
    for number, contract, by, made in played:
        typed = {"contract": contract, "declarer": by, "made": made, "scoring_line": "NS"}
        director_client.post(hand_url(game, number), typed)
    body = director_client.get(reverse("one_table_tally", args=[game.pk])).content.decode()
    row = re.search(r'<tr id="hand-1".*?</tr>', body, re.S)[0]
    cells = [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r"<t[dh][^>]*>.*?</t[dh]>", row, re.S)
    ]
    # Hand-worked in tests/scoring/test_dd_par.py: 510 against NS +1510 is -1000, 14 IMPs to EW.
    assert cells[8:] == ["510", "NS +1510: 7S N, 7S S", "-1000", "-14", "14", "-14", "14"]
    assert re.search(r'id="total-ns">2<', body) and re.search(r'id="total-ew">-2<', body)


@pytest.mark.parametrize("who", ["colleague", "stranger"])
@pytest.mark.parametrize("name", ["one_table_hand_records", "one_table_analysis_retry",
                                  "one_table_method"])  # fmt: skip
def test_other_users_get_a_404_and_change_nothing(request, game, who, name):
    client = Client()
    client.force_login(request.getfixturevalue(who))
    response = client.post(reverse(name, args=[game.pk]), {"method": "hancock"})
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.method == "par-imps" and game.analysis_queued_at is None
