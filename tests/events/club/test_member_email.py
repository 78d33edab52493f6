"""A member's e-mail address and their consent to be e-mailed their results, kept on the
roster pages; and the members who played in a session, found by their names on its pairs."""

import pytest
from django.db import IntegrityError
from django.urls import reverse

from events.club.players import session_members
from events.models import Member, Pair
from tests.factories import make_club, make_session


@pytest.fixture
def ann(club):
    return Member.objects.create(club=club, name="Ann Smith", number="12345")


def edit(client, club, member, **fields):
    url = reverse("member_edit", args=[club.slug, member.pk])
    return client.post(url, {"name": member.name, "number": member.number, "active": "on",
                             **fields})  # fmt: skip


def test_a_director_gives_an_address_and_the_consent(director_client, club, ann):
    response = edit(director_client, club, ann, email="ann@example.org", email_consent="on")
    assert response.status_code == 302
    ann.refresh_from_db()
    assert (ann.email, ann.email_consent, ann.mailable) == ("ann@example.org", True, True)
    body = director_client.get(reverse("roster", args=[club.slug])).content.decode()
    assert 'ann@example.org <span class="hint">· results by e-mail</span>' in body


def test_an_address_without_consent_is_kept_but_sends_nothing(director_client, club, ann):
    edit(director_client, club, ann, email="ann@example.org")
    ann.refresh_from_db()
    assert (ann.email, ann.email_consent, ann.mailable) == ("ann@example.org", False, False)
    body = director_client.get(reverse("roster", args=[club.slug])).content.decode()
    assert "no results by e-mail" in body


@pytest.mark.parametrize("address", ["ann@", "ann example.org", "@example.org", "ann@@x.org"])
def test_a_malformed_address_gets_words_and_stores_nothing(director_client, club, ann, address):
    response = edit(director_client, club, ann, email=address, email_consent="on", number="9")
    assert response.status_code == 200
    assert "That is not an e-mail address: it looks like ann@example.org." in (
        response.content.decode()
    )
    ann.refresh_from_db()
    assert (ann.email, ann.email_consent, ann.number) == ("", False, "12345")


def test_consent_without_an_address_gets_words(director_client, club, ann):
    response = edit(director_client, club, ann, email="", email_consent="on")
    assert "Results by e-mail need the member&#x27;s e-mail address above." in (
        response.content.decode()
    )
    ann.refresh_from_db()
    assert ann.email_consent is False


def test_a_new_member_may_come_with_an_address(director_client, club):
    url = reverse("roster", args=[club.slug])
    response = director_client.post(
        url, {"name": "Bob Jones", "email": "bob@example.org", "email_consent": "on"}
    )
    assert response.status_code == 302
    assert Member.objects.get(name="Bob Jones").mailable


def test_the_database_refuses_consent_without_an_address(club):
    with pytest.raises(IntegrityError):
        Member.objects.create(club=club, name="Cat Lee", email_consent=True)


def test_a_pairs_players_are_the_members_of_their_names_case_blind(club):
    event = make_session(club, tables=3, boards_per_round=2)
    ns1, ew1, *_ = Pair.objects.filter(section__event=event).order_by("number", "direction")
    ann = Member.objects.create(club=club, name="Ann Smith")
    bob = Member.objects.create(club=club, name="Bob Jones")
    Member.objects.create(club=club, name="Cat Lee")  # on the roster, not playing
    Member.objects.create(club=make_club(name="Hillside BC"), name="Dan Ray")  # another club's
    Pair.objects.filter(pk=ns1.pk).update(player1="ann smith", player2="Guest Player")
    Pair.objects.filter(pk=ew1.pk).update(player1="BOB JONES", player2="Dan Ray")
    found = [(pair.pk, member.pk) for pair, member in session_members(event)]
    assert sorted(found) == sorted([(ns1.pk, ann.pk), (ew1.pk, bob.pk)])
