"""The director's ruling on a result the opponents queried at the table: the table's round
and the board's traveller mark the queried row and offer *Result stands* and *Change result*;
either goes through the director's own save path and is kept in the board's history.

A 3-table Mitchell of 2 boards a round: table 1 plays boards 1-2 in round 1, NS 1 v EW 1.
Scores are Law 77's (the Laws of Duplicate Bridge 2017): board 2 is NS vulnerable, so 2♥ by
E one down is NS +50 and 2♥ by E made is EW +110.
"""

import re

import pytest
from django.urls import reverse

from events.models import Result, ResultChange
from events.phone import links as table_links
from events.phone import table_round as phone
from tests.events.entry.entry_helpers import board_of, row_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def queried(mitchell_session):
    """Table 1 agreed its board 1 (passed out) but not 2H E -1 on board 2: it plays round 2."""
    link = table_links.ensure_links(mitchell_session.sections.get())[0]
    for number, text, answer in ((1, "PASS", phone.confirm), (2, "2H E -1", phone.query)):
        board = board_of(mitchell_session, number)
        result = phone.enter_result(link, board.pk, text)
        answer(link, board.pk, result.version)
    return Result.objects.get(pk=result.pk)


def table_round_url(event):
    return reverse("table_round", args=[event.sections.get().pk, 1, 1])


def queried_rows(html):
    return re.findall(r'<tr class="[^"]*\bqueried\b[^"]*"[^>]*>.*?</tr>', html, re.S)


def test_the_table_round_marks_the_queried_board_with_the_two_rulings(
    director_client, mitchell_session, queried
):
    html = director_client.get(table_round_url(mitchell_session)).content.decode()
    [row] = queried_rows(html)
    assert ">2</a></td>" in row  # board 2, not board 1
    assert "Queried at table 1" in row
    assert ">Result stands</button>" in row and ">Change result</a>" in row


def test_the_board_traveller_marks_it_too(director_client, mitchell_session, queried):
    html = director_client.get(reverse("board_traveller", args=[queried.board_id])).content
    assert len(queried_rows(html.decode())) == 1


def test_result_stands_rules_on_it_and_the_phone_is_told(
    director_client, mitchell_session, queried, director
):
    # The button sends the stored line again, as the row would.
    response = row_post(
        director_client,
        queried.board,
        queried.ns_pair,
        queried.ew_pair,
        "2H E -1",
        version=queried.version,
        url=table_round_url(mitchell_session),
    )
    assert response.status_code == 200
    assert queried_rows(response.content.decode()) == []
    link = table_links.ensure_links(mitchell_session.sections.get())[0]
    html = director_client.get(reverse("table_phone", args=[link.token])).content.decode()
    assert "the director ruled that the result stands: 2♥ by E −1, NS +50." in html
    assert "The director has been called" not in html
    history = director_client.get(reverse("board_history", args=[queried.board_id]))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", history.content.decode()))
    assert "dora 1 1 ruled that the result stands after a query at table 1" in text


def test_change_result_is_the_row_typed_again(director_client, mitchell_session, queried):
    html = director_client.get(table_round_url(mitchell_session)).content.decode()
    change = re.search(r'<a [^>]*href="([^"]+)"[^>]*>Change result</a>', queried_rows(html)[0])
    focused = director_client.get(change.group(1).replace("&amp;", "&")).content.decode()
    assert re.search(r'value="2H E -1" autofocus', focused)  # the cursor on the queried row
    row_post(
        director_client,
        queried.board,
        queried.ns_pair,
        queried.ew_pair,
        "2H E =",
        version=queried.version,
        url=table_round_url(mitchell_session),
    )
    entry = Result.objects.get(pk=queried.pk).table_entry
    assert (entry.ruling, entry.ruled_by.username) == ("changed", "dora")
    change = ResultChange.objects.first()
    assert (change.action, change.old_text, change.new_text) == ("ruled", "2H E -1", "2H E =")
    link = table_links.ensure_links(mitchell_session.sections.get())[0]
    html = director_client.get(reverse("table_phone", args=[link.token])).content.decode()
    assert "the director changed the result to 2♥ by E =, EW +110." in html
