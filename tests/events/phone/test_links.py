"""Table links: one secret link per table, unguessable, made with the session, reissued by
the director, closed when the session is finalised, and a budget of requests per link."""

import pytest
from django.db import IntegrityError
from django.utils import timezone

from events.models import TableLink
from events.phone import links as table_links
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def test_it_gives_every_table_one_unguessable_link(section):
    links = table_links.ensure_links(section)
    assert [link.table for link in links] == [1, 2, 3]
    tokens = {link.token for link in links}
    assert len(tokens) == 3
    assert all(len(token) == 16 and not token.isdigit() for token in tokens)
    assert table_links.ensure_links(section) == links  # asked again: the same links


def test_a_session_is_set_up_with_a_link_for_every_table(club):
    event = make_session(club, tables=4, boards_per_round=2)
    links = TableLink.objects.filter(section__event=event)
    assert sorted(links.values_list("table", flat=True)) == [1, 2, 3, 4]
    assert table_links.live_links(event) == {event.sections.get().pk: list(links.order_by("table"))}


def test_links_made_meanwhile_are_kept_and_only_the_missing_ones_made(section):
    TableLink.objects.filter(section=section, table__in=[1, 3]).delete()
    kept = TableLink.objects.get(section=section, table=2)
    links = table_links.ensure_links(section)
    assert [link.table for link in links] == [1, 2, 3]
    assert links[1] == kept and links[1].token == kept.token
    assert table_links.tables_without_links(section, links) == []


def test_the_database_refuses_two_live_links_for_one_table(section, links):
    with pytest.raises(IntegrityError):
        TableLink.objects.create(section=section, table=1, token="another-token")


def test_a_reissued_link_replaces_the_old_one(section, links):
    new = table_links.reissue(links[2])
    assert new.token != links[2].token
    with pytest.raises(table_links.LinkClosed, match="replaced"):
        table_links.link_for_token(links[2].token)
    assert table_links.link_for_token(new.token) == new


def test_a_finalised_session_closes_its_links(mitchell_session, links):
    mitchell_session.finalised = True
    mitchell_session.save()
    with pytest.raises(table_links.LinkClosed, match="closed this session"):
        table_links.link_for_token(links[1].token)


@pytest.mark.parametrize("token", ["1", "table-1", "x" * 200, ""])
def test_an_unknown_token_is_unknown(links, token):
    with pytest.raises(table_links.LinkUnknown):
        table_links.link_for_token(token)


def test_a_deleted_session_s_links_are_unknown(mitchell_session, links):
    mitchell_session.deleted_at = timezone.now()
    mitchell_session.save()
    with pytest.raises(table_links.LinkUnknown):
        table_links.link_for_token(links[1].token)


def test_the_request_budget_counts_per_key():
    assert all(table_links.within_budget("test-key-a", 3) for _ in range(3))
    assert not table_links.within_budget("test-key-a", 3)
    assert table_links.within_budget("test-key-b", 3)
