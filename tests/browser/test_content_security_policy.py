"""The Content-Security-Policy in a real browser: the pages a director and a player use load and
work with no violation (htmx polling, the entry scripts, the inline ones allowed by hash)."""

import pytest

from events.models import Board, Member
from tests.browser.conftest import log_in
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def violations(page):
    """Every message Chromium logs about a blocked script, style, image or connection."""
    seen = []
    page.on(
        "console",
        lambda message: (
            seen.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return seen


@pytest.fixture
def session():
    director = make_user(username="dora")
    club = make_club(directors=[director], name="Riverside Bridge Club")
    Member.objects.create(club=club, name="Ann Smith", number="1001")
    event = make_session(club, tables=3, boards_per_round=2)
    event.published = True
    event.save()
    return event


def test_a_directors_pages_run_under_the_policy(page, violations, session):
    log_in(page, "dora")
    board = Board.objects.get(section__event=session, number=1)
    for path in [
        "/",
        f"/sessions/{session.pk}/",
        f"/boards/{board.pk}/",
        f"/sessions/{session.pk}/penalties/",
        f"/sessions/{session.pk}/recap/",
        "/admin/",
    ]:
        response = page.goto(path)
        assert response.status == 200, path
        assert "default-src 'self'" in response.headers["content-security-policy"]
    # htmx works (no eval needed): the live standings poll and swap without a violation.
    page.goto(f"/sessions/{session.pk}/")
    with page.expect_response(lambda r: "since=" in r.url):
        pass
    # The inline script allowed by its hash runs: a member's number becomes the name.
    page.goto(f"/sessions/{session.pk}/pairs/")
    box = page.locator("input[list=members]").first
    box.fill("1001")
    box.press("Tab")
    assert box.input_value() == "Ann Smith"
    # The inline onclick allowed by its hash runs too.
    page.goto(f"/sessions/{session.pk}/cards/")
    page.evaluate("window.print = () => { window.printed = true }")
    page.get_by_role("button", name="Print the cards").click()
    assert page.evaluate("window.printed") is True
    assert violations == []


def test_a_players_pages_run_under_the_policy(page, violations, session):
    for path in ["/", f"/sessions/{session.pk}/", f"/sessions/{session.pk}/travellers/"]:
        assert page.goto(path).status == 200
    with page.expect_response(lambda r: "since=" in r.url):
        pass
    assert violations == []


def test_without_its_hash_an_inline_handler_is_blocked(page, violations, session, settings):
    """The check above can fail: drop the hashes and Chromium refuses the onclick."""
    directives = settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]
    settings.CONTENT_SECURITY_POLICY = {
        "DIRECTIVES": {**directives, "script-src": ["'self'"]},
    }
    log_in(page, "dora")
    page.goto(f"/sessions/{session.pk}/cards/")
    page.get_by_role("button", name="Print the cards").click()
    assert any("inline event handler" in text for text in violations), violations
