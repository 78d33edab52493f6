"""Files other programs write, read as those programs wrote them.

Each case is a layout a real program writes that Clubscore refused: a void written "-"
(EBUScore, PairsScorer), a USEBIO SECTION_ID in free text (PairsScorer's "Sect1"), Ruter's
ScoreTable row for the phantom's table, a line whose contract is no contract but whose score
is given, and Ruter's artificial scores given side by side. Where a real file of that program
could be kept (tests/events/real_events/README.md), the case is that file changed to the
program's way of writing; otherwise the layout is written here by hand, as seen where cited.
"""

from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from events.formats import ImportProblems, read_traveller_file
from events.formats.json_results import results_document
from events.formats.usebio_read import read_usebio
from events.formats.usebio_write import write_usebio
from events.models import Board, Event, Result
from events.sessions.importing import import_traveller_file, import_travellers
from tests.events.test_real_events import LINDFIELD_MITCHELL

REAL = Path(__file__).parents[1] / "real_events" / "usebio"


def _real(name: str) -> str:
    return (REAL / name).read_text(encoding="utf-8")


# --- a void written "-" -----------------------------------------------------------------------


def test_a_void_written_as_a_dash_is_a_void(club):
    # Compscore3 writes a void as an empty suit (<SPADES></SPADES>); EBUScore and PairsScorer
    # write "-". The same file both ways gives the same deals.
    original = _real("butler_howell.xml")
    dashed = original
    for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"):
        dashed = dashed.replace(f"<{suit}></{suit}>", f"<{suit}>-</{suit}>")
    assert dashed.count(">-<") - original.count(">-<") == 11  # the file's eleven voids
    assert read_usebio(dashed.encode()).deals == read_usebio(original.encode()).deals
    event = import_traveller_file(read_usebio(dashed.encode()), club=club)
    assert Board.objects.filter(section__event=event).exclude(deal="").count() == 35


# --- SECTION_ID in free text ------------------------------------------------------------------

TWO_SECTIONS = """section,board,ns,ew,contract,declarer,result
A,1,1,1,4S,N,=
A,1,2,2,4S,N,+1
B,1,1,1,3NT,S,=
B,1,2,2,3NT,S,-1
"""


def _sections_renamed(club, first: str, second: str) -> bytes:
    event = import_travellers(TWO_SECTIONS, club=club, name="Two sections")
    text = write_usebio(event)
    text = text.replace('SECTION_ID="A"', f'SECTION_ID="{first}"')
    return text.replace('SECTION_ID="B"', f'SECTION_ID="{second}"').encode()


@pytest.mark.parametrize(
    "first,second,letters",
    [
        ("Sect1", "Sect2", {"A": "Sect1", "B": "Sect2"}),  # PairsScorer's
        ("1", "2", {"A": "1", "B": "2"}),
        ("Red", "Blue", {"RED": "", "A": "Blue"}),  # up to 3 letters are a section's letters
        ("North room", "South room", {"A": "North room", "B": "South room"}),
        ("Sect2", "2", {"B": "Sect2", "A": "2"}),  # a letter taken goes to the next free one
    ],
)  # fmt: skip
def test_a_free_text_section_id_becomes_a_letter_and_keeps_its_name(club, first, second, letters):
    parsed = read_usebio(_sections_renamed(club, first, second))
    assert sorted({line.section for line in parsed.lines}) == sorted(letters)
    assert parsed.section_labels == {letter: label for letter, label in letters.items() if label}


def test_a_section_named_sect1_is_imported_shown_and_exported_by_its_name(club):
    event = import_traveller_file(read_usebio(_sections_renamed(club, "Sect1", "Sect2")), club=club)
    shown = {section.name: section.shown_name for section in event.sections.all()}
    assert shown == {"A": "A (Sect1)", "B": "B (Sect2)"}
    assert 'SECTION_ID="Sect1"' in write_usebio(event)


# --- a line whose contract is no contract, with a score --------------------------------------


def _bad_contract() -> bytes:
    # The real Lindfield file with its first line's contract written "42" (a level and
    # nothing else); its SCORE (50 to NS) still says what happened.
    text = _real("mp_pairs_mitchell_04.xml")
    first = "<CONTRACT>4H</CONTRACT>\n    <PLAYED_BY>W</PLAYED_BY>"
    assert text.count(first) >= 1
    return text.replace(first, "<CONTRACT>42</CONTRACT>\n    <PLAYED_BY>W</PLAYED_BY>", 1).encode()


def test_a_malformed_contract_with_a_score_is_imported_by_its_score_with_a_warning(club):
    parsed = read_usebio(_bad_contract())
    assert parsed.warnings == [
        (
            336,
            "TRAVELLER_LINE: CONTRACT '42' is not a contract; the line is scored by its "
            "SCORE 50 on board 1",
        ),
    ]
    warnings = []
    event = import_traveller_file(parsed, club=club, warnings=warnings)
    line = Result.objects.get(
        board__section__event=event, board__number=1, ns_pair__number=1, ns_pair__direction="NS"
    )
    assert (line.ns_score, line.contract_level) == (50, None)
    assert parsed.warnings[0] in warnings  # with the import's own (tricks meaning down 4)
    # Scored as published: the line's points are those the file prints.
    published = {
        (int(row["board"]), int(row["ns"]), int(row["ew"])): row
        for row in _published(LINDFIELD_MITCHELL)
    }
    assert line.ns_points == pytest.approx(float(published[(1, 1, 1)]["ns_points"]))


def _published(event):
    import csv

    path = REAL.parent / f"{event.name}.published.csv"
    with open(path, newline="") as file:
        return list(csv.DictReader(file))


def test_the_command_names_the_line_it_warns_of(club, tmp_path):
    path = tmp_path / "lindfield.xml"
    path.write_bytes(_bad_contract())
    err = StringIO()
    call_command("import_travellers", str(path), "--club", club.slug, stdout=StringIO(), stderr=err)
    assert "line 336: warning: TRAVELLER_LINE: CONTRACT '42' is not a contract" in err.getvalue()


def test_the_import_page_shows_the_warning(director_client, club):
    upload = SimpleUploadedFile("lindfield.xml", _bad_contract(), "application/xml")
    response = director_client.post(reverse("session_import"), {
        "club": club.pk, "name": "", "file": upload, "movement": "", "scoring": "",
    }, follow=True)  # fmt: skip
    assert Event.objects.count() == 1
    assert "line 336: TRAVELLER_LINE: CONTRACT &#x27;42&#x27; is not a contract" in (
        response.content.decode()
    )


def test_a_malformed_contract_without_a_score_is_still_refused(club):
    text = _bad_contract().decode().replace("<SCORE>50</SCORE>", "<SCORE></SCORE>", 1)
    with pytest.raises(ImportProblems, match="'42 W 9'"):
        read_usebio(text.encode())


# --- Ruter's ScoreTable: the phantom's table, and artificial scores side by side -------------

# Ruter's layout, as in its PBN of Hallstahammars BK, 2021-09-01 (resultat.svenskbridge.se, see
# tests/events/real_events/README.md): quoted scores, "-" for none, the phantom's table as
# PairId_NS "-" with the scores "Bye". The results here are made up; the layout is Ruter's.
RUTER = r"""% PBN 2.0
% EXPORT
[Event "Ruter layout"]
[Date "2021.09.01"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MatchPoints;MP1"]
[Application "Ruter - Read more at www.brenning.se"]
[TotalScoreTable "TOTALS"]
1 - 1 1 "N-S" 4.0 50.00 "Ann - Bob" 1
1 - 2 2 "N-S" 4.0 50.00 "Cy - Di" 1
1 - 1 1 "E-W" 4.0 50.00 "Ed - Flo" 1
1 - 2 2 "E-W" 4.0 50.00 "Gus - Hal" 1
1 - 3 3 "E-W" 4.0 50.00 "Ivy - Jo" 1
[ScoreTable "SCORES"]
1 1 1 1 4S N 10 SA "420" - 2.0 0.0 100 0
2 1 2 2 4S N 9 SA - "50" 0.0 2.0 0 100
3 1 - 3 - - - - "Bye" "Bye" - 1.0 - 50

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[ScoreTable "SCORES"]
1 2 1 2 3NT S 9 HK "600" - 2.0 0.0 100 0
2 2 2 3 ROW
3 2 - 1 - - - - "Bye" "Bye" - 1.0 - 50
"""

TOTALS = (
    "Rank\\1R;RankTie\\1R;PairId\\1R;Table\\1R;Direction\\5R;TotalScoreMP\\4R;"
    "TotalPercentage\\5R;Names\\37L;NrBoards\\2R"
)
SCORES = (
    "Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;"
    "Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\3R;MP_EW\\3R;Percentage_NS\\3R;"
    "Percentage_EW\\3R"
)
RUTER = RUTER.replace("TOTALS", TOTALS).replace("SCORES", SCORES)

# Ruter's artificial scores: each side's award in its own score column.
ADJUSTED_ROWS = [
    pytest.param('- - - - "A=" "A+" - - 50 60', (50, 60), id="average-and-ave-plus"),
    pytest.param('- - - - "A-" "A+" - - 40 60', (40, 60), id="ave-minus-and-ave-plus"),
    pytest.param('- - - - "A60" "A40" - - 60 40', (60, 40), id="percentages-in-the-scores"),
    pytest.param('- - - - "A" - - - 50 60', (50, 60), id="one-code-and-the-percentages"),
    pytest.param('- - - - "A+" - - - - -', (60, 60), id="one-code-for-both"),
]


def _ruter(row: str):
    return read_traveller_file(RUTER.replace("ROW", row).encode(), "pbn")


def test_the_phantoms_table_is_no_result_and_the_file_imports(club):
    parsed = _ruter('3NT S 8 HK - "100" 0.0 2.0 0 100')
    assert parsed.problems == []
    assert [(line.board, line.ns, line.ew) for line in parsed.lines] == [
        (1, (1, ""), (1, "")), (1, (2, ""), (2, "")), (2, (1, ""), (2, "")), (2, (2, ""), (3, "")),
    ]  # fmt: skip
    event = import_traveller_file(parsed, club=club)
    assert Result.objects.filter(board__section__event=event).count() == 4


@pytest.mark.parametrize("row,percentages", ADJUSTED_ROWS)
def test_each_sides_artificial_score_is_read(club, row, percentages):
    (line,) = [line for line in _ruter(row).lines if line.board == 2 and line.ns == (2, "")]
    event = import_traveller_file(_ruter(row), club=club)
    result = Result.objects.get(board__section__event=event, board__number=2, ns_pair__number=2)
    assert (result.kind, result.ns_percent, result.ew_percent) == ("adjusted", *percentages)
    assert line.text == "{}/{}".format(*percentages)


def test_an_ew_ave_plus_is_worth_60_percent_of_the_top(club):
    # Board 2: one played result and NS Ave, EW Ave+. Two results are due, so the top is 1 at
    # matchpoints (1/½): NS gets 50% of it, EW 60% (Law 12C2), not 50% each.
    event = import_traveller_file(
        _ruter(ADJUSTED_ROWS[0].values[0]), club=club, scoring_method="matchpoints"
    )
    document = results_document(event)
    lines = {
        (board["board"], line["ns"]): line
        for section in document["sections"]
        for board in section["boards"]
        for line in board["results"]
    }
    assert (lines[(2, 2)]["ns_points"], lines[(2, 2)]["ew_points"]) == (0.5, 0.6)
