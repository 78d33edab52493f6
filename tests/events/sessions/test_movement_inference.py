"""An imported session takes the known movement its pairings match, and says so."""

from django.urls import reverse

from events.entry.rows import board_rows
from events.models import Result, TableLink
from events.sessions.importing import import_travellers
from events.sessions.movement_inference import describe_movements
from scoring import howell, mitchell
from tests.factories import upload_travellers

HEADER = "board,ns,ew,contract,declarer,result\n"


def travellers(movement, skip=()):
    """Every play of the movement as a CSV line, pairs as the movement numbers them."""
    return HEADER + "\n".join(
        f"{board},{s.ns.number},{s.ew.number},4S,N,="
        for s in movement.seatings
        if s.is_played
        for board in movement.boards_of_set(s.board_set)
        if board not in skip
    )


def test_a_seven_table_mitchell_is_recognised_with_rounds_and_tables(club):
    event = import_travellers(travellers(mitchell(7, 3)), club=club, name="Seven")
    section = event.sections.get()
    assert section.has_movement and section.movement().name == "7-table Mitchell, 7 rounds"
    assert describe_movements(event) == "Movement recognised: 7-table Mitchell, 7 rounds."
    # Board 4 (set 2) is played at table 1 in round 2 (boards move down a table).
    ns1_board4 = Result.objects.get(board__number=4, ns_pair__number=1)
    assert ns1_board4.round == 2
    board = section.boards.get(number=4)
    row = next(row for row in board_rows(board) if row.ns.number == 1)
    assert (row.round, row.table) == (2, 1)


def test_a_short_mitchell_with_a_missing_result_is_recognised(club):
    # 6 rounds of a 7-table Mitchell; one line lost from the file still fits it.
    text = travellers(mitchell(7, 2, rounds=6))
    text = "\n".join(line for line in text.splitlines() if line != "1,1,1,4S,N,=")
    event = import_travellers(text, club=club, name="Six rounds")
    section = event.sections.get()
    assert (section.rounds, section.tables) == (6, 7)


def test_a_relay_mitchell_and_a_phantom_are_recognised(club):
    event = import_travellers(
        travellers(mitchell(6, 2, phantom="EW", relay=True)), club=club, name="Relay"
    )
    section = event.sections.get()
    assert (section.relay, section.phantom) == (True, "EW")
    assert "relay-and-bye-stand" in describe_movements(event)


def test_a_howell_is_recognised(club):
    event = import_travellers(travellers(howell(8, 2)), club=club, name="Howell", movement="howell")
    assert describe_movements(event) == "Movement recognised: 4-table Howell."


def test_a_recognised_movement_comes_with_each_tables_link(club):
    recognised = import_travellers(travellers(mitchell(5, 2)), club=club, name="Five")
    links = TableLink.objects.filter(section__event=recognised, revoked_at__isnull=True)
    assert sorted(links.values_list("table", flat=True)) == [1, 2, 3, 4, 5]
    text = HEADER + "1,1,1,4S,N,=\n1,2,2,4S,N,=\n1,3,3,4S,N,=\n2,1,1,4S,N,=\n2,2,3,4S,N,=\n"
    odd = import_travellers(text, club=club, name="Odd")
    assert not TableLink.objects.filter(section__event=odd).exists()  # no movement, no phones


def test_pairings_no_movement_has_are_said_so(club):
    text = HEADER + "1,1,1,4S,N,=\n1,2,2,4S,N,=\n1,3,3,4S,N,=\n2,1,1,4S,N,=\n2,2,3,4S,N,=\n"
    event = import_travellers(text, club=club, name="Odd")
    assert not event.sections.get().has_movement
    assert describe_movements(event) == "No known movement matches these pairings."
    assert Result.objects.filter(round__isnull=False).count() == 0


def test_the_import_page_says_which_movement_it_recognised(director_client, club):
    response = upload_travellers(director_client, club, travellers(mitchell(5, 2)))
    page = director_client.get(response.url)
    assert b"Movement recognised: 5-table Mitchell, 5 rounds." in page.content
    event = page.context["event"]
    cards = director_client.get(reverse("table_cards", args=[event.pk]))
    assert b"EW go to table 2" in cards.content
