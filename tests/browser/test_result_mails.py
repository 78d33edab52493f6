"""A director gives a member's e-mail address (a malformed one is refused, in words) and
finalises the evening; the mail server is down, the session page says so, and once it is back
"Send again" sends each player their results once."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from events.entry.saving import save_result
from events.mail import sending
from events.models import Board, Member
from tests.browser.conftest import log_in
from tests.events.mail.conftest import free_port
from tests.events.mail.conftest import smtp as smtp  # a fixture
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann Abbot", "Ben Bell", "Cat Chen", "Dev Dale", "Eve Evans", "Fay Fox"]


@pytest.fixture
def evening():
    """A 3-table Mitchell of one board a round, every result in, Ann Abbot on the roster."""
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")
    event = make_session(
        club, name="Tuesday pairs", date=datetime.date(2026, 11, 24), tables=3,
        boards_per_round=1,
    )  # fmt: skip
    section = event.sections.get()
    pairs = {p.key: p for p in section.pairs.all()}
    for pair, name in zip(section.pairs.order_by("direction", "number"), NAMES, strict=True):
        pair.player1 = name
        pair.save(update_fields=["player1"])
    movement = section.movement()
    for board in Board.objects.filter(section=section):
        texts = ["4H E =", "4S N =", "3NT S -1"]
        for seating, text in zip(movement.plays_of_board(board.number), texts, strict=True):
            save_result(board, pairs[seating.ns], pairs[seating.ew], text, director)
    Member.objects.create(club=club, name="Ann Abbot")
    return event


@pytest.fixture
def worker_at_once(monkeypatch):
    """The background worker runs each queued task at once (in the web server's thread)."""
    monkeypatch.setattr(
        sending, "async_task", lambda task, event_id, **_: sending.send_pending(event_id)
    )


def test_the_director_sees_a_failed_mail_and_sends_it_again(
    page,
    screenshot,
    evening,
    smtp,  # noqa: F811
    settings,
    worker_at_once,
):
    listening = settings.EMAIL_PORT
    settings.EMAIL_PORT = free_port()  # the club's mail server is down
    log_in(page, "dora")
    page.goto("/clubs/riverside/members/")
    page.get_by_role("link", name="Edit").click()
    # The browser's own check of an e-mail box lets this by; the server refuses it.
    page.get_by_label("E-mail address").fill("ann@example")
    page.get_by_label("Results by e-mail").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator("form.form-grid")).to_contain_text(
        "That is not an e-mail address: it looks like ann@example.org."
    )
    screenshot("member-email-refused")
    page.get_by_label("E-mail address").fill("ann@example.org")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(re.compile(r"/clubs/riverside/members/$"))
    expect(page.locator("table.list")).to_contain_text("ann@example.org · results by e-mail")

    page.goto(f"/sessions/{evening.pk}/finalise/")
    page.get_by_role("button", name=re.compile("Finalise")).click()
    page.wait_for_url(re.compile(rf"/sessions/{evening.pk}/$"))
    mails = page.locator("section[aria-labelledby=mails-heading]")
    expect(mails).to_contain_text("1 failed")
    expect(mails).to_contain_text(f"127.0.0.1:{settings.EMAIL_PORT} could not be reached")
    screenshot("result-mails-failed")

    settings.EMAIL_PORT = listening  # back
    page.get_by_role("button", name="Send the 1 failed mail again").click()
    expect(page.locator(".messages")).to_contain_text("Sending 1 results mail again.")
    expect(mails).to_contain_text("1 sent")
    expect(mails.get_by_role("button")).to_have_count(0)
    screenshot("result-mails-sent")
    assert [recipients for recipients, _ in smtp.mails] == [["ann@example.org"]]
