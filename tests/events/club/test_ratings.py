"""A club's ratings (events/club/ratings.py, scoring/ratings.py) from its published sessions,
on test_ranking's 3-table Mitchell, where NS 1 scores 100%, NS 2 50%, NS 3 0% and every EW
pair 50% (tests/events/standings/test_handicaps.py plays it). The arithmetic and its sources
are tested in tests/scoring/test_ratings.py; here, what the club's history gives whom."""

import datetime

import pytest
from django.urls import reverse

from events.club.ratings import club_ratings, player_rating
from events.models import Event, Member, Pair
from events.standings.handicaps import pair_handicaps
from events.standings.stored import stored_standings
from tests.events.standings.test_handicaps import played
from tests.events.standings.test_ranking import play_everything
from tests.factories import make_session

pytestmark = pytest.mark.django_db

OCTOBER = datetime.date(2026, 10, 1)


@pytest.fixture
def history(club, director):
    played(club, director, OCTOBER.replace(day=6),
           {("NS", 1): ("Ann", "Bob"), ("NS", 3): ("Cath", "Dan")})  # fmt: skip
    played(club, director, OCTOBER.replace(day=13),
           {("NS", 2): ("Ann", "Cath"), ("EW", 1): ("Bob", "Dan")})  # fmt: skip
    played(club, director, OCTOBER.replace(day=20), {("NS", 1): ("Eve", "Fay")}, published=False)
    return club


def test_a_winning_pair_rates_above_a_losing_one(history):
    ratings = club_ratings(history)
    assert ratings["ann"].grade > ratings["cath"].grade
    assert ratings["bob"].grade > ratings["dan"].grade
    assert set(ratings) == {"ann", "bob", "cath", "dan"}  # unnamed pairs and Eve's unpublished


def test_a_grade_rests_on_the_boards_played(history):
    boards = {
        standing.boards
        for standings in stored_standings(list(Event.objects.filter(club=history))).values()
        for standing in standings
    }
    (per_session,) = boards
    assert player_rating(history, "ANN ").boards == 2 * per_session
    assert player_rating(history, "Ann").status == "tentative"
    assert player_rating(history, "Zed") is None


def test_the_page_lists_the_players_best_first_linked_from_the_club(client, history):
    page = client.get(reverse("club_ratings", args=[history.slug])).content.decode()
    assert page.index("Ann") < page.index("Cath")
    club_page = client.get(reverse("club_sessions", args=[history.slug])).content.decode()
    assert reverse("club_ratings", args=[history.slug]) in club_page


def test_the_page_renders_from_a_fixed_number_of_queries(
    client, club, director, django_assert_max_num_queries
):
    url = reverse("club_ratings", args=[club.slug])
    for count in (1, 4):
        for day in range(count):
            played(club, director, OCTOBER + datetime.timedelta(days=7 * day + count),
                   {("NS", 1): ("Ann", "Bob"), ("EW", 2): ("Cath", "Dan")})  # fmt: skip
        client.get(url)  # the stored standings brought up to date
        with django_assert_max_num_queries(5):
            assert client.get(url).status_code == 200


def test_an_empty_club_says_so(client, club):
    page = client.get(reverse("club_ratings", args=[club.slug])).content.decode()
    assert "No graded sessions yet" in page


def test_handicaps_from_grades(history, director):
    names = {("NS", 1): ("Ann", "Bob"), ("NS", 2): ("Cath", "Dan")}
    tonight = played(history, director, datetime.date(2026, 11, 24), names, published=False)
    Event.objects.filter(pk=tonight.pk).update(handicapping="full", handicap_basis="grade")
    tonight.refresh_from_db()
    pairs = {pair.pk: pair for pair in Pair.objects.filter(section__event=tonight)}
    handicaps = pair_handicaps(tonight, pairs)
    ratings = club_ratings(history, before=tonight.date)
    by_number = {(pair.direction, pair.number): handicaps[pk] for pk, pair in pairs.items()}
    ann, bob = ratings["ann"].grade, ratings["bob"].grade
    assert float(by_number["NS", 1]) == pytest.approx(50 - (ann + bob) / 2, abs=1e-3)
    assert by_number["NS", 1] < 0 < by_number["NS", 2]
    assert by_number["NS", 3] == 0  # unnamed: no grade, no handicap


def test_the_director_chooses_grades_on_the_strata_page(director_client, club):
    event = make_session(club)
    data = {"stratum_b_below": "", "stratum_c_below": "", "strata_by": "higher",
            "handicapping": "full", "handicap_basis": "grade"}  # fmt: skip
    director_client.post(reverse("session_strata", args=[event.pk]), data)
    event.refresh_from_db()
    assert (event.handicapping, event.handicap_basis) == ("full", "grade")
    assert "grade in the club" in event.describe_handicaps()


def test_a_session_at_imps_is_graded_from_its_imps_a_board(club, director):
    event = make_session(club, scoring_method="cross-imps", date=OCTOBER)
    play_everything(event, director)
    for number, names in ((1, ("Ann", "Bob")), (3, ("Cath", "Dan"))):
        Pair.objects.filter(section__event=event, direction="NS", number=number).update(
            player1=names[0], player2=names[1]
        )
    Event.objects.filter(pk=event.pk).update(published=True, version=event.version + 1)
    ratings = club_ratings(club)
    assert ratings["ann"].grade > ratings["cath"].grade
    Event.objects.filter(pk=event.pk).update(cross_imps="total", version=event.version + 2)
    assert club_ratings(club) == {}


def test_a_member_who_hides_is_left_off_the_public_list(client, director, history):
    Member.objects.create(club=history, name="Cath", hidden=True)
    url = reverse("club_ratings", args=[history.slug])
    assert ">Cath<" not in client.get(url).content.decode()
    client.force_login(director)
    assert ">Cath<" in client.get(url).content.decode()  # the club's director sees everyone
