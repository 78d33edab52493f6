"""Merging a duplicate member into the member kept: the duplicate's sessions, championship
entries, one-table seats, team places and mails follow, and they leave the roster; two who
played in one session, a member and themselves, or another club's member are refused, and
nothing changes."""

import datetime
import html
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from events.championships.setup import create_championship
from events.club.merging import MergeRefused, merge_members, plan_merge
from events.club.players import session_members
from events.models import Entrant, Event, Member, MemberMerge, Pair, ResultMail
from events.one_table.models import OneTableSession
from tests.events.teams.factories import make_teams_event
from tests.factories import make_club, make_session

TEAMS = "Ace: A. Smith, Abe, Amy, Art\nBell: Bea, Ben, Bob, Bud"


def name_pair(event, direction, number, player1, player2=""):
    Pair.objects.filter(section__event=event, direction=direction, number=number).update(
        player1=player1, player2=player2
    )


def names(event):
    return sorted((str(p), p.player1, p.player2) for p in Pair.objects.filter(section__event=event))


@pytest.fixture
def ann(club):
    return Member.objects.create(club=club, name="Ann Smith", number="12345")


@pytest.fixture
def a_smith(club):
    return Member.objects.create(
        club=club, name="A. Smith", email="ann@example.org", email_consent=True
    )


@pytest.fixture
def tuesday(club):
    event = make_session(club, name="Tuesday pairs", date=datetime.date(2026, 11, 24))
    name_pair(event, "NS", 1, "a. smith", "Bob Jones")  # typed in small letters
    return event


@pytest.fixture
def thursday(club):
    event = make_session(club, name="Thursday pairs", date=datetime.date(2026, 11, 26))
    name_pair(event, "EW", 2, "Cath Brown", "Ann Smith")
    return event


def test_the_duplicates_sessions_follow_the_member_kept(club, ann, a_smith, tuesday, thursday):
    plan = plan_merge(ann, a_smith)
    assert plan.sessions == [tuesday]
    assert plan.changes == [
        "1 session: 1 pair with A. Smith get Ann Smith instead.",
        "Ann Smith takes A. Smith's e-mail address ann@example.org.",
        "A. Smith leaves the roster.",
    ]
    merge_members(ann, a_smith)
    assert ("NS 1", "Ann Smith", "Bob Jones") in names(tuesday)
    assert [member.name for _, member in session_members(tuesday)] == ["Ann Smith"]
    assert [member.name for _, member in session_members(thursday)] == ["Ann Smith"]
    assert list(club.members.values_list("name", flat=True)) == ["Ann Smith"]
    ann.refresh_from_db()
    assert (ann.number, ann.email, ann.email_consent) == ("12345", "ann@example.org", True)
    tuesday.refresh_from_db()
    assert tuesday.version == 1  # open pages fetch the new names


def test_championship_entrants_one_table_seats_teams_and_mails_follow(
    club, ann, a_smith, tuesday, thursday
):
    championship = create_championship(club, "Two days", [tuesday, thursday], "average", "zero")
    game = OneTableSession.objects.create(
        club=club, date=datetime.date(2026, 11, 20), north="A. Smith", east="Bob", south="Cy",
        west="Di",
    )  # fmt: skip
    teams = make_teams_event(club, TEAMS)
    pair = Pair.objects.get(section__event=tuesday, direction="NS", number=1)
    ResultMail.objects.create(
        event=tuesday, member=a_smith, pair=pair, reason="finalised", version=1,
        address="ann@example.org",
    )  # fmt: skip
    plan = plan_merge(ann, a_smith)
    # The other kinds' lines in the order their apps register (INSTALLED_APPS).
    assert plan.changes[1:5] == [
        "1 championship entrant renamed.",
        "A. Smith renamed among the players of 1 team.",
        "1 one-table game renamed.",
        "1 result mail listed under Ann Smith.",
    ]
    merge_members(ann, a_smith)
    entrants = Entrant.objects.filter(championship=championship)
    assert "A. Smith" not in {e.player1 for e in entrants} | {e.player2 for e in entrants}
    assert any("Ann Smith" in (e.player1, e.player2) for e in entrants)
    game.refresh_from_db()
    assert game.north == "Ann Smith"
    assert teams.teams.get(name="Ace").members == "Ann Smith, Abe, Amy, Art"
    assert ResultMail.objects.get().member == ann


@pytest.mark.parametrize(
    "where",
    [
        ("NS", 1, "A. Smith", "Ann Smith"),  # one pair
        ("EW", 3, "Ann Smith", "Cath Brown"),  # another pair of the same session
    ],
)
def test_two_who_played_in_one_session_are_not_merged(club, ann, a_smith, tuesday, where):
    direction, number, *players = where
    name_pair(tuesday, direction, number, *players)
    before = names(tuesday)
    with pytest.raises(MergeRefused) as refused:
        merge_members(ann, a_smith)
    assert str(refused.value) == (
        "Ann Smith and A. Smith both played in Tuesday pairs on 24 Nov 2026: they are two players."
    )
    assert names(tuesday) == before
    assert club.members.count() == 2


def test_two_at_one_table_or_in_one_teams_event_are_not_merged(club, ann, a_smith):
    OneTableSession.objects.create(
        club=club, date=datetime.date(2026, 11, 20), north="A. Smith", south="ann smith"
    )
    with pytest.raises(MergeRefused, match="both played in One-table game on 20 Nov 2026"):
        plan_merge(ann, a_smith)
    OneTableSession.objects.all().delete()
    make_teams_event(club, TEAMS.replace("Ben", "Ann Smith"))
    with pytest.raises(MergeRefused, match="both played in Swiss teams on 24 Nov 2026"):
        merge_members(ann, a_smith)
    assert club.members.count() == 2


def test_a_member_is_not_merged_with_themselves(ann):
    with pytest.raises(MergeRefused, match="Ann Smith cannot be merged with themselves"):
        merge_members(ann, ann)
    assert Member.objects.get() == ann


def test_another_clubs_member_is_not_merged(ann):
    theirs = Member.objects.create(club=make_club(name="Hillside BC"), name="Ann Smith")
    with pytest.raises(MergeRefused, match="Ann Smith is another club's member."):
        merge_members(ann, theirs)
    assert Member.objects.count() == 2


def test_a_failure_half_way_changes_nothing(club, ann, a_smith, tuesday, monkeypatch):
    # The duplicate leaves the roster last: a failure there undoes the renamed pairs.
    def refuse(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(Member, "delete", refuse)
    with pytest.raises(RuntimeError):
        merge_members(ann, a_smith)
    assert ("NS 1", "a. smith", "Bob Jones") in names(tuesday)
    assert Event.objects.get(pk=tuesday.pk).version == 0


def test_the_duplicates_number_goes_to_a_member_kept_without_one(club):
    kept = Member.objects.create(club=club, name="Ann Smith")
    duplicate = Member.objects.create(
        club=club, name="A. Smith", federation="ABF", number="0041475", visitor=True,
        masterpoints_held=12,
    )  # fmt: skip
    assert (
        "Ann Smith takes A. Smith's number 0041475 and 12 masterpoints held."
        in plan_merge(kept, duplicate).changes
    )
    merge_members(kept, duplicate)
    kept.refresh_from_db()
    assert (kept.federation, kept.number, kept.visitor) == ("ABF", "0041475", False)
    assert kept.masterpoints_held == 12


def test_a_duplicate_who_hid_their_page_keeps_it_hidden(club, ann):
    duplicate = Member.objects.create(club=club, name="A. Smith", hidden=True)
    assert "Ann Smith takes A. Smith's choice to be hidden from public pages." in (
        plan_merge(ann, duplicate).changes
    )
    merge_members(ann, duplicate)
    ann.refresh_from_db()
    assert ann.hidden


def test_the_plan_says_the_duplicates_number_is_dropped_when_both_have_one(club, ann):
    duplicate = Member.objects.create(club=club, name="A. Smith", number="777")
    assert "A. Smith's number 777 is dropped: Ann Smith keeps 12345." in (
        plan_merge(ann, duplicate).changes
    )


def test_the_plan_takes_a_constant_number_of_queries(
    club, ann, a_smith, django_assert_max_num_queries
):
    for day in range(1, 13):
        event = make_session(club, name=f"Day {day}", date=datetime.date(2026, 10, day))
        name_pair(event, "NS", 1, "A. Smith" if day % 2 else "Ann Smith")
    with django_assert_max_num_queries(5):
        plan = plan_merge(ann, a_smith)
    assert len(plan.sessions) == 6


# The pages.


def merge_url(club, member):
    return reverse("member_merge", args=[club.slug, member.pk])


def test_the_page_shows_what_will_change_before_the_post_merges(
    director_client, club, ann, a_smith, tuesday
):
    url = merge_url(club, a_smith)
    body = director_client.get(url, {"into": ann.pk}).content.decode()
    assert "1 session: 1 pair with A. Smith get Ann Smith instead." in body
    assert "Tuesday pairs (24 Nov 2026)" in body
    offered = re.findall(r'<option value="(\d+)"', body)
    assert offered == [str(ann.pk)]  # not A. Smith themselves
    assert club.members.count() == 2  # looking changes nothing
    response = director_client.post(url, {"into": ann.pk})
    assert response.status_code == 302 and response.url == reverse("roster", args=[club.slug])
    assert list(club.members.values_list("name", flat=True)) == ["Ann Smith"]
    page = director_client.get(response.url).content.decode()
    assert "A. Smith is merged into Ann Smith." in page


@pytest.mark.parametrize(
    "into,message",
    [
        ("self", "A. Smith cannot be merged with themselves: choose another member."),
        ("other club", "That member is not on this club's roster."),
        ("", "Choose the member to keep."),
        ("x", "That member is not on this club's roster."),
    ],
)
def test_the_page_refuses_in_words_and_changes_nothing(
    director_client, club, ann, a_smith, into, message
):
    theirs = Member.objects.create(club=make_club(name="Hillside BC"), name="Their Member")
    value = {"self": a_smith.pk, "other club": theirs.pk}.get(into, into)
    response = director_client.post(merge_url(club, a_smith), {"into": value})
    assert response.status_code == 200
    assert message in html.unescape(response.content.decode())
    assert Member.objects.count() == 3


def test_the_page_refuses_two_who_played_together(director_client, club, ann, a_smith, tuesday):
    name_pair(tuesday, "NS", 1, "A. Smith", "Ann Smith")
    response = director_client.post(merge_url(club, a_smith), {"into": ann.pk})
    body = response.content.decode()
    assert "Not merged: Ann Smith and A. Smith both played in Tuesday pairs" in body
    assert club.members.count() == 2


@pytest.mark.parametrize("who", ["colleague", "stranger"])
def test_the_page_gives_other_users_a_404(client, request, club, ann, a_smith, who):
    client.force_login(request.getfixturevalue(who))
    assert client.get(merge_url(club, a_smith), {"into": ann.pk}).status_code == 404
    assert client.post(merge_url(club, a_smith), {"into": ann.pk}).status_code == 404
    assert club.members.count() == 2


@pytest.mark.parametrize("sessions", [4, 12])
def test_the_merge_page_takes_a_constant_number_of_queries(
    director_client, club, ann, a_smith, sessions, django_assert_max_num_queries
):
    for day in range(1, sessions + 1):
        event = make_session(club, name=f"Day {day}", date=datetime.date(2026, 10, day))
        name_pair(event, "NS", 1, "A. Smith" if day % 2 else "Ann Smith")
    with django_assert_max_num_queries(12):
        body = director_client.get(merge_url(club, a_smith), {"into": ann.pk}).content.decode()
    assert f"{sessions // 2} sessions: {sessions // 2} pairs with A. Smith" in body


def test_a_merge_that_makes_two_entrants_one_pair_is_refused(club, ann, a_smith, tuesday, thursday):
    """A. Smith & Bob Jones played Tuesday, Ann Smith & Bob Jones Thursday: two entrants of the
    championship. Merged, both would be Ann Smith & Bob Jones, each missing a session."""
    name_pair(thursday, "EW", 2, "Ann Smith", "Bob Jones")
    championship = create_championship(club, "Two days", [tuesday, thursday], "average", "zero")
    assert championship.entrants.filter(player2="Bob Jones").count() == 2
    with pytest.raises(MergeRefused, match="would both be Ann Smith & Bob Jones"):
        plan_merge(ann, a_smith)
    assert Member.objects.filter(name="A. Smith").exists()


# The record of each merge.


def test_a_merge_is_recorded_with_who_when_the_names_numbers_and_rows_moved(
    club, director, ann, a_smith, tuesday, thursday
):
    a_smith.number = "A-9"
    a_smith.save()
    pair = Pair.objects.get(section__event=tuesday, direction="NS", number=1)
    ResultMail.objects.create(
        event=tuesday, member=a_smith, pair=pair, reason="finalised", version=1,
        address="ann@example.org",
    )  # fmt: skip
    before = timezone.now()
    merge_members(ann, a_smith, by=director)
    record = MemberMerge.objects.get()
    assert (record.club, record.merged_by) == (club, director)
    assert before <= record.merged_at <= timezone.now()
    assert (record.kept_name, record.kept_number) == ("Ann Smith", "12345")
    assert (record.duplicate_name, record.duplicate_number) == ("A. Smith", "A-9")
    # Tuesday's pair (thursday's already named Ann Smith) and the mail.
    assert record.rows_moved == 2
    # The lines the confirmation page showed before the merge.
    assert record.changes.splitlines() == [
        "1 session: 1 pair with A. Smith get Ann Smith instead.",
        "1 result mail listed under Ann Smith.",
        "Ann Smith takes A. Smith's e-mail address ann@example.org.",
        "A. Smith's number A-9 is dropped: Ann Smith keeps 12345.",
        "A. Smith leaves the roster.",
    ]


def test_a_refused_merge_leaves_no_record(club, ann, a_smith, tuesday):
    name_pair(tuesday, "NS", 1, "A. Smith", "Ann Smith")
    with pytest.raises(MergeRefused):
        merge_members(ann, a_smith)
    assert not MemberMerge.objects.exists()


def test_the_members_page_shows_the_director_each_merge(
    director_client, director, club, ann, a_smith, tuesday
):
    director_client.post(merge_url(club, a_smith), {"into": ann.pk})
    body = html.unescape(director_client.get(reverse("roster", args=[club.slug])).content.decode())
    assert "<h2>Merges</h2>" in body
    merged = r"<td>A\. Smith</td><td>Ann Smith \(12345\)</td>"
    row = re.search(rf"<tr><td>[^<]*</td>{merged}.*?</tr>", body)
    assert row is not None
    assert '<td class="num">1</td>' in row.group(0) and director.username in row.group(0)
    assert "1 session: 1 pair with A. Smith get Ann Smith instead." in body
    assert MemberMerge.objects.get().merged_by == director


def test_an_accented_duplicate_typed_in_capitals_is_found_on_any_database(club):
    """SQLite's LIKE (Django's iexact there) folds ASCII letters only: "ÉMILE ZOLA" typed on
    a pairs page is the member Émile Zola all the same (events.core.names.player_key)."""
    emile = Member.objects.create(club=club, name="Émile Zola", number="777")
    e_zola = Member.objects.create(club=club, name="É. Zola")
    tuesday = make_session(club, name="Tuesday pairs", date=datetime.date(2026, 11, 24))
    name_pair(tuesday, "NS", 1, "É. ZOLA", "Bob Jones")
    thursday = make_session(club, name="Thursday pairs", date=datetime.date(2026, 11, 26))
    name_pair(thursday, "NS", 1, "émile zola", "É. zola")
    with pytest.raises(MergeRefused, match="both played in Thursday pairs"):
        plan_merge(emile, e_zola)
    name_pair(thursday, "NS", 1, "émile zola", "Cy")
    merge_members(emile, e_zola)
    assert ("NS 1", "Émile Zola", "Bob Jones") in names(tuesday)


def test_a_duplicate_spelt_with_ss_for_sharp_s_is_found(club):
    """Unicode's case folding (Python's str.casefold) folds "ß" to "ss": "HANS STRAUSS" on a
    pairs page is the duplicate Hans Strauß, though a case-blind expression compares letter
    by letter and "ß" is one letter."""
    hans = Member.objects.create(club=club, name="H. Strauss")
    duplicate = Member.objects.create(club=club, name="Hans Strauß")
    tuesday = make_session(club, name="Tuesday pairs", date=datetime.date(2026, 11, 24))
    name_pair(tuesday, "NS", 1, "HANS STRAUSS", "Bob Jones")
    plan = plan_merge(hans, duplicate)
    assert [pair.player1 for pair in plan.pairs] == ["HANS STRAUSS"]
