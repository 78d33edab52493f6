"""A ladder's pages: made and edited by the club's director (bad input refused in words,
nothing stored), read by everyone with the published sessions only, live as results change,
as a PDF, from the club's page, in a fixed number of queries.

Sessions as tests/events/standings/test_ranking.py plays them (a 3-table Mitchell where NS 1
tops every board: 100%, NS 2 50%, NS 3 0%, every EW pair 50%; ACBL matchpoints).
"""

import datetime
import io
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from events.core.versions import bump
from events.models import Ladder, Member, Pair
from tests.events.club.test_season import name_pair, played_session, publish
from tests.events.standings.test_ranking import play_everything
from tests.factories import make_session

pytestmark = pytest.mark.django_db

AUTUMN = {"name": "Autumn ladder", "rule": "best", "sessions": "2", "start": "2026-10-01",
          "end": "2026-12-31"}  # fmt: skip


def autumn(club, **fields):
    values = {**AUTUMN, "sessions": 2, **fields}
    return Ladder.objects.create(club=club, **values)


def three_tuesdays(club, director):
    """Ann tops the first two (NS 1: 100%) and is EW 2 in the third (50%); Bob plays NS 2
    (50%) in all three."""
    events = [played_session(club, director, day, name=f"Tuesday {day}") for day in (6, 13, 20)]
    for event in events[:2]:
        name_pair(event, "NS", 1, "Ann Smith", "Cy Field")
    name_pair(events[2], "EW", 2, "Ann Smith", "Di Moor")
    for event in events:
        name_pair(event, "NS", 2, "Bob Jones", "Eve Hart")
    return events


def rows(response):
    """The placed rows' (place, name, figure) as the page shows them."""
    html = response.content.decode().split('class="waiting"')[0]
    found = re.findall(r"<tr><td>([^<]*)</td><th scope=\"row\" class=\"text\">([^<]*)</th>\s*"
                       r"<td><strong>([^<]*)</strong>", html)  # fmt: skip
    return found


def test_the_director_makes_a_ladder_and_the_public_reads_it(director_client, club, director):
    three_tuesdays(club, director)
    response = director_client.post(reverse("ladder_create", args=[club.slug]), AUTUMN)
    ladder = Ladder.objects.get()
    assert response.url == reverse("ladder_detail", args=[ladder.pk])
    page = Client().get(response.url)
    placed = rows(page)
    # Best 2 of Ann's 100, 100, 50 → 100, as Cy's 100, 100; Bob's and Eve's 50, 50, 50 → 50;
    # Di played once: not placed (worked by hand).
    assert placed == [("1=", "Ann Smith", "100.00"), ("1=", "Cy Field", "100.00"),
                      ("3=", "Bob Jones", "50.00"), ("3=", "Eve Hart", "50.00")]  # fmt: skip
    assert "Di Moor" in page.content.decode().split('class="waiting"')[1]
    club_page = Client().get(reverse("club_sessions", args=[club.slug])).content.decode()
    assert reverse("ladder_detail", args=[ladder.pk]) in club_page


@pytest.mark.parametrize(
    "change, words",
    [
        ({"sessions": "0"}, "N is a number of sessions, 1 or more."),
        ({"sessions": ""}, "N is a number of sessions, 1 or more."),
        ({"rule": "average", "sessions": "0"}, "The minimum is a number of sessions"),
        ({"end": "2026-09-01"}, "The ladder ends on 01 Sep 2026, before it starts on 01 Oct 2026."),
        (
            {"end": "2026-10-31", "sessions": "4"},
            "The club played 3 pairs sessions from 01 Oct 2026 to 31 Oct 2026: no player can have "
            "played 4.",
        ),
        ({"rule": "masterpoints"}, "The club awards no masterpoints"),
        ({"rule": "elo"}, "Select a valid choice"),
    ],
)
def test_bad_input_is_refused_in_words_and_stores_nothing(
    director_client, club, director, change, words
):
    for day in (6, 13, 20):
        make_session(club, date=datetime.date(2026, 10, day))
    response = director_client.post(
        reverse("ladder_create", args=[club.slug]), {**AUTUMN, **change}
    )
    assert response.status_code == 200
    assert words in response.content.decode().replace("&#x27;", "'")
    assert not Ladder.objects.exists()


def test_a_masterpoint_ladder_drops_the_count(director_client, club):
    club.masterpoints = "acbl-open"
    club.save(update_fields=["masterpoints"])
    data = {**AUTUMN, "rule": "masterpoints", "sessions": "3"}
    director_client.post(reverse("ladder_create", args=[club.slug]), data)
    assert Ladder.objects.get().sessions is None


def test_an_edit_is_saved_and_moves_the_version(director_client, club):
    ladder = autumn(club)
    url = reverse("ladder_edit", args=[ladder.pk])
    director_client.post(url, {**AUTUMN, "name": "Winter ladder", "sessions": "3"})
    ladder.refresh_from_db()
    assert (ladder.name, ladder.sessions, ladder.version) == ("Winter ladder", 3, 1)


def test_only_the_clubs_directors_make_or_edit_one(client, club, colleague):
    ladder = autumn(club)
    client.force_login(colleague)
    assert client.get(reverse("ladder_create", args=[club.slug])).status_code == 404
    assert client.get(reverse("ladder_edit", args=[ladder.pk])).status_code == 404
    assert client.post(reverse("ladder_edit", args=[ladder.pk]), AUTUMN).status_code == 404


def test_the_public_sees_published_sessions_and_directors_see_the_rest_marked(
    director_client, club, director
):
    events = three_tuesdays(club, director)
    type(events[2]).objects.filter(pk=events[2].pk).update(published=False)
    ladder = autumn(club, rule="average", sessions=3)
    url = reverse("ladder_detail", args=[ladder.pk])
    public = Client().get(url).content.decode()
    assert "Tuesday 20" not in public
    assert rows(Client().get(url)) == []  # nobody has 3 published sessions
    assert "Not placed yet: fewer than 3 sessions" in public
    seen = director_client.get(url)
    assert 'Tuesday 20</a>, Tue 20 Oct 2026 <span class="tag">not published</span>' in (
        seen.content.decode()
    )
    assert "Counting 1 unpublished session" in seen.content.decode()
    # Ann: 100, 100, 50 → 250 / 3 = 83.33 (by hand).
    assert rows(seen)[0] == ("1", "Ann Smith", "83.33")


def test_the_page_follows_a_session_whose_result_changes(club, director):
    events = three_tuesdays(club, director)
    ladder = autumn(club)
    url = reverse("ladder_detail", args=[ladder.pk])
    page = Client().get(url).content.decode()
    since = re.search(r"since=(\w+)", page)[1]
    poll = {"HX-Request": "true"}
    assert Client().get(url, {"since": since}, headers=poll).status_code == 204
    name_pair(events[0], "NS", 1, "Ann Smythe", "Cy Field")  # a name corrected
    bump(events[0])  # as the pairs page does
    answer = Client().get(url, {"since": since}, headers=poll)
    assert answer.status_code == 200
    assert "Ann Smythe" in answer.content.decode()


def test_a_pdf_of_the_ladder(client, club, director):
    three_tuesdays(club, director)
    ladder = autumn(club)
    response = client.get(reverse("ladder_pdf", args=[ladder.pk]))
    if response.status_code == 503:
        pytest.skip("WeasyPrint without Pango")
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert re.search(r"1=\s*Ann Smith\s*100\.00\s*3", text), text
    assert "Tuesday 20" in text and "PDF (A4)" not in text


@pytest.mark.parametrize("rule", ["best", "handicapped"])
@pytest.mark.parametrize("sessions", [2, 6])
def test_the_page_reads_a_fixed_number_of_queries(
    client, club, director, sessions, rule, django_assert_max_num_queries
):
    for day in range(1, sessions + 1):  # half of them in September: a handicapped one reads them
        event = publish(make_session(club, date=datetime.date(2026, 9 + day % 2, day)))
        play_everything(event, director)
    ladder = autumn(club, rule=rule)
    url = reverse("ladder_detail", args=[ladder.pk])
    client.get(url)  # the sessions' standings stored
    cache.clear()  # the table ranked again
    # The ladder, its sessions, their standings, and the members' pages the names link to.
    with django_assert_max_num_queries(4):
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(3):  # the table kept: all but the standings
        assert client.get(url).status_code == 200


def test_a_masterpoint_ladder_adds_up_the_sessions_awards(client, club, director):
    """ACBL Handbook, Chapter 4, Section Three, "I. Calculating the Awards": an open game's
    first place earns .10 a pair of the group, to 40% of the group's pairs: a 3-table
    Mitchell direction awards one place, 0.30. Ann and Cy win NS twice: 0.60; Bob and Eve,
    second twice, win nothing."""
    three_tuesdays(club, director)
    club.masterpoints = "acbl-open"
    club.save(update_fields=["masterpoints"])
    ladder = autumn(club, rule="masterpoints", sessions=None, end=datetime.date(2026, 10, 14))
    page = client.get(reverse("ladder_detail", args=[ladder.pk]))
    assert rows(page) == [("1=", "Ann Smith", "0.60"), ("1=", "Cy Field", "0.60"),
                          ("3=", "Bob Jones", "0.00"), ("3=", "Eve Hart", "0.00")]  # fmt: skip


def test_a_handicapped_ladder_evens_out_the_field(client, club, director):
    """Perth Bridge Club, *Handicap System Explained* (BridgeWebs): a player's handicap is 50
    less their average percentage, a pair's the mean of its players', added to the scratch
    percentage; Lingwood Bridge Club's Handicap Pairs average the post-handicap scores. On
    29 September, before the ladder, Ann & Cy score 100% (handicaps -50), Bob & Eve 50% (0),
    Gil & Hal 0% (+50). On 6 October they score the same again: 100 - 50, 50 + 0 and 0 + 50
    are all 50 (worked by hand): everyone shares first place."""
    september = make_session(club, name="September", date=datetime.date(2026, 9, 29))
    play_everything(september, director)
    publish(september)
    october = played_session(club, director, 6, name="October")
    for event in (september, october):
        name_pair(event, "NS", 1, "Ann Smith", "Cy Field")
        name_pair(event, "NS", 2, "Bob Jones", "Eve Hart")
        name_pair(event, "NS", 3, "Gil Ray", "Hal Orr")
        bump(event)
    ladder = autumn(club, rule="handicapped", sessions=1)
    page = client.get(reverse("ladder_detail", args=[ladder.pk]))
    placed = rows(page)
    assert {(place, figure) for place, _, figure in placed} == {("1=", "50.00")}
    assert len(placed) == 6
    assert "September" not in page.content.decode()  # read for the handicaps, not shown


def test_a_members_name_links_to_their_page_unless_hidden(client, club, director):
    event = publish(make_session(club, date=datetime.date(2026, 10, 6)))
    play_everything(event, director)
    Pair.objects.filter(section__event=event, direction="NS", number=1).update(
        player1="Ann Smith", player2="Bob Jones"
    )
    ann = Member.objects.create(club=club, name="Ann Smith")
    Member.objects.create(club=club, name="Bob Jones", hidden=True)
    url = reverse("ladder_detail", args=[autumn(club, rule="best").pk])
    body = client.get(url).content.decode()
    assert f'<a href="{reverse("player_page", args=[club.slug, ann.pk])}">Ann Smith</a>' in body
    client.force_login(director)  # the club's director sees the hidden member, not linked
    body = client.get(url).content.decode()
    assert ">Bob Jones</a>" not in body and ">Bob Jones</th>" in body


def test_a_member_who_hides_is_left_off_the_public_ladder(client, club, director):
    event = publish(make_session(club, date=datetime.date(2026, 10, 6)))
    play_everything(event, director)
    Pair.objects.filter(section__event=event, direction="NS", number=1).update(
        player1="Ann Smith", player2="Bob Jones"
    )
    Member.objects.create(club=club, name="Bob Jones", hidden=True)
    url = reverse("ladder_detail", args=[autumn(club, rule="best").pk])
    body = client.get(url).content.decode()
    assert ">Ann Smith<" in body and "Bob Jones" not in body
    client.force_login(director)
    assert "Bob Jones" in client.get(url).content.decode()
