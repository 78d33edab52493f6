"""The import page takes a PBN results file; a session's pages offer its PBN download."""

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from endplay.parsers import pbn as endplay_pbn

from events.models import Event, Result, ResultChange
from events.sessions.importing import import_travellers
from tests.events.formats.test_pbn_results import SCORE_TABLE_FILE
from tests.events.sessions.test_importing import THREE_TABLES


def upload(client, club, text: str, filename="club-night.pbn", **fields):
    data = {"club": club.pk, "name": "", "file": SimpleUploadedFile(filename, text.encode()),
            "movement": "", "scoring": "matchpoints", **fields}  # fmt: skip
    return client.post(reverse("session_import"), data)


def test_it_imports_a_pbn_named_by_its_event_tag(director_client, club, director):
    response = upload(director_client, club, SCORE_TABLE_FILE)
    event = Event.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("session_detail", args=[event.pk])
    assert (event.name, event.movement) == ("Club night", "mitchell")
    assert Result.objects.filter(board__section__event=event).count() == 6
    assert set(ResultChange.objects.values_list("changed_by", flat=True)) == {director.pk}


def test_the_directors_name_wins_over_the_files(director_client, club):
    upload(director_client, club, SCORE_TABLE_FILE, name="Monday")
    assert Event.objects.get().name == "Monday"


def test_a_bad_pbn_lists_its_lines_and_stores_nothing(director_client, club):
    bad = SCORE_TABLE_FILE.replace("A  2  2 4S  N -  8", "A  2  2 8S  N -  8")
    response = upload(director_client, club, bad)
    assert b"Nothing was imported" in response.content
    assert b"Line 13: 8S: level must be 1-7" in response.content
    assert not Event.objects.exists()


def test_a_file_of_another_kind_is_refused(director_client, club):
    response = upload(director_client, club, "<xml/>", filename="results.docx")
    assert b"Clubscore reads .csv, .pbn" in response.content
    assert not Event.objects.exists()


def test_a_session_downloads_as_pbn(client, club):
    event = import_travellers(THREE_TABLES, club=club, name="Published", publish=True)
    page = client.get(reverse("session_detail", args=[event.pk])).content.decode()
    url = reverse("session_results_file", args=[event.pk, "pbn"])
    assert f'href="{url}"' in page
    response = client.get(url)
    assert response["Content-Type"] == "application/x-pbn; charset=utf-8"
    assert f'filename="clubscore-session-{event.pk}.pbn"' in response["Content-Disposition"]
    boards = endplay_pbn.load(io.StringIO(response.content.decode()))
    assert len(boards) == 3


def test_an_unpublished_sessions_pbn_is_not_for_strangers(client, club, stranger):
    event = import_travellers(THREE_TABLES, club=club, name="Private")
    client.force_login(stranger)
    response = client.get(reverse("session_results_file", args=[event.pk, "pbn"]))
    assert response.status_code == 404


def test_an_unknown_format_is_not_found(director_client, club):
    event = import_travellers(THREE_TABLES, club=club, name="x")
    response = director_client.get(reverse("session_results_file", args=[event.pk, "docx"]))
    assert response.status_code == 404


def test_left_to_the_file_the_method_is_the_files(director_client, club):
    butler = SCORE_TABLE_FILE.replace('[Scoring "MatchPoints"]', '[Scoring "Butler"]')
    upload(director_client, club, butler, scoring="")
    assert Event.objects.get().scoring == "butler"
