"""A traveller save that fails says so beside the row and keeps what was typed: a server
error, a lost connection, a server error after the line was stored (sending it again keeps
it once), and a login that expired (log in again in another tab, press Enter, saved).

Board 1 (North deals, nobody vulnerable; Law 77): 4S by N making 10 tricks is +420.
"""

import re

import pytest
from django.contrib.sessions.models import Session
from django.db import OperationalError
from playwright.sync_api import expect

from events.entry import outcome
from events.entry.views import NOT_SAVED
from events.models import Board, Result, ResultChange
from tests.browser.conftest import log_in
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAVE = re.compile(r".*/boards/\d+/$")


@pytest.fixture
def board():
    dora = make_user(username="dora")
    club = make_club(directors=[dora], name="Riverside Bridge Club")
    event = make_session(club, tables=3, boards_per_round=2)
    return Board.objects.get(section__event=event, number=1)


def first_row_note(page):
    return page.locator("#traveller tbody tr").first.locator("p.error")


def type_first_row(page, board, text):
    page.goto(f"/boards/{board.pk}/")
    expect(page.locator("input.entry-input:focus")).to_have_count(1)
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def only_posts(handler):
    def route(route):
        if route.request.method == "POST":
            handler(route)
        else:
            route.continue_()

    return route


@pytest.mark.parametrize(
    "failure,message",
    [
        ("500", "Not saved: the server had a problem — your text is still here, press Enter"),
        ("abort", "Not saved: no connection to the server"),
    ],
)
def test_a_failed_save_says_so_and_enter_sends_it_again(page, board, screenshot, failure, message):
    log_in(page, "dora")
    if failure == "500":
        fail = only_posts(lambda route: route.fulfill(status=500, body="Server Error"))
    else:
        fail = only_posts(lambda route: route.abort())
    page.route(SAVE, fail)
    type_first_row(page, board, "4S N =")
    expect(first_row_note(page)).to_contain_text(message)
    expect(page.locator("input.entry-input:focus")).to_have_value("4S N =")
    screenshot(f"save-errors-{failure}")
    assert not Result.objects.exists()
    page.unroute(SAVE)
    page.keyboard.press("Enter")
    expect(page.locator("#traveller tbody tr").first).to_have_class(re.compile("entered"))
    expect(page.locator("#traveller tbody tr").first).to_contain_text("+420")
    assert Result.objects.get().text == "4S N ="


def test_a_save_stored_before_a_500_is_kept_once_when_sent_again(page, board, screenshot):
    log_in(page, "dora")

    def store_then_fail(route):
        route.fetch()  # the server stores the line; its answer is lost on the way back
        route.fulfill(status=500, body="Server Error")

    page.route(SAVE, only_posts(store_then_fail))
    type_first_row(page, board, "4S N =")
    expect(first_row_note(page)).to_contain_text("Not saved: the server had a problem")
    assert Result.objects.get().text == "4S N ="
    page.unroute(SAVE)
    page.keyboard.press("Enter")
    first = page.locator("#traveller tbody tr").first
    expect(first).to_have_class(re.compile("entered"))
    expect(first).not_to_contain_text("Meanwhile")
    screenshot("save-errors-kept-once")
    assert Result.objects.count() == 1
    assert list(ResultChange.objects.values_list("action", flat=True)) == ["created"]


def test_an_expired_login_says_so_and_a_login_in_another_tab_lets_enter_save(
    page, board, screenshot
):
    log_in(page, "dora")
    page.goto(f"/boards/{board.pk}/")
    Session.objects.all().delete()  # the login expires while the director types
    type_first_row_here = page.locator("input.entry-input:focus")
    expect(type_first_row_here).to_have_count(1)
    page.keyboard.type("4S N =")
    page.keyboard.press("Enter")
    expect(first_row_note(page)).to_contain_text(
        "Your login has expired: log in again in another tab, then press Enter."
    )
    expect(type_first_row_here).to_have_value("4S N =")
    screenshot("save-errors-login-expired")
    assert not Result.objects.exists()
    # Logging in again (which gives the browser a new CSRF token) in another tab...
    other = page.context.new_page()
    log_in(other, "dora")
    other.close()
    # ...and Enter in the first tab saves: the new token goes with it.
    page.bring_to_front()
    page.locator("#traveller input.entry-input").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#traveller tbody tr").first).to_have_class(re.compile("entered"))
    assert Result.objects.get().text == "4S N ="


def test_a_busy_database_is_shown_beside_the_row_with_the_text_kept(
    page, board, screenshot, monkeypatch
):
    """The server's own 503 (a lock or statement timeout: tests/events/test_faults.py makes
    real ones on PostgreSQL) carries the rows with the message: the page shows them."""
    log_in(page, "dora")

    def busy(*args, **kwargs):
        raise OperationalError("canceling statement due to lock timeout")

    monkeypatch.setattr(outcome, "_save_line", busy)
    type_first_row(page, board, "4S N =")
    expect(first_row_note(page)).to_have_text(NOT_SAVED)
    expect(page.locator("input.entry-input:focus")).to_have_value("4S N =")
    screenshot("save-errors-database-busy")
    monkeypatch.undo()
    page.keyboard.press("Enter")
    expect(page.locator("#traveller tbody tr").first).to_have_class(re.compile("entered"))
    assert Result.objects.get().text == "4S N ="


def test_a_save_with_no_answer_in_time_says_it_may_not_be_saved(page, board, screenshot):
    log_in(page, "dora")
    page.goto(f"/boards/{board.pk}/")
    # The row waits 20 s for an answer; this test's row waits half a second.
    page.evaluate(
        "document.querySelector('form.row-form').setAttribute('hx-request', '{\"timeout\": 500}')"
    )
    held = []
    page.route(SAVE, only_posts(held.append))  # the request never gets an answer
    expect(page.locator("input.entry-input:focus")).to_have_count(1)
    page.keyboard.type("4S N =")
    page.keyboard.press("Enter")
    expect(first_row_note(page)).to_contain_text(
        "No answer from the server yet: this may not be saved. Press Enter to send it again"
    )
    expect(page.locator("input.entry-input:focus")).to_have_value("4S N =")
    screenshot("save-errors-timeout")
    page.unroute(SAVE)
    page.keyboard.press("Enter")
    expect(page.locator("#traveller tbody tr").first).to_have_class(re.compile("entered"))
    assert Result.objects.get().text == "4S N ="
