"""A director gives a member's e-mail address (a malformed one is refused, in words) and
finalises the evening; the mail server is down, the session page says so, and once it is back
"Send again" sends each player their results once."""

import re

import pytest
from playwright.sync_api import expect

from events.mail import sending
from events.models import Member
from tests.browser.conftest import log_in
from tests.events.mail.conftest import free_port
from tests.events.mail.conftest import smtp as smtp  # a fixture
from tests.events.mail.test_sending import ns1_on_top
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def evening():
    """The session where NS 1 tops every board (tests/events/mail/), NS 1's first player on
    the roster."""
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club", slug="riverside")
    event = ns1_on_top(club, director)
    ns1 = event.sections.get().pairs.get(direction="NS", number=1)
    Member.objects.create(club=club, name=ns1.player1)
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
