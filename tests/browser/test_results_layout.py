"""The results pages fit the screens they are read on: the hand-record sheet on a phone, the
demo session's recap on a laptop."""

import pytest

from events.models import Board, Event
from events.sessions.demo import load_demo
from tests.factories import make_club, make_session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every hand has a six-card suit with the ten in it, the widest a suit line usually gets.
SIX_CARD_SUITS = "N:AKQJT9.2.32.5432 8.AKQJT9.54.9876 7.87.AKQJT9.KQJT 65432.6543.876.A"


def lines_of(page, selector: str) -> list[int]:
    """How many lines each element matching `selector` takes on the screen."""
    return page.eval_on_selector_all(
        selector,
        """elements => elements.map(element => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size;
        })""",
    )


def test_on_a_phone_the_hand_record_sheet_keeps_each_suit_on_one_line(page, screenshot):
    event = make_session(make_club(), tables=3, boards_per_round=2)
    Event.objects.filter(pk=event.pk).update(published=True)
    Board.objects.filter(section__event=event, number=1).update(deal=SIX_CARD_SUITS)
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"/sessions/{event.pk}/hand-records/sheet/")
    screenshot("hand-record-sheet-phone")
    lines = lines_of(page, "#hand-1 .suit")
    assert len(lines) == 16 and set(lines) == {1}, lines
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_on_a_laptop_the_recap_keeps_the_total_and_percentage_in_sight(page, screenshot):
    event = load_demo()  # 7 tables, 21 boards: wider than a 1280-pixel screen
    page.goto(f"/sessions/{event.pk}/recap/")
    screenshot("recap-1280")
    for heading in ("Total", "%"):
        cell = page.locator("table.recap thead th", has_text=heading).first
        box = cell.bounding_box()
        assert box["x"] + box["width"] <= 1280, heading
        shown = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y).textContent.trim()",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert shown == heading
