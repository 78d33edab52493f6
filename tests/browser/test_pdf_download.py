"""A director downloads the recap as a PDF from the recap page."""

import io

import pytest
from pypdf import PdfReader

from tests.browser.conftest import log_in
from tests.events.views.test_pdf import scored_session
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
