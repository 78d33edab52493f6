"""An individual end to end: set up from the form, the database's refusals, a traveller typed,
the standings and score cards it gives (ACBL matchpoints: one for each score beaten, a half for
each tie), and who may see or change what."""

import datetime
import io
import json
from fractions import Fraction

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from events.individuals.entries import save_result
from events.individuals.models import IndividualEvent, IndividualPlay, IndividualPlayer
from events.individuals.scores import scored
from events.individuals.setup import create_individual


def make_individual(club, tables=5, movement="rainbow", boards_per_round=2, published=False):
    event = IndividualEvent(club=club, name="Christmas individual", tables=tables,
                            movement=movement, boards_per_round=boards_per_round,
                            date=datetime.date(2026, 12, 18), published=published)  # fmt: skip
    return create_individual(event)


def play(event, board, table):
    return IndividualPlay.objects.select_related("event").get(event=event, board=board,
                                                               table=table)  # fmt: skip


def board_url(event, number):
    return reverse("individual_board", args=[event.pk, number])


def test_setting_up_a_rainbow_makes_its_players_and_plays(club):
    event = make_individual(club, tables=5, boards_per_round=2)
    assert IndividualPlayer.objects.filter(event=event).count() == 20
    # Five rounds of two boards at five tables; each board goes to every table once.
    assert IndividualPlay.objects.filter(event=event).count() == 5 * 5 * 2
    assert event.boards == 10
    first = play(event, 1, 1)
    assert (first.north.number, first.east.number, first.south.number, first.west.number) == (
        1, 6, 11, 16)  # fmt: skip


def test_the_form_sets_one_up_and_opens_the_players(director_client, club, director):
    data = {"club": club.pk, "name": "Christmas individual", "date": "2026-12-18",
            "movement": "rainbow", "tables": "7", "boards_per_round": "3"}  # fmt: skip
    response = director_client.post(reverse("individual_create"), data)
    event = IndividualEvent.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("individual_players", args=[event.pk])
    assert (event.tables, event.boards, event.created_by) == (7, 21, director)


@pytest.mark.parametrize(
    ("movement", "tables", "words"),
    [("rainbow", "6", "prime number of tables from 5 up"),
     ("two_table", "3", "for 2 tables, not 3"),
     ("rainbow", "1", "greater than or equal to 2")],
)  # fmt: skip
def test_the_form_refuses_tables_its_movement_cannot_seat(director_client, club, movement,
                                                          tables, words):  # fmt: skip
    data = {"club": club.pk, "name": "Party", "date": "2026-12-18", "movement": movement,
            "tables": tables, "boards_per_round": "2"}  # fmt: skip
    response = director_client.post(reverse("individual_create"), data)
    assert response.status_code == 200
    assert words in response.content.decode()
    assert not IndividualEvent.objects.exists()


def test_the_database_refuses_a_player_twice_at_a_table(club):
    event = make_individual(club)
    first = play(event, 1, 1)
    first.south = first.north
    with pytest.raises(IntegrityError), transaction.atomic():
        first.save()


def test_the_database_refuses_a_player_at_a_board_twice(club):
    event = make_individual(club)
    second_table = play(event, 1, 2)
    second_table.north = play(event, 1, 1).north
    with pytest.raises(IntegrityError), transaction.atomic():
        second_table.save()


def test_the_database_refuses_a_movement_that_cannot_seat_the_tables(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        IndividualEvent.objects.create(club=club, tables=6, movement="rainbow",
                                       date=datetime.date(2026, 12, 18))  # fmt: skip


# Board 1 at five tables: NS +420, +420, +450, -50, +140. Beating four scores is 4
# matchpoints, two and a tie 2 1/2, one 1, none 0 (top 4).
BOARD_ONE = {1: "4S N =", 2: "4S S =", 3: "4S N +1", 4: "4S N -1", 5: "3S N ="}


def enter_board_one(event):
    for table, text in BOARD_ONE.items():
        save_result(play(event, 1, table), text)


def test_a_typed_traveller_is_matchpointed_and_goes_on_to_the_next_board(director_client,
                                                                         club):  # fmt: skip
    event = make_individual(club)
    data = {f"table_{table}": text for table, text in BOARD_ONE.items()}
    response = director_client.post(board_url(event, 1), data)
    assert response.status_code == 302 and response.url == board_url(event, 2)
    traveller = scored(event).traveller(1)
    assert [line.points.ns for line in traveller] == [Fraction(5, 2), Fraction(5, 2), 4, 0, 1]
    assert play(event, 1, 3).ns_score == 450


def test_a_bad_line_is_refused_in_words_and_stores_nothing_of_it(director_client, club):
    event = make_individual(club)
    response = director_client.post(board_url(event, 1), {"table_1": "4S N =", "table_2": "8S N ="})
    body = response.content.decode()
    assert response.status_code == 200 and "Table 2:" in body
    assert play(event, 1, 2).kind == "" and play(event, 1, 1).ns_score == 420


def test_each_player_earns_their_sides_matchpoints(club, client):
    event = make_individual(club, published=True)
    enter_board_one(event)
    scores = scored(event)
    table_three = play(event, 1, 3)
    for player in (table_three.north, table_three.south):
        assert scores.standing(player.number).matchpoints == 4
        assert scores.standing(player.number).percent == 100
    assert scores.standing(table_three.east.number).matchpoints == 0
    body = client.get(reverse("individual_standings", args=[event.pk])).content.decode()
    assert "100.00" in body and "62.50" in body  # 2 1/2 of a top of 4


def test_a_score_card_shows_partner_opponents_and_points(club, client):
    event = make_individual(club, published=True)
    enter_board_one(event)
    IndividualPlayer.objects.filter(event=event, number=11).update(name="Ann Baker")
    response = client.get(reverse("individual_card", args=[event.pk, 1]))
    body = response.content.decode()
    assert "11 Ann Baker" in body and "4S N =" in body and "2.50" in body


def test_an_unpublished_individual_is_for_its_directors(club, director_client):
    event = make_individual(club)
    client = Client()
    assert client.get(reverse("individual_standings", args=[event.pk])).status_code == 404
    assert director_client.get(reverse("individual_standings", args=[event.pk])).status_code == 200
    response = client.post(board_url(event, 1), {"table_1": "4S N ="})
    assert response.status_code == 404 and play(event, 1, 1).kind == ""


def test_players_are_named_with_the_roster_offered(director_client, club):
    club.members.create(name="Ann Baker")
    event = make_individual(club)
    url = reverse("individual_players", args=[event.pk])
    assert '<option value="Ann Baker">' in director_client.get(url).content.decode()
    director_client.post(url, {"name_1": "Ann Baker", "name_2": " Bob Cole "})
    names = dict(IndividualPlayer.objects.filter(event=event).values_list("number", "name"))
    assert (names[1], names[2], names[3]) == ("Ann Baker", "Bob Cole", "")


@pytest.mark.parametrize("tables", [5, 11])
def test_pages_take_a_constant_number_of_queries(
    club, director_client, django_assert_max_num_queries, tables
):
    event = make_individual(club, tables=tables)
    enter_board_one(event)
    for url in (reverse("individual_standings", args=[event.pk]), board_url(event, 1),
                reverse("individual_card", args=[event.pk, 1])):  # fmt: skip
        with django_assert_max_num_queries(12):
            assert director_client.get(url).status_code == 200


def test_a_published_individual_is_listed_on_the_club_and_home_pages(club):
    make_individual(club, published=True, tables=7)
    visitor = Client()
    for url in (reverse("club_sessions", args=[club.slug]), reverse("home")):
        body = visitor.get(url).content.decode()
        assert "Christmas individual" in body and "Rainbow" in body


def phone_url(event, table, round_number=None):
    url = reverse("individual_table_phone", args=[event.links.get(table=table).token])
    return f"{url}?round={round_number}" if round_number else url


def test_a_table_phone_shows_the_rounds_four_players_and_takes_taps(club):
    event = make_individual(club)
    IndividualPlayer.objects.filter(event=event, number=6).update(name="Ann Baker")
    phone = Client()
    body = phone.get(phone_url(event, 1)).content.decode()
    # Rainbow, round 1 at table 1: North 1, East 6, South 11, West 16; boards 1 and 2.
    assert "6 Ann Baker" in body and "Round 1" in body and "Board 1 " in body
    taps = {"board": "1", "level": "4", "strain": "S", "doubled": "", "declarer": "N",
            "made": "+1", "lead": "HK"}  # fmt: skip
    response = phone.post(phone_url(event, 1, 1), taps)
    assert response.status_code == 302
    stored = play(event, 1, 1)
    assert (stored.text, stored.ns_score, stored.lead) == ("4S N +1", 450, "HK")


def test_a_phone_is_refused_a_board_its_table_does_not_play_this_round(club):
    event = make_individual(club)
    taps = {"board": "3", "level": "P"}
    assert Client().post(phone_url(event, 1, 1), taps).status_code == 404
    assert not IndividualPlay.objects.filter(event=event).exclude(kind="").exists()


def test_a_phone_tap_missing_says_so(club):
    event = make_individual(club)
    response = Client().post(phone_url(event, 1, 1), {"board": "1", "level": "4"})
    assert response.status_code == 422
    assert "Tap the suit and the declarer and the tricks." in response.content.decode()


def test_a_phone_opens_at_the_first_round_with_a_result_missing(club):
    event = make_individual(club)
    for board in (1, 2):
        save_result(play(event, board, 1), "PASS")
    body = Client().get(phone_url(event, 1)).content.decode()
    assert "Round 2, table 1" in body


def test_the_standings_pdf_lists_every_player_with_their_percentage(club, director_client):
    event = make_individual(club)
    enter_board_one(event)
    IndividualPlayer.objects.filter(event=event, number=3).update(name="Cy Dale")
    response = director_client.get(reverse("individual_standings_pdf", args=[event.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Standings · Christmas individual" in text
    assert "Cy Dale" in text and "100.00" in text and "62.50" in text


def test_the_json_export_carries_each_players_standing_and_each_seat(club, client):
    event = make_individual(club, published=True)
    enter_board_one(event)
    response = client.get(reverse("individual_results_json", args=[event.pk]))
    document = json.loads(response.content)
    assert document["format"] == "clubscore-individual/1"
    standings = {row["player"]: row for row in document["standings"]}
    # Table 3 (player 3 North) scored +450 on board 1: 4 of a top of 4.
    assert standings[3]["matchpoints"] == 4.0 and standings[3]["percentage"] == 100.0
    assert standings[1]["exact"] == "5/2"
    board_one = document["boards"][0]["results"]
    third = next(line for line in board_one if line["table"] == 3)
    assert (third["north"], third["ns_score"], third["ns_matchpoints"]) == (3, 450, 4.0)
    unplayed = document["boards"][1]["results"][0]
    assert unplayed["kind"] is None and unplayed["ns_matchpoints"] is None


def test_a_name_with_invisible_characters_is_refused_and_nothing_stored(director_client, club):
    event = make_individual(club)
    url = reverse("individual_players", args=[event.pk])
    response = director_client.post(url, {"name_1": "Ann Baker", "name_2": "Bob\u200bCole"})
    assert response.status_code == 200 and 'class="error"' in response.content.decode()
    assert not IndividualPlayer.objects.filter(event=event).exclude(name="").exists()
