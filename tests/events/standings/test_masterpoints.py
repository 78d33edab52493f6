"""A club's masterpoint rule on its standings page, PDF and JSON export.

Expected awards follow the ACBL Handbook, Chapter 4, Section Three: Masterpoint Award
Regulations, "I. Calculating the Awards": an open game's first place earns .10 a pair of the
group, and "Depth of awards is 40% times the number of pairs in the comparison group, rounded
to the nearest whole number": a 3-table Mitchell direction is 3 pairs, 40% of 3 is 1.2, one
award, of 0.30.
"""

import re

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from events.formats.json_results import results_document
from events.models import Club, Event
from tests.events.pdfs.test_pdf_pages import pdf_of, scored_session, text_of
from tests.events.standings.test_results_pages import session  # noqa: F401  (a fixture)

WORKING = "0.1 × 3 pairs in the group = 0.3; awards to 1 place (40% of 3 pairs)"


def choose(club, rule="acbl-open"):
    Club.objects.filter(pk=club.pk).update(masterpoints=rule)


def standings_rows(body):
    return re.findall(r'<tr><td>([^<]*)</td>.*?class="masterpoints">(.*?)</td></tr>', body, re.S)


def test_the_standings_show_each_award_with_its_working(client, club, session):  # noqa: F811
    choose(club)
    body = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert '<th scope="col" class="masterpoints">Masterpoints</th>' in body
    rows = standings_rows(body)
    # NS 1 (+450) wins the NS field; the EW pair that beat NS 3's -50 wins the EW field.
    firsts = [cell for place, cell in rows if place == "1"]
    assert len(firsts) == 2
    for cell in firsts:
        assert "<summary>0.30</summary>" in cell and f"<li>{WORKING}</li>" in cell
        assert "<li>place 1: 0.3</li>" in cell
    assert sorted(cell for place, cell in rows if place != "1") == ["—"] * 4
    assert "Masterpoints: ACBL open club game" in body


def test_a_club_without_a_rule_shows_no_masterpoints(client, session):  # noqa: F811
    body = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert "Masterpoints" not in body and 'class="masterpoints"' not in body
    for section in results_document(session)["sections"]:
        assert all("masterpoints" not in pair for pair in section["pairs"])


def test_the_json_export_adds_the_award_and_keeps_every_field(club, session):  # noqa: F811
    before = results_document(session)
    choose(club)
    after = results_document(Event.objects.select_related("club").get(pk=session.pk))
    pairs = after["sections"][0]["pairs"]
    for old, new in zip(before["sections"][0]["pairs"], pairs, strict=True):
        assert {key: new[key] for key in old} == old  # nothing renamed or changed
    winners = [pair["masterpoints"] for pair in pairs if pair["rank"] == "1"]
    assert winners == [{"points": 0.3, "exact": "3/10", "working": [WORKING, "place 1: 0.3"]}] * 2
    assert {pair["masterpoints"]["exact"] for pair in pairs if pair["rank"] != "1"} == {"0"}


def test_the_standings_pdf_prints_the_awards(director_client, club, director):
    choose(club)
    event = scored_session(club, director)
    text = text_of(pdf_of(director_client.get(reverse("session_standings_pdf", args=[event.pk]))))
    assert "Masterpoints" in text and "pairs in the group" in text
    assert "ACBL open club game" in text


def test_the_database_refuses_a_rule_it_does_not_know(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        choose(club, "ebu-club")
