"""The hand-records pages: upload, the analysis's progress, the printable sheet."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django_q.models import OrmQ

from events.handrecords.jobs import analyse_next_batch
from events.models import Board
from tests.events.handrecords.test_hand_records import THREE_BOARDS


def upload(client, event, text, name="boards.pbn"):
    pbn = SimpleUploadedFile(name, text.encode("latin-1"), content_type="application/x-pbn")
    return client.post(reverse("hand_records", args=[event.pk]), {"file": pbn}, follow=True)


def test_it_uploads_at_once_and_leaves_the_analysis_to_the_worker(
    director_client, mitchell_session, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(director_client, mitchell_session, THREE_BOARDS)
    body = response.content.decode()
    assert "3 boards read" in body and "The file has no deal for boards 4, 5, 6" in body
    assert "0 of 3</strong> boards analysed" in body
    assert 'hx-trigger="every 2s"' in body, "the progress follows the job"
    assert not Board.objects.filter(dd__isnull=False).exists(), "no analysis inside the request"
    assert OrmQ.objects.count() == 1


def test_the_progress_fragment_shows_the_boards_done(director_client, mitchell_session):
    upload(director_client, mitchell_session, THREE_BOARDS)
    analyse_next_batch(mitchell_session.pk)
    response = director_client.get(
        reverse("hand_records", args=[mitchell_session.pk]), HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert "<html" not in body and body.lstrip().startswith('<section class="card" id="analysis"')
    assert "3 of 3</strong> boards analysed" in body and "every 2s" not in body
    assert "HX-Request" in response["Vary"]


def test_a_bad_file_shows_why_and_imports_nothing(director_client, mitchell_session):
    response = upload(director_client, mitchell_session, THREE_BOARDS.replace('"3"]', '"30"]'))
    body = response.content.decode()
    assert "Nothing was imported: the session has no board 30: it has boards 1-6." in body
    assert not Board.objects.exclude(deal="").exists()


def test_a_file_with_several_problems_lists_them_all(director_client, mitchell_session):
    text = THREE_BOARDS.replace('"3"]', '"30"]') + '\n[Board "2"]\n[Deal "N:AKQ"]\n[Dealer "N"\n'
    body = upload(director_client, mitchell_session, text).content.decode()
    assert "Nothing was imported: the file has 3 problems, listed above." in body
    listed = body.split('<div class="error-box" role="alert">')[1].split("</div>")[0]
    assert "<li>Line 19: a tag is written" in listed
    assert "<li>Board 2: deal &#x27;N:AKQ&#x27;: four hands are needed, found 1</li>" in listed
    assert "<li>The session has no board 30: it has boards 1-6</li>" in listed
    assert listed.count("<li>") == 3
    assert not Board.objects.exclude(deal="").exists()


def test_a_file_too_big_is_refused(director_client, mitchell_session):
    response = upload(director_client, mitchell_session, "%" * 1_000_001)
    assert "a hand record is at most 1,000 kB" in response.content.decode()


def test_a_failure_is_shown_with_a_retry(director_client, mitchell_session):
    upload(director_client, mitchell_session, THREE_BOARDS)
    mitchell_session.analysis_attempts = 3
    mitchell_session.analysis_error = "RuntimeError: DDS error"
    mitchell_session.save()
    body = director_client.get(reverse("hand_records", args=[mitchell_session.pk])).content
    body = body.decode()
    assert "The analysis failed</strong> (attempt 3 of 3): RuntimeError: DDS error" in body
    assert "it has now given up" in body
    OrmQ.objects.all().delete()
    director_client.post(reverse("analysis_retry", args=[mitchell_session.pk]))
    mitchell_session.refresh_from_db()
    assert (mitchell_session.analysis_error, mitchell_session.analysis_attempts) == ("", 0)


def test_strangers_and_other_clubs_cannot_upload(client, stranger, colleague, mitchell_session):
    for user in (stranger, colleague):
        client.force_login(user)
        assert upload(client, mitchell_session, THREE_BOARDS).status_code == 404
        retry = client.post(reverse("analysis_retry", args=[mitchell_session.pk]))
        assert retry.status_code == 404
    assert not Board.objects.exclude(deal="").exists()


def test_the_sheet_and_every_traveller_show_the_hands_dd_table_and_par(
    director_client, client, mitchell_session
):
    upload(director_client, mitchell_session, THREE_BOARDS)
    sheet = director_client.get(reverse("hand_record_sheet", args=[mitchell_session.pk]))
    assert sheet.content.decode().count("being analysed") == 3
    analyse_next_batch(mitchell_session.pk)
    mitchell_session.published = True
    mitchell_session.save()
    for url in ("hand_record_sheet", "session_travellers"):
        body = client.get(reverse(url, args=[mitchell_session.pk])).content.decode()
        assert body.count('class="dd-table numeric"') == 3
        # North's thirteen spades of board 1, the ten printed as a hand record prints it.
        assert "A K Q J 10 9 8 7 6 5 4 3 2" in body
        assert "<strong>Par</strong> NS +1510: 7S N, 7S S" in body
        assert "<strong>Par</strong> 0 (passed out)" in body
        assert "<strong>Par</strong> EW +2210: 7S E, 7S W" in body


def test_an_unpublished_sheet_is_not_shown_to_strangers(client, mitchell_session):
    response = client.get(reverse("hand_record_sheet", args=[mitchell_session.pk]))
    assert response.status_code == 404


def test_the_sheet_downloads_as_pdf(director_client, mitchell_session):
    upload(director_client, mitchell_session, THREE_BOARDS)
    analyse_next_batch(mitchell_session.pk)
    response = director_client.get(reverse("hand_record_sheet_pdf", args=[mitchell_session.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_the_directors_entry_page_shows_the_deal_below_the_traveller(
    director_client, mitchell_session
):
    upload(director_client, mitchell_session, THREE_BOARDS)
    analyse_next_batch(mitchell_session.pk)
    board = Board.objects.get(section__event=mitchell_session, number=3)
    body = director_client.get(reverse("board_traveller", args=[board.pk])).content.decode()
    assert "<h2>The deal</h2>" in body
    assert "<strong>Par</strong> EW +2210: 7S E, 7S W" in body
