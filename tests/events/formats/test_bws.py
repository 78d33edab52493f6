"""Bridgemate .bws: a real server file (a club's 11-table Mitchell, 2026-01-19) read and
imported; a file that is no .bws, or a bad ReceivedData row, refused and nothing stored.

The file and an export of its ReceivedData table made with mdbtools 1.0.0 (Debian's
mdb-export, a second, independent Access reader) are in tests/events/real_events/bws/ (source
and licence in tests/events/real_events/README.md). A .bws holds the raw results only, no
matchpoints or places, and the ACBL Live page of this game is not public in any repository,
so there are no published totals to compare with: the test checks every result against
mdbtools' reading and the session's shape against the file's own RoundData movement.
"""

import csv
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from events.formats import ImportProblems, read_traveller_file
from events.formats import bws as bws_format
from events.formats.bws import read_bws
from events.models import Event, Result
from events.sessions.importing import import_traveller_file

BWS_DIR = Path(__file__).parents[1] / "real_events" / "bws"
SAMPLE = BWS_DIR / "1768880456-bJwUQdVmhY@260119M.BWS"
MDB_EXPORT = BWS_DIR / "1768880456-bJwUQdVmhY@260119M.ReceivedData.csv"


@pytest.fixture(scope="module")
def parsed():
    return read_bws(SAMPLE.read_bytes())


def test_it_reads_every_result_as_mdbtools_exports_it(parsed):
    with open(MDB_EXPORT, newline="") as file:
        exported = list(csv.DictReader(file))
    assert len(exported) == 297
    ours = {line.place: line for line in parsed.lines}
    assert set(ours) == {f"ReceivedData row {row['ID']}" for row in exported}
    differing = []
    for row in exported:
        line = ours[f"ReceivedData row {row['ID']}"]
        contract, seat, result = line.text.split() if line.text != "PASS" else ("PASS", "", "")
        theirs = (
            int(row["Board"]),
            int(row["PairNS"]),
            int(row["PairEW"]),
            row["Contract"].replace(" ", "").upper(),
            row["NS/EW"] if result else "",
            row["Result"],
        )
        if (line.board, line.ns[0], line.ew[0], contract, seat, result) != theirs:
            differing.append((row["ID"], theirs, line))
    assert differing == []


def test_it_reads_the_session_and_the_names_typed_at_the_tables(parsed):
    assert (parsed.event_name, parsed.date.isoformat(), parsed.movement, parsed.source) == (
        "Bridge game", "2026-01-19", "mitchell", "Bridgemate BWS",
    )  # fmt: skip
    # PlayerNumbers has the four seats of each of the 11 tables, typed before round 1; one
    # of its 44 rows has no name (as mdb-export shows it too).
    assert len(parsed.names) == 22
    assert sum(bool(name) for names in parsed.names.values() for name in names) == 43


def test_it_imports_the_whole_session(club):
    event = import_traveller_file(read_traveller_file(SAMPLE.read_bytes(), "bws"), club=club)
    section = event.sections.get()
    assert (event.name, event.movement, section.name) == ("Bridge game", "mitchell", "A")
    # RoundData: 11 tables, 9 rounds of 3 boards: 27 boards, each played at all 11 tables by
    # 11 NS and 11 EW pairs, 297 results.
    assert Result.objects.filter(board__section=section).count() == 297
    assert section.pairs.filter(direction="NS").count() == 11
    assert section.pairs.filter(direction="EW").count() == 11
    assert section.boards.count() == 27
    assert {board.results.count() for board in section.boards.all()} == {11}
    assert all(row.percentage is not None for row in _standings(event))


def _standings(event):
    from events.standings.ranking import event_standings

    return [row for _, groups in event_standings(event) for group in groups for row in group.rows]


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"Standard Jet DB" * 100,
        (BWS_DIR.parent / "usebio" / "mp_pairs_howell.xml").read_bytes(),
    ],
    ids=["empty", "not-access", "xml"],
)
def test_a_file_that_is_no_bws_is_refused_and_nothing_stored(club, data):
    with pytest.raises(ImportProblems) as refused:
        import_traveller_file(read_bws(data), club=club)
    assert refused.value.described()[0].startswith(
        "the file: cannot be read as a Bridgemate .bws (Access) file"
    )
    assert Event.objects.count() == 0


def _tables(*received):
    columns = ("ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW", "NS/EW",
               "Contract", "Result", "Erased")  # fmt: skip
    return {
        "ReceivedData": [dict(zip(columns, row, strict=True)) for row in received],
        "Section": [{"ID": 1, "Letter": "A  "}],
        "Session": [{"Name": "Tuesday", "Date": "2026-11-24 00:00:00"}],
        "RoundData": [], "PlayerNumbers": [], "HandRecord": [],
    }  # fmt: skip


def test_a_bad_row_is_named_by_its_id_and_nothing_stored(club, monkeypatch):
    tables = _tables(
        (1, 1, 1, 1, 1, 1, 1, "N", "4 S", "=", False),
        (2, 1, 2, 1, 1, 2, 2, "Q", "4 S", "=", False),
        (3, 1, 3, 1, 1, 3, 3, "S", "8 S", "=", False),
        (4, 1, 1, 1, 2, 1, 1, "E", "3 NT x", "twice", False),
        (5, 2, 2, 1, 2, 2, 2, "E", "3 NT", "=", False),
    )
    monkeypatch.setattr(bws_format, "_tables", lambda data: tables)
    with pytest.raises(ImportProblems) as refused:
        import_traveller_file(read_bws(b"..."), club=club)
    assert refused.value.described() == [
        "ReceivedData row 2: declarer 'Q' is not a seat N, E, S or W",
        "ReceivedData row 3: contract '8 S' is not a contract (e.g. 4 S, 3 NT x)",
        "ReceivedData row 4: result 'twice' is not =, +1 or -2 and so on",
        "ReceivedData row 5: section 2 is not in the Section table",
    ]
    assert Event.objects.count() == 0


def test_a_result_corrected_at_the_table_counts_once_and_an_erased_one_not_at_all(monkeypatch):
    tables = _tables(
        (1, 1, 1, 1, 1, 1, 1, "N", "4 S", "-1", False),
        (2, 1, 1, 1, 1, 1, 1, "N", "4 S", "=", False),  # the same table and board, sent again
        (3, 1, 2, 1, 1, 2, 2, "W", "3 NT xx", "+1", False),
        (4, 1, 2, 1, 2, 2, 2, "S", "PASS", "", True),
    )
    monkeypatch.setattr(bws_format, "_tables", lambda data: tables)
    lines = read_bws(b"...").lines
    assert [(line.place, line.text) for line in lines] == [
        ("ReceivedData row 2", "4S N ="),
        ("ReceivedData row 3", "3NTXX W +1"),
    ]


def test_the_command_imports_the_bws(club):
    out = StringIO()
    call_command(
        "import_travellers", str(SAMPLE), "--club", club.slug, stdout=out, stderr=StringIO()
    )
    assert out.getvalue().startswith("Imported 297 results into session")
    assert Event.objects.get().name == "Bridge game"
