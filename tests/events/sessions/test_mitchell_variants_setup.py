"""The published Mitchell variants chosen by name at set-up, printed on the table and guide
cards, and recognised in an import.

Cards: John Pain, "Unusual Movements for Clubs - 1: Hesitation Mitchell Movement", EBU Club
Newsletter (7 tables: NS 1-7 and EW 8-14 on sets 1, 2, 3, 5, 6, 7, 8, set 4 on the relay
between tables 3 and 4); Ian McKinnon, Bridge Central "Displacement Mitchell" (the bump
Mitchell: the extra pair NS T+1 sits out round 1, then replaces NS 1 at table 1) and "Web
Mitchell" (10 tables, 7 sets: tables 6-10 start on sets 4 3 2 1 7).
"""

from django.urls import reverse

from events.models import Event, Result
from events.sessions.importing import import_travellers
from events.sessions.movement_inference import describe_movements
from events.sessions.table_cards import pair_cards, section_summary, table_cards
from events.standings.ranking import section_standings
from scoring import VARIANTS, library_movement
from tests.events.sessions.test_movement_inference import travellers
from tests.events.sessions.test_movement_library_setup import form as library_form
from tests.factories import make_session

HESITATION = VARIANTS["hesitation-7"].label
BUMP = VARIANTS["bump-7"].label


def form(club, **fields):
    return library_form(club, **{"movement": "library:hesitation-7", "tables": "7", **fields})


def test_the_setup_page_offers_the_variants_by_name(director_client):
    page = director_client.get(reverse("session_create")).content.decode()
    assert '<optgroup label="Published, 7 tables (cards as printed)">' in page
    assert f'<option value="library:hesitation-7">{HESITATION}</option>' in page
    assert f'<option value="library:bump-7">{BUMP}</option>' in page
    assert "share and relay" in page


def test_a_hesitation_mitchell_is_set_up_as_one_field(director_client, club):
    response = director_client.post(reverse("session_create"), form(club))
    assert response.status_code == 302
    event = Event.objects.get()
    section = event.sections.get()
    assert event.is_howell and section.library == "hesitation-7"
    assert section.movement().name == HESITATION
    assert sorted(section.pairs.values_list("number", flat=True)) == list(range(1, 15))
    assert section.boards.count() == 24  # Pain: "8 rounds", boards 1-24


def test_a_bump_mitchell_is_set_up_as_a_mitchell_with_the_extra_ns_pair(director_client, club):
    response = director_client.post(
        reverse("session_create"), form(club, movement="library:bump-7", boards_per_round="4")
    )
    assert response.status_code == 302
    event = Event.objects.get()
    section = event.sections.get()
    assert not event.is_howell and section.library == "bump-7"
    pairs = set(section.pairs.values_list("number", "direction"))
    assert pairs == {(n, "NS") for n in range(1, 9)} | {(n, "EW") for n in range(1, 8)}
    assert section.boards.count() == 28  # 7 sets of 4, 6 rounds


def played_on(club, key, **fields):
    """A session set up by hand on the library movement `key`: its section, movement and cards."""
    section = make_session(club, **fields).sections.get()
    section.library = key
    section.save()
    movement = section.movement()
    return section, movement, {card.table: card for card in table_cards(section, movement)}


def test_the_hesitation_cards_print_pains_card(club):
    section, movement, cards = played_on(
        club, "hesitation-7", movement="howell", tables=7, boards_per_round=3
    )
    first = [
        (cards[t].rows[0].ns, cards[t].rows[0].ew, cards[t].rows[0].boards) for t in (1, 3, 4, 7)
    ]
    assert first == [
        ("1", "8", "1–3"),
        ("3", "10", "7–9"),
        ("4", "11", "13–15"),
        ("7", "14", "22–24"),
    ]
    # EW7 (14) go to NS at table 7; NS7 (7) go to EW at table 1 (Pain's schedule).
    assert "NS 7 go to table 1 EW" in cards[7].rows[0].moves
    assert "EW 14 go to table 7 NS" in cards[7].rows[0].moves
    # The boards of table 4 go to the relay and come back to table 3 the round after.
    assert cards[4].rows[0].moves[-1] == "Boards wait on a relay table for round 3 (table 3)"
    guide = next(card for card in pair_cards(section, movement) if card.pair.number == 7)
    assert [(stop.table, stop.seat) for stop in guide.stops[:2]] == [(7, "NS"), (1, "EW")]


def test_the_bump_cards_say_who_sits_out(club):
    section, movement, cards = played_on(club, "bump-7", tables=7, boards_per_round=2)
    assert "NS 1 sit out round 2, then table 2 NS" in cards[1].rows[0].moves
    assert (cards[1].rows[1].ns, cards[1].rows[1].moves[0]) == ("8", "NS stay")
    notes = section_summary(section, movement).notes
    assert any("round 1: 8 NS; round 2: 1 NS" in note for note in notes)


def test_the_web_cards_pass_boards_within_each_half(club):
    section, movement, cards = played_on(club, "web-10-7", tables=10, boards_per_round=3)
    assert [cards[t].rows[0].boards for t in (6, 9, 10)] == ["10–12", "1–3", "19–21"]
    assert "Boards go to table 6" in cards[7].rows[0].moves
    # Set 4 joins set 5 on the relay: table 10 plays 7, 6, 5, then 4 (descending).
    assert cards[6].rows[0].moves[-1] == "Boards wait on a relay table for round 4 (table 10)"
    assert not any("Share" in note for card in cards.values() for note in card.rows[0].notes)
    summary = section_summary(section, movement)
    assert summary.copies == {2: 7}
    assert any("tables 1-5" in note and "tables 6-10" in note for note in summary.notes)


def test_an_imported_hesitation_mitchell_is_named(club):
    played = library_movement("hesitation-7", 2)
    event = import_travellers(travellers(played), club=club, name="Cards", movement="howell")
    section = event.sections.get()
    assert section.library == "hesitation-7"
    assert describe_movements(event) == f"Movement recognised: {HESITATION}."
    # Pair 14 NS against pair 13 on set 1 (boards 1-2): round 2 at table 7.
    assert Result.objects.get(board__number=1, ns_pair__number=14).round == 2


def test_an_imported_bump_mitchell_is_named(club):
    event = import_travellers(travellers(library_movement("bump-7", 2)), club=club, name="Bump")
    section = event.sections.get()
    assert section.library == "bump-7" and section.phantom == ""
    assert describe_movements(event) == f"Movement recognised: {BUMP}."
    # NS 8 meets EW 7 on set 2 (boards 3-4) at table 1 in round 2.
    result = Result.objects.get(board__number=3, ns_pair__number=8, ew_pair__number=7)
    assert result.round == 2


def test_an_imported_web_mitchell_is_named(club):
    event = import_travellers(travellers(library_movement("web-10-7", 2)), club=club, name="Web")
    assert event.sections.get().library == "web-10-7"
    assert describe_movements(event) == f"Movement recognised: {VARIANTS['web-10-7'].label}."


def test_a_bump_mitchell_ranks_two_fields_and_a_hesitation_one(club):
    # The bump Mitchell keeps a Mitchell's two winners (McKinnon: "the N-S pairs keep the same
    # pair number throughout"); the hesitation Mitchell is "a single winner movement" (Pain).
    bump = import_travellers(travellers(library_movement("bump-7", 2)), club=club, name="B")
    groups = section_standings(bump.sections.get())
    assert sorted(len(group.rows) for group in groups) == [7, 8]
    played = library_movement("hesitation-7", 2)
    one = import_travellers(travellers(played), club=club, name="H", movement="howell")
    assert [len(group.rows) for group in section_standings(one.sections.get())] == [14]


def test_the_table_cards_page_prints_a_bump_mitchell(client, club):
    event = make_session(club, tables=7, boards_per_round=2)
    section = event.sections.get()
    section.library = "bump-7"
    section.save()
    event.published = True
    event.save()
    page = client.get(reverse("table_cards", args=[event.pk])).content.decode()
    assert BUMP in page and "NS 1 sit out round 2, then table 2 NS" in page


def test_a_bump_mitchell_with_arrow_switch_rounds_or_a_half_table_is_refused(director_client, club):
    bump = form(club, movement="library:bump-7", arrow_switch="last")
    response = director_client.post(reverse("session_create"), bump)
    assert "leave the arrow-switch rounds empty" in response.content.decode()
    # A hesitation Mitchell is set up as one field, like a Howell: the same words, not the
    # Howell's ("in a Howell every pair moves").
    hesitation = form(club, arrow_switch="last")
    response = director_client.post(reverse("session_create"), hesitation)
    assert "leave the arrow-switch rounds empty" in response.content.decode()
    odd_half = form(club, tables="6½", phantom="EW")  # Pain gives no 6½-table card
    response = director_client.post(reverse("session_create"), odd_half)
    assert "No published card shows the 7-table hesitation Mitchell" in response.content.decode()
    assert not Event.objects.exists()
