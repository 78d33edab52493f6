"""A director downloads the recap as a PDF from the recap page."""

import io

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.browser.conftest import log_in
from tests.events.pdfs.test_pdf_pages import scored_session
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_downloads_the_recap_as_a_pdf(page, screenshot):
    director = make_user(username="dora")
    event = scored_session(make_club(directors=[director]), director, name="Friday pairs")
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/recap/")
    screenshot("recap-with-pdf-links")
    with page.expect_download() as download:
        page.get_by_role("link", name="PDF (A4)").click()
    pdf = download.value
    assert pdf.suggested_filename == f"clubscore-{event.pk}-recap.pdf"
    reader = PdfReader(io.BytesIO(open(pdf.path(), "rb").read()))
    text = "\n".join(sheet.extract_text() for sheet in reader.pages)
    assert "Recap · Friday pairs" in text
    assert "Ann0 Able & Bob0 Baker" in text
    assert reader.pages[0].mediabox.width > reader.pages[0].mediabox.height


def test_a_reader_waits_for_a_pdf_being_prepared_and_it_downloads_by_itself(
    page, screenshot, settings, monkeypatch
):
    """With the background worker: the first reader after a change sees the render's progress,
    and the file downloads once it is made, without a click."""
    from events.models import Event, SessionPdf
    from events.pdfs import store as pdf_store

    settings.PDF_BACKGROUND = True
    queued = []
    monkeypatch.setattr(pdf_store, "async_task", lambda task, pdf_id, **kw: queued.append(pdf_id))
    director = make_user(username="dora")
    event = scored_session(make_club(directors=[director]), director, name="Friday pairs")
    Event.objects.filter(pk=event.pk).update(published=True)
    page.goto(f"/sessions/{event.pk}/recap/")
    with page.expect_navigation():
        page.get_by_role("link", name="PDF (Letter)").click()
    expect(page.get_by_role("heading", name="Recap (Letter): being prepared")).to_be_visible()
    expect(page.get_by_text("Waiting for its turn")).to_be_visible()
    screenshot("pdf-being-prepared")
    (pdf_id,) = queued
    with page.expect_download(timeout=15_000) as download:
        pdf_store.render(pdf_id)  # the worker's turn
    assert download.value.suggested_filename == f"clubscore-{event.pk}-recap.pdf"
    reader = PdfReader(io.BytesIO(open(download.value.path(), "rb").read()))
    assert "Recap · Friday pairs" in reader.pages[0].extract_text()
    expect(page.get_by_role("heading", name="Recap (Letter) is ready")).to_be_visible()
    screenshot("pdf-ready")
    assert SessionPdf.objects.get().state == SessionPdf.IDLE
