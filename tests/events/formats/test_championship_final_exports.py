"""A championship's final in its JSON and USEBIO files, and the USEBIO file read back by
import_travellers --championship to the same final standings.

The field and its figures are tests/events/championships/test_final.py's, worked by hand: two
qualifying 3-table Mitchells; the top 2 overall go through, and the tie at 50% for second
takes four pairs through with Ann & Bob (100%). Half carried (the EBU White Book's
*Carry-forward Score Formula*, English Bridge Union, carries half with a final as long as the
qualifier; docs/rules.md): Cat & Dan 25 + 100% in the final = 125, first; Ann & Bob 50 + 50% =
100, second; each EW pair 25 + 50% = 75, 3=. All carried, with a qualifier twice the final's
length (the White Book's half of C = S × FT / (2 × QT) over the final's top): Cat & Dan 50 +
100 = 150. The final's SESSION is Clubscore's own addition to the USEBIO layout of several
sessions (events/formats/championship_usebio.py).
"""

import datetime
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from events.championships.final import final_standings
from events.championships.importing import import_championship
from events.championships.setup import create_championship
from events.formats.championship_json import championship_document
from events.formats.championship_usebio import write_championship_usebio
from events.models import Championship, Event
from tests.events.championships.helpers import NAMES, name_pairs, play_everything, two_sessions
from tests.events.championships.test_final import FINAL_NAMES, _qualified
from tests.events.formats.test_championship_exports import LINES, _run, valid_usebio_event
from tests.factories import make_club, make_session


def _final_table(championship) -> dict:
    """Each finalist's names -> (qualifying, carried, final, total, place)."""
    standings = final_standings(championship, director=True)
    assert standings is not None
    return {
        row.entrant.names: (row.qualifying, row.carried, row.final, row.total, row.rank)
        for row in standings.rows
    }


def test_json_carries_the_final_and_keeps_every_field_it_had(club, director):
    championship = _qualified(club, director)
    document = championship_document(championship)
    without = Championship.objects.get(pk=championship.pk)
    Championship.objects.filter(pk=championship.pk).update(final=None, finalists=None)
    without.refresh_from_db()
    before = championship_document(without)
    assert before["final"] is None
    # Only added: every other field as the file without a final has it.
    assert {k: v for k, v in document.items() if k != "final"} == {
        k: v for k, v in before.items() if k != "final"
    }
    final = document["final"]
    assert (final["carry_percent"], final["finalists"], final["qualify_by"]) == (50, 2, "overall")
    assert final["figures"] == "percentages" and final["strangers"] == 1
    assert final["session"]["name"] == "Final"
    assert final["session"]["results"]["format"] == "clubscore-results/1"
    rows = {" & ".join(row["names"]): row for row in final["standings"]}
    cat = rows["Cat & Dan"]
    assert (cat["qualifying"], cat["carried"], cat["final"], cat["total"], cat["rank"]) == (
        50, 25, 100, 125, "1")  # fmt: skip
    assert (rows["Ann & Bob"]["total"], rows["Ann & Bob"]["rank"]) == (100, "2")
    assert {rows[n]["total"] for n in ("Gus & Hal", "Ida & Jo", "Kim & Lee")} == {75}
    json.dumps(document)


def test_json_before_the_final_is_played_has_the_carry_forward_alone(club, director):
    document = championship_document(_qualified(club, director, play_final=False))
    rows = {" & ".join(row["names"]): row for row in document["final"]["standings"]}
    assert (rows["Ann & Bob"]["final"], rows["Ann & Bob"]["total"]) == (None, 50)


def test_usebio_has_the_final_as_a_session_after_the_qualifying_ones(club, director):
    championship = _qualified(club, director)
    event = valid_usebio_event(championship)
    assert event.findtext("SESSION_COUNT") == "3"
    sessions = event.findall("SESSION")
    assert [(s.get("SESSION_ID"), s.get("STAGE")) for s in sessions] == [
        ("1", None), ("2", None), ("F", "FINAL")]  # fmt: skip
    carry = sessions[2].find("CARRY_FORWARD")
    assert [carry.findtext(tag) for tag in ("CARRY_PERCENT", "FINALISTS", "QUALIFY_BY")] == [
        "50", "2", "overall"]  # fmt: skip
    cat = next(p for p in carry.iterfind("PARTICIPANTS/PAIR")
               if p.findtext("PLAYER/PLAYER_NAME") == "Cat")  # fmt: skip
    assert [cat.findtext(t) for t in ("CARRIED_SCORE", "PERCENTAGE", "TOTAL_SCORE", "PLACE")] == [
        "25.00", "100.00", "125.00", "1"]  # fmt: skip
    # The outright and the qualifying sessions as the file without a final writes them.
    Championship.objects.filter(pk=championship.pk).update(final=None, finalists=None)
    championship.refresh_from_db()
    plain = etree.fromstring(write_championship_usebio(championship).encode()).find("EVENT")

    def written(element):
        return etree.tostring(element, with_tail=False)

    assert written(event.find("PARTICIPANTS")) == written(plain.find("PARTICIPANTS"))
    assert [written(s) for s in sessions[:2]] == [written(s) for s in plain.findall("SESSION")]


def test_a_final_not_played_yet_is_no_usebio_session(club, director):
    championship = _qualified(club, director, play_final=False)
    event = etree.fromstring(write_championship_usebio(championship).encode()).find("EVENT")
    assert [s.get("SESSION_ID") for s in event.findall("SESSION")] == ["1", "2"]


@pytest.mark.parametrize(
    ("finalists", "qualify_by", "share"),
    [(2, "overall", 50), (1, "section", 100), (2, "overall", 0)],
)
def test_usebio_imports_back_to_the_same_final_standings(
    club, director, tmp_path, finalists, qualify_by, share
):
    championship = _qualified(club, director, finalists, qualify_by, share)
    out, _ = _run("export_results", str(championship.pk), "--championship", "--format", "usebio")
    path = tmp_path / "club-championship.xml"
    path.write_text(out, encoding="utf-8")
    other = make_club(name="Hillside BC", slug="hillside")
    out, err = _run("import_travellers", str(path), "--club", "hillside", "--championship",
                    "Again")  # fmt: skip
    copy = Championship.objects.get(pk=int(out.split()[-1]))
    assert copy.club == other and copy.final.name == "Final" and copy.final.club == other
    assert (copy.finalists, copy.qualify_by, copy.carry_percent) == (finalists, qualify_by, share)
    assert copy.stages.count() == 2  # the final is no qualifying session
    assert _final_table(copy) == _final_table(championship)
    assert final_standings(copy, True).strangers == final_standings(championship, True).strangers
    assert "warning" not in err
    if share == 50 and finalists == 2:
        assert _final_table(copy)["Cat & Dan"][3:] == (125.0, "1")
    if share == 100:
        assert _final_table(copy)["Ann & Bob"][3] == 150.0  # 100% carried + 50% in the final


def test_the_import_warns_when_the_files_final_is_not_its_own(club, director):
    text = write_championship_usebio(_qualified(club, director))
    text = text.replace("<TOTAL_SCORE>125.00</TOTAL_SCORE>", "<TOTAL_SCORE>99.00</TOTAL_SCORE>")
    imported = import_championship([("c.xml", text.encode())], club=make_club(), name="Again",
                                   combination="factored", missed="zero")  # fmt: skip
    said = [message for _, _, message in imported.warnings]
    assert any(m.startswith("Cat & Dan: 99.00 and 1st in the file's final") for m in said), said


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("<CARRY_PERCENT>50<", "<CARRY_PERCENT>101<", "0 to 100, not 101"),
        ("<CARRY_PERCENT>50<", "<CARRY_PERCENT>half<", "0 to 100, not 'half'"),
        ("<FINALISTS>2<", "<FINALISTS>0<", "a whole number, 1 to 32767, not 0"),
        ("<FINALISTS>2<", "<FINALISTS>9<", "9 cannot go through to the final"),
        ("<QUALIFY_BY>overall<", "<QUALIFY_BY>best<", "not 'best'"),
        ("<CARRY_FORWARD>", "<CARRY_FORWARDS>", "a final has its CARRY_FORWARD"),
        (
            '<SESSION SESSION_ID="2">',
            '<SESSION SESSION_ID="2" STAGE="final">',
            "a championship has one final; the file has 2",
        ),
        ("<TRICKS>10</TRICKS>", "<TRICKS>14</TRICKS>", "TRAVELLER_LINE"),
    ],
)
def test_a_bad_final_is_refused_in_words_and_stores_nothing(
    club, director, tmp_path, old, new, words
):
    text = write_championship_usebio(_qualified(club, director))
    final_at = text.index('<SESSION SESSION_ID="F"')
    if old.startswith("<SESSION"):
        text = text.replace(old, new, 1)
    else:
        assert old in text[final_at:]
        text = text[:final_at] + text[final_at:].replace(old, new, 1)
        if old == "<CARRY_FORWARD>":
            text = text.replace("</CARRY_FORWARD>", "</CARRY_FORWARDS>")
    path = tmp_path / "bad.xml"
    path.write_text(text, encoding="utf-8")
    before = Event.objects.count(), Championship.objects.count()
    err = StringIO()
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_travellers", str(path), "--championship", "C", "--club", club.slug,
                     stdout=StringIO(), stderr=err)  # fmt: skip
    assert words in err.getvalue()
    assert (Event.objects.count(), Championship.objects.count()) == before


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    first=st.lists(st.sampled_from(LINES), min_size=3, max_size=3),
    second=st.lists(st.sampled_from(LINES), min_size=3, max_size=3),
    final=st.lists(st.sampled_from(LINES), min_size=3, max_size=3),
    finalists=st.integers(1, 3),
    qualify_by=st.sampled_from(["overall", "section"]),
    share=st.sampled_from([0, 37, 50, 100]),
)
def test_any_final_reads_back_from_usebio_to_its_standings(
    club, director, first, second, final, finalists, qualify_by, share
):
    """Whatever the tables type in the qualifying sessions and the final, and whoever goes
    through with whatever share, the USEBIO file imports to the same final standings, with no
    warning that the file's differ."""
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, NAMES)
    championship = create_championship(club, "Club pairs", [one, two], "factored", "zero")
    play_everything(one, director, dict(enumerate(first, 1)))
    play_everything(two, director, dict(enumerate(second, 1)))
    event = make_session(club, name="Final", date=datetime.date(2026, 11, 26))
    name_pairs(event, FINAL_NAMES)
    play_everything(event, director, dict(enumerate(final, 1)))
    Championship.objects.filter(pk=championship.pk).update(
        final=event, finalists=finalists, qualify_by=qualify_by, carry_percent=share
    )
    championship.refresh_from_db()
    text = write_championship_usebio(championship)
    imported = import_championship([("c.xml", text.encode())], club=make_club(), name="Again",
                                   combination="factored", missed="zero")  # fmt: skip
    assert _final_table(imported.championship) == _final_table(championship)
    assert imported.warnings == []
