"""An individual's JSON export (clubscore-individual/1) read back by `import_travellers` and the
import page: the same players, results, places and percentages; a bad file refused in words
with nothing stored."""

import copy
import datetime
import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.formats import ImportProblems
from events.formats.individual_json import read_individual_json
from events.individuals.entries import result_fields, save_result
from events.individuals.export import individual_document
from events.individuals.importing import import_individual_file
from events.individuals.models import IndividualEvent, IndividualPlay, IndividualPlayer
from events.individuals.scores import scored
from events.individuals.setup import create_individual

# Results of every kind a traveller takes, in turn; a play left without one stays out.
TEXTS = ["4S N =", "3NT E -1", "2H S +1", "PASS", "4S N -2", "A+/A-", "NP", "1NT W =", "",
         "60/40", "3C N +2", "5D E x -1"]  # fmt: skip


def played_individual(club, tables=5, movement="rainbow", boards_per_round=2):
    event = create_individual(IndividualEvent(
        club=club, name="Christmas individual", tables=tables, movement=movement,
        boards_per_round=boards_per_round, date=datetime.date(2026, 12, 18)))  # fmt: skip
    for index, play in enumerate(IndividualPlay.objects.select_related("event")):
        save_result(play, TEXTS[index % len(TEXTS)], confirmed=True, lead="SK" if index else "")
    players = list(IndividualPlayer.objects.filter(event=event))
    for player in players:
        player.name = f"Player Number{player.number}"
    IndividualPlayer.objects.bulk_update(players, ["name"])
    return event


def standings(event):
    return [(s.player, s.place, s.boards, s.matchpoints, s.percent)
            for s in scored(event).standings]  # fmt: skip


SEAT_NUMBERS = ("north__number", "south__number", "east__number", "west__number")
RESULT_FIELDS = ("board", "table", "round", *SEAT_NUMBERS, "kind", "text", "ns_score",
                 "ns_percent", "ew_percent", "lead")  # fmt: skip


def results(event):
    return sorted(IndividualPlay.objects.filter(event=event).values_list(*RESULT_FIELDS))


def write(tmp_path, document, name="party.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def imported(path, *args):
    out, err = StringIO(), StringIO()
    call_command("import_travellers", str(path), *args, stdout=out, stderr=err)
    event = IndividualEvent.objects.get(pk=int(out.getvalue().split()[-1]))
    return event, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("movement", "tables", "boards_per_round"),
                         [("rainbow", 5, 2), ("rainbow", 7, 3), ("two_table", 2, 4)])  # fmt: skip
def test_an_exported_individual_imports_back_to_the_same_standings(
    club, tmp_path, movement, tables, boards_per_round
):
    original = played_individual(club, tables, movement, boards_per_round)
    path = write(tmp_path, individual_document(scored(original)))
    event, out, err = imported(path)
    assert event.pk != original.pk
    assert (event.name, event.date, event.movement, event.tables, event.boards_per_round) == (
        original.name, original.date, movement, tables, boards_per_round)  # fmt: skip
    assert standings(event) == standings(original)
    assert results(event) == results(original)
    assert list(event.players.values_list("number", "name")) == list(
        original.players.values_list("number", "name"))  # fmt: skip
    assert err == ""  # every place and percentage in the file is Clubscore's
    entered = IndividualPlay.objects.filter(event=original).exclude(kind="").count()
    assert out.startswith(f"Imported {entered} results into individual {event.pk} "
                          "(Christmas individual): ")  # fmt: skip
    assert not event.published


def test_an_individual_cut_short_imports_back_cut_short(club, tmp_path):
    original = played_individual(club, 7, "rainbow", 2)
    IndividualEvent.objects.filter(pk=original.pk).update(rounds=4)
    IndividualPlay.objects.filter(event=original, round__gt=4).delete()
    original.refresh_from_db()
    document = individual_document(scored(original))
    assert document["individual"]["rounds"] == 4
    event, _, err = imported(write(tmp_path, document))
    assert (event.rounds, event.layout.plays_per_board) == (4, 4)
    assert standings(event) == standings(original)
    assert err == ""


def test_import_travellers_takes_a_name_and_publishes(club, tmp_path):
    path = write(tmp_path, individual_document(scored(played_individual(club))))
    event, _, _ = imported(path, "--name", "Boxing Day", "--publish")
    assert (event.name, event.published) == ("Boxing Day", True)


def test_a_place_or_percentage_the_file_prints_otherwise_is_a_warning(club, tmp_path):
    document = individual_document(scored(played_individual(club)))
    first = document["standings"][0]
    first["percentage"] = 99.5
    event, _, err = imported(write(tmp_path, document))
    percent = f"{float(scored(event).standing(first['player']).percent):.2f}"
    assert err == (f"{tmp_path / 'party.json'}: player {first['player']}: warning: 99.50% and "
                   f"place {first['rank']} in the file, {percent}% and place {first['rank']} "
                   "here\n")  # fmt: skip


def _line(document, board, table):
    entry = next(entry for entry in document["boards"] if entry["board"] == board)
    return next(line for line in entry["results"] if line["table"] == table)


def _swap_seats(document):
    line = _line(document, 1, 1)
    line["north"], line["south"] = line["south"], line["north"]


def _set(board, table, **changes):
    def change(document):
        _line(document, board, table).update(changes)

    return change


def _head(**changes):
    def change(document):
        document["individual"].update(changes)

    return change


def _extra_board(document):
    document["boards"].append({"board": 99, "results": [dict(_line(document, 1, 1))]})


def _twice(document):
    document["boards"][0]["results"].append(dict(document["boards"][0]["results"][0]))


def _player_beyond(document):
    document["standings"].append({"player": 21, "name": "Extra"})


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_head(tables=6), "the individual: The Rainbow movement needs a prime number of tables"),
        (_head(movement="howell"), "No individual movement is called 'howell'"),
        (_head(tables=32749), "32749 tables: Clubscore seats an individual of up to 31 tables"),
        (_head(boards_per_round=9), "9 boards a round: an individual plays 1 to 8"),
        (_head(date="1900-01-01"), "the date 1 Jan 1900 is no session's"),
        (_head(date="18/12/2026"), 'its date is "18/12/2026": YYYY-MM-DD needed'),
        (_head(tables="five"), 'its tables is "five": a whole number from 1 is needed'),
        (_swap_seats, "board 1, table 1: the movement plays it in round 1 with N 1 S 11 E 6 "
                      "W 16, not round 1 with N 11 S 1 E 6 W 16"),
        (_set(1, 1, text="4S X ="), "board 1, table 1: '4S X ='"),
        (_set(1, 1, ns_score=620), "board 1, table 1: 4S N = scores 420 to NS, not the file's 620"),
        (_set(1, 1, text="50% 4S N = + 50% PASS", ns_score=None), "A weighted score is not taken"),
        (_extra_board, "board 99, table 1: the movement plays no such board at this table"),
        (_twice, "board 1, table 1: given twice"),
        (_player_beyond, "player 21: the movement seats players 1 to 20"),
        (_set(1, 1, north=0), "board 1, table 1: North is 0: a whole number from 1 is needed"),
    ],
)  # fmt: skip
def test_a_bad_file_is_refused_in_words_and_nothing_is_stored(club, tmp_path, change, words):
    original = played_individual(club)
    document = copy.deepcopy(individual_document(scored(original)))
    change(document)
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_travellers", str(write(tmp_path, document)), stdout=StringIO(),
                     stderr=err)  # fmt: skip
    assert words in err.getvalue()
    assert list(IndividualEvent.objects.all()) == [original]
    assert IndividualPlayer.objects.exclude(event=original).count() == 0


@pytest.mark.parametrize(
    ("text", "words"),
    [("{not json", "line 1: not JSON: Expecting property name enclosed in double quotes"),
     ('["a list"]', "line 1: not a Clubscore individual's file: no format named"),
     ('{"format": "clubscore-results/1"}',
      'not "clubscore-results/1" (a pairs session\'s JSON, which is not read back'),
     ('{"format": "clubscore-individual/1"}', "the individual: missing: the event's name")],
)  # fmt: skip
def test_a_json_file_that_is_no_individuals_is_refused(db, tmp_path, text, words):
    path = tmp_path / "other.json"
    path.write_text(text)
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_travellers", str(path), stdout=StringIO(), stderr=err)
    assert words in err.getvalue()
    assert not IndividualEvent.objects.exists()


def test_a_penalty_is_refused_for_an_individual(club, tmp_path):
    path = write(tmp_path, individual_document(scored(played_individual(club))))
    with pytest.raises(CommandError, match="--penalty is a pairs session's; an individual has "
                                           "no penalties"):  # fmt: skip
        call_command("import_travellers", str(path), "--penalty", "NS 3:1", stdout=StringIO())
    assert IndividualEvent.objects.count() == 1


def test_a_championship_refuses_an_individuals_file(club, tmp_path):
    path = write(tmp_path, individual_document(scored(played_individual(club))))
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_travellers", str(path), str(path), "--championship", "Winter",
                     stdout=StringIO(), stderr=err)  # fmt: skip
    assert "an individual's file: a championship is of pairs sessions" in err.getvalue()


def test_the_import_page_makes_an_individual_of_its_file(director_client, club):
    original = played_individual(club)
    body = json.dumps(individual_document(scored(original))).encode()
    upload = SimpleUploadedFile("party.json", body, content_type="application/json")
    response = director_client.post(reverse("session_import"), {
        "club": club.pk, "name": "", "file": upload, "movement": "", "scoring": "",
    }, follow=True)  # fmt: skip
    event = IndividualEvent.objects.exclude(pk=original.pk).get()
    assert response.redirect_chain == [(reverse("individual_standings", args=[event.pk]), 302)]
    assert ("Imported party.json: Rainbow, 5 tables, 20 players, 10 boards, matchpointed."
            in response.content.decode())  # fmt: skip
    assert standings(event) == standings(original)


def test_the_import_page_names_a_bad_individuals_problems(director_client, club):
    document = individual_document(scored(played_individual(club)))
    _swap_seats(document)
    upload = SimpleUploadedFile("party.json", json.dumps(document).encode())
    response = director_client.post(reverse("session_import"), {
        "club": club.pk, "name": "", "file": upload, "movement": "", "scoring": "",
    })  # fmt: skip
    assert response.status_code == 200
    assert "Board 1, table 1: the movement plays it in round 1" in response.content.decode()
    assert IndividualEvent.objects.count() == 1


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(text=st.text(max_size=24), ns_score=st.none() | st.integers(-10_000, 10_000))
def test_any_result_in_a_file_is_stored_as_typed_or_refused_in_words(club, text, ns_score):
    document = _document(club)
    _line(document, 1, 1).update(text=text, ns_score=ns_score)
    data = json.dumps(document).encode()
    before = IndividualEvent.objects.count()
    try:
        event = import_individual_file(read_individual_json(data), club=club)
    except ImportProblems as problems:
        assert problems.problems
        assert IndividualEvent.objects.count() == before
    else:
        stored = IndividualPlay.objects.get(event=event, board=1, table=1)
        typed = result_fields(text, 1, confirmed=True)  # as the director typing it
        assert (stored.kind, stored.text, stored.ns_score) == (
            typed["kind"], typed["text"], typed["ns_score"])  # fmt: skip


def _document(club) -> dict:
    """A 5-table Rainbow's export, made once per test."""
    event = IndividualEvent.objects.filter(club=club, name="Christmas individual").first()
    return individual_document(scored(event or played_individual(club)))
