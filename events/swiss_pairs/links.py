"""Each Swiss pairs table's secret link for its round, as a pairs table has one
(events/phone/links.py, whose tokens, budgets and reissuing these share): made when the round
is drawn (or when the director asks, for a round drawn before links were made), reissued by the
director, found by its token.

A table link is a capability: whoever holds the token enters and agrees that table's boards of
that one round, and nothing else. It stops working when the director reissues it, the round's
draw is taken back or the event is deleted (the table and its link go with them), or the
director sets the match's score (the boards no longer count).
"""

from events.phone.links import LinkClosed, LinkUnknown, new_token, revoke_and_replace
from events.swiss_pairs.models import SwissPairsEvent, SwissPairsTable, SwissTableLink

__all__ = ["link_for_token", "make_links", "reissue", "round_links", "unlinked"]


def make_links(tables) -> None:
    """Every table (not a bye) of `tables` with a live link, making the missing ones. A link
    another request made meanwhile is the table's: the database keeps one live link a table,
    and this insert skips the tables that have one."""
    tables = [table for table in tables if not table.is_bye]
    have = set(
        SwissTableLink.objects.filter(table__in=tables, revoked_at__isnull=True).values_list(
            "table_id", flat=True
        )
    )
    SwissTableLink.objects.bulk_create(
        [SwissTableLink(table=t, token=new_token()) for t in tables if t.pk not in have],
        ignore_conflicts=True,
    )


def round_links(event: SwissPairsEvent, number: int) -> dict[int, SwissTableLink]:
    """Each table's live link, by the table's pk: one query, no write."""
    live = SwissTableLink.objects.filter(
        table__event=event, table__round=number, revoked_at__isnull=True
    )
    return {link.table_id: link for link in live}


def unlinked(tables, links: dict[int, SwissTableLink]) -> list[SwissPairsTable]:
    """The tables (not byes) with no live link."""
    return [table for table in tables if not table.is_bye and table.pk not in links]


def reissue(link: SwissTableLink) -> SwissTableLink:
    """Revoke the link (whoever holds it gets a "replaced" page) and give the table a new one."""
    return revoke_and_replace(link, table=link.table)


def link_for_token(token: str) -> SwissTableLink:
    """The live table link with this token. Raises LinkUnknown or LinkClosed."""
    link = (
        SwissTableLink.objects.select_related("table__event__club", "table__ns", "table__ew")
        .filter(token=token)
        .first()
        if len(token) <= 32
        else None
    )
    if link is None:  # a Swiss pairs event deleted takes its tables and links with it
        raise LinkUnknown(token)
    event = link.table.event
    if link.revoked_at is not None:
        raise LinkClosed(
            link, "The director has replaced this table's link. Ask for the new one.", event
        )
    if link.table.is_awarded:
        raise LinkClosed(
            link,
            "The director has set this match's score, so its boards are no longer entered "
            "from the table.",
            event,
        )
    return link
