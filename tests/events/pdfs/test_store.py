"""A session's PDFs are made once per session version, off the request path, and served from the
database; a reader meanwhile sees how far the render has got (events/pdfs/store.py)."""

import datetime
import threading
import time

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from events.core import versions
from events.models import Event, SessionPdf
from events.models.sessions import RESTORE_DAYS
from events.pdfs import store as pdf_store
from events.sessions.lifecycle import delete_session, purge_deleted
from tests.events.pdfs.test_pdf_pages import pdf_of, scored_session, text_of
from tests.events.test_concurrency import run_together
from tests.factories import make_club

URL = "session_travellers_pdf"


@pytest.fixture
def scored(club, director):
    event = scored_session(club, director)
    Event.objects.filter(pk=event.pk).update(published=True)
    event.refresh_from_db()
    return event


@pytest.fixture
def renders(monkeypatch):
    """The kinds of the PDFs rendered, in order (the real render goes on)."""
    made = []
    real = pdf_store.render_document

    def counted(html, paper, report=None):
        made.append(paper)
        return real(html, paper, report)

    monkeypatch.setattr(pdf_store, "render_document", counted)
    return made


@pytest.fixture
def worker(settings, monkeypatch):
    """The production path: requests queue renders for the background worker; the test runs
    the queued renders (`worker.run()`), as `manage.py qcluster` would."""
    settings.PDF_BACKGROUND = True
    queued = []

    def queue(task, pdf_id, **options):
        assert task == pdf_store.TASK
        queued.append(pdf_id)

    monkeypatch.setattr(pdf_store, "async_task", queue)
    # The test's own transaction never commits: hand the task over at once, as after a commit.
    monkeypatch.setattr(pdf_store.transaction, "on_commit", lambda job, *args, **kwargs: job())

    class Worker:
        tasks = queued

        def run(self):
            while queued:
                pdf_store.render(queued.pop(0))

    return Worker()


def test_a_pdf_is_made_once_for_a_version_then_served(client, scored, renders):
    url = reverse(URL, args=[scored.pk])
    first, second = client.get(url), client.get(url)
    assert "Board 6" in text_of(pdf_of(first))
    assert second.content == first.content
    assert renders == ["a4"]
    versions.bump(scored)  # a result or a name changed: the next reader gets a new PDF
    assert "Board 6" in text_of(pdf_of(client.get(url)))
    assert renders == ["a4", "a4"]
    # One row for the PDF, holding the newest file only.
    pdf = SessionPdf.objects.get(event=scored, kind="travellers", paper="a4")
    assert (pdf.version, pdf.state) == (scored.version + 1, SessionPdf.IDLE)


def test_each_paper_is_its_own_pdf(client, scored, renders):
    url = reverse(URL, args=[scored.pk])
    client.get(url)
    client.get(url + "?paper=letter")
    client.get(url + "?paper=letter")
    assert renders == ["a4", "letter"]


def test_with_the_worker_the_reader_waits_on_a_page_that_follows_the_render(
    client, scored, worker, renders
):
    url = reverse(URL, args=[scored.pk])
    response = client.get(url)
    assert response.status_code == 202 and response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    wait_url = f"{url}?paper=a4&amp;version={scored.version}&amp;wait=1"
    assert "Travellers (A4): being prepared" in page
    assert f'hx-get="{wait_url}" hx-trigger="every 1s"' in page  # the htmx poll
    assert f'<noscript><meta http-equiv="refresh" content="2; url={wait_url}">' in page
    assert renders == [] and len(worker.tasks) == 1  # nothing made in the request
    client.get(url)
    assert len(worker.tasks) == 1, "a second reader queues nothing more"

    worker.run()
    wait = url + f"?paper=a4&version={scored.version}&wait=1"
    poll = client.get(wait, HTTP_HX_REQUEST="true")
    assert poll.status_code == 204 and poll["HX-Redirect"] == wait
    ready = client.get(wait)  # where the poll sends the browser: it downloads the file once
    file_url = f"{url}?paper=a4&amp;version={scored.version}"
    assert ready.status_code == 200
    assert f'<meta http-equiv="refresh" content="0; url={file_url}">' in ready.content.decode()
    assert "hx-trigger" not in ready.content.decode()  # it polls no more
    assert "Board 6" in text_of(pdf_of(client.get(url + f"?paper=a4&version={scored.version}")))
    assert renders == ["a4"]


def test_the_page_says_how_far_the_render_has_got(client, scored, worker):
    url = reverse(URL, args=[scored.pk])
    client.get(url)
    SessionPdf.objects.update(
        state=SessionPdf.RENDERING,
        started_at=timezone.now() - datetime.timedelta(seconds=4),
        step="Laying out page 3",
        pages_done=3,
        pages_expected=7,
    )
    fragment = client.get(
        url + f"?paper=a4&version={scored.version}&wait=1", HTTP_HX_REQUEST="true"
    )
    body = fragment.content.decode()
    assert fragment.status_code == 202 and "<html" not in body
    assert "Laying out page 3 of about 7 · 4 s so far." in body
    assert '<progress class="progress-bar" max="100" value="42">42%</progress>' in body


def test_a_render_that_never_starts_says_the_worker_may_be_down(client, scored, worker):
    url = reverse(URL, args=[scored.pk])
    assert "or it is not running" not in client.get(url).content.decode()
    SessionPdf.objects.update(queued_at=timezone.now() - datetime.timedelta(seconds=45))
    page = client.get(url).content.decode()
    assert "Waiting for its turn (45 s so far)" in page
    assert "the background worker that makes PDFs is busy with other work" in page
    assert "or it is not running" in page


def test_a_reader_waiting_for_a_version_gets_it_though_the_session_moved_on(client, scored, worker):
    url = reverse(URL, args=[scored.pk])
    client.get(url)
    worker.run()
    asked = scored.version
    versions.bump(scored)  # a result came in after the reader asked
    wait = client.get(url + f"?paper=a4&version={asked}&wait=1")
    assert wait.status_code == 200 and "is ready" in wait.content.decode()
    # A new reader asks for the new version; the earlier copy is offered meanwhile.
    page = client.get(url)
    assert page.status_code == 202
    assert f'href="{url}?paper=a4&amp;version={asked}">download the earlier copy' in (
        page.content.decode()
    )


def test_a_failed_render_says_why_and_a_director_can_try_again(
    director_client, scored, worker, monkeypatch
):
    client = Client()  # a reader without a login

    def broken(*args, **kwargs):
        raise ValueError("the layout went wrong")

    real = pdf_store.render_document
    monkeypatch.setattr(pdf_store, "render_document", broken)
    url = reverse(URL, args=[scored.pk])
    client.get(url)
    worker.run()
    failed = client.get(url)
    assert failed.status_code == 503
    assert "Travellers (A4) could not be made" in failed.content.decode()
    assert "ValueError: the layout went wrong" in failed.content.decode()
    assert "Try again" not in failed.content.decode()  # only the club's directors may
    assert worker.tasks == [], "the same version is not tried again for every reader"
    client.post(url)
    assert worker.tasks == []

    assert "Try again" in director_client.get(url).content.decode()
    monkeypatch.setattr(pdf_store, "render_document", real)  # whatever it was, it is mended
    assert director_client.post(url).status_code == 302
    worker.run()
    assert "Board 6" in text_of(pdf_of(client.get(url)))


def test_a_render_cut_short_is_started_again(client, scored, worker, renders):
    url = reverse(URL, args=[scored.pk])
    client.get(url)
    # The worker was stopped mid-render: the row still says so, long after.
    long_ago = timezone.now() - pdf_store.STALE_AFTER - datetime.timedelta(seconds=1)
    SessionPdf.objects.update(state=SessionPdf.RENDERING, started_at=long_ago, attempts=1)
    worker.tasks.clear()
    assert client.get(url).status_code == 202
    assert len(worker.tasks) == 1
    worker.run()
    assert "Board 6" in text_of(pdf_of(client.get(url)))


def test_a_render_cut_short_too_often_is_reported_not_retried_forever(client, scored, worker):
    url = reverse(URL, args=[scored.pk])
    client.get(url)
    SessionPdf.objects.update(attempts=pdf_store.MAX_ATTEMPTS)
    worker.run()
    failed = client.get(url)
    assert failed.status_code == 503
    assert "it was cut short too often" in failed.content.decode()


def test_a_render_goes_on_to_the_version_readers_asked_for_meanwhile(scored, worker, renders):
    pdf = pdf_store.ask(scored, "standings", "a4")
    versions.bump(scored)
    scored.refresh_from_db()
    pdf_store.ask(scored, "standings", "a4")  # asked while the first is queued: no new task
    assert len(worker.tasks) == 1
    worker.run()
    pdf.refresh_from_db()
    assert (pdf.version, pdf.state) == (scored.version, SessionPdf.IDLE)
    assert renders == ["a4"], "the queued render made the newest version at once"


@pytest.mark.parametrize(
    "action, field", [("session_publish", "published"), ("session_finalise", "finalised")]
)
def test_publishing_or_finalising_queues_every_pdf(
    director_client, club, director, worker, action, field
):
    event = scored_session(club, director)
    director_client.post(reverse(action, args=[event.pk]), {field: "1"})
    queued = SessionPdf.objects.filter(event=event, state=SessionPdf.QUEUED)
    # No hand records were uploaded: no hand-record sheet to make.
    assert sorted(queued.values_list("paper", "kind")) == sorted(
        (paper, kind)
        for paper in ("a4", "letter")
        for kind in ("standings", "recap", "travellers", "score-cards")
    )
    version = Event.objects.get(pk=event.pk).version
    assert set(queued.values_list("wanted_version", flat=True)) == {version}
    assert len(worker.tasks) == 8
    worker.run()
    assert (
        SessionPdf.objects.filter(event=event, state=SessionPdf.IDLE, version=version).count() == 8
    )
    director_client.post(reverse(action, args=[event.pk]), {field: "0"})
    assert worker.tasks == [], "unpublishing or reopening queues nothing"


def test_without_the_worker_nothing_is_made_ahead(director_client, club, director):
    event = scored_session(club, director)
    director_client.post(reverse("session_finalise", args=[event.pk]), {"finalised": "1"})
    assert not SessionPdf.objects.exists()


def test_a_purged_session_takes_its_pdfs_with_it(client, scored, director):
    client.get(reverse(URL, args=[scored.pk]))
    delete_session(scored, director)
    purge_deleted(now=timezone.now() + datetime.timedelta(days=RESTORE_DAYS + 1))
    assert not SessionPdf.objects.exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="two processes' claims need PostgreSQL's row locks"
)
def test_two_workers_never_make_the_same_pdf_at_once(monkeypatch, settings):
    """Two workers handed the same render (the queue's retry, a second cluster) and two readers
    asking at the same instant: one render, one row."""
    settings.PDF_BACKGROUND = True
    monkeypatch.setattr(pdf_store, "async_task", lambda *args, **kwargs: None)
    from tests.factories import make_user

    director = make_user(username="director")
    event = scored_session(make_club(directors=[director]), director)
    running, most, made = [0], [0], []
    lock = threading.Lock()

    def slow_render(html, paper, report=None):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.5)
        with lock:
            running[0] -= 1
            made.append(paper)
        return b"%PDF-1.7 made once", 1

    monkeypatch.setattr(pdf_store, "render_document", slow_render)
    run_together([lambda: pdf_store.ask(event, "recap", "a4") for _ in range(4)])
    pdf = SessionPdf.objects.get()
    assert pdf.state == SessionPdf.QUEUED
    run_together([lambda: pdf_store.render(pdf.pk) for _ in range(4)])
    assert (made, most[0]) == (["a4"], 1)
    pdf.refresh_from_db()
    assert (bytes(pdf.content), pdf.state) == (b"%PDF-1.7 made once", SessionPdf.IDLE)


def test_a_render_queued_under_the_old_task_path_still_runs(client, scored, worker, renders):
    # django-q keeps a queued task as its function's dotted path: a render queued before the
    # PDFs moved to events/pdfs/ names events.pdf_store.render, and must still make its PDF.
    from django.utils.module_loading import import_string

    client.get(reverse(URL, args=[scored.pk]))
    (pdf_id,) = worker.tasks
    import_string("events.pdf_store.render")(pdf_id)
    pdf = SessionPdf.objects.get(pk=pdf_id)
    assert (pdf.state, pdf.version) == (SessionPdf.IDLE, scored.version)
    assert renders == ["a4"]
    # The reader's next request is served the PDF that render made.
    assert "Board 6" in text_of(pdf_of(client.get(reverse(URL, args=[scored.pk]))))
    assert renders == ["a4"]
