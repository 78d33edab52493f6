"""Each table's secret link: making the links of a session, reissuing one, finding the link a
token opens, and the budget of requests a link (or an address guessing tokens) may make.

A table link is a capability: whoever holds the token may enter and confirm the results of
that one table of that one section, and nothing else. It stops working when the director
revokes it (a new one replaces it) or finalises the session.
"""

import secrets
import time

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from events.core import versions
from events.models import Event, Section, TableLink, TablePhoneOptions

__all__ = [
    "LinkClosed", "LinkUnknown", "ensure_links", "make_links", "live_links",
    "tables_without_links", "reissue", "link_for_token", "within_budget", "requests_per_minute",
    "misses_per_minute", "show_travellers", "set_show_travellers", "source_of", "new_token",
    "revoke_and_replace",
]  # fmt: skip

TOKEN_BYTES = 12  # 96 random bits, 16 URL-safe characters: short to type, hopeless to guess
REQUESTS_PER_MINUTE = 240  # per link: a phone polling every 3 s uses 20; four phones, 80
MISSES_PER_MINUTE = 20  # unknown tokens from one address: a guesser is stopped quickly


class LinkUnknown(LookupError):
    """No such link (or its session is gone): answered like any unknown address, 404."""


class LinkClosed(Exception):
    """A link that worked once: revoked by the director, or its session finalised."""

    def __init__(self, link, message: str, event=None):
        super().__init__(message)
        self.link = link
        self.event = event if event is not None else link.section.event  # what it was for


def new_token() -> str:
    """A fresh secret for a link (a pairs table's or a teams room's)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def source_of(link: TableLink) -> str:
    """How the board history names a link: "table 3", or "table 3, section B"."""
    return link.source


def ensure_links(section: Section) -> list[TableLink]:
    """Every table of the section with a live link, making the missing ones: when the section
    is set up or its movement recognised, or when the director asks (a session set up before
    its links were made with it). Pages only read them (`live_links`)."""
    if not section.has_movement:
        return []
    links = _live(section.table_links.all()).get(section.pk, [])
    missing = tables_without_links(section, links)
    if missing:
        # A link another request made meanwhile is the table's link: the database keeps one
        # live link a table, and this insert skips the tables that have one.
        TableLink.objects.bulk_create(
            [TableLink(section=section, table=table, token=new_token()) for table in missing],
            ignore_conflicts=True,
        )
        links = _live(section.table_links.all()).get(section.pk, [])
    return links


def make_links(event: Event) -> None:
    """Every table of the open session with a live link (the director asked for them)."""
    if not event.finalised:
        for section in event.sections.all():
            ensure_links(section)


def tables_without_links(section: Section, links: list[TableLink]) -> list[int]:
    """The tables of the section's movement that `links` (its live links) give no link."""
    if not section.has_movement:
        return []
    have = {link.table for link in links}
    return [table for table in range(1, section.tables + 1) if table not in have]


def live_links(event: Event) -> dict[int, list[TableLink]]:
    """Each section's live links, by the section's pk, in table order: one query, no write."""
    return _live(TableLink.objects.filter(section__event=event))


def _live(links) -> dict[int, list[TableLink]]:
    by_section: dict[int, list[TableLink]] = {}
    for link in links.filter(revoked_at__isnull=True).order_by("section", "table"):
        by_section.setdefault(link.section_id, []).append(link)
    return by_section


def reissue(link: TableLink) -> TableLink:
    """Revoke the link (whoever holds it gets a "replaced" page) and give the table a new one."""
    return revoke_and_replace(link, section=link.section, table=link.table)


def revoke_and_replace(link, **fields):
    """Revoke `link` (a pairs table's or a teams room's) and make its place a new one, with
    `fields` saying which place, in one transaction."""
    model = type(link)
    with transaction.atomic():
        model.objects.filter(pk=link.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
        return model.objects.create(token=new_token(), **fields)


def link_for_token(token: str) -> TableLink:
    """The live link with this token. Raises LinkUnknown or LinkClosed."""
    link = (
        TableLink.objects.select_related("section__event__club").filter(token=token).first()
        if len(token) <= 32
        else None
    )
    if link is None or link.section.event.deleted_at is not None:
        raise LinkUnknown(token)
    if link.revoked_at is not None:
        raise LinkClosed(link, "The director has replaced this table's link. Ask for the new one.")
    if link.section.event.finalised:
        raise LinkClosed(
            link,
            "The director has closed this session: results can no longer be "
            "entered from the table.",
        )
    return link


def within_budget(key: str, per_minute: int) -> bool:
    """Count one request against `key`'s budget for this minute (the cache's counter)."""
    bucket = f"phone-budget:{key}:{int(time.time() // 60)}"
    cache.add(bucket, 0, 120)
    try:
        used = cache.incr(bucket)
    except ValueError:  # evicted between add and incr: count afresh
        cache.set(bucket, 1, 120)
        used = 1
    return used <= per_minute


def requests_per_minute() -> int:
    return getattr(settings, "PHONE_REQUESTS_PER_MINUTE", REQUESTS_PER_MINUTE)


def misses_per_minute() -> int:
    return getattr(settings, "PHONE_MISSES_PER_MINUTE", MISSES_PER_MINUTE)


def show_travellers(event: Event) -> bool:
    return TablePhoneOptions.objects.filter(event=event, show_travellers=True).exists()


def set_show_travellers(event: Event, shown: bool) -> None:
    TablePhoneOptions.objects.update_or_create(event=event, defaults={"show_travellers": shown})
    versions.bump(event)
