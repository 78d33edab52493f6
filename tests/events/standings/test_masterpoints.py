"""A club's masterpoint rule on its standings page, PDF and JSON export.

Expected awards follow the ACBL Handbook, Chapter 4, Section Three: Masterpoint Award
Regulations, "I. Calculating the Awards": an open game's first place earns .10 a pair of the
group, and "Depth of awards is 40% times the number of pairs in the comparison group, rounded
to the nearest whole number": a 3-table Mitchell direction is 3 pairs, 40% of 3 is 1.2, one
award, of 0.30.
"""

import csv
import io
import re
from fractions import Fraction

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

import scoring
from events.formats.csv_export import MASTERPOINTS_HEADER
from events.formats.json_results import results_document
from events.formats.usebio_write import write_usebio
from events.models import Club, Event, Member
from events.standings.masterpoints import group_awards
from tests.events.formats.test_usebio import _valid
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
        choose(club, "wbf-club")


def test_the_abf_rule_says_why_a_short_session_earns_nothing(client, club, session):  # noqa: F811
    # The ABF Masterpoint Manual (Australian Bridge Federation), Appendix A: a session is "not
    # less than 24 boards", fewer factored down by clause 4.4.7, which was not reached.
    choose(club, "abf-green-1.5")
    body = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert "Masterpoints: ABF green points, club session, weight 1.5" in body
    assert "<summary>—</summary>" in body and "clause 4.4.7" in body


def test_the_ebu_rule_says_a_mitchell_direction_has_no_scale(client, club, session):  # noqa: F811
    choose(club, "ebu-club")
    body = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert "two-winner (Mitchell) scale was not reached" in body


def _standings(count, boards, direction=None):
    return [
        scoring.Standing(
            pair=(direction, number),
            group=direction,
            total=Fraction(count - number),
            percentage=None,
            rank=str(number),
            boards=boards,
            shown_total=Fraction(count - number),
        )
        for number in range(1, count + 1)
    ]


def test_a_one_winner_field_is_scored_as_one_with_the_boards_played():
    # The EBU's club scale as Salliere reproduces it: 14 pairs, 24 boards, 5 awards of 30
    # down to 6; the ABF Manual, clause 3.1.1: a 7-table one-winner field at weight 1.5 earns
    # 0.04 × 1.5 × 7 = 0.42, a 7-pair Mitchell direction 0.02 × 1.5 × 7 = 0.21.
    ebu = group_awards(scoring.EBU_CLUB, {None: _standings(14, 24)})
    assert [ebu[(None, number)].points for number in range(1, 7)] == [30, 24, 18, 12, 6, 0]
    abf = group_awards(scoring.ABF_GREEN_CLUB, {None: _standings(14, 24)})
    assert abf[(None, 1)].points == Fraction(42, 100)
    mitchell = group_awards(
        scoring.ABF_GREEN_CLUB, {"NS": _standings(7, 24, "NS"), "EW": _standings(7, 24, "EW")}
    )
    assert mitchell[("NS", 1)].points == mitchell[("EW", 1)].points == Fraction(21, 100)


def test_the_masterpoints_csv_lists_each_awarded_player_with_the_roster_number(
    client,
    club,
    session,  # noqa: F811
):
    choose(club)
    Member.objects.create(club=club, name="Player 4a", number="N-123")  # NS 1, a winner
    response = client.get(reverse("session_masterpoints_csv", args=[session.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == list(MASTERPOINTS_HEADER)
    # One winner a direction, two players a pair: 0.30 each (the module docstring's award).
    assert len(rows) == 5 and {row[6] for row in rows[1:]} == {"0.30"}
    assert ["Player 4a", "N-123"] in [row[:2] for row in rows]
    assert rows[1][7].startswith("ACBL open club game")


def test_the_masterpoints_csv_is_not_found_where_the_club_awards_none(client, session):  # noqa: F811
    response = client.get(reverse("session_masterpoints_csv", args=[session.pk]))
    assert response.status_code == 404


def test_the_usebio_file_carries_each_award_and_keeps_to_the_dtd(club, session):  # noqa: F811
    choose(club)
    document = write_usebio(Event.objects.select_related("club").get(pk=session.pk))
    awarded = re.findall(r"<MASTER_POINTS_AWARDED>([^<]*)</MASTER_POINTS_AWARDED>", document)
    assert awarded == ["0.30", "0.30"]
    assert _valid(document) == []
