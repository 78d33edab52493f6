"""Finalising asks first (a page that works without JavaScript); after it, every page that
changes results asks why or says no, and players see the corrections."""

import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from events.entry.changes import Correction
from events.entry.saving import save_result
from events.models import Event, Penalty, Result, ResultChange
from events.phone import links as table_links
from events.phone import table_round as phone
from events.sessions.finalising import finalise_session
from tests.events.entry.entry_helpers import board_of, movement_rows, row_post
from tests.events.one_table.test_one_table import make_game
from tests.events.teams.factories import make_teams_event
from tests.factories import make_session


@pytest.fixture
def session(mitchell_session, director):
    """Board 1 entered at its three tables, the session published."""
    board = board_of(mitchell_session, 1)
    for (ns, ew), text in zip(movement_rows(board), ["4H E =", "4S N =", "3NT S -1"], strict=True):
        save_result(board, ns, ew, text, director)
    Event.objects.filter(pk=mitchell_session.pk).update(published=True)
    return Event.objects.get(pk=mitchell_session.pk)


@pytest.fixture
def final(session):
    finalise_session(session)
    return session


def finalise_url(event):
    return reverse("session_finalise", args=[event.pk])


def text(response):
    return re.sub(r"\s+", " ", response.content.decode())


def test_finalise_is_a_question_first_naming_what_is_missing_and_queried(director_client, session):
    section = session.sections.get()
    link = table_links.ensure_links(section)[1]  # table 2: boards 3 and 4 in round 1
    board = board_of(session, 3)
    result = phone.enter_result(link, board.pk, "2H E -1")
    phone.query(link, board.pk, result.version)

    detail = director_client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert f'href="{finalise_url(session)}">Finalise results…</a>' in detail
    assert 'name="finalised"' not in detail  # no one-click finalising any more

    page = text(director_client.get(finalise_url(session)))
    session.refresh_from_db()
    assert not session.finalised
    assert table_links.link_for_token(link.token) == link  # the question closes nothing
    # 18 results are due (6 boards at 3 tables); board 1's three and board 3's one are in.
    assert "14 results still missing" in page
    assert "Table 1, round 1</a> (NS 1 v EW 1): board 2" in page
    assert "Table 2, round 1</a> (NS 2 v EW 2): board 4" in page
    assert "1 board queried at the table" in page
    assert "Board 3</a>, NS 2 v EW 2 at table 2: <code>2H E -1</code>" in page
    assert "Finalise anyway" in page and "Not yet" in page


def test_the_director_s_confirmation_finalises_and_only_then_the_links_stop(
    director_client, session
):
    link = table_links.ensure_links(session.sections.get())[0]
    response = director_client.post(finalise_url(session), {"finalised": "1"})
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.finalised
    assert director_client.get(f"/t/{link.token}/").status_code == 410
    page = text(director_client.get(finalise_url(session)))
    assert "is final" in page and "Finalise anyway" not in page


def test_final_results_are_not_made_provisional_again(director_client, final):
    response = director_client.post(finalise_url(final), {"finalised": "0"}, follow=True)
    assert "not made provisional again" in text(response)
    final.refresh_from_db()
    assert final.finalised
    detail = director_client.get(reverse("session_detail", args=[final.pk])).content.decode()
    assert "Mark provisional again" not in detail and "Finalise results" not in detail


def test_a_row_typed_over_in_a_final_session_asks_why_and_stores_nothing(director_client, final):
    board = board_of(final, 1)
    (ns, ew), *_ = movement_rows(board)
    result = Result.objects.get(board=board, ns_pair=ns)
    history = ResultChange.objects.count()
    body = text(row_post(director_client, board, ns, ew, "4S N =", version=result.version))
    assert "players will see this correction (it was 4H E =, now 4S N =)" in body
    assert 'name="reason"' in body and "Players see the reason" in body
    assert ">Correct</button>" in body and "keep 4H E =</a>" in body
    assert Result.objects.get(pk=result.pk).text == "4H E ="
    assert ResultChange.objects.count() == history
    page = text(director_client.get(f"/boards/{board.pk}/"))
    assert "These results are final." in page


@pytest.mark.parametrize("htmx", [True, False])
def test_a_correction_with_its_reason_is_saved_and_kept_in_the_history(
    director_client, final, htmx
):
    board = board_of(final, 1)
    (ns, ew), *_ = movement_rows(board)
    result = Result.objects.get(board=board, ns_pair=ns)
    row_post(
        director_client,
        board,
        ns,
        ew,
        "4S N =",
        version=result.version,
        htmx=htmx,
        reason="EW had it as 4H by E",
        publish_reason="on",
    )
    assert Result.objects.get(pk=result.pk).text == "4S N ="
    change = ResultChange.objects.filter(board=board).first()
    assert (change.old_text, change.new_text, change.reason, change.reason_public) == (
        "4H E =",
        "4S N =",
        "EW had it as 4H by E",
        True,
    )
    history = text(director_client.get(reverse("board_history", args=[board.pk])))
    assert "EW had it as 4H by E <small>(players see it)</small>" in history


def test_a_reason_too_long_is_asked_again_with_what_was_typed(director_client, final):
    board = board_of(final, 1)
    (ns, ew), *_ = movement_rows(board)
    result = Result.objects.get(board=board, ns_pair=ns)
    body = text(
        row_post(director_client, board, ns, ew, "4S N =", version=result.version, reason="x" * 201)
    )
    assert "Say why in at most 200 characters (this has 201)." in body
    assert 'value="' + "x" * 201 + '"' in body
    assert Result.objects.get(pk=result.pk).text == "4H E ="


def test_a_warning_confirmed_before_the_reason_stays_confirmed(director_client, final):
    board = board_of(final, 1)
    (ns, ew), *_ = movement_rows(board)
    result = Result.objects.get(board=board, ns_pair=ns)
    # 4 tricks in 4S: probably "made 4", so the line asks first.
    body = text(
        row_post(director_client, board, ns, ew, "4S N 4", version=result.version, override="on")
    )
    assert "players will see this correction" in body
    assert '<input type="hidden" name="override" value="on">' in body
    row_post(
        director_client,
        board,
        ns,
        ew,
        "4S N 4",
        version=result.version,
        override="on",
        reason="Down six, as the slip says",
    )
    assert Result.objects.get(pk=result.pk).text == "4S N -6"


def test_clearing_a_final_row_asks_why_instead_of_asking_twice(director_client, final):
    board = board_of(final, 1)
    (ns, ew), *_ = movement_rows(board)
    result = Result.objects.get(board=board, ns_pair=ns)
    body = text(row_post(director_client, board, ns, ew, "", version=result.version))
    assert "(it was 4H E =, now deleted)" in body and "Press Enter to delete it" in body
    assert Result.objects.filter(pk=result.pk).exists()
    row_post(director_client, board, ns, ew, "", version=result.version, reason="Not played")
    assert not Result.objects.filter(pk=result.pk).exists()
    assert ResultChange.objects.filter(board=board).first().reason == "Not played"


def test_the_table_round_page_asks_why_too(director_client, final):
    board = board_of(final, 1)
    (ns, ew), *_ = movement_rows(board)
    result = Result.objects.get(board=board, ns_pair=ns)
    url = reverse("table_round", args=[board.section_id, 1, 1])
    body = text(row_post(director_client, board, ns, ew, "4S N =", version=result.version, url=url))
    assert "players will see this correction" in body
    row_post(
        director_client,
        board,
        ns,
        ew,
        "4S N =",
        version=result.version,
        url=url,
        reason="Slip misread",
    )
    assert Result.objects.get(pk=result.pk).text == "4S N ="


def test_the_delete_address_refuses_a_final_result_without_a_reason(director_client, final):
    result = Result.objects.filter(board__section__event=final).first()
    url = reverse("result_delete", args=[result.pk])
    response = director_client.post(url, {"version": result.version}, follow=True)
    assert "Not deleted: the results are final" in text(response)
    assert Result.objects.filter(pk=result.pk).exists()
    director_client.post(url, {"version": result.version, "reason": "Fouled board"})
    assert not Result.objects.filter(pk=result.pk).exists()


def test_scoring_options_of_final_results_are_refused_in_words(director_client, final):
    url = reverse("session_options", args=[final.pk])
    page = text(director_client.get(url))
    assert "The results are final:" in page and "Save and rescore" not in page
    director_client.post(url, {"scoring": "ebu-matchpoints"})
    final.refresh_from_db()
    assert final.scoring == "matchpoints"
    edit = text(director_client.get(reverse("session_edit", args=[final.pk])))
    assert "Save and rescore" not in edit and "the scoring and the rounds no longer" in edit


def test_penalties_of_final_results_are_refused_in_words(director_client, final):
    pair = final.sections.get().pairs.first()
    penalty = Penalty.objects.create(pair=pair, amount=1, reason="slow play")
    url = reverse("session_penalties", args=[final.pk])
    page = text(director_client.get(url))
    assert "penalties are no longer added or removed" in page
    assert "Add the penalty" not in page and ">Remove</button>" not in page
    director_client.post(url, {"pair": pair.pk, "amount": "2", "unit": "points"})
    delete = reverse("penalty_delete", args=[final.pk, penalty.pk])
    response = director_client.post(delete, follow=True)
    assert "penalties are no longer added or removed" in text(response)
    assert list(Penalty.objects.values_list("amount", flat=True)) == [1]


def test_players_see_each_correction_on_the_standings_and_the_reasons_published(
    director_client, final, director
):
    client = Client()  # a visitor (director_client is the test's one client, logged in)
    board = board_of(final, 1)
    (ns, ew), (ns2, ew2), _ = movement_rows(board)
    save_result(board, ns, ew, "4S N =", director, correction=Correction("EW had the slip"))
    save_result(
        board, ns2, ew2, "4S N +1", director, correction=Correction("The slip said +1", public=True)
    )
    day = timezone.localdate().strftime("%-d %b")
    standings = text(client.get(reverse("session_detail", args=[final.pk])))
    assert f"Corrected on {day}: board 1, NS 3 v EW 2 (was 4S N =)" in standings
    assert f"Corrected on {day}: board 1, NS 1 v EW 1 (was 4H E =)" in standings
    assert f'class="tag corrected" href="/sessions/{final.pk}/corrections/"' in standings
    assert "Provisional" not in standings

    listed = text(client.get(reverse("session_corrections", args=[final.pk])))
    assert "Board 1, NS 1 v EW 1: <code>4H E =</code> → <code>4S N =</code>" in listed
    assert "Why: The slip said +1" in listed
    assert "EW had the slip" not in listed  # kept for the directors
    for_director = text(director_client.get(reverse("session_corrections", args=[final.pk])))
    assert "Why: EW had the slip <small>(only the club's directors see this reason)" in for_director


def test_a_final_session_without_corrections_says_final(client, final):
    standings = text(client.get(reverse("session_detail", args=[final.pk])))
    assert '<span class="tag final">Final</span>' in standings
    assert "Corrected" not in standings
    listed = text(client.get(reverse("session_corrections", args=[final.pk])))
    assert "final and have not been corrected" in listed


def test_the_club_page_says_each_sessions_state_and_lists_every_kind_of_game(
    client, club, session, director
):
    final = make_session(club, name="Monday pairs")
    finalise_session(final)
    Event.objects.filter(pk=final.pk).update(published=True)
    teams = make_teams_event(club, name="Winter Swiss")
    hidden_teams = make_teams_event(club, name="Draft Swiss")
    game = make_game(club, name="Four friends", published=True)
    make_game(club, name="Unpublished game")
    type(teams).objects.filter(pk=teams.pk).update(published=True)

    url = reverse("club_sessions", args=[club.slug])
    page = text(client.get(url))
    row = re.search(r"<tr>.{0,200}?Monday pairs.*?</tr>", page).group(0)
    assert '<span class="tag final">final</span>' in row
    row = re.search(r"<tr>.{0,200}?Tuesday pairs.*?</tr>", page).group(0)
    assert '<span class="tag provisional">provisional</span>' in row
    assert f'href="{reverse("teams_event", args=[teams.pk])}">Winter Swiss' in page
    assert f'href="{reverse("one_table_tally", args=[game.pk])}">Four friends' in page
    assert "Draft Swiss" not in page and "Unpublished game" not in page

    client.force_login(director)
    page = text(client.get(url))
    assert f'href="{reverse("teams_event", args=[hidden_teams.pk])}">Draft Swiss' in page
    assert "Unpublished game" in page


def test_the_standings_pdf_of_a_corrected_session_says_so(client, final, director):
    board = board_of(final, 1)
    (ns, ew), *_ = movement_rows(board)
    save_result(board, ns, ew, "4S N =", director, correction=Correction("Misread"))
    response = client.get(reverse("session_standings_pdf", args=[final.pk]))
    assert response["Content-Type"] == "application/pdf"
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "board 1, NS 1 v EW 1 (was 4H E =)" in " ".join(words.split())
