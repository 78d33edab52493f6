"""A player's results across sessions, gathered by name from the stored standings.

Sessions as tests/events/standings/test_ranking.py plays them (a 3-table Mitchell where NS 1
tops every board: 100%, NS 2 50%, NS 3 0%, every EW pair 50%; ACBL matchpoints).
"""

import datetime
from fractions import Fraction

import pytest

from events.club.season import player_key, results_by_player, season_sessions
from events.models import Pair
from tests.events.standings.test_ranking import play_everything
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def name_pair(event, direction, number, player1, player2=""):
    Pair.objects.filter(section__event=event, direction=direction, number=number).update(
        player1=player1, player2=player2
    )


def played_session(club, director, day, **fields):
    event = make_session(club, date=datetime.date(2026, 10, day), **fields)
    play_everything(event, director)
    return publish(event)


def publish(event):
    event.published = True
    event.save(update_fields=["published"])
    return event


def test_a_player_is_followed_across_sessions_and_partners(club, director):
    first = played_session(club, director, 6, name="Tuesday")
    second = played_session(club, director, 13, name="Next Tuesday")
    name_pair(first, "NS", 1, "Ann Smith", "Bob Jones")
    name_pair(second, "EW", 2, "ann smith", "Cath Lee")  # typed in lower case
    events = season_sessions(club, director=False)
    assert events == [first, second]
    results = results_by_player(events)[player_key("Ann Smith")]
    assert [(r.event, r.partner, r.standing.percentage) for r in results] == [
        (first, "Bob Jones", Fraction(100)),
        (second, "Cath Lee", Fraction(50)),
    ]
    assert results[1].standing.rank == "1="


def test_the_public_sees_published_sessions_in_the_dates_asked(club, director):
    autumn = played_session(club, director, 6)
    unpublished = played_session(club, director, 20)
    unpublished.published = False
    unpublished.save(update_fields=["published"])
    assert season_sessions(club, director=False) == [autumn]
    assert season_sessions(club, director=True) == [autumn, unpublished]
    assert season_sessions(club, director=True, start=datetime.date(2026, 10, 7)) == [unpublished]


def test_a_pair_that_played_no_board_gives_no_result(club, director):
    event = publish(make_session(club))
    name_pair(event, "NS", 1, "Ann Smith")
    assert results_by_player([event]) == {}


def test_the_season_is_read_in_a_fixed_number_of_queries(club, director, django_assert_num_queries):
    for day in (6, 13, 20):
        played_session(club, director, day)
    results_by_player(season_sessions(club, director=False))  # the standings stored
    with django_assert_num_queries(2):  # the sessions, then their standings
        results_by_player(season_sessions(club, director=False))
