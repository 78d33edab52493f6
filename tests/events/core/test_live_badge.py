"""A live page's heading says whether the session's results are Provisional, Final or
Corrected, outside the live region its polls replace: each poll's answer carries the badge out
of band (hx-swap-oob), so a page left open stops saying Provisional once the director
finalises, and Final once a correction is made. The page itself is unchanged."""

import re

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from events.entry.changes import Correction
from events.entry.saving import save_result
from events.models import Event
from events.sessions.finalising import finalise_session
from tests.events.core.test_live_polling import public_pages
from tests.events.entry.entry_helpers import board_of, movement_rows
from tests.events.sessions.test_finalising_pages import session  # noqa: F401 (a fixture)

BADGE = re.compile(
    r'<span id="session-state"([^>]*)>'
    r'<(span|a) class="tag [^>]*>([^<]*)</\2></span>'
)


def badges(html: str) -> list[tuple[str, bool]]:
    """Each session badge's text, and whether it is sent out of band."""
    return [(text, "hx-swap-oob" in attributes) for attributes, _, text in BADGE.findall(html)]


def poll(client, url: str, since: int):
    return client.get(url, {"since": since}, HTTP_HX_REQUEST="true")


def pages_with_the_badge(event, director) -> list[tuple[Client, str]]:
    """Every live page whose heading shows the badge (a board's page shows the board), with a
    client allowed to read it."""
    pages = public_pages(event)
    del pages["board"]
    director_client = Client()
    director_client.force_login(director)
    return [(Client(), url) for url in pages.values()] + [
        (director_client, reverse("table_links", args=[event.pk]))
    ]


def test_a_polls_answer_after_finalising_carries_the_badge_saying_final(session, director):  # noqa: F811
    shown = session.version
    pages = pages_with_the_badge(session, director)
    for client, url in pages:
        assert badges(client.get(url).content.decode()) == [("Provisional", False)], url
        # The answer of the version shown is cached; finalising moves the version on.
        assert badges(poll(client, url, shown - 1).content.decode()) == [("Provisional", True)]
    finalise_session(session)
    for client, url in pages:
        answer = poll(client, url, shown)
        assert answer.status_code == 200, url
        html = answer.content.decode()
        assert badges(html) == [("Final", True)], url
        # Beside the region, not in it: the region's swap replaces only #live.
        assert re.search(
            r'</div>\s*<span id="session-state" hx-swap-oob="true">'
            r'<span class="tag final">Final</span></span>\s*$',
            html,
        ), url
        page = client.get(url).content.decode()
        assert badges(page) == [("Final", False)], url
        assert "hx-swap-oob" not in page, url


def test_a_polls_answer_after_a_correction_carries_the_badge_saying_corrected(
    session,  # noqa: F811
    director,
):
    finalise_session(session)
    shown = session.version
    board = board_of(session, 1)
    ns, ew = movement_rows(board)[0]
    save_result(
        board,
        ns,
        ew,
        "4H E +1",
        director,
        correction=Correction("The slip said 11 tricks", public=True),
    )
    today = timezone.localdate()
    corrected = f"Corrected on {today.day} {today:%b}"
    for client, url in pages_with_the_badge(session, director):
        html = poll(client, url, shown).content.decode()
        assert badges(html) == [(corrected, True)], url
        corrections = reverse("session_corrections", args=[session.pk])
        assert f'hx-swap-oob="true"><a class="tag corrected" href="{corrections}"' in html
    assert Event.objects.get(pk=session.pk).state == "corrected"


def test_a_boards_poll_carries_no_badge_its_heading_does_not_show(session):  # noqa: F811
    # htmx reports an out-of-band element with nothing to replace as an error.
    shown = session.version
    finalise_session(session)
    url = public_pages(session)["board"]
    html = Client().get(url, {"since": shown}, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="live"' in html
    assert badges(html) == []
