import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from events.models import Event, Result
from events.sessions.demo import DEMO_SESSION
from tests.events.sessions.test_importing import THREE_TABLES


def run(*args):
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_import_travellers_prints_the_new_sessions_id_last(db, tmp_path):
    path = tmp_path / "tuesday.csv"
    path.write_text(THREE_TABLES)
    out, _ = run("import_travellers", str(path), "--name", "Tuesday", "--scoring", "matchpoints")
    event = Event.objects.get(name="Tuesday")
    assert out.strip().splitlines()[-1] == str(event.pk)
    assert Result.objects.filter(board__section__event=event).count() == 9


def test_import_travellers_names_a_csv_session_after_its_file(db, tmp_path):
    path = tmp_path / "thursday_pairs.csv"
    path.write_text(THREE_TABLES)
    out, _ = run("import_travellers", str(path))
    assert Event.objects.get(pk=int(out.strip().splitlines()[-1])).name == "Thursday pairs"


def test_import_travellers_reports_bad_lines_and_stores_nothing(db, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,=\n1,2,2,9NT,N,=\n")
    with pytest.raises(CommandError, match="nothing imported: 1 bad line"):
        run("import_travellers", str(path), "--name", "Bad")
    assert not Event.objects.exists()


def test_import_travellers_explains_a_missing_file(db, tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        run("import_travellers", str(tmp_path / "none.csv"), "--name", "x")


def test_export_results_prints_the_documented_json(db, tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(THREE_TABLES)
    out, _ = run("import_travellers", str(path), "--name", "T", "--scoring", "ebu-matchpoints")
    session_id = out.strip().splitlines()[-1]
    document = json.loads(run("export_results", session_id, "--format", "json")[0])
    assert document["format"] == "clubscore-results/1"
    assert document["scoring"] == "ebu-matchpoints"
    (section,) = document["sections"]
    assert section["name"] == "A"
    assert set(section["pairs"][0]) == {
        "pair", "direction", "section", "names", "total", "percentage", "imps_per_board",
        "penalty", "boards", "rank",
    }  # fmt: skip
    assert {p["direction"] for p in section["pairs"]} == {"NS", "EW"}
    board_one = section["boards"][0]
    assert board_one["board"] == 1
    assert board_one["results"][0] == {
        "ns": 1, "ew": 1, "kind": "played", "text": "4S N =", "contract": "4S",
        "declarer": "N", "tricks": 10, "ns_score": 420, "ns_points": 2.0, "ew_points": 2.0,
        "foul_group": None,
    }  # fmt: skip
    adjusted = section["boards"][2]["results"][0]
    assert adjusted["ns_score"] is None and adjusted["ns_points"] == 2.4


def test_export_results_explains_an_unknown_session(db):
    with pytest.raises(CommandError, match="no session 999"):
        run("export_results", "999")


def test_load_demo_is_a_scored_seven_table_mitchell_and_idempotent(db, settings):
    settings.DEBUG = True  # `make run`'s setting; with DEBUG off it asks for a real password
    run("load_demo")
    run("load_demo")
    event = Event.objects.get(name=DEMO_SESSION)
    section = event.sections.get()
    assert (event.movement, section.tables, event.published) == ("mitchell", 7, True)
    for board in section.boards.all():
        points = list(board.results.values_list("ns_points", flat=True))
        assert len(points) == 7
        assert sum(points) == 7 * 6 / 2


def test_import_travellers_reads_a_pbn_and_names_the_session_from_its_event_tag(db, tmp_path):
    from tests.events.formats.test_pbn_results import SCORE_TABLE_FILE

    path = tmp_path / "club-night.PBN"
    path.write_text(SCORE_TABLE_FILE, encoding="latin-1")
    out, _ = run("import_travellers", str(path), "--scoring", "ebu-matchpoints")
    event = Event.objects.get(pk=int(out.strip().splitlines()[-1]))
    assert (event.name, event.scoring, str(event.date)) == (
        "Club night", "ebu-matchpoints", "2026-03-09",
    )  # fmt: skip
    assert Result.objects.filter(board__section__event=event).count() == 6


def test_import_travellers_names_the_line_of_a_bad_pbn(db, tmp_path):
    path = tmp_path / "bad.pbn"
    path.write_text('[Event "x"]\n[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n')
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported: 1 bad line"):
        call_command("import_travellers", str(path), stdout=StringIO(), stderr=err)
    assert err.getvalue() == (
        f"{path}: line 3: a game with a result needs the players' names in North, South, "
        "East and West\n"
    )
    assert not Event.objects.exists()


def test_import_travellers_refuses_a_format_it_does_not_read(db, tmp_path):
    path = tmp_path / "results.txt"
    path.write_text("anything")
    with pytest.raises(CommandError, match="nothing imported"):
        run("import_travellers", str(path), "--name", "x")


def test_export_results_writes_pbn_that_imports_back(db, tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(THREE_TABLES)
    out, _ = run("import_travellers", str(path), "--name", "Round trip")
    session_id = out.strip().splitlines()[-1]
    pbn = run("export_results", session_id, "--format", "pbn")[0]
    assert pbn.startswith("% PBN 2.1")
    exported = tmp_path / "round-trip.pbn"
    exported.write_text(pbn)
    out, _ = run("import_travellers", str(exported), "--scoring", "matchpoints")
    again = out.strip().splitlines()[-1]
    first = json.loads(run("export_results", session_id)[0])["sections"]
    second = json.loads(run("export_results", again)[0])["sections"]
    assert first == second
