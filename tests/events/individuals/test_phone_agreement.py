"""The opponents' agreement on an individual's table phone, as at a pairs table: a result one
side taps is shown to the other, who agree (then only the director changes it) or call the
director, who rules that it stands or changes it on the board's traveller.

The Laws of Duplicate Bridge 2017 (World Bridge Federation), Law 79A: the number of tricks won
is agreed before the four hands go back in the board; Law 79B: if there is a disagreement, the
director is called. Scores are Law 77's: board 1 is nobody vulnerable, so 4♠ by N with an
overtrick is NS +450 and 3NT by N made is NS +400; board 2 is NS vulnerable.

A 5-table Rainbow (Baron Barclay Bridge Supply, *The Rainbow Movement for Individual Duplicate
Games*) of 2 boards a round: table 1 plays boards 1 and 2 in round 1 with players North 1,
East 6, South 11, West 16; every board moves down one table a round, so in round 2 table 1
plays boards 3 and 4.
"""

import pytest
from django.test import Client
from django.urls import reverse

from events.individuals.entries import save_result
from events.individuals.models import IndividualEntry, IndividualPlay
from events.individuals.table_round import table_round
from events.phone.text_board import text_version
from tests.events.individuals.test_individuals import board_url, make_individual, play

pytestmark = pytest.mark.django_db

TAPS_450 = {"action": "save", "board": "1", "level": "4", "strain": "S", "doubled": "",
            "declarer": "N", "made": "+1", "lead": "HK"}  # fmt: skip
TAPS_400 = {"action": "save", "board": "1", "level": "3", "strain": "NT", "doubled": "",
            "declarer": "N", "made": "=", "lead": ""}  # fmt: skip


def phone_url(event, table=1):
    return reverse("individual_table_phone", args=[event.links.get(table=table).token])


def answer(phone, event, board, action, text):
    data = {"action": action, "board": str(board), "version": str(text_version(text))}
    return phone.post(phone_url(event), data)


@pytest.fixture
def event(club):
    return make_individual(club)


@pytest.fixture
def phone():
    return Client()


def test_a_tapped_result_asks_the_opponents_and_the_round_waits_for_them(event, phone):
    assert phone.post(phone_url(event), TAPS_450).status_code == 302
    stored = play(event, 1, 1)
    assert (stored.text, stored.ns_score, stored.lead) == ("4S N +1", 450, "HK")
    body = phone.get(phone_url(event)).content.decode()
    assert "Opponents: is this right?" in body and "Agreed ✓" in body
    assert "NS +450" in body and "Not agreed: call the director" in body
    assert "Round 1, table 1" in body  # not agreed yet: the table stays at its round


def test_once_agreed_only_the_director_changes_it(event, phone):
    phone.post(phone_url(event), TAPS_450)
    assert answer(phone, event, 1, "confirm", "4S N +1").status_code == 302
    entry = IndividualEntry.objects.get(play=play(event, 1, 1))
    assert entry.confirmed_at is not None and entry.queried_at is None
    refused = phone.post(phone_url(event), TAPS_400 | {"version": str(text_version("4S N +1"))})
    assert refused.status_code == 422
    assert "only the director can change it now" in refused.content.decode()
    assert play(event, 1, 1).text == "4S N +1"


def test_every_board_agreed_moves_the_table_to_its_next_round(event, phone):
    phone.post(phone_url(event), TAPS_450)
    phone.post(phone_url(event), TAPS_400 | {"board": "2"})
    answer(phone, event, 1, "confirm", "4S N +1")
    assert "Round 1, table 1" in phone.get(phone_url(event)).content.decode()
    answer(phone, event, 2, "confirm", "3NT N =")
    body = phone.get(phone_url(event)).content.decode()
    assert "Round 2, table 1" in body and 'id="round-done"' in body
    assert 'id="board-3"' in body and 'id="board-4"' in body


def test_the_other_phone_may_still_agree_a_board_after_the_table_moved_on(event, phone):
    phone.post(phone_url(event), TAPS_450)
    phone.post(phone_url(event), TAPS_400 | {"board": "2"})
    answer(phone, event, 1, "confirm", "4S N +1")
    answer(phone, event, 2, "query", "3NT N =")  # the table moves on: board 2 is the director's
    assert table_round(event.links.get(table=1)).round == 2
    # The other phone, still showing round 1, agrees board 1 again: nothing to do, no error.
    assert answer(Client(), event, 1, "confirm", "4S N +1").status_code == 302


def test_a_save_over_a_result_the_phone_has_not_seen_is_refused(event, phone):
    phone.post(phone_url(event), TAPS_450)
    late = Client().post(phone_url(event), TAPS_400)  # the other phone, which saw no result
    assert late.status_code == 422
    assert "Meanwhile board 1 was saved as 4♠ by N +1 (NS +450)" in late.content.decode()
    assert play(event, 1, 1).text == "4S N +1"


def test_not_agreed_calls_the_director_who_rules_that_it_stands(event, phone, director_client):
    phone.post(phone_url(event), TAPS_450)
    answer(phone, event, 1, "query", "4S N +1")
    assert (
        "The director has been called for this board."
        in phone.get(phone_url(event)).content.decode()
    )
    standings = director_client.get(reverse("individual_standings", args=[event.pk]))
    assert "Called to the table" in standings.content.decode()
    traveller = director_client.get(board_url(event, 1)).content.decode()
    assert "Queried at table 1" in traveller
    assert ">Result stands</button>" in traveller and ">Change result</a>" in traveller
    stands = reverse("individual_result_stands", args=[event.pk, 1])
    assert director_client.post(stands, {"table": "1"}).status_code == 302
    assert IndividualEntry.objects.get(play=play(event, 1, 1)).ruling == "stands"
    body = phone.get(phone_url(event)).content.decode()
    assert "The director ruled that the result stands" in body
    again = director_client.post(stands, {"table": "1"}, follow=True).content.decode()
    assert "ruled on already" in again
    assert (
        "Called to the table"
        not in director_client.get(
            reverse("individual_standings", args=[event.pk])
        ).content.decode()
    )


def test_the_director_changes_a_queried_result_on_the_traveller(event, phone, director_client):
    phone.post(phone_url(event), TAPS_450)
    answer(phone, event, 1, "query", "4S N +1")
    response = director_client.post(board_url(event, 1), {"table_1": "3NT N ="})
    assert response.status_code == 302
    body = phone.get(phone_url(event)).content.decode()
    assert "The director changed the result" in body and "NS +400" in body
    assert "Queried at table 1" not in director_client.get(board_url(event, 1)).content.decode()


def test_a_result_the_director_typed_is_confirmed_on_the_phone(event, phone):
    save_result(play(event, 1, 1), "4S N +1")
    body = phone.get(phone_url(event)).content.decode()
    assert "Entered by the director" in body and "Opponents: is this right?" not in body


def test_only_a_director_of_the_club_rules(event, phone, client):
    phone.post(phone_url(event), TAPS_450)
    answer(phone, event, 1, "query", "4S N +1")
    stands = reverse("individual_result_stands", args=[event.pk, 1])
    assert client.post(stands, {"table": "1"}).status_code == 302  # to the log-in page
    assert IndividualEntry.objects.get(play=play(event, 1, 1)).ruling == ""
    assert "Queried at table" not in client.get(board_url(event, 1)).content.decode()


def test_a_poll_with_the_phones_stamp_is_answered_unchanged(event, phone):
    stamp = table_round(event.links.get(table=1)).stamp
    polled = phone.get(phone_url(event), {"stamp": stamp}, headers={"HX-Request": "true"})
    assert polled.status_code == 204
    phone.post(phone_url(event), TAPS_450)
    polled = phone.get(phone_url(event), {"stamp": stamp}, headers={"HX-Request": "true"})
    assert polled.status_code == 200 and 'id="table"' in polled.content.decode()


def test_plays_keep_their_entries_apart(event, phone):
    phone.post(phone_url(event), TAPS_450)
    assert IndividualEntry.objects.count() == 1
    assert IndividualPlay.objects.filter(event=event).exclude(kind="").count() == 1


def test_a_phone_may_open_another_round_and_save_there(event, phone):
    # Round 3 at table 1 plays boards 5 and 6 (the boards move down one table a round).
    url = f"{phone_url(event)}?round=3"
    body = phone.get(url).content.decode()
    assert "Round 3, table 1" in body and 'id="board-5"' in body and "data-token" not in body
    saved = phone.post(url, TAPS_400 | {"board": "5"})
    assert saved.status_code == 302 and saved.url == url
    assert play(event, 5, 1).text == "3NT N ="
    assert "Round 1, table 1" in phone.get(phone_url(event)).content.decode()
