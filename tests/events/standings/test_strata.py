"""A stratified session: the strata page, each pair's places in its strata, read from its
players' masterpoints on the roster (the rules and their sources: tests/scoring/test_strata.py).

The session is test_ranking's 3-table Mitchell where NS 1 tops every board (100%), NS 2 scores
50% and NS 3 nothing; every EW pair scores 50%. Strata A open, B under 500, C under 200:
- NS 1 is Ann (1,600) and Bob (100): the higher holding, 1,600, is A's alone;
- NS 2 is Cath (400) and Dan (300): 400 is under B's 500;
- NS 3 is Eve (50) and Fay (150): 150 is under C's 200.
So NS 1 is "A 1"; NS 2 is second in A and first of B's two pairs; NS 3 third in A, second in
B and first (alone) in C. The EW pairs, named on no roster, are in A only, all tied first.
"""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.formats.json_results import results_document
from events.models import Event, Member, Pair
from events.sessions.finalising import finalise_session
from events.standings.ranking import section_standings
from tests.events.pdfs.test_pdf_pages import pdf_of, text_of
from tests.events.standings.test_ranking import play_everything
from tests.factories import make_session

pytestmark = pytest.mark.django_db

PLAYERS = {1: ("Ann", 1600, "Bob", 100), 2: ("Cath", 400, "Dan", 300), 3: ("Eve", 50, "Fay", 150)}


@pytest.fixture
def stratified(club, director):
    event = make_session(club)
    section = play_everything(event, director)
    for number, (first, first_held, second, second_held) in PLAYERS.items():
        Pair.objects.filter(section=section, direction="NS", number=number).update(
            player1=first, player2=second
        )
        Member.objects.create(club=club, name=first, masterpoints_held=Decimal(first_held))
        # Typed in another case on the roster: names compare case-blind.
        Member.objects.create(club=club, name=second.upper(), masterpoints_held=second_held)
    Event.objects.filter(pk=event.pk).update(stratum_b_below=500, stratum_c_below=200)
    event.refresh_from_db()
    return event


def strata_by_pair(event):
    (section,) = event.sections.all()
    return {str(row.pair): row.strata for group in section_standings(section) for row in group.rows}


def test_each_pair_places_in_its_strata(stratified):
    assert strata_by_pair(stratified) == {
        "NS 1": "A 1",
        "NS 2": "A 2 · B 1",
        "NS 3": "A 3 · B 2 · C 1",
        "EW 1": "A 1=",
        "EW 2": "A 1=",
        "EW 3": "A 1=",
    }


def test_averaged_holdings_move_a_pair_down(stratified):
    # Ann and Bob average 850: still A's; Cath and Dan 350, Eve and Fay 100: as before.
    # With B's limit at 900, the average puts NS 1 in B too, where the higher holding did not.
    Event.objects.filter(pk=stratified.pk).update(strata_by="average", stratum_b_below=900)
    stratified.refresh_from_db()
    assert strata_by_pair(stratified)["NS 1"] == "A 1 · B 1"


def test_the_standings_page_shows_the_strata(client, stratified):
    Event.objects.filter(pk=stratified.pk).update(published=True)
    body = client.get(reverse("session_detail", args=[stratified.pk])).content.decode()
    assert ">Strata</th>" in body
    assert '<td class="text strata">A 3 · B 2 · C 1</td>' in body
    assert "A open, B under 500, C under 200 (the higher of the two players" in body


def test_the_director_stratifies_a_session(director_client, club, director):
    event = make_session(club)
    version = event.version
    url = reverse("session_strata", args=[event.pk])
    assert director_client.get(url).status_code == 200
    data = {"stratum_b_below": "750", "stratum_c_below": "300", "strata_by": "higher"}
    response = director_client.post(url, data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.stratum_b_below, event.stratum_c_below) == (750, 300)
    assert event.version > version  # open standings pages fetch the strata


@pytest.mark.parametrize(
    "b, c, words",
    [
        ("300", "500", "Stratum C&#x27;s limit (500) must be below stratum B&#x27;s (300)."),
        ("", "200", "Stratum C needs stratum B&#x27;s limit above it."),
        ("0", "", "A limit is 1 to 1,000,000 masterpoints."),
        ("-5", "", "Ensure this value is greater than or equal to 0."),
        ("5000000", "", "A limit is 1 to 1,000,000 masterpoints."),
        ("abc", "", "Enter a whole number."),
    ],
)
def test_strata_that_do_not_nest_are_refused_in_words(director_client, club, b, c, words):
    event = make_session(club)
    data = {"stratum_b_below": b, "stratum_c_below": c, "strata_by": "higher"}
    response = director_client.post(reverse("session_strata", args=[event.pk]), data)
    assert response.status_code == 200
    assert words in response.content.decode()
    event.refresh_from_db()
    assert event.stratum_b_below is None and event.stratum_c_below is None


def test_final_results_keep_their_strata(director_client, club):
    event = make_session(club)
    Event.objects.filter(pk=event.pk).update(finalised=True)
    data = {"stratum_b_below": "500", "stratum_c_below": "", "strata_by": "higher"}
    response = director_client.post(reverse("session_strata", args=[event.pk]), data)
    assert "the strata and handicaps no longer change" in response.content.decode()
    event.refresh_from_db()
    assert event.stratum_b_below is None


def test_a_stranger_cannot_stratify(client, club):
    event = make_session(club)
    response = client.post(reverse("session_strata", args=[event.pk]), {"stratum_b_below": "5"})
    assert response.status_code in (302, 403, 404)
    event.refresh_from_db()
    assert event.stratum_b_below is None


def test_strata_cost_one_query_whatever_the_field(
    director_client, club, director, django_assert_max_num_queries
):
    plain = make_session(club, tables=3)
    # Named alike: the standings link the members among the names in one query of their own.
    Pair.objects.filter(section__event=plain).update(player1="Ann", player2="Bob")
    url = reverse("session_detail", args=[plain.pk])
    # The first view of each (a second is served from the live pages' cache).
    with CaptureQueriesContext(connection) as unstratified:
        director_client.get(url)
    big = make_session(club, tables=7)
    Pair.objects.filter(section__event=big).update(player1="Ann", player2="Bob")
    Event.objects.filter(pk=big.pk).update(stratum_b_below=500)
    with django_assert_max_num_queries(len(unstratified) + 1):
        director_client.get(reverse("session_detail", args=[big.pk]))


def test_the_json_export_carries_each_pairs_strata(stratified):
    document = results_document(stratified)
    pairs = {
        f"{pair['direction']} {pair['pair']}": pair
        for section in document["sections"]
        for pair in section["pairs"]
    }
    assert pairs["NS 3"]["strata"] == {"A": "3", "B": "2", "C": "1"}
    assert pairs["EW 1"]["strata"] == {"A": "1="}


def test_the_standings_pdf_prints_the_strata(director_client, stratified):
    response = director_client.get(reverse("session_standings_pdf", args=[stratified.pk]))
    text = text_of(pdf_of(response))
    assert "A 3 · B 2 · C 1" in text
    assert "Stratified: A open, B under 500, C under 200" in text


def test_final_results_keep_the_strata_they_were_given(stratified):
    """Finalised with Eve (50) and Fay (150) under C's 200; Fay's holding is corrected to 450
    afterwards: the final standings still place NS 3 in C, where the players were told."""
    finalise_session(stratified)
    Member.objects.filter(name="FAY").update(masterpoints_held=450)
    stratified.refresh_from_db()
    assert strata_by_pair(stratified)["NS 3"] == "A 3 · B 2 · C 1"
    # A session not yet final follows the roster: 450 is under B's 500 but not C's 200.
    Event.objects.filter(pk=stratified.pk).update(finalised=False)
    stratified.refresh_from_db()
    assert strata_by_pair(stratified)["NS 3"] == "A 3 · B 2"


def test_a_corrected_holding_refreshes_the_open_standings(director_client, stratified):
    version = stratified.version
    fay = Member.objects.get(name="FAY")
    data = {"name": "FAY", "number": "", "federation": fay.federation, "masterpoints_held": "450",
            "email": "", "active": "on"}  # fmt: skip
    response = director_client.post(
        reverse("member_edit", args=[stratified.club.slug, fay.pk]), data
    )
    assert response.status_code == 302
    stratified.refresh_from_db()
    assert stratified.version > version  # the open pages fetch the new strata


def test_an_accented_members_holding_is_found_whatever_the_case(stratified):
    """Names compare case-blind in every alphabet (events.core.names.player_key), not by the
    database's LOWER, which on SQLite folds ASCII letters only: Éva and Émile, on the roster
    in capitals, are the players of NS 3 typed in small letters, with Eve's and Fay's
    holdings (50 and 150), so NS 3 stays "A 3 · B 2 · C 1" (as worked above)."""
    Member.objects.filter(name__in=["Eve", "FAY"]).delete()
    Member.objects.create(club=stratified.club, name="ÉVA ÖRSI", masterpoints_held=50)
    Member.objects.create(club=stratified.club, name="ÉMILE ÇA", masterpoints_held=150)
    Pair.objects.filter(section__event=stratified, direction="NS", number=3).update(
        player1="éva örsi", player2="Émile ça"
    )
    assert strata_by_pair(stratified)["NS 3"] == "A 3 · B 2 · C 1"
