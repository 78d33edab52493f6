"""A barometer session: set up by name, and its standings after each complete round.

Sources: Ian McKinnon, Bridge Central, "Barometer and round robin movements" (all tables play
the same boards on each round; "the scores are posted immediately they are known") and
"Barometers for few tables" ("the scores for each preceding round can be announced during
the play"); ASE Computing, "Running a barometer pairs' event" ("the boards are shared across
all tables on each round ... the results would be published after each round"). The
matchpoints: a pair scores 1 for each pair it beats on a board (docs/rules.md, Matchpoints).
"""

import re

import pytest
from django.urls import reverse

from events.entry.saving import save_result
from events.models import Board, Event
from events.sessions import late_changes
from events.sessions.setup import SectionPlan
from events.standings.rounds import barometer_standings
from tests.factories import make_session


def form(club, **fields):
    data = {
        "club": club.pk, "name": "Barometer night", "date": "2026-11-26",
        "movement": "barometer-howell", "tables": "2", "phantom": "",
        "boards_per_round": "2", "scoring": "matchpoints",
    }  # fmt: skip
    data.update(fields)
    return data


def test_the_setup_page_offers_barometers_by_name(director_client):
    page = director_client.get(reverse("session_create")).content.decode()
    assert 'value="barometer-howell"' in page and 'value="barometer-mitchell"' in page


@pytest.mark.parametrize(
    "movement,tables,name,boards",
    [
        ("barometer-howell", "2", "2-table barometer Howell", 6),
        ("barometer-mitchell", "4", "4-table barometer Mitchell, 4 rounds", 8),
    ],
)
def test_a_barometer_is_set_up_with_every_table_on_the_set_of_the_round(
    director_client, club, movement, tables, name, boards
):
    response = director_client.post(
        reverse("session_create"), form(club, movement=movement, tables=tables)
    )
    assert response.status_code == 302
    section = Event.objects.get().sections.get()
    assert section.barometer
    played = section.movement()
    assert played.name == name
    assert section.boards.count() == boards
    for s in played.seatings:
        assert s.board_set == s.round
    # Each board is due at every table (McKinnon: all tables play the same boards).
    assert set(section.boards.values_list("expected_results", flat=True)) == {played.tables}


def enter_round(event, round_number, director, texts=("3NT N =", "3NT N +1"), tables=None):
    enter_section_round(event.sections.get(), round_number, director, texts, tables)


def enter_section_round(
    section, round_number, director, texts=("3NT N =", "3NT N +1"), tables=None
):
    pairs = {p.key: p for p in section.pairs.all()}
    movement = section.movement()
    for s in movement.seatings:
        if s.round != round_number or (tables and s.table not in tables):
            continue
        for board_number in movement.boards_of_set(s.board_set):
            board = Board.objects.get(section=section, number=board_number)
            text = texts[s.table - 1]
            save_result(board, pairs[s.ns], pairs[s.ew], text, director)


@pytest.fixture
def barometer(club):
    plan = SectionPlan("A", 2, barometer=True)
    event = make_session(club, movement="howell", boards_per_round=2, sections=[plan])
    Event.objects.filter(pk=event.pk).update(published=True)
    return Event.objects.get(pk=event.pk)


def test_after_round_one_of_three_only_round_ones_boards_count(client, barometer, director):
    enter_round(barometer, 1, director)
    enter_round(barometer, 2, director, tables=[1])  # round 2 not complete: table 2 missing
    url = reverse("session_rounds", args=[barometer.pk])
    page = client.get(url).content.decode()
    assert "After round 1 of 3" in page
    assert "After round 2" not in page
    shown = barometer_standings(barometer)
    assert (shown.rounds, shown.complete) == (3, 1)
    (after,) = shown.after
    ((_, groups),) = after.standings
    rows = [row for group in groups for row in group.rows]
    assert {row.boards for row in rows} == {2}  # boards 1-2 alone, not round 2's board 3
    # Table 2's NS made an overtrick on both boards at the other table's contract: with two
    # results a board, they beat table 1's NS twice: 2 of 2 matchpoints, 100%.
    by_pair = {str(row.pair): row for row in rows}
    section = barometer.sections.get()
    table_two = section.movement().seating(1, 2)
    assert by_pair[str(table_two.ns.number)].percentage == 100
    assert by_pair[str(table_two.ew.number)].percentage == 0
    enter_round(barometer, 2, director, tables=[2])
    assert "After round 2 of 3" in client.get(url).content.decode()


def test_before_any_round_is_complete_the_page_says_so(client, barometer, director):
    enter_round(barometer, 1, director, tables=[1])
    page = client.get(reverse("session_rounds", args=[barometer.pk])).content.decode()
    assert "No round is complete yet" in page


@pytest.mark.parametrize("rounds_in", [1, 3])
@pytest.mark.parametrize("sections", [1, 3])
def test_the_page_reads_a_fixed_number_of_queries(
    client, club, director, rounds_in, sections, django_assert_max_num_queries
):
    plans = [SectionPlan(letter, 2, barometer=True) for letter in "ABC"[:sections]]
    event = make_session(club, movement="howell", boards_per_round=2, sections=plans)
    Event.objects.filter(pk=event.pk).update(published=True)
    for r in range(1, rounds_in + 1):
        for section in event.sections.all():
            enter_section_round(section, r, director)
    url = reverse("session_rounds", args=[event.pk])
    client.get(url)  # the scored lines cached for this version
    # The session; its sections; the boards' counts of results; the pairs; the scoring
    # units' sections; the penalties.
    with django_assert_max_num_queries(6):
        response = client.get(url)
    assert response.status_code == 200
    assert len(response.context["barometer"].after) == rounds_in


def test_the_latest_round_is_live(client, barometer, director):
    url = reverse("session_rounds", args=[barometer.pk])
    page = client.get(url).content.decode()
    assert re.search(r'<\w+ id="live"[^>]* hx-trigger="every 1s', page)
    enter_round(barometer, 1, director)  # the last table of round 1 in: the poll shows it
    fragment = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "After round 1 of 3" in fragment and "<html" not in fragment


def test_a_late_table_keeps_the_barometer_and_round_ones_results(club, director):
    # McKinnon, "Barometers for few tables": the EW pairs move up one table and all tables
    # play the next set; a fifth table joins the same way (BridgeTab's "Add a pair": the
    # changed movement must not make any pair replay a board).
    plan = SectionPlan("A", 4, barometer=True)
    event = make_session(club, movement="mitchell", boards_per_round=2, sections=[plan])
    enter_round(event, 1, director, texts=("3NT N =",) * 4)
    section = event.sections.select_related("event").get()
    change = late_changes.preview(section, late_changes.Wanted(5))
    assert change.movement.name == "5-table barometer Mitchell, 5 rounds"
    assert len(change.kept) == 8 and not change.removed
    assert all(s.board_set == s.round for s in change.movement.seatings)


def test_an_even_barometer_mitchell_switches_its_last_round(director_client, club):
    # No skip (McKinnon): 4 tables play 4 rounds, so "last" is round 4.
    fields = {"movement": "barometer-mitchell", "tables": "4", "arrow_switch": "last"}
    director_client.post(reverse("session_create"), form(club, **fields))
    section = Event.objects.get().sections.get()
    assert section.arrow_switch == "4"
    assert all(s.ns.direction == "EW" for s in section.movement().seatings if s.round == 4)


def test_a_two_table_howell_is_a_barometer_and_a_mitchell_is_not(club, director):
    # Every table of a 2-table Howell's round plays the one set the round has (bridgescoreplus,
    # "Recommended movements": "both tables sharing boards in each round").
    howell = make_session(club, movement="howell", tables=2, boards_per_round=2)
    enter_round(howell, 1, director)
    assert barometer_standings(howell).complete == 1
    shown = barometer_standings(make_session(club, tables=3))
    assert (shown.rounds, shown.after) == (0, [])


def test_the_standings_page_links_to_the_rounds(client, barometer):
    page = client.get(reverse("session_detail", args=[barometer.pk])).content.decode()
    assert reverse("session_rounds", args=[barometer.pk]) in page


def test_the_table_cards_say_the_tables_share_or_duplicate_the_boards(client, barometer):
    # McKinnon: barometer boards are "duplicated", or shared "among all tables".
    page = client.get(reverse("table_cards", args=[barometer.pk])).content.decode()
    assert "make the copies below, or have the tables share and pass the boards" in page


def test_a_smaller_section_with_every_round_in_holds_no_later_round_back(club, director):
    """Barometer Mitchells of 4 and 3 tables play 4 and 3 rounds (McKinnon, *Barometers for
    few tables*: T tables, up to T rounds): once both are played out, the standings stand
    after round 4 of 4, not after round 3."""
    plans = [SectionPlan("A", 4, barometer=True), SectionPlan("B", 3, barometer=True)]
    event = make_session(club, boards_per_round=1, sections=plans)
    a, b = event.sections.order_by("name")
    texts = ("3NT N =", "3NT N +1", "3NT N -1", "4S N =")
    for round_number in (1, 2, 3, 4):
        enter_section_round(a, round_number, director, texts)
    for round_number in (1, 2, 3):
        enter_section_round(b, round_number, director, texts)
    shown = barometer_standings(Event.objects.get(pk=event.pk))
    assert (shown.rounds, shown.complete) == (4, 4)
    assert [after.round for after in shown.after] == [4, 3, 2, 1]
