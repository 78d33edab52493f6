"""How often an open page asks for what changed (events/core/live.py): every second while a
session is provisional, every 30 s once it is final (a correction is rare, but must still
reach a page left open); the answer that brings the finalising slows the open page down."""

import re

from django.test import Client
from django.urls import reverse

from events.entry.changes import Correction
from events.entry.saving import save_result
from events.models import Event
from events.sessions.finalising import finalise_session
from tests.events.entry.entry_helpers import board_of, movement_rows
from tests.events.one_table.test_one_table import make_game
from tests.events.sessions.test_finalising_pages import session  # noqa: F401 (a fixture)
from tests.events.teams.factories import make_teams_event

EVERY_SECOND, EVERY_30_SECONDS = "every 1s", "every 30s"


def public_pages(event) -> dict[str, str]:
    board = board_of(event, 1)
    ns = movement_rows(board)[0][0]
    return {
        "standings": reverse("session_detail", args=[event.pk]),
        "recap": reverse("session_recap", args=[event.pk]),
        "travellers": reverse("session_travellers", args=[event.pk]),
        "score cards": reverse("score_cards", args=[event.pk]),
        "score card": reverse("score_card", args=[event.pk, ns.pk]),
        "board": reverse("board_traveller", args=[board.pk]) + f"?pair={ns.pk}",
    }


def director_pages(event) -> dict[str, str]:
    board = board_of(event, 1)
    section = board.section
    return {
        "board": reverse("board_traveller", args=[board.pk]),
        "table round": reverse("table_round", args=[section.pk, 1, 1]),
        "table links": reverse("table_links", args=[event.pk]),
    }


def polls(html: str) -> dict[str, str]:
    """Each polling element's id and its hx-trigger."""
    found = re.findall(r'<\w+ id="([\w-]+)"[^>]* hx-trigger="([^"]*)"', html)
    return dict(found)


def live_regions(html: str) -> dict[str, str]:
    """The live regions' triggers: the page's #live and the compact standings beside a board."""
    return {key: value for key, value in polls(html).items() if key in ("live", "standings")}


def test_a_provisional_sessions_pages_ask_every_second(session, director):  # noqa: F811
    director_client = Client()
    director_client.force_login(director)
    for client, pages in (
        (Client(), public_pages(session)),
        (director_client, director_pages(session)),
    ):
        for name, url in pages.items():
            regions = live_regions(client.get(url).content.decode())
            assert regions, f"{name} has no live region"
            assert all(t.startswith(EVERY_SECOND) for t in regions.values()), (name, regions)


def test_a_final_sessions_pages_ask_every_thirty_seconds(session, director):  # noqa: F811
    finalise_session(session)
    director_client = Client()
    director_client.force_login(director)
    for client, pages in (
        (Client(), public_pages(session)),
        (director_client, director_pages(session)),
    ):
        for name, url in pages.items():
            html = client.get(url).content.decode()
            regions = live_regions(html)
            assert regions, f"{name} has no live region"
            assert all(t.startswith(EVERY_30_SECONDS) for t in regions.values()), (name, regions)
            # The director's keyboard traveller merges its rows itself and keeps asking every
            # second (static/js/entry.js): it is where the director types the corrections.
            others = {
                key: t for key, t in polls(html).items() if key not in regions and "every" in t
            }
            assert set(others) <= {"traveller"}, (name, others)


def test_the_compact_standings_beside_a_final_board_ask_slowly_but_follow_a_save_at_once(
    session,  # noqa: F811
):
    board = board_of(session, 1)
    finalise_session(session)
    html = Client().get(reverse("board_traveller", args=[board.pk])).content.decode()
    url = reverse("session_standings", args=[session.pk])
    assert (
        f'<section id="standings" class="card standings" hx-get="{url}?since='
        f'{session.version}&amp;section={board.section_id}" '
        'hx-trigger="every 30s, clubscore:saved from:body"'
    ) in html


def test_an_open_pages_poll_brings_the_finalising_and_with_it_the_slow_poll(
    session,  # noqa: F811
):
    shown = session.version
    url = reverse("session_detail", args=[session.pk])
    before = Client().get(url, {"since": shown}, HTTP_HX_REQUEST="true")
    assert before.status_code == 204  # nothing new yet
    finalise_session(session)
    answer = Client().get(url, {"since": shown}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    region = (
        f'<div id="live" hx-get="{url}?since={session.version}" hx-trigger="every 30s" '
        'hx-swap="outerHTML">'
    )
    assert answer.content.decode().lstrip().startswith(region)
    again = Client().get(url, {"since": session.version}, HTTP_HX_REQUEST="true")
    assert again.status_code == 204


def test_a_correction_reaches_a_final_page_on_its_next_poll(session, director):  # noqa: F811
    finalise_session(session)
    shown = session.version
    board = board_of(session, 1)
    ns, ew = movement_rows(board)[0]
    url = reverse("session_travellers", args=[session.pk])
    assert "-450" not in Client().get(url).content.decode()
    save_result(
        board,
        ns,
        ew,
        "4H E +1",
        director,
        correction=Correction("The slip said 11 tricks", public=True),
    )
    answer = Client().get(url, {"since": shown}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'hx-trigger="every 30s"' in html
    # 4H by E making 11 tricks, neither side vulnerable on board 1: -450 to NS (Law 77).
    assert "-450" in html
    assert Event.objects.get(pk=session.pk).state == "corrected"


def test_teams_events_and_one_table_games_have_no_final_state_and_ask_every_second(club):
    teams, game = make_teams_event(club, published=True), make_game(club, published=True)
    urls = [reverse("teams_event", args=[teams.pk]), reverse("one_table_tally", args=[game.pk])]
    for url in urls:
        assert live_regions(Client().get(url).content.decode()) == {"live": EVERY_SECOND}
