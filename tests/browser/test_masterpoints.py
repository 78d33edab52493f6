"""A club's masterpoint awards on the standings page: each award opens on its working, with
no script (a <details>), and the table still fits a laptop's screen."""

import pytest

from events.models import Club, Event
from tests.events.pdfs.test_pdf_pages import scored_session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_award_opens_on_its_working(page, screenshot, club, director):
    Club.objects.filter(pk=club.pk).update(masterpoints="acbl-open")
    event = scored_session(club, director)
    Event.objects.filter(pk=event.pk).update(published=True)
    page.goto(f"/sessions/{event.pk}/")
    first = page.locator("td.masterpoints details").first
    working = first.locator("ul.working")
    assert not working.is_visible()
    first.locator("summary").click()
    assert working.is_visible()
    # ACBL Handbook, "I. Calculating the Awards": 3 pairs a Mitchell direction, one award.
    assert "0.1 × 3 pairs in the group" in working.inner_text()
    screenshot("standings-masterpoints")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
