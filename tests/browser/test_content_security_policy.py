"""The Content-Security-Policy in a real browser: the pages a director and a player use load and
work with no violation (htmx polling, the entry scripts, the page's own small scripts), and
inline script is refused."""

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
    # The pairs page's script (static/js/pairs.js): a member's number becomes the name.
    page.goto(f"/sessions/{session.pk}/pairs/")
    box = page.locator("input[list=members]").first
    box.fill("1001")
    box.press("Tab")
    assert box.input_value() == "Ann Smith"
    # A print button (static/js/page.js, data-print) prints.
    page.goto(f"/sessions/{session.pk}/cards/")
    page.evaluate("window.print = () => { window.printed = true }")
    page.get_by_role("button", name="Print the cards").click()
    assert page.evaluate("window.printed") is True
    assert violations == []


def test_removing_a_penalty_asks_first(page, violations, session):
    from events.models import Pair, Penalty

    pair = Pair.objects.filter(section__event=session).first()
    Penalty.objects.create(pair=pair, amount=1, reason="Slow play")
    log_in(page, "dora")
    page.goto(f"/sessions/{session.pk}/penalties/")
    questions = []

    def answer(dialog, accept):
        questions.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.get_by_role("button", name="Remove").click()
    assert questions == ["Remove this penalty?"]
    assert Penalty.objects.filter(pair__section__event=session).count() == 1
    page.once("dialog", lambda dialog: answer(dialog, True))
    with page.expect_navigation():
        page.get_by_role("button", name="Remove").click()
    assert Penalty.objects.filter(pair__section__event=session).count() == 0
    assert violations == []


def test_a_players_pages_run_under_the_policy(page, violations, session):
    for path in ["/", f"/sessions/{session.pk}/", f"/sessions/{session.pk}/travellers/"]:
        assert page.goto(path).status == 200
    with page.expect_response(lambda r: "since=" in r.url):
        pass
    assert violations == []


def test_an_inline_handler_is_refused(page, violations, session):
    """The checks above can fail: inline code, even added to a page later, does not run."""
    log_in(page, "dora")
    page.goto(f"/sessions/{session.pk}/cards/")
    page.evaluate(
        """() => {
            const button = document.createElement("button");
            button.id = "injected";
            button.setAttribute("onclick", "window.ranInline = true");
            button.textContent = "Injected";
            document.body.append(button);
        }"""
    )
    page.click("#injected")
    assert page.evaluate("window.ranInline") is None
    assert any("inline event handler" in text for text in violations), violations
