"""A championship's pages: created from the club's sessions, entrants matched, standings live,
as a PDF, from the club's page; who may see and change what; a fixed number of queries."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.championships.setup import create_championship
from events.models import Championship, Pair
from tests.big_session import make_big_session
from tests.events.championships.helpers import NAMES, name_pairs, play_everything, two_sessions
from tests.factories import make_session

FIRST = {1: "4S N +1", 2: "4S N =", 3: "4S N -1"}


@pytest.fixture
def championship(club, director):
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, NAMES)
    championship = create_championship(club, "Autumn championship", [one, two], "factored", "zero")
    play_everything(one, director, FIRST)
    return championship


def test_the_director_creates_one_from_the_clubs_sessions(director_client, club):
    one, two = two_sessions(club)
    url = reverse("championship_create", args=[club.slug])
    data = {"name": "Two-day pairs", "sessions": [one.pk, two.pk], "combination": "average",
            "missed": "left-out"}  # fmt: skip
    response = director_client.post(url, data)
    championship = Championship.objects.get()
    assert response.url == reverse("championship_entrants", args=[championship.pk])
    assert (championship.combination, championship.missed) == ("average", "left-out")
    assert championship.entrants.count() == 6


@pytest.mark.parametrize(
    "picked, words",
    [
        (1, "2 to 4 sessions; you ticked 1"),
        (5, "2 to 4 sessions; you ticked 5"),
        ("imps", "is scored in IMPs"),
        ("taken", "counts in one championship"),
    ],
)
def test_bad_choices_are_refused_in_words_and_store_nothing(director_client, club, picked, words):
    events = [make_session(club, name=f"S{n}") for n in range(5)]
    if picked == "imps":
        events = [events[0], make_session(club, scoring_method="cross-imps")]
    elif picked == "taken":
        create_championship(club, "First", events[:2], "factored", "zero")
        events = events[1:3]
    else:
        events = events[:picked]
    before = Championship.objects.count()
    url = reverse("championship_create", args=[club.slug])
    data = {"name": "C", "sessions": [e.pk for e in events], "combination": "factored",
            "missed": "zero"}  # fmt: skip
    response = director_client.post(url, data)
    assert response.status_code == 200
    assert words in response.content.decode().replace("\n", " ")
    assert Championship.objects.count() == before


def test_the_director_matches_a_pair_to_another_entrant(director_client, championship):
    stage_two = championship.stages.get(order=2).event
    kim = Pair.objects.get(section__event=stage_two, direction="EW", number=3)
    gus = championship.entrants.get(player1="Gus")
    url = reverse("championship_entrants", args=[championship.pk])
    page = director_client.get(url)
    assert "Session 2" in page.content.decode()
    data = {f"pair_{p.pk}": str(p.entrant_id) for p in Pair.objects.filter(entrant__isnull=False)}
    data[f"pair_{kim.pk}"] = ""
    assert director_client.post(url, data).status_code == 302
    assert Pair.objects.get(pk=kim.pk).entrant is None
    data[f"pair_{kim.pk}"] = str(gus.pk)  # Gus & Hal already sit EW 1 of session 2
    refused = director_client.post(url, data)
    assert "is given to two pairs of session 2" in refused.content.decode()
    assert Pair.objects.get(pk=kim.pk).entrant is None


def test_the_standings_page_links_each_session_and_follows_them_live(
    client, director, championship
):
    url = reverse("championship_detail", args=[championship.pk])
    page = client.get(url).content.decode()
    one, two = (stage.event for stage in championship.stages.all())
    assert reverse("session_detail", args=[one.pk]) in page
    assert "Ann &amp; Bob" in page and "24.00" not in page and "12.00" in page
    version = page.split("?since=")[1].split('"')[0].replace("&amp;", "&").split("&")[0]
    poll = client.get(url, {"since": version}, headers={"HX-Request": "true"})
    assert poll.status_code == 204
    play_everything(two, director, FIRST, boards={1})
    poll = client.get(url, {"since": version}, headers={"HX-Request": "true"})
    assert poll.status_code == 200 and "Ann &amp; Bob" in poll.content.decode()


def test_the_club_page_lists_it_and_its_director_may_create_one(director_client, club,
                                                                  championship):  # fmt: skip
    page = director_client.get(reverse("club_sessions", args=[club.slug])).content.decode()
    assert reverse("championship_detail", args=[championship.pk]) in page
    assert reverse("championship_create", args=[club.slug]) in page
    public = Client().get(reverse("club_sessions", args=[club.slug])).content.decode()
    assert "Autumn championship" in public
    assert reverse("championship_create", args=[club.slug]) not in public


def test_unpublished_championships_are_for_their_directors(client, colleague, club, director):
    one, two = two_sessions(club, published=False)
    championship = create_championship(club, "Secret", [one, two], "factored", "zero")
    url = reverse("championship_detail", args=[championship.pk])
    assert client.get(url).status_code == 404
    client.force_login(colleague)
    assert client.get(url).status_code == 404
    assert client.get(reverse("championship_entrants", args=[championship.pk])).status_code == 404
    assert "Secret" not in client.get(reverse("club_sessions", args=[club.slug])).content.decode()


def test_the_standings_pdf(client, championship):
    response = client.get(reverse("championship_pdf", args=[championship.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def _standings_queries(client, championship) -> int:
    url = reverse("championship_detail", args=[championship.pk])
    cache.clear()  # cold: every session scored in the request
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


def test_the_standings_page_takes_a_fixed_number_of_queries(
    client, club, django_assert_max_num_queries
):
    """Two 3-table sessions of 6 boards, then four 13-table sessions of 26 boards (every pair
    named the same in each, so 26 entrants): the same queries for the page."""
    small = [make_big_session(club, tables=3, boards=6, name=f"Small {n}") for n in (1, 2)]
    big = [make_big_session(club, tables=13, boards=26, name=f"Big {n}") for n in range(1, 5)]
    small_one = create_championship(club, "Small", small, "factored", "zero")
    big_one = create_championship(club, "Big", big, "average", "zero")
    assert big_one.entrants.count() == 26
    per_session = _standings_queries(client, small_one) / 2
    with django_assert_max_num_queries(int(4 + 4 * per_session)):
        _standings_queries(client, big_one)


@pytest.mark.parametrize("pk", ["1" * 30, "9" * 5000, "-1", "١"])
def test_a_session_number_no_database_holds_is_refused_in_words(director_client, club, pk):
    """The fuzz test's finds: a 30-digit id overflowed SQLite's integer, and 5,000 digits are
    more than Python will turn into a number; both answered 500."""
    url = reverse("championship_create", args=[club.slug])
    data = {"name": "C", "sessions": [pk], "combination": "factored", "missed": "zero"}
    response = director_client.post(url, data)
    assert response.status_code == 200
    assert "is not a valid value" in response.content.decode()
    assert not Championship.objects.exists()


def test_the_standings_after_session_1_count_session_1_only(client, club, director):
    """After session 1 of the fixture (session 2 not begun): Ann & Bob 12 of 12, first, with
    one column; once session 2 is played, the page after session 1 still shows session 1 only
    while the championship's own page adds session 2."""
    one, two = two_sessions(club)
    name_pairs(one, NAMES)
    name_pairs(two, NAMES)
    championship = create_championship(club, "Autumn championship", [one, two], "factored",
                                       "zero")  # fmt: skip
    play_everything(one, director, FIRST)
    play_everything(two, director, {1: "4S N -1", 2: "4S N =", 3: "4S N +1"})
    after = client.get(reverse("championship_after", args=[championship.pk, 1]))
    page = after.content.decode()
    assert after.status_code == 200 and "Standings after session 1" in page
    ann = page[page.index("Ann &amp; Bob") :]
    assert ann.split("</tr>")[0].count("<td>") == 2  # session 1 and the total: one session
    assert "12.00" in ann.split("</tr>")[0]
    whole = client.get(reverse("championship_detail", args=[championship.pk])).content.decode()
    assert reverse("championship_after", args=[championship.pk, 1]) in whole
    assert "Combined standings" in whole


def test_no_such_session_after_which_to_stand_is_not_found(client, championship):
    assert client.get(reverse("championship_after", args=[championship.pk, 3])).status_code == 404
