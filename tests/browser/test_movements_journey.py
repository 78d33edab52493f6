"""A director sets up a two-section night (an 8-table relay-and-bye-stand Mitchell and a
7½-table Mitchell) from the keyboard and prints the table cards that move the players."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from events.models import Event
from tests.browser.conftest import log_in
from tests.factories import make_club, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots/movements")


@pytest.fixture
def director():
    user = make_user(username="dora")
    make_club(directors=[user], name="Riverside Bridge Club")
    return user


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_two_section_relay_night_and_its_table_cards(page, director):
    log_in(page, "dora")
    page.goto("/sessions/new/")
    page.fill("input[name=name]", "Big Friday")
    page.select_option("select[name=movement]", "relay")
    page.fill("input[name=tables]", "8,7½")
    page.select_option("select[name=phantom]", "EW")
    page.fill("input[name=boards_per_round]", "2")
    page.fill("input[name=rounds]", "6")  # too few for a relay: the form says so
    page.locator("input[name=rounds]").press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("Section A: A relay-and-bye-stand Mitchell")
    shoot(page, "01-form-error")
    page.fill("input[name=rounds]", "")
    page.locator("input[name=rounds]").press("Enter")
    page.wait_for_url(re.compile(r"/sessions/\d+/$"))
    event = Event.objects.get(name="Big Friday")
    assert [(s.name, s.tables, s.relay, s.phantom) for s in event.sections.all()] == [
        ("A", 8, True, ""),
        ("B", 8, True, "EW"),
    ]

    page.goto(f"/sessions/{event.pk}/cards/")
    summary = page.locator(".director-summary")
    expect(summary).to_contain_text("Section A: 8-table relay-and-bye-stand Mitchell, 8 rounds")
    expect(summary).to_contain_text("a bye stand between tables 4 and 5")
    first = page.locator(".table-card").first
    expect(first).to_contain_text("Section A · Table 1")
    expect(first).to_contain_text("NS stay; EW go to table 2; Boards go to table 7")
    expect(first).to_contain_text("Share boards with table 8")
    expect(page.locator(".table-card")).to_have_count(16)
    shoot(page, "02-table-cards-screen")
    page.emulate_media(media="print")
    shoot(page, "03-table-cards-print")
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
