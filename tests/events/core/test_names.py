"""One comparison of players' names (events.core.names.player_key), stored on the roster as
Member.key: case-blind in every alphabet, on SQLite as on PostgreSQL."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.club.forms import MemberForm
from events.club.player_links import club_player_urls
from events.club.players import session_members
from events.core.names import player_key
from events.models import Member, Pair
from tests.factories import make_session

# Unicode's full case folding (the Unicode Standard, section 3.13, "Default Case Folding";
# Python's str.casefold): "ß" folds to "ss", "É" to "é".
FOLDED = [("Émile Zola", "ÉMILE ZOLA"), ("  Ann Smith ", "ann smith"), ("Straße", "STRASSE"),
          ("Øyvind Ås", "øyvind ås")]  # fmt: skip


@pytest.mark.parametrize("typed, other", FOLDED)
def test_names_that_differ_only_by_case_are_one_key(typed, other):
    assert player_key(typed) == player_key(other)


@given(st.text(max_size=30))
def test_a_key_is_its_own_key(name):
    assert player_key(player_key(name)) == player_key(name)


@pytest.mark.django_db
def test_the_roster_stores_each_members_key_and_refuses_an_accented_twin(club):
    member = Member.objects.create(club=club, name="Émile Zola")
    assert member.key == "émile zola"
    member.name = "Émile Zola-Durand"
    member.save(update_fields=["name"])
    member.refresh_from_db()
    assert member.key == "émile zola-durand"
    form = MemberForm({"name": "ÉMILE ZOLA-DURAND", "federation": ""}, club=club)
    assert not form.is_valid()
    assert form.errors["name"] == ["ÉMILE ZOLA-DURAND is on the roster already."]


@pytest.mark.django_db
def test_an_accented_member_is_found_among_a_sessions_players(club):
    """On SQLite, LOWER('É') is 'É': compared there, "ÉMILE ZOLA" typed on the pairs page
    would not be the member Émile Zola."""
    member = Member.objects.create(club=club, name="Émile Zola")
    event = make_session(club)
    Pair.objects.filter(section__event=event, direction="NS", number=1).update(
        player1="ÉMILE ZOLA", player2="Ann"
    )
    assert [found for _, found in session_members(event)] == [member]
    shown, _ = club_player_urls(club)
    assert player_key("ÉMILE ZOLA") in shown
