"""A published movement of the library chosen by name at set-up, printed on the table and guide
cards, and recognised in an import.

The cells come from Ian McKinnon's Bridge Central pages: "Producing Howell movements" works
the 4-table Howell "8-1 6-5 4-2 R 7-3 2R" (round 1: 8-1 on set 1, 6-5 on set 2, 4-2 on set 3,
7-3 on set 5), and "Reduced Howell" gives the rule of the rounds after.
"""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from events.models import Event, Result
from events.sessions.importing import import_travellers
from events.sessions.movement_inference import describe_movements
from events.sessions.table_cards import pair_cards, table_cards
from scoring import Pair, howell, library_movement
from tests.factories import make_session

LABEL = "4-table Howell, 7 rounds (McKinnon: 8-1 6-5 4-2 R 7-3 2R)"


def form(club, **fields):
    data = {
        "club": club.pk, "name": "Howell night", "date": "2026-11-26",
        "movement": "library:mckinnon-4-ab", "tables": "4", "phantom": "",
        "boards_per_round": "3", "scoring": "matchpoints",
    }  # fmt: skip
    data.update(fields)
    return data


def test_the_setup_page_offers_the_published_movements_by_tables(director_client):
    page = director_client.get(reverse("session_create")).content.decode()
    assert '<optgroup label="Published, 4 tables (cards as printed)">' in page
    assert f'<option value="library:mckinnon-4-ab">{LABEL}</option>' in page


def test_a_published_howell_is_set_up_by_name(director_client, club):
    response = director_client.post(reverse("session_create"), form(club))
    assert response.status_code == 302
    event = Event.objects.get()
    section = event.sections.get()
    assert event.is_howell and section.library == "mckinnon-4-ab"
    assert section.movement().name == LABEL
    assert sorted(section.pairs.values_list("number", flat=True)) == list(range(1, 9))
    assert section.boards.count() == 21  # 7 sets of 3, each played at one table a round


def test_a_half_table_leaves_out_pair_8(director_client, club):
    director_client.post(reverse("session_create"), form(club, tables="3½", phantom="EW"))
    section = Event.objects.get().sections.get()
    assert (section.tables, section.library) == (4, "mckinnon-4-ab")
    assert sorted(section.pairs.values_list("number", flat=True)) == list(range(1, 8))


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"tables": "5"}, f"The {LABEL} is for 4 tables (or 3½), not 5."),
        ({"tables": "4,5"}, f"Section B: The {LABEL} is for 4 tables (or 3½), not 5."),
        ({"rounds": "5"}, "is played whole, all 7 rounds: leave the rounds empty."),
    ],
)
def test_a_published_movement_that_does_not_fit_is_refused(director_client, club, fields, message):
    response = director_client.post(reverse("session_create"), form(club, **fields))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Event.objects.exists()


def test_the_table_cards_print_the_published_card(client, club):
    event = make_session(club, movement="howell", tables=4, boards_per_round=3)
    section = event.sections.get()
    section.library = "mckinnon-4-ab"
    section.save()
    movement = section.movement()
    cards = {card.table: card for card in table_cards(section, movement)}
    first = [(row.ns, row.ew, row.boards) for row in (cards[t].rows[0] for t in (1, 2, 3, 4))]
    assert first == [("8", "1", "1–3"), ("6", "5", "4–6"), ("4", "2", "7–9"), ("7", "3", "13–15")]
    # Round 2 at table 1: pair 2 takes pair 1's seat, set 2 comes down from place 2.
    assert (cards[1].rows[1].ns, cards[1].rows[1].ew, cards[1].rows[1].boards) == ("8", "2", "4–6")
    assert cards[1].rows[0].moves[0] == "NS stay"
    guide = next(card for card in pair_cards(section, movement) if card.pair == Pair(8))
    assert {(stop.table, stop.seat) for stop in guide.stops} == {(1, "NS")}
    event.published = True
    event.save()
    page = client.get(reverse("table_cards", args=[event.pk])).content.decode()
    assert LABEL in page and page.count('class="pair-card"') == 8


def travellers(movement):
    return "board,ns,ew,contract,declarer,result\n" + "\n".join(
        f"{board},{s.ns.number},{s.ew.number},4S,N,="
        for s in movement.seatings
        if s.is_played
        for board in movement.boards_of_set(s.board_set)
    )


def test_an_imported_published_howell_is_named_as_that_movement(club):
    played = library_movement("mckinnon-4-ab", 2)
    event = import_travellers(travellers(played), club=club, name="Cards", movement="howell")
    section = event.sections.get()
    assert section.library == "mckinnon-4-ab" and section.rounds is None
    assert describe_movements(event) == f"Movement recognised: {LABEL}."
    # Pair 7 against pair 3 on set 5 (boards 9-10) is round 1 at table 4.
    result = Result.objects.get(board__number=9, ns_pair__number=7, ew_pair__number=3)
    assert result.round == 1


def test_clubscores_own_howell_is_still_recognised_as_its_own(club):
    event = import_travellers(travellers(howell(8, 2)), club=club, name="Own", movement="howell")
    assert event.sections.get().library == ""
    assert describe_movements(event) == "Movement recognised: 4-table Howell."


def typed(movement):
    return "\n".join(
        f"{s.round} {s.table} {s.ns.number} {s.ew.number} {s.board_set}" for s in movement.seatings
    )


def test_a_movement_typed_by_the_director_is_checked_and_kept(director_client, club):
    table = typed(library_movement("mckinnon-4-ab", 3))
    response = director_client.post(
        reverse("session_create"), form(club, movement="typed", typed_table=table)
    )
    assert response.status_code == 302
    section = Event.objects.get().sections.get()
    assert section.typed == table and section.library == ""
    assert section.movement().name == "Club movement, 4 tables, 7 rounds"
    assert section.movement().seatings == library_movement("mckinnon-4-ab", 3).seatings
    assert section.boards.count() == 21


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"typed_table": "1 1 1 2 1\n2 1 1 2 2"}, "Pairs 1 and 2 meet 2 times."),
        ({"typed_table": ""}, "Type the movement: a line a table a round."),
        ({"tables": "3"}, "The Club movement, 4 tables, 7 rounds is for 4 tables"),
    ],
)
def test_a_typed_movement_that_fails_the_checks_stores_nothing(
    director_client, club, fields, message
):
    data = form(club, movement="typed", typed_table=typed(library_movement("mckinnon-4-ab", 3)))
    data.update(fields)
    response = director_client.post(reverse("session_create"), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Event.objects.exists()


def test_the_database_refuses_a_section_with_two_named_movements(club):
    section = make_session(club, movement="howell", tables=4).sections.get()
    section.library, section.typed = "mckinnon-4-ab", "1 1 1 2 1"
    with pytest.raises(IntegrityError), transaction.atomic():
        section.save()


SEVEN = "7-table Howell (complete, 13 rounds)"
FIVE = "5-table Howell (complete, 9 rounds; Bridge Scorekeeper cards)"
SIX_NINE = "3/4 Howell, 6 tables, 9 rounds (KoPS cards)"


def test_the_setup_page_offers_the_howells_of_4_to_10_tables(director_client):
    page = director_client.get(reverse("session_create")).content.decode()
    for tables in range(4, 11):
        assert f'<optgroup label="Published, {tables} tables (cards as printed)">' in page
    assert f'<option value="library:howell-7-13">{SEVEN}</option>' in page
    assert f'<option value="library:kops-6-9">{SIX_NINE}</option>' in page


def test_the_seven_table_howell_is_set_up_and_printed_as_its_card(director_client, club):
    # The Bridge Scorekeeper's Movement.Howell14T7B26.yaml and BridgeHands' "Guide Card"
    # (table 1, 14 pairs): round 1 pair 5 NS against 12 on boards 1-2, round 2 6 against 13.
    fields = {"movement": "library:howell-7-13", "tables": "7", "boards_per_round": "2"}
    response = director_client.post(reverse("session_create"), form(club, **fields))
    assert response.status_code == 302
    section = Event.objects.get().sections.get()
    assert section.library == "howell-7-13" and section.boards.count() == 26
    movement = section.movement()
    cards = {card.table: card for card in table_cards(section, movement)}
    rows = cards[1].rows
    assert [(row.ns, row.ew, row.boards) for row in rows[:2]] == [
        ("5", "12", "1–2"),
        ("6", "13", "3–4"),
    ]
    assert (cards[4].rows[0].ns, cards[4].rows[0].ew) == ("14", "1")
    guide = next(card for card in pair_cards(section, movement) if card.pair == Pair(14))
    assert {(stop.table, stop.seat) for stop in guide.stops} == {(4, "NS")}


def test_an_imported_five_table_howell_with_a_half_table_is_recognised(club):
    # Nine pairs on the 5-table Howell: pair 10 (stationary at table 3) absent.
    played = library_movement("scorekeeper-5-9", 3, missing_highest=True)
    event = import_travellers(travellers(played), club=club, name="Cards", movement="howell")
    section = event.sections.get()
    assert section.library == "scorekeeper-5-9"
    assert describe_movements(event) == f"Movement recognised: {FIVE}."
    # The Bridge Scorekeeper's Movement.Howell10T5B18.yaml: round 1 table 1 is 7-3 on set 1.
    result = Result.objects.get(board__number=1, ns_pair__number=7, ew_pair__number=3)
    assert result.round == 1


def test_a_three_quarter_howell_is_set_up_and_recognised(director_client, club):
    # KoPS's "6-9" (movements.json of howellki): round 1 table 1 2-6, table 4 7-12; sets 1-6
    # at tables 1-6, 7-9 on relays. 5½ tables: the stationary pair 12 is absent.
    fields = {"movement": "library:kops-6-9", "tables": "5½", "phantom": "EW"}
    response = director_client.post(reverse("session_create"), form(club, **fields))
    assert response.status_code == 302
    section = Event.objects.get().sections.get()
    assert (section.tables, section.library) == (6, "kops-6-9")
    assert sorted(section.pairs.values_list("number", flat=True)) == list(range(1, 12))
    assert section.boards.count() == 27
    cards = {card.table: card for card in table_cards(section, section.movement())}
    assert (cards[1].rows[0].ns, cards[1].rows[0].ew, cards[1].rows[0].boards) == ("2", "6", "1–3")
    played = library_movement("kops-6-9", 2, missing_highest=True)
    event = import_travellers(travellers(played), club=club, name="Cards", movement="howell")
    assert event.sections.get().library == "kops-6-9"
    assert describe_movements(event) == f"Movement recognised: {SIX_NINE}."


@pytest.mark.parametrize(
    "key,pairs,label",
    [
        ("scorekeeper-3-5", 6, "3-table Howell (complete, 5 rounds, last round shared; "),
        ("howell-7-13", 13, SEVEN),
        ("kops-10-19", 20, "10-table Howell (complete, 19 rounds; KoPS cards)"),
        ("kops-8-12", 16, "3/4 Howell, 8 tables, 12 rounds (KoPS cards)"),
    ],
)
def test_imports_played_on_the_library_are_named(club, key, pairs, label):
    played = library_movement(key, 2, missing_highest=pairs % 2 == 1)
    event = import_travellers(travellers(played), club=club, name="Cards", movement="howell")
    assert event.sections.get().library == key
    assert describe_movements(event).startswith(f"Movement recognised: {label}")
