"""A teams event's hand-record pages: the upload (event or round), each match's scorecard
with its boards' hands, double-dummy tables and par, and a round's hand-record sheet (PDF)."""

import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django_q.models import OrmQ
from pypdf import PdfReader

from events.handrecords.jobs import analyse_next_batch
from events.teams import draw
from events.teams.hand_records import import_teams_hand_records
from events.teams.models import TeamsDeal
from tests.events.handrecords.test_hand_records import THREE_BOARDS
from tests.events.teams.factories import make_teams_event
from tests.events.teams.test_hand_records import BOARD_THREE
from tests.events.test_par_commands import TURNED

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club):
    # Six teams, two boards a match: round 1 plays boards 1-2, round 2 boards 3-4.
    event = make_teams_event(club)
    draw.draw_next_round(event)
    return event


def upload(client, event, text, round_number=""):
    pbn = SimpleUploadedFile("boards.pbn", text.encode("latin-1"), content_type="application/x-pbn")
    url = reverse("teams_hand_records", args=[event.pk])
    return client.post(url, {"file": pbn, "round": round_number}, follow=True)


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_the_upload_reads_the_file_and_leaves_the_analysis_to_the_worker(
    director_client, event, django_capture_on_commit_callbacks
):
    page = director_client.get(reverse("teams_hand_records", args=[event.pk])).content.decode()
    assert "The whole event (boards 1–8)" in page and "Round 2 (boards 3–4)" in page
    with django_capture_on_commit_callbacks(execute=True):
        body = upload(director_client, event, THREE_BOARDS).content.decode()
    assert "3 boards read" in body and "The file has no deal for boards 4, 5, 6, 7, 8" in body
    assert "0 of 3</strong> boards analysed" in body and 'hx-trigger="every 2s"' in body
    assert OrmQ.objects.count() == 1
    assert not TeamsDeal.objects.filter(dd__isnull=False).exists(), "no analysis in the request"


def test_a_round_is_uploaded_on_its_own(director_client, event):
    body = upload(director_client, event, BOARD_THREE, round_number="2").content.decode()
    assert "1 board read" in body and "The file has no deal for board 4." in body
    assert dict(TeamsDeal.objects.values_list("number", "deal")) == {3: TURNED}


def test_a_file_that_does_not_fit_the_round_is_refused_in_words(director_client, event):
    body = upload(director_client, event, THREE_BOARDS, round_number="1").content.decode()
    assert "Nothing was imported: the round has no board 3: it has boards 1-2." in body
    assert not TeamsDeal.objects.exists()


def test_a_round_the_event_does_not_play_is_no_choice(director_client, event):
    body = upload(director_client, event, THREE_BOARDS, round_number="9").content.decode()
    assert "Select a valid choice. 9 is not one of the available choices." in body
    assert not TeamsDeal.objects.exists()


def test_only_the_clubs_directors_upload(client, colleague, event):
    url = reverse("teams_hand_records", args=[event.pk])
    assert client.get(url).status_code == 404
    other = Client()
    other.force_login(colleague)
    assert other.get(url).status_code == 404
    pbn = SimpleUploadedFile("boards.pbn", THREE_BOARDS.encode())
    assert other.post(url, {"file": pbn}).status_code == 404
    assert other.post(reverse("teams_analysis_retry", args=[event.pk])).status_code == 404
    assert not TeamsDeal.objects.exists() and not OrmQ.objects.exists()


def test_the_progress_fragment_follows_the_analysis(director_client, event):
    import_teams_hand_records(event, BOARD_THREE, round_number=2)
    url = reverse("teams_hand_records", args=[event.pk])
    body = director_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert body.lstrip().startswith('<section class="card" id="analysis"')
    assert "0 of 1</strong> boards analysed" in body
    response = director_client.post(reverse("teams_analysis_retry", args=[event.pk]), follow=True)
    assert "The analysis is queued again." in response.content.decode()


def _scorecard(client, event, number=1) -> str:
    match = event.matches.get(round=number, table=1)
    return client.get(reverse("teams_match", args=[event.pk, match.pk])).content.decode()


def test_the_scorecard_shows_its_boards_deals_before_the_analysis(client, event):
    event.published = True
    event.save()
    assert 'id="hand-records"' not in _scorecard(client, event), "no hand record yet"
    import_teams_hand_records(event, THREE_BOARDS)
    body = _scorecard(client, event)
    assert 'id="hand-1"' in body and 'id="hand-2"' in body
    assert 'id="hand-3"' not in body, "board 3 is round 2's"
    assert 'aria-label="The deal of board 1"' in body
    assert body.count("Double-dummy table and par: being analysed.") == 2
    assert reverse("teams_round_hand_records_pdf", args=[event.pk, 1]) in body


@pytest.mark.slow
def test_the_scorecard_shows_each_boards_table_and_par(director_client, event):
    import_teams_hand_records(event, THREE_BOARDS)
    analyse_next_batch(event.pk, "teams")
    body = _scorecard(director_client, event)
    board_one = re.search(r'<article class="traveller-card" id="hand-1">.*?</article>', body, re.S)
    # Par of board 1, nobody vulnerable: NS's 7S, 210 + 300 + 1000 = 1510 by the Laws' scoring
    # table, which EW cannot outbid (see tests/events/teams/test_hand_records.py).
    assert "<strong>Par</strong> NS +1510: 7S N, 7S S" in board_one[0]
    assert 'aria-label="Double-dummy tricks, board 1"' in board_one[0]
    # Board 2: Pavlicek's par-zero deal 5 (*Par Score Calculation*): passed out.
    assert "<strong>Par</strong> 0 (passed out)" in body
    assert body.count('class="traveller-card"') == 2, "round 1's boards alone"


@pytest.mark.slow
def test_a_rounds_hand_record_sheet_prints_its_boards_with_par(director_client, event):
    import_teams_hand_records(event, THREE_BOARDS)
    analyse_next_batch(event.pk, "teams")
    url = reverse("teams_round_hand_records_pdf", args=[event.pk, 1])
    response = director_client.get(url + "?paper=letter")
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert 'filename="clubscore-' in response["Content-Disposition"]
    text = pdf_text(response.content)
    assert "Hand records, round 1 · Swiss teams" in text
    assert "Board 1 · Dealer N · Vul None" in text and "Board 2 · Dealer E · Vul NS" in text
    assert "Board 3" not in text, "round 2's board"
    assert "Par NS +1510: 7S N, 7S S" in text
    assert "Provisional" not in text, "a session's words, not a teams event's"
    second = pdf_text(director_client.get(reverse("teams_round_hand_records_pdf",
                                                  args=[event.pk, 2])).content)  # fmt: skip
    # Board 3, EW vulnerable: EW's 7S, 210 + 500 + 1500 = 2210 (the Laws' scoring table).
    assert "Board 3 · Dealer S · Vul EW" in second and "Par EW +2210: 7S E, 7S W" in second


@pytest.mark.slow
def test_a_round_without_hand_records_says_so(director_client, event):
    response = director_client.get(reverse("teams_round_hand_records_pdf", args=[event.pk, 3]))
    assert "No hand records for this round yet." in pdf_text(response.content)


def test_a_round_the_event_does_not_play_has_no_sheet(director_client, event):
    url = reverse("teams_round_hand_records_pdf", args=[event.pk, 5])
    assert director_client.get(url).status_code == 404


def test_the_event_and_round_pages_link_the_hand_records(director_client, event):
    body = director_client.get(reverse("teams_event", args=[event.pk])).content.decode()
    assert reverse("teams_hand_records", args=[event.pk]) in body
    assert reverse("teams_pbn", args=[event.pk]) in body
    body = director_client.get(reverse("teams_round", args=[event.pk, 1])).content.decode()
    assert reverse("teams_round_hand_records_pdf", args=[event.pk, 1]) in body
