import pytest

from tests.factories import make_club

pytestmark = pytest.mark.browser


def test_a_visitor_sees_the_club_and_its_empty_list_of_sessions(page, screenshot, db):
    make_club(name="Riverside Bridge Club")
    page.goto("/")
    screenshot("home-empty")
    assert page.title() == "Sessions · Clubscore"
    assert page.locator("h1").inner_text() == "Riverside Bridge Club"
    assert "No sessions yet" in page.locator("main").inner_text()
    assert page.get_by_role("link", name="Director login").is_visible()
