"""A championship written as JSON (clubscore-championship/1) and as one USEBIO file of several
SESSIONs, read back by import_travellers --championship to the same combined standings.

The field is the championships' tests' (tests/events/championships/helpers.py): two 3-table
Mitchells of 6 boards, a top of 12 a session; every table types the same line for its NS pair's
number. Worked by hand from the rules in docs/rules.md (David Stevenson, *Combining Sessions
with Different Tops*, blakjak.org): Ann & Bob score 12 (100%) in both sessions, 24 factored,
first; Cat & Dan and the EW pairs 6 + 6 = 12, 2=; Eve & Fay 0 + 0, sixth. The USEBIO layout of
several sessions (an EVENT's SESSION_COUNT and a SESSION with its SESSION_ID for each) is as
Marc Shearer's *ImportUsebio* reads it (`Usebio Parser.swift`, github.com/marcshearer/ImportUsebio).
"""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from events.championships.importing import import_championship
from events.championships.setup import create_championship
from events.championships.standings import combined_standings
from events.formats.championship_json import championship_document
from events.formats.championship_usebio import write_championship_usebio
from events.models import Championship, Event
from tests.big_session import make_big_session
from tests.events.championships.helpers import NAMES, name_pairs, play_everything, two_sessions
from tests.events.formats.test_usebio import USEBIO_DTD
from tests.factories import make_club

FIRST = {1: "4S N +1", 2: "4S N =", 3: "4S N -1"}  # NS 1 best
SECOND = {1: "4S N -1", 2: "4S N =", 3: "4S N +1"}  # NS 3 best
# Session 2: Ann and Bob sit NS 3, Eve and Fay NS 1.
SWAPPED = {**NAMES, ("NS", 1): ("Eve", "Fay"), ("NS", 3): ("Ann", "Bob")}
# Kim & Lee play session 1 only; Max & Ned take their seat in session 2.
MISSED = {**SWAPPED, ("EW", 3): ("Max", "Ned")}


def _championship(club, director, second=SWAPPED, combination="factored", missed="zero", **kw):
    one, two = two_sessions(club, **kw)
    name_pairs(one, NAMES)
    name_pairs(two, second)
    championship = create_championship(club, "Club pairs", [one, two], combination, missed)
    play_everything(one, director, FIRST)
    play_everything(two, director, SECOND)
    return championship


def _table(championship) -> dict:
    """Each entrant's names -> (each session's figure, total, place), as the page shows them."""
    return {
        row.entrant.names: (row.cells, row.total, row.rank)
        for row in combined_standings(championship, director=True).rows
    }


def _run(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_json_has_the_combined_standings_its_rules_and_each_sessions_results(club, director):
    championship = _championship(club, director)
    document = championship_document(championship)
    assert document["format"] == "clubscore-championship/1"
    assert document["championship"]["combination"] == "factored"
    assert document["championship"]["missed"] == "zero"
    assert document["championship"]["figures"] == "matchpoints"
    ann = next(row for row in document["standings"] if row["names"] == ["Ann", "Bob"])
    assert (ann["sessions"], ann["total"], ann["rank"], ann["played"]) == ([12, 12], 24, "1", 2)
    eve = next(row for row in document["standings"] if row["names"] == ["Eve", "Fay"])
    assert (eve["total"], eve["rank"]) == (0, "6")
    first, second = document["sessions"]
    assert (first["session"], second["session"]) == (1, 2)
    assert first["results"]["format"] == "clubscore-results/1"
    ns1 = first["results"]["sections"][0]["pairs"]
    assert {(p["direction"], p["pair"]): p["total"] for p in ns1}[("NS", 1)] == 12
    json.dumps(document)  # it is JSON


def test_a_reader_gets_the_published_sessions_only(client, club, director):
    championship = _championship(club, director)
    Event.objects.filter(name="Pairs championship 2").update(published=False)
    response = client.get(reverse("championship_json", args=[championship.pk]))
    assert response["Content-Disposition"].endswith(
        f'clubscore-championship-{championship.pk}.json"'
    )
    document = json.loads(response.content)
    assert document["sessions"][1]["results"] is None
    ann = next(row for row in document["standings"] if row["names"] == ["Ann", "Bob"])
    assert ann["sessions"] == [12, None]


def valid_usebio_event(championship):
    """The EVENT of the championship's USEBIO file, the file checked against the DTD."""
    text = write_championship_usebio(championship)
    root = etree.fromstring(text.encode())
    assert etree.DTD(str(USEBIO_DTD)).validate(root), text
    return root.find("EVENT")


def test_usebio_has_a_session_element_for_each_session_and_the_outright(club, director):
    event = valid_usebio_event(_championship(club, director))
    assert event.findtext("SESSION_COUNT") == "2"
    assert [s.get("SESSION_ID") for s in event.findall("SESSION")] == ["1", "2"]
    assert event.find("SESSION").findtext("DATE") == "24/11/2026"
    outright = {
        pair.findtext("PLAYER/PLAYER_NAME"): (pair.findtext("TOTAL_SCORE"), pair.findtext("PLACE"))
        for pair in event.findall("PARTICIPANTS/PAIR")
    }
    assert outright["Ann"] == ("24", "1")
    assert outright["Eve"] == ("0", "6")


@pytest.mark.parametrize(
    ("second", "combination", "missed"),
    [(SWAPPED, "factored", "zero"), (MISSED, "average", "zero"), (MISSED, "average", "left-out")],
)
def test_usebio_imports_back_to_the_same_combined_standings(
    club, director, tmp_path, second, combination, missed
):
    """With a pair missing a session: averaged, Kim & Lee and Max & Ned (50% in their one
    session) are 25% and 5= when it scores nothing, 50% and 2= when it is left out."""
    championship = _championship(club, director, second, combination, missed)
    path = tmp_path / "club-pairs.xml"
    out, _ = _run("export_results", str(championship.pk), "--championship", "--format", "usebio")
    path.write_text(out, encoding="utf-8")
    other = make_club(name="Hillside BC", slug="hillside")
    out, err = _run("import_travellers", str(path), "--club", "hillside", "--championship",
                    "Club pairs again", "--combination", combination,
                    "--missed", missed)  # fmt: skip
    copy = Championship.objects.get(pk=int(out.split()[-1]))
    assert copy.club == other and copy.name == "Club pairs again"
    assert [stage.event.name for stage in copy.stages.all()] == [
        "Pairs championship 1", "Pairs championship 2"
    ]  # fmt: skip
    assert _table(copy) == _table(championship)
    if second is MISSED:
        kim = _table(copy)["Kim & Lee"]
        assert kim == ([50.0, None], 25.0, "5=") if missed == "zero" else kim[1:] == (50.0, "2=")
    assert "warning" not in err


def test_the_import_warns_when_the_files_outright_is_not_its_own(club, director, tmp_path):
    """Combined otherwise than the file was (total, not factored: the same here, as both
    sessions have the same top) is no difference; averaged, every total differs."""
    championship = _championship(club, director)
    path = tmp_path / "club-pairs.xml"
    path.write_text(write_championship_usebio(championship), encoding="utf-8")
    make_club(name="Hillside BC", slug="hillside")
    _, err = _run("import_travellers", str(path), "--club", "hillside", "--championship", "C",
                  "--combination", "average")  # fmt: skip
    assert "Ann & Bob: 24 and 1st in the file, 100 and 1st here" in err


def test_several_csv_files_make_a_championship(club, director, tmp_path):
    championship = _championship(club, director)
    files = []
    for stage in championship.stages.all():
        path = tmp_path / f"session-{stage.order}.csv"
        _run("export_results", str(stage.event.pk), "--travellers", str(path))
        files.append(str(path))
    make_club(name="Hillside BC", slug="hillside")
    out, _ = _run("import_travellers", *files, "--club", "hillside", "--championship", "Again")
    copy = Championship.objects.get(pk=int(out.split()[-1]))
    # A CSV has no names: the pairs are matched by their seats, NS 1 with NS 1.
    rows = {row.entrant.number: row for row in combined_standings(copy, True).rows}
    assert (rows[1].cells, rows[1].total) == ([12.0, 0.0], 12.0)
    assert copy.stages.count() == 2 and copy.entrants.count() == 6


def test_a_bad_file_stores_nothing_of_any(club, director, tmp_path):
    good = tmp_path / "good.csv"
    good.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,=\n", encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,contract,declarer,result\n1,1,1,9S,N,=\n", encoding="utf-8")
    sessions, championships = Event.objects.count(), Championship.objects.count()
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_travellers", str(good), str(bad), "--championship", "C",
                     stdout=StringIO(), stderr=err)  # fmt: skip
    assert f"{bad}: line 2" in err.getvalue()
    assert (Event.objects.count(), Championship.objects.count()) == (sessions, championships)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["a.csv", "b.csv"], "several files make a championship"),
        (["a.csv", "--championship", "C"], "2 to 4 sessions; the files hold 1"),
        (["a.csv", "b.csv", "--championship", "C", "--name", "X"], "--name is one session's"),
        (["a.csv", "b.csv", "--championship", " "], "it is empty"),
        (
            ["a.csv", "b.csv", "--championship", "C", "--combination", "imps"],
            "IMPs are added up only for sessions scored in IMPs",
        ),
    ],
)
def test_what_cannot_make_a_championship_is_refused_in_words(db, tmp_path, args, words):
    for name in ("a.csv", "b.csv"):
        (tmp_path / name).write_text(
            "board,ns,ew,contract,declarer,result\n1,1,1,4S,N,=\n", encoding="utf-8"
        )
    args = [str(tmp_path / a) if a.endswith(".csv") else a for a in args]
    err = StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import_travellers", *args, stdout=StringIO(), stderr=err)
    assert words in str(refused.value) + err.getvalue()
    assert not Event.objects.exists()


def test_export_results_refuses_pbn_for_a_championship_and_names_a_missing_one(club, director):
    championship = _championship(club, director)
    with pytest.raises(CommandError, match="PBN has no form for several sessions"):
        _run("export_results", str(championship.pk), "--championship", "--format", "pbn")
    with pytest.raises(CommandError, match="there is no championship 999"):
        _run("export_results", "999", "--championship")
    out, _ = _run("export_results", str(championship.pk), "--championship")
    assert json.loads(out)["format"] == "clubscore-championship/1"


def test_the_page_links_both_files(director_client, club, director):
    championship = _championship(club, director)
    page = director_client.get(reverse("championship_detail", args=[championship.pk]))
    content = page.content.decode()
    assert reverse("championship_usebio", args=[championship.pk]) in content
    assert reverse("championship_json", args=[championship.pk]) in content
    response = director_client.get(reverse("championship_usebio", args=[championship.pk]))
    assert response["Content-Type"].startswith("application/xml")
    assert b'<SESSION SESSION_ID="2">' in response.content


def test_sessions_usebio_cannot_type_are_refused_in_words(director_client, club, director):
    championship = _championship(club, director, scoring_method="hdb", boards_per_round=4)
    response = director_client.get(
        reverse("championship_usebio", args=[championship.pk]), follow=True
    )
    assert "No USEBIO file: USEBIO has no event type for" in response.content.decode()


@pytest.mark.parametrize("url_name", ["championship_json", "championship_usebio"])
def test_each_file_takes_a_fixed_number_of_queries_a_session(
    client, club, django_assert_max_num_queries, url_name
):
    """Two 3-table sessions of 6 boards, then four 13-table sessions of 26 boards: the
    queries grow with the sessions, not with their pairs or boards."""
    small = [make_big_session(club, tables=3, boards=6, name=f"Small {n}") for n in (1, 2)]
    big = [make_big_session(club, tables=13, boards=26, name=f"Big {n}") for n in range(1, 5)]
    small_one = create_championship(club, "Small", small, "factored", "zero")
    big_one = create_championship(club, "Big", big, "average", "zero")
    with CaptureQueriesContext(connection) as captured:
        assert client.get(reverse(url_name, args=[small_one.pk])).status_code == 200
    per_session = len(captured.captured_queries) / 2
    with django_assert_max_num_queries(int(4 + 4 * per_session)):
        assert client.get(reverse(url_name, args=[big_one.pk])).status_code == 200


LINES = ["4S N +1", "4S N =", "4S N -1", "3NT S =", "3NT S -2", "PASS", "4H E =", "5DX W -1"]


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    first=st.lists(st.sampled_from(LINES), min_size=3, max_size=3),
    second=st.lists(st.sampled_from(LINES), min_size=3, max_size=3),
    seats=st.permutations([1, 2, 3]),
    newcomer=st.booleans(),
    combination=st.sampled_from(["factored", "total", "average"]),
    missed=st.sampled_from(["zero", "left-out"]),
)
def test_any_championship_reads_back_from_usebio_to_its_standings(
    club, director, first, second, seats, newcomer, combination, missed
):
    """Whatever the tables type, wherever the NS pairs sit in session 2 and whether a pair
    is replaced in it, the USEBIO file imports to the same combined standings, with no
    warning that its outright differs."""
    names = {**NAMES, **{("NS", seat): NAMES[("NS", n)] for n, seat in enumerate(seats, 1)}}
    if newcomer:
        names[("EW", 3)] = ("Max", "Ned")
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, names)
    championship = create_championship(club, "Club pairs", [one, two], combination, missed)
    play_everything(one, director, dict(enumerate(first, 1)))
    play_everything(two, director, dict(enumerate(second, 1)))
    text = write_championship_usebio(championship)
    imported = import_championship(
        [("club-pairs.xml", text.encode())],
        club=make_club(),
        name="Again",
        combination=combination,
        missed=missed,
    )
    assert _table(imported.championship) == _table(championship)
    assert imported.warnings == []


def test_a_usebio_file_of_two_sessions_and_a_csv_make_three(club, director, tmp_path):
    championship = _championship(club, director)
    both = tmp_path / "both.xml"
    both.write_text(write_championship_usebio(championship), encoding="utf-8")
    third = tmp_path / "third.csv"
    _run("export_results", str(championship.stages.first().event.pk), "--travellers", str(third))
    out, _ = _run("import_travellers", str(both), str(third), "--club", club.slug,
                  "--championship", "Three")  # fmt: skip
    copy = Championship.objects.get(pk=int(out.split()[-1]))
    assert copy.stages.count() == 3


def test_a_bad_line_in_the_second_session_of_a_usebio_file_stores_nothing(club, director, tmp_path):
    championship = _championship(club, director)
    text = write_championship_usebio(championship)
    second = text.index('<SESSION SESSION_ID="2">')
    bad = text[:second] + text[second:].replace("<TRICKS>10</TRICKS>", "<TRICKS>14</TRICKS>", 1)
    path = tmp_path / "bad.xml"
    path.write_text(bad, encoding="utf-8")
    sessions = Event.objects.count()
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_travellers", str(path), "--championship", "C", "--club", club.slug,
                     stdout=StringIO(), stderr=err)  # fmt: skip
    at = bad.rindex("<TRAVELLER_LINE>", 0, bad.index("<TRICKS>14</TRICKS>"))
    line = bad[:at].count("\n") + 1  # the line's own start, as every USEBIO problem is named
    assert f"{path}: line {line}: TRAVELLER_LINE" in err.getvalue()
    assert Event.objects.count() == sessions


def test_one_usebio_file_of_two_sessions_without_championship_is_one_session(
    club, director, tmp_path
):
    """As before: one file, one session, its sections those of all the file's SESSIONs."""
    championship = _championship(club, director)
    path = tmp_path / "both.xml"
    path.write_text(write_championship_usebio(championship), encoding="utf-8")
    out, _ = _run("import_travellers", str(path), "--club", club.slug)
    event = Event.objects.get(pk=int(out.split()[-1]))
    assert event.name == "Club pairs" and event.sections.count() == 2
    assert not hasattr(event, "stage")


def test_a_teams_file_cannot_be_a_championships_session(club, tmp_path):
    teams = tmp_path / "teams.xml"
    teams.write_text(
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS"><DATE>01/11/2026</DATE>'
        "</EVENT></USEBIO>",
        encoding="utf-8",
    )
    other = tmp_path / "other.csv"
    other.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,=\n", encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_travellers", str(teams), str(other), "--championship", "C",
                     "--club", club.slug, stdout=StringIO(), stderr=err)  # fmt: skip
    assert "a teams event's file" in err.getvalue()
    assert not Event.objects.exists()


def test_a_session_not_begun_is_not_in_the_usebio_file(club, director):
    """After the first session the standings are its own (scoring/championship.py): the file
    holds that session, and the outright is Ann & Bob's 12, first."""
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, SWAPPED)
    championship = create_championship(club, "Club pairs", [one, two], "factored", "zero")
    play_everything(one, director, FIRST)
    event = etree.fromstring(write_championship_usebio(championship).encode()).find("EVENT")
    assert [s.get("SESSION_ID") for s in event.findall("SESSION")] == ["1"]
    assert event.findtext("SESSION_COUNT") == "1"
    ann = event.find("PARTICIPANTS/PAIR")
    assert (ann.findtext("TOTAL_SCORE"), ann.findtext("PLACE")) == ("12", "1")
