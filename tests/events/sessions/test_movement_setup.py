"""Setting up sections, rounds and movements from the session form, and the table cards."""

import pytest
from django.urls import reverse

from events.models import Event
from tests.factories import make_session


def form(club, **fields):
    data = {
        "club": club.pk, "name": "Big night", "date": "2026-11-26", "movement": "mitchell",
        "tables": "7", "phantom": "", "boards_per_round": "2", "scoring": "matchpoints",
    }  # fmt: skip
    data.update(fields)
    return data


def test_it_sets_up_a_forty_table_night_as_three_sections(director_client, club):
    response = director_client.post(
        reverse("session_create"), form(club, tables="14,13,13", across_field="on")
    )
    event = Event.objects.get()
    assert response.status_code == 302
    sections = list(event.sections.all())
    assert [(s.name, s.tables) for s in sections] == [("A", 14), ("B", 13), ("C", 13)]
    assert [s.movement().name for s in sections] == [
        "14-table skip Mitchell, 13 rounds", "13-table Mitchell, 13 rounds",
        "13-table Mitchell, 13 rounds",
    ]  # fmt: skip
    assert sections[0].pairs.count() == 28 and event.across_field


def test_a_half_table_is_written_with_a_half(director_client, club):
    director_client.post(reverse("session_create"), form(club, tables="10,9½", phantom="NS"))
    a, b = Event.objects.get().sections.all()
    assert (a.tables, a.phantom, b.tables, b.phantom) == (10, "", 10, "NS")
    assert not b.pairs.filter(number=10, direction="NS").exists()


def test_it_sets_up_a_relay_and_bye_stand_mitchell(director_client, club):
    director_client.post(reverse("session_create"), form(club, movement="relay", tables="8,7"))
    a, b = Event.objects.get().sections.all()
    assert (a.relay, b.relay) == (True, False)
    assert a.movement().rounds == 8 and a.boards.count() == 16


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"tables": "7", "rounds": "6"}, None),
        ({"tables": "14,31"}, "Section B: A Mitchell needs 3-30 tables, got 31."),
        ({"tables": "8", "rounds": "9"}, "An 8-table Mitchell plays 1-7 rounds, not 9."),
        ({"tables": "8", "movement": "relay", "rounds": "6"}, "plays all 8 rounds"),
        ({"tables": "6", "movement": "howell", "rounds": "9"}, None),  # a 3/4 Howell
        ({"tables": "4", "movement": "howell", "rounds": "2"}, "plays 3, 4, 5, 6, 7 rounds"),
        ({"tables": "7,x"}, "&#x27;x&#x27; is not a number of tables"),
    ],
)
def test_the_rounds_and_sections_are_checked(director_client, club, fields, message):
    response = director_client.post(reverse("session_create"), form(club, **fields))
    if message is None:
        assert response.status_code == 302
        assert Event.objects.get().sections.get().movement().rounds == int(fields["rounds"])
    else:
        assert message in response.content.decode()
        assert not Event.objects.exists()


@pytest.mark.parametrize(
    "tables,message",
    [
        ("14,,13", "Tables '14,,13' has two commas with no tables between them: give each "
                   "section's tables with one comma between them, e.g. 14,13,13."),
        ("14,", "Tables '14,' ends with a comma: give each section's tables"),
        (",14", "Tables ',14' starts with a comma: give each section's tables"),
        ("14;13", "Tables '14;13': separate the sections with commas, not ';', e.g. 14,13."),
        ("14 ; 13;12", "Tables '14 ; 13;12': separate the sections with commas, not ';', "
                       "e.g. 14,13,12."),
        ("14+13", "Tables '14+13': separate the sections with commas, not '+', e.g. 14,13."),
        ("14 13, 12", "Tables '14 13, 12': separate the sections with commas, e.g. 14,13, 12."),
    ],
)  # fmt: skip
def test_a_tables_box_written_wrongly_is_refused_beside_it(director_client, club, tables, message):
    # "14,,13" used to set up two sections without a word, "14;13" likewise.
    response = director_client.post(reverse("session_create"), form(club, tables=tables))
    assert response.status_code == 200
    [error] = response.context["form"].errors["tables"]
    assert error.startswith(message)
    assert not Event.objects.exists()


def test_spaces_around_the_commas_are_fine(director_client, club):
    response = director_client.post(reverse("session_create"), form(club, tables=" 8 , 7,9½ "))
    assert response.status_code == 302
    sections = Event.objects.get().sections.all()
    assert [(s.name, s.tables, s.phantom) for s in sections] == [
        ("A", 8, ""), ("B", 7, ""), ("C", 10, "EW")
    ]  # fmt: skip


def test_table_cards_tell_the_players_where_to_go(client, club):
    event = make_session(club, tables=8, boards_per_round=2, relay=True)
    event.published = True
    event.save()
    page = client.get(reverse("table_cards", args=[event.pk])).content.decode()
    assert "8-table relay-and-bye-stand Mitchell, 8 rounds" in page
    assert "Tables 1 and 8 share boards" in page and "bye stand between tables 4 and 5" in page
    assert "NS stay; EW go to table 2; Boards go to table 7" in page  # table 1, round 1
    assert "Boards go to the bye stand" in page and "Boards come from the bye stand" in page
    assert "Share boards with table 8" in page
    assert "8 sets × 1 copy" in page


def test_a_skip_mitchell_card_marks_the_skip(client, club):
    event = make_session(club, tables=6, boards_per_round=2)
    event.published = True
    event.save()
    page = client.get(reverse("table_cards", args=[event.pk])).content.decode()
    assert "After round 3 the EW pairs skip a table." in page
    assert page.count("Skip: EW move up two tables") == 6


def test_a_howell_has_pair_guide_cards_and_needs_copies(client, club):
    event = make_session(club, movement="howell", tables=3, boards_per_round=3)
    event.published = True
    event.save()
    page = client.get(reverse("table_cards", args=[event.pk])).content.decode()
    assert page.count('class="pair-card"') == 6
    assert "5 sets × 3 copies" in page  # a 3-table Howell: every table on the same boards
    assert "Share boards with tables" in page


def test_a_stranger_gets_no_cards_of_an_unpublished_session(client, club):
    event = make_session(club)
    assert client.get(reverse("table_cards", args=[event.pk])).status_code == 404


def test_howell_boards_that_are_done_go_back_and_others_wait(client, club):
    event = make_session(club, movement="howell", tables=3, boards_per_round=3)
    event.published = True
    event.save()
    page = client.get(reverse("table_cards", args=[event.pk])).content.decode()
    # A 3-table Howell plays each set in one round only, at every table.
    assert "Boards finished: back to the director" in page
    assert "bye stand" not in page
    bigger = make_session(club, movement="howell", tables=5, boards_per_round=2, name="Five")
    bigger.published = True
    bigger.save()
    page = client.get(reverse("table_cards", args=[bigger.pk])).content.decode()
    assert "Boards go to table" in page
