"""A member's page: their sessions, personal bests, partnerships and the boards where they
gained or lost most, and the choice a member has to hide it.

The sessions are played as tests/events/standings/test_ranking.py plays them: a 3-table
Mitchell of 6 boards where every table types NS 1's line as 4♠ N +1, NS 2's as 4♠ N = and NS
3's as 4♠ N −1. Each board is played three times; The Laws of Duplicate Bridge 2017 (World
Bridge Federation), Law 78A, give a score two units for each score it beats and one for each
tie, so the top is 4 units, and NS 1 scores 4 of 4 (100%) on every board, NS 2 2 of 4 (50%),
NS 3 0 (0%); their EW opponents the rest: 0%, 50% and 100%. In a Mitchell every EW pair meets
every NS pair for one round of two boards, so an EW pair has two boards at 0%, two at 50% and
two at 100%: 50% for the session, and each EW pair ties for first: "1= of 3".
"""

import datetime
from fractions import Fraction

import pytest
from django.urls import reverse

from events.club.player_page import player_page
from events.club.ratings import player_rating
from events.models import Event, Member, Pair
from events.standings.ranking import event_standings
from tests.events.club.test_season import name_pair, played_session, publish
from tests.events.standings.test_ranking import play_everything
from tests.factories import make_session

pytestmark = pytest.mark.django_db

OCTOBER = {"start": "2026-10-01", "end": "2026-10-31"}


@pytest.fixture
def ann(club):
    return Member.objects.create(club=club, name="Ann Smith")


def page_url(member):
    return reverse("player_page", args=[member.club.slug, member.pk])


def read(client, member, query=OCTOBER):
    response = client.get(page_url(member), query)
    assert response.status_code == 200
    return response


@pytest.fixture
def two_sessions(club, director, ann):
    """Ann sits NS 1 with Bob on 6 October (100%) and EW 1 with Cath on 13 October (50%)."""
    first = played_session(club, director, 6, name="Tuesday")
    second = played_session(club, director, 13, name="Next Tuesday")
    name_pair(first, "NS", 1, "Ann Smith", "Bob Jones")
    name_pair(second, "EW", 1, "Ann Smith", "Cath Lee")
    return first, second


def test_the_sessions_are_listed_latest_first_with_place_and_percentage(two_sessions, ann):
    first, second = two_sessions
    page = player_page(
        ann, director=False, start=datetime.date(2026, 10, 1), end=datetime.date(2026, 10, 31)
    )
    shown = [(row.event, row.result.partner, row.place, row.percentage) for row in page.rows]
    assert shown == [
        (second, "Cath Lee", "1= of 3", Fraction(50)),
        (first, "Bob Jones", "1 of 3", Fraction(100)),
    ]
    assert page.best.event == first
    assert page.masterpoints is None  # the club awards none


def test_the_page_shows_the_table_links_to_score_cards_and_partners(client, two_sessions, ann):
    first, second = two_sessions
    cath = Member.objects.create(club=ann.club, name="Cath Lee")
    html = read(client, ann).content.decode()
    ns1 = first.sections.get().pairs.get(direction="NS", number=1)
    assert f'href="{reverse("score_card", args=[first.pk, ns1.pk])}"' in html
    assert f'href="{reverse("player_page", args=[ann.club.slug, cath.pk])}">Cath Lee</a>' in html
    assert "1= of 3" in html and "100.00%" in html and "50.00%" in html


def test_personal_bests_and_partnerships(club, director, two_sessions, ann):
    third = played_session(club, director, 20, name="Third Tuesday")
    name_pair(third, "NS", 3, "Ann Smith", "Bob Jones")  # 0%
    page = player_page(
        ann, director=False, start=datetime.date(2026, 10, 1), end=datetime.date(2026, 10, 31)
    )
    assert page.best.percentage == 100
    together = [(p.partner, p.sessions, p.average, p.best) for p in page.partnerships]
    # With Bob: 100% and 0%, a mean of 50%, the best 100%; with Cath: 50%.
    assert together == [("Bob Jones", 2, 50, 100), ("Cath Lee", 1, 50, 50)]
    assert page.most_played.partner == "Bob Jones"


def test_boards_gained_and_lost_most(two_sessions, ann):
    page = player_page(
        ann, director=False, start=datetime.date(2026, 10, 1), end=datetime.date(2026, 10, 31)
    )
    # 12 boards: six at 100% as NS 1; as EW 1, two at 100% (against NS 3), two at 50%
    # (against NS 2), two at 0% (against NS 1).
    assert [board.percent for board in page.gained] == [100] * 5
    assert [board.percent for board in page.lost] == [0, 0, 50, 50, 100]
    assert {board.opponents for board in page.lost[:2]} == {"NS 1"}
    assert {board.opponents for board in page.lost[2:4]} == {"NS 2"}
    # Ties go to the later session first: its two boards against NS 3 lead the gains.
    assert [board.event.name for board in page.gained[:2]] == ["Next Tuesday"] * 2
    assert {board.opponents for board in page.gained[:2]} == {"NS 3"}
    assert {board.line.shown_contract for board in page.lost[:2]} == {"4♠ N +1"}


def test_a_session_at_imps_shows_imps_per_board(client, club, director, ann):
    event = make_session(
        club, date=datetime.date(2026, 10, 6), scoring_method="cross-imps", name="Teams-style"
    )
    play_everything(event, director)
    publish(event)
    name_pair(event, "NS", 1, "Ann Smith", "Bob Jones")
    html = read(client, ann).content.decode()
    # tests/events/standings/test_ranking.py: NS 1 wins 6 IMPs on each of three boards and 7 on
    # each of the other three: 39 over 6 boards, 6.50 a board. An IMP board has no top: it is
    # not among the boards gained or lost.
    assert "6.50<br><small>IMPs a board</small>" in html
    assert "Boards gained and lost most" not in html


def test_the_period_is_chosen_by_dates_and_a_bad_one_is_said_in_words(client, two_sessions, ann):
    html = read(client, ann, {"start": "2026-10-10", "end": "2026-10-31"}).content.decode()
    assert "Next Tuesday" in html and ">Tuesday<" not in html
    html = read(client, ann, {"start": "2026-10-31", "end": "2026-10-01"}).content.decode()
    assert "The period starts on 31 October 2026, after it ends (1 October 2026)." in html
    html = read(client, ann, {"start": "not a date"}).content.decode()
    assert "Enter a valid date." in html


def test_unpublished_sessions_are_for_the_clubs_directors(client, director, two_sessions, ann):
    first, second = two_sessions
    second.published = False
    second.save(update_fields=["published"])
    assert "Next Tuesday" not in read(client, ann).content.decode()
    client.force_login(director)
    assert "Next Tuesday" in read(client, ann).content.decode()


def test_a_hidden_player_is_shown_to_the_clubs_directors_only(
    client, director, colleague, two_sessions, ann
):
    first, _ = two_sessions
    ann.hidden = True
    ann.save(update_fields=["hidden"])
    assert client.get(page_url(ann)).status_code == 404
    client.force_login(colleague)  # a director of another club
    assert client.get(page_url(ann)).status_code == 404
    client.force_login(director)
    assert "only the club's directors see this page" in read(client, ann).content.decode()


def test_the_standings_link_members_who_show_their_page(client, two_sessions, ann):
    first, _ = two_sessions
    bob = Member.objects.create(club=ann.club, name="Bob Jones", hidden=True)
    html = client.get(reverse("session_detail", args=[first.pk])).content.decode()
    assert f'<a href="{page_url(ann)}">Ann Smith</a> &amp; Bob Jones' in html
    assert page_url(bob) not in html


def test_the_director_hides_a_member_on_the_members_page(director_client, ann):
    url = reverse("member_edit", args=[ann.club.slug, ann.pk])
    assert 'name="hidden"' in director_client.get(url).content.decode()
    response = director_client.post(url, {"name": "Ann Smith", "active": "on", "hidden": "on"})
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.hidden
    roster = director_client.get(reverse("roster", args=[ann.club.slug])).content.decode()
    assert f'<a href="{page_url(ann)}">Ann Smith</a> <small>hidden</small>' in roster


def test_a_member_of_another_club_is_no_player_of_this_one(client, ann):
    other = Member.objects.create(club=make_session_club(), name="Ann Smith")
    assert client.get(reverse("player_page", args=[ann.club.slug, other.pk])).status_code == 404


def make_session_club():
    from tests.factories import make_club

    return make_club()


# A visitor's page: the member and their club, the sessions, their standings, the partners'
# pages, the figures of every board of theirs, the results of the boards shown, and the
# fingerprint of the sessions the club's grades rest on (the grades themselves kept in the
# cache). A director's adds their login session, their user and whether they direct the club.
QUERIES = {"visitor": 7, "director": 10}


@pytest.mark.parametrize("sessions", [3, 8])
@pytest.mark.parametrize("reader", ["visitor", "director"])
def test_the_page_reads_a_fixed_number_of_queries(
    client, club, director, ann, sessions, reader, django_assert_max_num_queries
):
    for day in range(1, sessions + 1):
        event = played_session(club, director, day)
        name_pair(event, "EW", 1 + day % 3, "Ann Smith", f"Partner {day % 2}")
    Member.objects.create(club=club, name="Partner 1")
    if reader == "director":
        client.force_login(director)
    read(client, ann)  # the standings stored
    with django_assert_max_num_queries(QUERIES[reader]):
        response = read(client, ann)
    page = response.context["page"]
    assert len(page.rows) == sessions
    assert len(page.gained) == len(page.lost) == 5


def test_the_masterpoints_the_sessions_awarded_are_shown_and_added_up(client, two_sessions, ann):
    club = ann.club
    club.masterpoints = "acbl-open"
    club.save(update_fields=["masterpoints"])
    page = player_page(
        ann, director=False, start=datetime.date(2026, 10, 1), end=datetime.date(2026, 10, 31)
    )
    # Each award is the session standings' own (their arithmetic is tests/scoring/
    # test_masterpoints.py's, from the ACBL's handbook); the page adds them up.
    awards = []
    for event, direction in zip(two_sessions, ("NS", "EW"), strict=True):
        event.refresh_from_db()
        (_, groups), *_ = event_standings(event)
        group = next(g for g in groups if g.title.startswith(direction))
        row = next(row for row in group.rows if row.pair.number == 1)
        awards.append(row.masterpoints.points)
    assert [row.result.standing.masterpoints for row in page.rows] == awards[::-1]
    assert page.masterpoints == sum(awards) > 0
    assert '<th scope="col" class="masterpoints">' in read(client, ann).content.decode()


def test_a_hidden_partner_is_not_linked_for_the_public(client, director, two_sessions, ann):
    cath = Member.objects.create(club=ann.club, name="Cath Lee", hidden=True)
    assert page_url(cath) not in read(client, ann).content.decode()
    client.force_login(director)
    assert page_url(cath) in read(client, ann).content.decode()


def test_a_short_season_splits_its_boards_between_gains_and_losses(club, director, ann):
    event = played_session(club, director, 6)
    name_pair(event, "EW", 2, "Ann Smith", "Bob Jones")
    page = player_page(
        ann, director=False, start=datetime.date(2026, 10, 1), end=datetime.date(2026, 10, 31)
    )
    # Six boards as EW 2: two at 100% (against NS 3), two at 50%, two at 0% (against NS 1).
    # Three are gains, three losses: no board listed twice, none at 0% among the gains.
    assert [board.percent for board in page.gained] == [100, 100, 50]
    assert [board.percent for board in page.lost] == [0, 0, 50]


def test_the_page_shows_the_players_grade(client, club, director):
    """The grade is the club's ratings page's (tests/events/club/test_ratings.py works them)."""
    event = make_session(club, date=datetime.date(2026, 10, 6))
    play_everything(event, director)
    Pair.objects.filter(section__event=event, direction="NS", number=1).update(
        player1="Ann Smith", player2="Bob Jones"
    )
    Event.objects.filter(pk=event.pk).update(published=True)
    ann = Member.objects.create(club=club, name="Ann Smith")
    rating = player_rating(club, "Ann Smith")
    assert rating is not None
    body = client.get(
        reverse("player_page", args=[club.slug, ann.pk]),
        {"start": "2026-01-01", "end": "2026-12-31"},
    ).content.decode()
    assert f"<strong>{rating.grade:.1f}</strong> ({rating.status}, {rating.boards} boards)" in body
