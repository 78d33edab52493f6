"""The Swiss pairs pages: a director sets up an event, types the pairs, draws a round, enters a
table, reads the standings; bad input is refused in words; pages take a constant number of
queries."""

import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from events.swiss_pairs import play
from events.swiss_pairs.models import SwissPairsEvent, SwissPairsResult
from tests.events.swiss_pairs.factories import enter_round, make_swiss_pairs

pytestmark = pytest.mark.django_db


def test_a_director_runs_a_round_through_the_pages(director_client, club):
    response = director_client.post(
        reverse("swiss_pairs_create"),
        {
            "club": club.pk,
            "name": "Autumn Swiss",
            "date": "2026-11-28",
            "rounds": 4,
            "boards_per_round": 2,
            "method": "datum",
            "vp_scale": "wbf-2013",
        },  # fmt: skip
    )
    event = SwissPairsEvent.objects.get()
    assert response.url == reverse("swiss_pairs_pairs", args=[event.pk])
    director_client.post(response.url, {"pairs": "Ann & Abe\nBea & Ben\nCat & Cid\nDan & Dee"})
    director_client.post(reverse("swiss_pairs_draw", args=[event.pk]), {"round": "1"})
    first = event.tables.get(round=1, table=1)
    entry = reverse("swiss_pairs_table", args=[event.pk, first.pk])
    page = director_client.get(entry).content.decode()
    assert 'id="board-1"' in page and "autofocus" in page
    saved = director_client.post(entry, {"board-1": "4s n =", "board-2": "2H S ="})
    second = event.tables.get(round=1, table=2)
    # Saved, then straight on to the next table still waiting.
    assert saved.url == reverse("swiss_pairs_table", args=[event.pk, second.pk])
    director_client.post(saved.url, {"board-1": "4S N -1", "board-2": "2H S ="})
    page = director_client.get(reverse("swiss_pairs_event", args=[event.pk])).content.decode()
    assert "Standings after round 1" in page
    assert "Draw round 2" in page and "disabled" not in page.split("Draw round 2")[0][-200:]


def test_a_bad_result_is_refused_in_words_and_nothing_is_stored(director_client, club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    table = event.tables.get(round=1, table=1)
    url = reverse("swiss_pairs_table", args=[event.pk, table.pk])
    response = director_client.post(url, {"board-1": "4S N =", "board-2": "8NT N ="})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Board 2:" in page and "Nothing was saved." in page
    # What was typed stays in its box, and the cursor waits in the refused one.
    assert 'value="8NT N =" autocomplete="off" spellcheck="false" autofocus' in page
    assert not SwissPairsResult.objects.exists()


def test_too_few_pairs_are_refused(director_client, club):
    event = make_swiss_pairs(club, pairs=None)
    response = director_client.post(reverse("swiss_pairs_pairs", args=[event.pk]), {"pairs": "X"})
    assert "Type at least two pairs" in response.content.decode()
    assert not event.pairs.exists()


def test_someone_elses_event_is_a_404(client, colleague, club):
    event = make_swiss_pairs(club)
    client.force_login(colleague)
    assert client.get(reverse("swiss_pairs_pairs", args=[event.pk])).status_code == 404
    assert client.get(reverse("swiss_pairs_event", args=[event.pk])).status_code == 404


def _played_event(club, pairs: int, rounds: int):
    names = "\n".join(f"Pair {n}" for n in range(1, pairs + 1))
    event = make_swiss_pairs(club, pairs=names, rounds=rounds + 1)
    for number in range(1, rounds + 1):
        play.draw_next_round(event)
        tables = event.tables.filter(round=number, ew__isnull=False).count()
        enter_round(event, number, {t: ["4S N =", "3NT S -1"] for t in range(1, tables + 1)})
    return event


def _queries_of_each_page(client, event) -> list[int]:
    table = event.tables.filter(ew__isnull=False).first()
    urls = [
        reverse("swiss_pairs_event", args=[event.pk]),
        reverse("swiss_pairs_table", args=[event.pk, table.pk]),
        reverse("swiss_pairs_pairs", args=[event.pk]),
        reverse("swiss_pairs_list"),
    ]
    counts = []
    for url in urls:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        counts.append(len(captured.captured_queries))
    return counts


def test_the_pages_take_as_many_queries_for_a_big_event_as_for_a_small_one(director_client, club):
    small = _queries_of_each_page(director_client, _played_event(club, 4, 1))
    big = _queries_of_each_page(director_client, _played_event(club, 11, 3))
    assert small == big
    assert max(big) <= 12


def test_the_standings_come_as_a_pdf(client, club):
    event = make_swiss_pairs(club, published=True)
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["4S N =", "2H S ="], 2: ["4S N -1", "2H S ="]})
    for paper in ("", "?paper=letter"):
        pdf = client.get(reverse("swiss_pairs_standings_pdf", args=[event.pk]) + paper)
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        assert pdf["Content-Disposition"].endswith('-swiss-pairs-standings.pdf"')
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    # The datum example of test_play: NS 1 and EW 4 +6 IMPs, placed equal first.
    assert "Standings after round 1" in text and "1= 1 Ann & Abe 1 6" in text


def test_the_director_takes_back_a_draw_and_a_round_with_results_keeps_it(director_client, club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    page = reverse("swiss_pairs_event", args=[event.pk])
    assert "Take back the draw of round 1" in director_client.get(page).content.decode()
    undraw = reverse("swiss_pairs_undraw", args=[event.pk])
    taken = director_client.post(undraw, {"round": "1"}, follow=True).content.decode()
    assert "Round 1&#x27;s draw is taken back." in taken and not event.tables.exists()
    again = director_client.post(undraw, {"round": "1"}, follow=True).content.decode()
    assert "No round is drawn yet." in again
    play.draw_next_round(event)
    enter_round(event, 1, {1: ["4S N =", ""], 2: ["", ""]})
    assert "Take back the draw" not in director_client.get(page).content.decode()
    refused = director_client.post(undraw, {"round": "1"}, follow=True).content.decode()
    assert "Round 1 has results already" in refused
    assert event.tables.count() == 2 and SwissPairsResult.objects.count() == 1


def test_the_director_sets_a_match_score_and_a_bad_one_is_refused_in_words(director_client, club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    table = event.tables.get(round=1, table=1)
    entry = reverse("swiss_pairs_table", args=[event.pk, table.pk])
    assert 'id="table-award"' in director_client.get(entry).content.decode()
    award = reverse("swiss_pairs_award", args=[event.pk, table.pk])
    refused = director_client.post(award, {"ns_vps": "12", "ew_vps": "x"}, follow=True)
    assert "EW VPs: &#x27;x&#x27; is not a number. Nothing was saved." in refused.content.decode()
    table.refresh_from_db()
    assert table.ns_vps_awarded is None
    page = director_client.post(award, {"ns_vps": "12", "ew_vps": "0"}, follow=True)
    text = page.content.decode()
    assert "Table 1: the match scores 12–0 VPs, as set." in text
    assert "set by the director" in text


def test_an_artificial_score_is_typed_in_the_boards_box(director_client, club):
    event = make_swiss_pairs(club)
    play.draw_next_round(event)
    table = event.tables.get(round=1, table=2)
    entry = reverse("swiss_pairs_table", args=[event.pk, table.pk])
    director_client.post(entry, {"board-1": "a+/a-", "board-2": "A"})
    stored = {r.board: (r.ns_percent, r.ew_percent) for r in SwissPairsResult.objects.all()}
    assert stored == {1: (60, 40), 2: (50, 50)}


EVENT_FORM = {
    "name": "Autumn Swiss", "date": "2026-11-28", "rounds": 4, "boards_per_round": 2,
    "method": "datum", "vp_scale": "club", "club_vp_table": "0-2 10-10\n3+ 12-8",
}  # fmt: skip


def test_a_swiss_pairs_event_takes_the_clubs_vp_table(director_client, club):
    response = director_client.post(reverse("swiss_pairs_create"), {**EVENT_FORM, "club": club.pk})
    event = SwissPairsEvent.objects.get()
    assert response.status_code == 302 and event.club_vp_table == "0-2 10-10\n3+ 12-8"


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"club_vp_table": ""}, "club_vp_table", "Type the club&#x27;s VP table, one row a line."),
        ({"club_vp_table": "0-2 10-10\n5+ 20-0"}, "club_vp_table",
         "leaves a gap: margins 3-4 have no row"),
        # The ACBL's 20-point Swiss scale (BridgeHands' reproduction) has no 2-board table.
        ({"vp_scale": "acbl-20"}, "vp_scale", "has tables for 6-8 and 9-11 boards a match, not 2"),
    ],
)  # fmt: skip
def test_a_scale_that_cannot_score_the_matches_is_refused_in_words(
    director_client, club, change, field, message
):
    data = {**EVENT_FORM, "club": club.pk, **change}
    response = director_client.post(reverse("swiss_pairs_create"), data)
    assert response.status_code == 200 and not SwissPairsEvent.objects.exists()
    assert field in response.context["form"].errors
    assert message in response.content.decode()


def test_a_published_scale_keeps_no_club_table(director_client, club):
    data = {**EVENT_FORM, "club": club.pk, "vp_scale": "wbf-2013"}
    director_client.post(reverse("swiss_pairs_create"), data)
    assert SwissPairsEvent.objects.get().club_vp_table == ""
