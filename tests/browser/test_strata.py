"""A director stratifies a finished session in Chromium and reads each pair's places in its
strata; a bad limit is refused in words. The session and its strata as
tests/events/standings/test_strata.py works them by hand."""

import pytest
from playwright.sync_api import expect

from events.models import Event, Member, Pair
from tests.browser.conftest import log_in
from tests.events.mail.conftest import smtp, worker  # noqa: F401  (fixtures)
from tests.events.mail.test_sending import ns1_on_top
from tests.events.standings.test_ranking import play_everything
from tests.events.standings.test_strata import PLAYERS
from tests.factories import make_club, make_session, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_stratifies_and_reads_the_places(page, screenshot):
    dora = make_user(username="dora")
    club = make_club(directors=[dora], name="Riverside Bridge Club")
    event = make_session(club, name="Tuesday pairs")
    section = play_everything(event, dora)
    for number, (first, first_held, second, second_held) in PLAYERS.items():
        Pair.objects.filter(section=section, direction="NS", number=number).update(
            player1=first, player2=second
        )
        Member.objects.create(club=club, name=first, masterpoints_held=first_held)
        Member.objects.create(club=club, name=second, masterpoints_held=second_held)
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/")
    page.get_by_role("link", name="Strata").click()

    page.get_by_label("stratum B: fewer than").fill("200")
    page.get_by_label("stratum C: fewer than").fill("500")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("main")).to_contain_text("Stratum C's limit (500) must be below")
    screenshot("strata-refused")
    assert Event.objects.get(pk=event.pk).stratum_b_below is None

    page.get_by_label("stratum B: fewer than").fill("500")
    page.get_by_label("stratum C: fewer than").fill("200")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages, main").first).to_contain_text("Strata: A open, B under 500")
    row = page.locator("tr", has=page.get_by_role("link", name="NS 3"))
    expect(row.locator("td.strata")).to_have_text("A 3 · B 2 · C 1")
    screenshot("strata-standings")


def test_the_finalised_stratified_results_reach_the_players_by_mail(page, smtp, worker):  # noqa: F811
    """The figures of tests/events/mail/test_sending.py's stratified mail: NS 1 wins, 0.30
    ACBL masterpoints, first in each of the strata A, B and C."""
    dora = make_user(username="dora")
    club = make_club(directors=[dora], name="Riverside Bridge Club", masterpoints="acbl-open")
    event = ns1_on_top(club, dora)
    ns1 = Pair.objects.get(section__event=event, direction="NS", number=1)
    Member.objects.create(
        club=club, name=ns1.player1, email="ann@example.org", email_consent=True,
        masterpoints_held=100,
    )  # fmt: skip
    Member.objects.create(club=club, name=ns1.player2, masterpoints_held=50)
    Event.objects.filter(pk=event.pk).update(stratum_b_below=500, stratum_c_below=200)
    log_in(page, "dora")
    page.goto(f"/sessions/{event.pk}/")
    page.get_by_role("link", name="Finalise results").click()
    page.get_by_role("button", name="Finalise the results").click()
    expect(page.locator("main")).to_contain_text("The results are final")
    worker.run()
    (mail,) = smtp.to("ann@example.org")
    text = mail.get_body(preferencelist=("plain",)).get_content()
    assert "0.30 masterpoints, strata A 1 · B 1 · C 1" in text
    screenshot_name = "strata-finalised"
    page.screenshot(path=f"/tmp/{screenshot_name}.png", full_page=True)
    assert "0.30" in page.locator("tr", has=page.get_by_role("link", name="NS 1")).inner_text()
