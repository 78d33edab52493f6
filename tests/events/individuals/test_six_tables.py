"""A six-table individual for 24 players (Durango Bill's cyclic round robin, "Cyclic solutions
to the round-robin Bridge tournament problem", durangobill.com/BridgeCyclicSolutions.html) set
up from the form and a board entered: every table plays the round's boards, so each board's
traveller has six lines (ACBL matchpoints: one for each score beaten, a half for each tie)."""

from fractions import Fraction

from django.test import Client
from django.urls import reverse

from events.individuals.models import IndividualEvent, IndividualPlay, IndividualPlayer
from events.individuals.scores import scored
from tests.events.individuals.test_individuals import board_url, phone_url, play

SIX_TABLES = {"name": "Christmas individual", "date": "2026-12-18", "movement": "six_table",
              "tables": "6", "boards_per_round": "1"}  # fmt: skip


def test_the_form_sets_up_24_players_and_23_rounds(director_client, club):
    response = director_client.post(reverse("individual_create"), {"club": club.pk, **SIX_TABLES})
    event = IndividualEvent.objects.get()
    assert response.status_code == 302
    assert IndividualPlayer.objects.filter(event=event).count() == 24
    # 23 rounds of one board, each board at all six tables.
    assert event.boards == 23
    assert IndividualPlay.objects.filter(event=event).count() == 23 * 6
    first_board = IndividualPlay.objects.filter(event=event, board=1)
    assert set(first_board.values_list("round", flat=True)) == {1}
    # His starting round, his player k being Clubscore's k + 1: table 1 is 17 and 18 against 3
    # and 13; table 5 is 21 and 4 against 23 (who stays put) and 0.
    first = play(event, 1, 1)
    assert (first.north.number, first.south.number, first.east.number, first.west.number) == (
        18, 19, 4, 14)  # fmt: skip
    assert all(play(event, board, 5).east.number == 24 for board in (1, 12, 23))


def test_the_form_refuses_six_table_at_other_tables(director_client, club):
    data = {"club": club.pk, **SIX_TABLES, "tables": "5"}
    response = director_client.post(reverse("individual_create"), data)
    assert response.status_code == 200
    assert "for 6 tables, not 5" in response.content.decode()
    assert not IndividualEvent.objects.exists()


# Board 1 at six tables (none vulnerable): NS +420, +420, +450, -50, +140, +480 (top 5).
BOARD_ONE = {1: "4S N =", 2: "4S S =", 3: "4S N +1", 4: "4S N -1", 5: "3S N =", 6: "4H S +2"}


def test_a_board_entered_at_six_tables_is_matchpointed(director_client, club):
    director_client.post(reverse("individual_create"), {"club": club.pk, **SIX_TABLES})
    event = IndividualEvent.objects.get()
    data = {f"table_{table}": text for table, text in BOARD_ONE.items()}
    response = director_client.post(board_url(event, 1), data)
    assert response.status_code == 302 and response.url == board_url(event, 2)
    scores = scored(event)
    assert [line.points.ns for line in scores.traveller(1)] == [
        Fraction(5, 2), Fraction(5, 2), 4, 0, 1, 5]  # fmt: skip
    # Table 6's North and South (his 7 and 14: players 8 and 15) beat all five others.
    assert scores.standing(8).percent == scores.standing(15).percent == 100


def test_table_fives_phone_shows_the_player_who_stays(director_client, club):
    director_client.post(reverse("individual_create"), {"club": club.pk, **SIX_TABLES})
    event = IndividualEvent.objects.get()
    IndividualPlayer.objects.filter(event=event, number=24).update(name="Ann Baker")
    phone = Client()
    for round_number in (1, 23):
        body = phone.get(phone_url(event, 5, round_number)).content.decode()
        assert "24 Ann Baker" in body and f"Round {round_number}" in body
    taps = {"board": "23", "level": "3", "strain": "NT", "doubled": "", "declarer": "E",
            "made": "=", "lead": "SQ"}  # fmt: skip
    assert phone.post(phone_url(event, 5, 23), taps).status_code == 302
    # Board 23 is vulnerable both ways (as board 7): 3NT made by East is 600 to East-West.
    assert play(event, 23, 5).ns_score == -600


def test_the_form_stops_the_movement_after_the_rounds_asked(director_client, club):
    """Eight rounds of three boards at six tables: boards 1-24, each at all six tables."""
    data = {"club": club.pk, **SIX_TABLES, "boards_per_round": "3", "rounds": "8"}
    assert director_client.post(reverse("individual_create"), data).status_code == 302
    event = IndividualEvent.objects.get()
    assert (event.rounds, event.boards, event.layout.plays_per_board) == (8, 24, 6)
    assert IndividualPlay.objects.filter(event=event).count() == 8 * 6 * 3
    assert set(IndividualPlay.objects.filter(event=event).values_list("round", flat=True)) == set(
        range(1, 9))  # fmt: skip


def test_the_whole_movement_asked_for_is_stored_as_the_whole(director_client, club):
    data = {"club": club.pk, **SIX_TABLES, "rounds": "23"}
    director_client.post(reverse("individual_create"), data)
    assert IndividualEvent.objects.get().rounds is None


def test_more_rounds_than_the_movement_has_are_refused_in_words(director_client, club):
    data = {"club": club.pk, **SIX_TABLES, "rounds": "24"}
    response = director_client.post(reverse("individual_create"), data)
    assert response.status_code == 200
    assert "has 1 to 23 rounds, not 24" in response.content.decode()
    assert not IndividualEvent.objects.exists()
