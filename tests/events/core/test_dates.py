"""The dates a session may have (events.core.dates): one rule for the forms, every importer and
the database. A file's date from 1925 (contract bridge's first year) to a year ahead imports
as it is; a program's placeholder for none (0001-01-01, 1900-01-01) or 9999-12-31 is refused."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from events.core.dates import date_problem, session_date_range
from events.formats import ImportProblems, bws, read_traveller_file
from events.formats.bws import read_bws
from events.models import Event
from events.sessions.importing import import_traveller_file
from tests.events.formats.test_usebio import _replace
from tests.factories import make_session

TODAY = datetime.date(2026, 11, 24)


def test_a_file_may_date_a_session_from_1925_to_a_year_ahead():
    assert session_date_range(TODAY, typed=False) == (
        datetime.date(1925, 1, 1),
        datetime.date(2027, 11, 24),
    )
    assert date_problem(datetime.date(1937, 3, 1), typed=False, today=TODAY) is None
    assert date_problem(datetime.date(1900, 1, 1), typed=False, today=TODAY) == (
        "the date 1 Jan 1900 is no session's: a session is dated from 1 Jan 1925 to 24 Nov "
        "2027 (contract bridge's first year; an older date is a program's way of writing none)"
    )
    assert date_problem(datetime.date(9999, 12, 31), typed=False, today=TODAY) == (
        "the date 31 Dec 9999 is no session's: a session is dated from 1 Jan 1925 to 24 Nov "
        "2027 (a year ahead)"
    )


def test_a_typed_date_is_held_to_five_years_back():
    assert date_problem(datetime.date(1937, 3, 1), typed=True, today=TODAY) == (
        "1 Mar 1937 is too far from today: a session's date is from 1 Jan 2021 to 24 Nov 2027 "
        "(5 years back to a year ahead)."
    )


def pbn(date: str) -> bytes:
    return (
        f'[Event "Old pairs"]\n[Date "{date}"]\n[Board "1"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]\n'
        "1 1 4S N 10\n2 2 4S N 9\n"
    ).encode()


@pytest.mark.parametrize(
    "date,said",
    [
        ("0001.01.01", "the date 1 Jan 0001 is no session's"),
        ("9999.12.31", "the date 31 Dec 9999 is no session's"),
    ],
)
def test_a_pbn_dated_with_a_placeholder_is_refused_at_its_date(club, date, said):
    with pytest.raises(ImportProblems) as refused:
        import_traveller_file(read_traveller_file(pbn(date), "pbn"), club=club)
    (problem,) = refused.value.described()
    assert problem.startswith(f"line 2: {said}: a session is dated from 1 Jan 1925")
    assert not Event.objects.exists()


def test_results_of_past_years_import_with_their_own_date(club):
    event = import_traveller_file(read_traveller_file(pbn("1937.03.01"), "pbn"), club=club)
    assert event.date == datetime.date(1937, 3, 1)


def test_a_usebio_file_dated_1_january_1900_is_refused(club):
    data = _replace("mp_pairs_howell.xml", "<DATE>27/07/2022</DATE>", "<DATE>01/01/1900</DATE>")
    with pytest.raises(ImportProblems) as refused:
        import_traveller_file(read_traveller_file(data, "xml"), club=club)
    assert refused.value.described()[0].startswith("line 15: the date 1 Jan 1900 is no session's")
    assert not Event.objects.exists()


def test_a_bws_dated_9999_is_refused(club, monkeypatch):
    tables = {
        "ReceivedData": [
            {"ID": 1, "Section": 1, "Table": 1, "Round": 1, "Board": 1, "PairNS": 1,
             "PairEW": 1, "NS/EW": "N", "Contract": "4 S", "Result": "="},
        ],
        "Section": [{"ID": 1, "Letter": "A"}],
        "Session": [{"Name": "Tuesday", "Date": "9999-12-31 00:00:00"}],
        "RoundData": [], "PlayerNumbers": [], "HandRecord": [],
    }  # fmt: skip
    monkeypatch.setattr(bws, "_tables", lambda data: tables)
    with pytest.raises(ImportProblems) as refused:
        import_traveller_file(read_bws(b"..."), club=club)
    assert refused.value.described()[0].startswith(
        "Session table: the date 31 Dec 9999 is no session's"
    )


def test_the_database_refuses_a_date_no_path_of_the_app_could_store(club):
    event = make_session(club)
    for date in (datetime.date(1, 1, 1), datetime.date(9999, 12, 31)):
        with pytest.raises(IntegrityError), transaction.atomic():
            Event.objects.filter(pk=event.pk).update(date=date)
    event.date = datetime.date(1900, 1, 1)
    with pytest.raises(ValidationError, match="A session's date is from 1 Jan 1925 to 31 Dec"):
        event.full_clean()
