"""Other programs' conventions through the whole application: the import page and the CLI
give the same session, the exports print what the pages show, a USEBIO or PBN round trip
keeps the results, and the session form's "Scored as" sets a program's options at once.

The values are worked by hand from each convention (tests/scoring/test_conventions.py cites
each program's; the conventions table of docs/rules.md lists them).
"""

import csv
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

import scoring
from events.formats import read_traveller_file, write_results
from events.formats.json_results import results_document
from events.models import Event
from events.sessions.importing import import_traveller_file, import_travellers
from tests.factories import make_session, upload_travellers

# A 4-table Mitchell: board 1 has an Ave+/Ave- beside three played results, board 2 only three
# results of four (one not entered), board 3 four. Nobody is vulnerable on boards 1 and 3; NS
# is on board 2 (the scores below are NS scores).
TRAVELLERS = """board,ns,ew,score
1,1,1,420
1,2,2,450
1,3,3,-50
1,4,4,A+/A-
2,1,2,620
2,2,3,600
2,3,4,-100
3,1,3,100
3,2,4,110
3,3,1,-100
3,4,2,140
"""

PRESETS = ["acblscore", "ruter", "scorebridge", "ebuscore", "bbo", "brian", "kops"]


def _by_cli(tmp_path, preset) -> Event:
    path = tmp_path / "travellers.csv"
    path.write_text(TRAVELLERS)
    out = StringIO()
    call_command(
        "import_travellers",
        str(path),
        "--name",
        f"CLI {preset}",
        "--movement",
        "mitchell",
        "--scoring",
        "matchpoints",
        "--scored-as",
        preset,
        stdout=out,
        stderr=StringIO(),
    )
    return Event.objects.get(pk=out.getvalue().strip().splitlines()[-1])


def _by_page(client, club, preset) -> Event:
    response = upload_travellers(client, club, TRAVELLERS, name=f"Page {preset}", scored_as=preset)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Event.objects.get(name=f"Page {preset}")


def _scored(document) -> dict:
    """Everything a club compares with its old program's printout."""
    (section,) = document["sections"]
    return {
        "scoring": document["scoring"],
        "options": document["options"],
        "pairs": sorted(
            (row["pair"], row["direction"], row["total"], row["percentage"], row["rank"])
            for row in section["pairs"]
        ),
        "lines": sorted(
            (board["board"], line["ns"], line["ns_points"], line["ew_points"])
            for board in section["boards"]
            for line in board["results"]
        ),
    }


def _lines(event) -> dict:
    (section,) = results_document(event)["sections"]
    return {
        (board["board"], line["ns"]): (line["ns_points"], line["ew_points"])
        for board in section["boards"]
        for line in board["results"]
    }


@pytest.mark.parametrize("preset", PRESETS)
def test_the_import_page_and_the_command_give_the_same_session(
    director_client, club, tmp_path, preset
):
    by_page = results_document(_by_page(director_client, club, preset))
    by_cli = results_document(_by_cli(tmp_path, preset))
    assert _scored(by_page) == _scored(by_cli)
    assert by_page["options"]["scored_as"] == preset
    assert by_page["scored"] == by_cli["scored"]
    assert by_page["scored"].endswith(f"(as {scoring.PRESETS[preset].program})")


def test_each_preset_scores_the_boards_as_its_program(director_client, club):
    ebu = _lines(_by_page(director_client, club, "ebuscore"))
    # EBUScore (2/1): board 2's three results of four, Neuberg (mp + 1) x 4/3 - 1 from 4/2/0
    # is 17/3, 3, 1/3, printed and added as 5.67, 3, 0.33.
    assert [ebu[(2, n)] for n in (1, 2, 3)] == [(5.67, 0.33), (3.0, 3.0), (0.33, 5.67)]
    scorebridge = _lines(_by_page(director_client, club, "scorebridge"))
    # ScoreBridge (2/1): one average comparison for the missing result: 5/3/1 on a top of 6.
    assert [scorebridge[(2, n)] for n in (1, 2, 3)] == [(5.0, 1.0), (3.0, 3.0), (1.0, 5.0)]
    bbo = _lines(_by_page(director_client, club, "bbo"))
    # Bridge Base Online (1/½): board 1's three played results among themselves (top 2), the
    # Ave+ 60% of that top; board 2 factored as ever, (mp + 1/2) x 4/3 - 1/2.
    assert [bbo[(1, n)] for n in (1, 2, 3, 4)] == [(1.0, 1.0), (2.0, 0.0), (0.0, 2.0),
                                                   (1.2, 0.8)]  # fmt: skip
    acbl = _lines(_by_page(director_client, club, "acblscore"))
    # ACBLscore (1/½): board 1 factored to the common top of 3: (mp + 1/2) x 4/3 - 1/2.
    assert acbl[(1, 1)] == (1.5, 1.5) and acbl[(1, 4)] == (1.8, 1.2)


def test_acblscore_and_ruter_factor_the_same_totals_but_not_the_same_percentages(
    director_client, club
):
    # NS 4 played boards 1 and 3 of three; factored x 3/2. ACBLscore takes the percentage of
    # the factored total as printed; Ruter's is exact.
    acbl = {
        (row["pair"], row["direction"]): row
        for row in results_document(_by_page(director_client, club, "acblscore"))["sections"][0][
            "pairs"
        ]
    }
    # Board 1: Ave+ 60% of 3 = 1.8; board 3: +140 tops 4 results, 3. Total 4.8 of 6 = 80%;
    # factored 4.8 x 3/2 = 7.2 of 9: 80% both ways.
    assert (acbl[(4, "NS")]["total"], acbl[(4, "NS")]["percentage"]) == (7.2, 80.0)
    # NS 1: board 1 +420 (1 of 2 among three, Neuberg to 4: (1 + 1/2) x 4/3 - 1/2 = 1.5),
    # board 2 +620 (2 of 2, (2.5) x 4/3 - 1/2 = 17/6), board 3 +100 (1 of 3): 5.3333 of 9,
    # 59.26% exactly; ACBLscore prints 5.33 and takes 5.33 / 9 = 59.22% (the JSON keeps four
    # decimals of the total).
    assert (acbl[(1, "NS")]["total"], acbl[(1, "NS")]["percentage"]) == (5.3333, 59.22)
    ruter = {
        (row["pair"], row["direction"]): row
        for row in results_document(_by_page(director_client, club, "ruter"))["sections"][0][
            "pairs"
        ]
    }
    # Ruter scores 2/1: NS 1 has 3, 17/3 and 2 = 32/3 of 18: 59.26%.
    assert ruter[(1, "NS")]["percentage"] == 59.26


@pytest.mark.parametrize("preset", PRESETS)
def test_the_csv_export_prints_what_the_json_does(director_client, club, preset):
    event = _by_page(director_client, club, preset)
    document = results_document(event)
    rows = list(csv.DictReader(StringIO(write_results(event, "csv"))))
    printed = sorted(
        (
            int(row["pair"]),
            row["direction"],
            float(row["total"]),
            float(row["percentage"]),
            row["rank"],
        )
        for row in rows
    )
    assert printed == sorted(
        (
            row["pair"],
            row["direction"],
            round(row["total"], 2),
            round(row["percentage"], 2),
            row["rank"],
        )
        for row in document["sections"][0]["pairs"]
    )


@pytest.mark.parametrize("format_name", ["usebio", "pbn"])
@pytest.mark.parametrize("preset", PRESETS)
def test_a_round_trip_keeps_the_options_results(director_client, club, format_name, preset):
    event = _by_page(director_client, club, preset)
    text = write_results(event, format_name)
    extension = {"usebio": "xml", "pbn": "pbn"}[format_name]
    # The file does not say how the session was scored: the director says so again.
    again = import_traveller_file(
        read_traveller_file(text.encode(), extension),
        club=club,
        name="Again",
        movement="mitchell",
        scoring_method=event.scoring,
        options=event.option_values(),
    )
    assert _scored(results_document(again)) == _scored(results_document(event))


# --- the session form and the scoring options page ------------------------------------------


def test_scored_as_on_the_options_page_sets_every_option_and_the_results_name_it(
    director_client, club
):
    event = make_session(club, options={"rounding": "board", "places": "section"})
    url = reverse("session_options", args=[event.pk])
    response = director_client.post(url, {"scoring": "matchpoints", "scored_as": "ruter"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.scoring, event.totals, event.percentages, event.cross_imps) == (
        "ebu-matchpoints",
        "factored",
        "exact",
        "total",
    )
    assert (event.rounding, event.places, event.ave_plus_imps) == ("exact", "field", 1)
    assert event.describe_scoring().endswith("factored totals (as Ruter)")
    page = director_client.get(reverse("session_detail", args=[event.pk])).content.decode()
    assert "(as Ruter)" in page
    # An option changed by hand, with no program chosen: the results name none.
    director_client.post(url, {"scoring": "ebu-matchpoints", "scored_as": "", "rounding": "board"})
    event.refresh_from_db()
    assert "(as " not in event.describe_scoring() and event.rounding == "board"


def test_the_session_form_offers_every_program(director_client, club):
    page = director_client.get(reverse("session_create")).content.decode()
    for program in (
        "As ACBLscore",
        "As EBUScore",
        "As ScoreBridge",
        "As Ruter",
        "As Bridge Base Online",
        "As KoPS",
        "As BriAn",
        "As PairsScorer",
    ):
        assert program in page


def test_the_import_page_offers_every_program(director_client):
    page = director_client.get(reverse("session_import")).content.decode()
    assert "As ACBLscore" in page and "As Bridge Base Online" in page


# --- Ave+ in decimals, places within sections, the options saved ----------------------------


def test_a_decimal_ave_plus_from_the_command_is_kept_and_described(tmp_path, db):
    # JFR Pary: the director gave Ave+ as 1.2 IMPs at cross-IMPs.
    path = tmp_path / "imps.csv"
    path.write_text(TRAVELLERS)
    out = StringIO()
    call_command(
        "import_travellers",
        str(path),
        "--name",
        "IMPs",
        "--scoring",
        "cross-imps",
        "--ave-plus-imps",
        "1.2",
        stdout=out,
        stderr=StringIO(),
    )
    event = Event.objects.get(name="IMPs")
    assert "Ave+ 1.2 IMPs per board" in event.describe_scoring()
    document = results_document(event)
    assert document["options"]["ave_plus_imps"] == 1.2
    (section,) = document["sections"]
    (adjusted,) = [
        line
        for board in section["boards"]
        for line in board["results"]
        if line["kind"] == "adjusted"
    ]
    assert (adjusted["ns_points"], adjusted["ew_points"]) == (1.2, -1.2)


def test_ave_plus_with_three_decimals_is_refused_by_the_command(tmp_path, db):
    from django.core.management import CommandError

    path = tmp_path / "imps.csv"
    path.write_text(TRAVELLERS)
    with pytest.raises(CommandError, match="--ave-plus-imps has at most 2 decimals"):
        call_command(
            "import_travellers",
            str(path),
            "--name",
            "IMPs",
            "--ave-plus-imps",
            "1.234",
            stdout=StringIO(),
            stderr=StringIO(),
        )


ACROSS = """section,board,ns,ew,score
A,1,1,1,420
A,1,2,2,400
B,1,1,1,450
B,1,2,2,-50
"""


def test_bbo_ranks_each_section_apart_across_the_field(club):
    # Across the field the four NS results are matchpointed together (top 3): A1 +420 1,
    # A2 +400... B1 +450 3, A1 2, A2 1, B2 0. Over the field NS are 1: B1, 2: A1, 3: A2, 4: B2;
    # within each section (Bridge Base Online) A1 and B1 are both first.
    def places(option):
        event = import_travellers(
            ACROSS,
            club=club,
            name=f"Across {option}",
            across_field=True,
            options={**club.option_values(), "places": option},
        )
        return {
            (row["section"] if "section" in row else name, row["pair"], row["direction"]): row[
                "rank"
            ]
            for name, row in _rows_with_sections(event)
        }

    assert places("field") == {("A", 1, "NS"): "2", ("A", 2, "NS"): "3", ("B", 1, "NS"): "1",
                               ("B", 2, "NS"): "4", ("A", 1, "EW"): "3", ("A", 2, "EW"): "2",
                               ("B", 1, "EW"): "4", ("B", 2, "EW"): "1"}  # fmt: skip
    assert places("section") == {("A", 1, "NS"): "1", ("A", 2, "NS"): "2", ("B", 1, "NS"): "1",
                                 ("B", 2, "NS"): "2", ("A", 1, "EW"): "2", ("A", 2, "EW"): "1",
                                 ("B", 1, "EW"): "2", ("B", 2, "EW"): "1"}  # fmt: skip


def _rows_with_sections(event):
    for section in results_document(event)["sections"]:
        for row in section["pairs"]:
            yield section["name"], row


def test_the_json_export_of_a_session_names_its_program(director_client, club):
    event = _by_page(director_client, club, "kops")
    document = json.loads(write_results(event, "json"))
    assert document["options"]["rounding"] == "board-mp"
    assert document["scored"].endswith("(as KoPS)")


def test_ave_plus_imps_in_decimals_on_the_options_page(director_client, club):
    event = make_session(club, scoring_method="cross-imps")
    url = reverse("session_options", args=[event.pk])
    response = director_client.post(url, {"scoring": "cross-imps", "ave_plus_imps": "1.2"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert "Ave+ 1.2 IMPs per board" in event.describe_scoring()
    response = director_client.post(url, {"scoring": "cross-imps", "ave_plus_imps": "1.234"})
    assert "Ensure that there are no more than 2 decimal places." in response.content.decode()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_sessions_with_factored_totals_keep_percentages_of_the_total_after_migrating():
    # Before the two rules were apart, factored totals also took the percentage from the
    # printed total (ACBLscore): the migration keeps those sessions' results as they were.
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = (
        ("events", "0017_table_entry_rulings"),
        ("events", "0018_conventions_of_other_programs"),
    )
    try:
        executor = MigrationExecutor(connection)
        executor.migrate([before])
        old = executor.loader.project_state([before]).apps
        club = old.get_model("events", "Club").objects.create(
            name="Old", slug="old", totals="factored"
        )
        events = old.get_model("events", "Event").objects
        factored = events.create(club=club, name="F", date="2026-01-05", totals="factored")
        raw = events.create(club=club, name="R", date="2026-01-05", totals="raw")
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate([after])
        new = executor.loader.project_state([after]).apps
        events = new.get_model("events", "Event").objects
        assert events.get(pk=factored.pk).percentages == "from-total"
        assert events.get(pk=raw.pk).percentages == "exact"
        assert new.get_model("events", "Club").objects.get(pk=club.pk).percentages == "from-total"
    finally:  # the tests after this one find the database as the app's latest migration left it
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_program_chosen_on_the_import_page_brings_its_matchpoint_scale(director_client, club):
    # The Lindfield USEBIO file is scored 2/1 (Compscore3); imported "as ACBLscore" with the
    # file's own method, it is matchpointed 1/½ as ACBLscore would.
    from pathlib import Path

    from django.core.files.uploadedfile import SimpleUploadedFile

    path = Path(__file__).parent / "real_events" / "usebio" / "mp_pairs_howell.xml"
    upload = SimpleUploadedFile("lindfield.xml", path.read_bytes(), "application/xml")
    response = director_client.post(reverse("session_import"), {
        "club": club.pk, "name": "", "file": upload, "movement": "", "scoring": "",
        "scored_as": "acblscore",
    })  # fmt: skip
    assert response.status_code == 302
    event = Event.objects.get()
    assert (event.scoring, event.totals, event.percentages) == (
        "matchpoints",
        "factored",
        "from-total",
    )
    assert event.describe_scoring().endswith("(as ACBLscore)")
