"""The same number prints the same on every page, PDF and export: scoring.rounding's one rule,
halves away from zero. Each session below has values exactly halfway at the third decimal,
where rounding the binary float, or halves to even, printed the other neighbour.

3-table Mitchells of 6 boards, ACBL matchpoints: a board played three times has a top of 2
(ACBL Handbook, matchpoints: one for each result beaten, half for each tied). When every table
makes 4S N = every pair scores 1 a board: 6 of 12, 50%.
"""

import io
import json
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from events.entry.changes import rescore_event
from events.entry.saving import save_result
from events.models import Event, Pair, Penalty
from tests.factories import make_session


def scored_session(club, director, board_one=None, **fields) -> Event:
    """Every board made 4S N = at every table, but board 1's lines when given."""
    event = make_session(club, **fields)
    event.published = True
    event.save(update_fields=["published"])
    section = event.sections.get()
    pairs = {pair.key: pair for pair in section.pairs.all()}
    movement = section.movement()
    for board in section.boards.all():
        lines = board_one if board_one and board.number == 1 else ["4S N ="] * 3
        for seating, line in zip(movement.plays_of_board(board.number), lines, strict=True):
            save_result(board, pairs[seating.ns], pairs[seating.ew], line, director, rescore=False)
    rescore_event(event)
    return event


def ns1(event) -> Pair:
    return Pair.objects.get(section__event=event, number=1, direction="NS")


def penalise(director_client, event, amount, unit):
    form = {"pair": ns1(event).pk, "amount": amount, "unit": unit}
    response = director_client.post(reverse("session_penalties", args=[event.pk]), form)
    assert response.status_code == 302
    assert Penalty.objects.filter(pair__section__event=event).count() == 1


def page(client, name, *args) -> str:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return response.content.decode()


def pdf_text(client, name, *args) -> str:
    response = client.get(reverse(name, args=args))
    assert response["Content-Type"] == "application/pdf"
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)


def export(client, event, format_name) -> str:
    response = client.get(reverse("session_results_file", args=[event.pk, format_name]))
    assert response.status_code == 200
    return response.content.decode()


def numbers(text: str) -> set[str]:
    return set(re.findall(r"-?\d+\.\d+", text))


@pytest.fixture
def tied_standing(club, director, director_client):
    """NS 1 penalised 2.25% of a top (Law 90: 0.045 of a 2 top): 5.955 of 12, 49.625%."""
    event = scored_session(club, director)
    penalise(director_client, event, "2.25", Penalty.PERCENT)
    return event


def test_a_total_and_percentage_halfway_print_rounded_up_on_every_page_and_pdf(
    client, tied_standing
):
    event, pair = tied_standing, ns1(tied_standing)
    shown = {
        "standings": page(client, "session_detail", event.pk),
        "recap": page(client, "session_recap", event.pk),
        "score card": page(client, "score_card", event.pk, pair.pk),
        "standings.pdf": pdf_text(client, "session_standings_pdf", event.pk),
        "recap.pdf": pdf_text(client, "session_recap_pdf", event.pk),
        "score-cards.pdf": pdf_text(client, "score_cards_pdf", event.pk),
    }
    for where, text in shown.items():
        assert {"5.96", "49.63"} <= numbers(text), where
        assert not {"5.95", "49.62"} & numbers(text), where


def test_a_total_and_percentage_halfway_print_the_same_in_every_export(client, tied_standing):
    event = tied_standing
    # The penalty, 0.045, is halfway too: its float is 0.04499999999999999833...
    assert csv_row(client, event)[5:] == ["5.96", "49.63", "", "6", "0.05"]
    pbn_row = next(
        line.split()
        for line in export(client, event, "pbn").splitlines()
        if re.fullmatch(r"\S+ 1 NS .*", line)
    )
    assert pbn_row[3:5] == ["5.96", "49.63"]
    usebio = export(client, event, "usebio")
    assert "<TOTAL_SCORE>5.96</TOTAL_SCORE>" in usebio
    assert "<PERCENTAGE>49.63</PERCENTAGE>" in usebio
    pair = json_row(client, event)
    assert (pair["total"], pair["percentage"]) == (5.955, 49.63)  # JSON: totals to 4 places


def csv_row(client, event) -> list[str]:
    """NS 1's row of results.csv."""
    rows = export(client, event, "csv").splitlines()
    return next(row.split(",") for row in rows if row.startswith("A,NS,1,"))


def json_row(client, event) -> dict:
    """NS 1 in results.json."""
    pairs = json.loads(export(client, event, "json"))["sections"][0]["pairs"]
    return next(row for row in pairs if (row["pair"], row["direction"]) == (1, "NS"))


# Board 1 with a weighted score (Law 12C1(c)) of 25% 4S N = and 75% 4S N -1: each part is
# matchpointed against the other two lines, so +420 scores NS 1.875, EW 0.125 and -50 NS 0.375,
# EW 1.625 (eighths, ties at the third decimal).
WEIGHTED_BOARD = ["4S N =", "4S N -1", "25% 4S N = + 75% 4S N -1"]


@pytest.fixture
def tied_board(club, director):
    return scored_session(club, director, board_one=WEIGHTED_BOARD)


def test_board_points_halfway_print_rounded_up_on_travellers_recap_cards_and_files(
    client, tied_board
):
    event = tied_board
    shown = {
        "travellers": page(client, "session_travellers", event.pk),
        "recap": page(client, "session_recap", event.pk),
        "score cards": page(client, "score_cards", event.pk),
        "travellers.pdf": pdf_text(client, "session_travellers_pdf", event.pk),
        "recap.pdf": pdf_text(client, "session_recap_pdf", event.pk),
        "PBN": export(client, event, "pbn"),
    }
    for where, text in shown.items():
        assert {"1.88", "0.13", "0.38", "1.63"} <= numbers(text), where
        assert not {"0.12", "1.62"} & numbers(text), where
    usebio = export(client, event, "usebio")
    assert "<EW_MATCH_POINTS>0.13</EW_MATCH_POINTS>" in usebio
    assert "<EW_MATCH_POINTS>1.63</EW_MATCH_POINTS>" in usebio


@pytest.fixture
def tied_average(club, director, director_client):
    """Butler, every result equal: 0 IMPs a board; NS 1 penalised 0.75 IMPs over its 6
    boards: -0.125 IMPs a board, which prints -0.13 (halves away from zero)."""
    event = scored_session(club, director, scoring_method="butler")
    penalise(director_client, event, "0.75", Penalty.POINTS)
    return event


def test_a_negative_halfway_average_prints_away_from_zero_everywhere(client, tied_average):
    event, pair = tied_average, ns1(tied_average)
    for where, text in {
        "standings": page(client, "session_detail", event.pk),
        "score card": page(client, "score_card", event.pk, pair.pk),
        "standings.pdf": pdf_text(client, "session_standings_pdf", event.pk),
    }.items():
        assert "-0.13" in numbers(text), where
        assert "-0.12" not in numbers(text), where
    assert csv_row(client, event)[5:8] == ["-0.75", "", "-0.13"]
    assert json_row(client, event)["imps_per_board"] == -0.125  # JSON: to 4 places
