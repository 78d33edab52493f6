"""A handicapped session: each player's handicap from their published results of the year
before, each pair's handicapped percentage and place beside the scratch ones.

The method is Perth Bridge Club's (tests/scoring/test_handicaps.py cites it): a player's
handicap is 50 less their average percentage, a pair's the mean of its players'. The sessions
are test_ranking's 3-table Mitchell, where NS 1 scores 100%, NS 2 50%, NS 3 0% and every EW
pair 50%. Before tonight (24 November 2026):
- 6 October, published: Ann & Bob are NS 1 (100%), Cath & Dan NS 3 (0%);
- 13 October, published: Ann & Cath are NS 2 (50%), Bob & Dan EW 1 (50%);
- 20 October, not published (so not counted): Ann & Bob are NS 3 (0%);
- 1 October 2025, more than a year before (not counted): Cath & Dan are NS 1.
So Ann and Bob average 75%, a handicap of -25 each; Cath and Dan 25%, +25 each.
Tonight Ann & Bob are NS 1 (100%) and Cath & Dan NS 2 (50%): with the whole handicap both
count 75% and tie first; NS 3, unnamed, has no handicap and stays at 0%.
"""

import datetime
from fractions import Fraction

import pytest
from django.urls import reverse

from events.entry.saving import save_result
from events.formats.json_results import results_document
from events.models import Board, Event, Pair
from events.sessions.finalising import finalise_session
from events.standings.handicaps import pair_handicaps
from events.standings.ranking import section_standings
from tests.events.standings.test_ranking import play_everything
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def played(club, director, day, names, published=True):
    event = make_session(club, name=f"Pairs {day}", date=day)
    play_everything(event, director)
    for (direction, number), (first, second) in names.items():
        Pair.objects.filter(section__event=event, direction=direction, number=number).update(
            player1=first, player2=second
        )
    Event.objects.filter(pk=event.pk).update(published=published)
    return event


@pytest.fixture
def tonight(club, director):
    october = datetime.date(2026, 10, 1)
    played(
        club,
        director,
        october.replace(day=6),
        {("NS", 1): ("Ann", "Bob"), ("NS", 3): ("Cath", "Dan")},
    )
    played(
        club,
        director,
        october.replace(day=13),
        {("NS", 2): ("Ann", "Cath"), ("EW", 1): ("Bob", "Dan")},
    )
    played(club, director, october.replace(day=20), {("NS", 3): ("Ann", "Bob")}, published=False)
    played(club, director, datetime.date(2025, 10, 1), {("NS", 1): ("Cath", "Dan")})
    event = played(
        club, director, datetime.date(2026, 11, 24),
        {("NS", 1): ("Ann", "Bob"), ("NS", 2): ("Cath", "Dan")}, published=False,
    )  # fmt: skip
    Event.objects.filter(pk=event.pk).update(handicapping="full")
    event.refresh_from_db()
    return event


def rows(event):
    (section,) = event.sections.all()
    return {str(row.pair): row for group in section_standings(section) for row in group.rows}


def test_each_pair_is_ranked_with_its_handicap_added(tonight):
    by_pair = rows(tonight)
    ns1, ns2, ns3 = by_pair["NS 1"], by_pair["NS 2"], by_pair["NS 3"]
    assert (ns1.handicap, ns1.handicapped, ns1.handicapped_rank) == (-25, 75, "1=")
    assert (ns2.handicap, ns2.handicapped, ns2.handicapped_rank) == (25, 75, "1=")
    assert (ns3.handicap, ns3.handicapped, ns3.handicapped_rank) == (0, 0, "3")
    assert (ns1.rank, ns2.rank) == ("1", "2")  # the scratch places stay


def test_half_the_handicap(tonight):
    Event.objects.filter(pk=tonight.pk).update(handicapping="half")
    tonight.refresh_from_db()
    by_pair = rows(tonight)
    assert (by_pair["NS 1"].handicapped, by_pair["NS 1"].handicapped_rank) == (
        Fraction(175, 2),
        "1",
    )
    assert (by_pair["NS 2"].handicapped, by_pair["NS 2"].handicapped_rank) == (
        Fraction(125, 2),
        "2",
    )


def test_a_corrected_earlier_session_moves_the_handicaps(tonight, director):
    """On 6 October Cath & Dan (NS 3) now make 4S +2 on board 1, a top: 2 of their 12 MPs,
    16 2/3%; their averages become (16 2/3 + 50) / 2 = 33 1/3, a handicap of 16 2/3."""
    assert pair_handicaps(tonight, {1: Pair(player1="Cath")}) == {1: 25}
    october_6 = Event.objects.get(date=datetime.date(2026, 10, 6))
    board = Board.objects.get(section__event=october_6, number=1)
    result = board.results.get(ns_pair__number=3)
    save_result(board, result.ns_pair, result.ew_pair, "4S N +2", director)
    assert pair_handicaps(tonight, {1: Pair(player1="Cath")}) == {1: Fraction(50, 3)}


def test_the_handicaps_cost_one_query_once_known(tonight, django_assert_num_queries):
    pairs = {pair.pk: pair for pair in Pair.objects.filter(section__event=tonight)}
    first = pair_handicaps(tonight, pairs)
    with django_assert_num_queries(1):
        assert pair_handicaps(tonight, pairs) == first


def test_the_page_the_pdf_and_the_json_show_them(director_client, tonight):
    body = director_client.get(reverse("session_detail", args=[tonight.pk])).content.decode()
    assert '<td class="handicap">−25.00</td><td>75.00</td><td>1=</td>' in body
    assert '<td class="handicap">+25.00</td><td>75.00</td><td>1=</td>' in body
    assert "Handicapped: the whole pair&#x27;s handicap added" in body
    document = results_document(tonight)
    ns2 = next(
        p for p in document["sections"][0]["pairs"] if p["pair"] == 2 and p["direction"] == "NS"
    )
    assert ns2["handicap"] == {"handicap": 25.0, "exact": "25", "percentage": 75.0, "rank": "1="}


def test_a_session_at_imps_is_not_handicapped(director_client, club):
    event = make_session(club, scoring_method="butler")
    data = {
        "stratum_b_below": "",
        "stratum_c_below": "",
        "strata_by": "higher",
        "handicapping": "full",
    }
    response = director_client.post(reverse("session_strata", args=[event.pk]), data)
    assert (
        "Handicaps are added to percentages: this session is scored at IMPs."
        in response.content.decode()
    )
    event.refresh_from_db()
    assert event.handicapping == ""


def test_final_results_keep_the_handicaps_they_were_given(tonight, director):
    """Tonight is finalised with Cath at +25; the 6 October session is corrected afterwards
    (her handicap would become 16 2/3, test_a_corrected_earlier_session_moves_the_handicaps):
    the final standings keep +25 and the places they gave."""
    finalise_session(tonight)
    october_6 = Event.objects.get(date=datetime.date(2026, 10, 6))
    board = Board.objects.get(section__event=october_6, number=1)
    result = board.results.get(ns_pair__number=3)
    save_result(board, result.ns_pair, result.ew_pair, "4S N +2", director)
    tonight.refresh_from_db()
    ns2 = rows(tonight)["NS 2"]
    assert (ns2.handicap, ns2.handicapped, ns2.handicapped_rank) == (25, 75, "1=")
