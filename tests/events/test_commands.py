import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from events.demo import DEMO_SESSION
from events.models import Event, Result
from tests.events.test_importer import THREE_TABLES


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


def test_load_demo_is_a_scored_seven_table_mitchell_and_idempotent(db):
    run("load_demo")
    run("load_demo")
    event = Event.objects.get(name=DEMO_SESSION)
    section = event.sections.get()
    assert (event.movement, section.tables, event.published) == ("mitchell", 7, True)
    for board in section.boards.all():
        points = list(board.results.values_list("ns_points", flat=True))
        assert len(points) == 7
        assert sum(points) == 7 * 6 / 2
