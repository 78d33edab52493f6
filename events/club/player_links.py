"""Links from a session's public standings to its players' pages: one query for the whole
session, and none to a member who hides their page."""

from django.urls import reverse

from events.models import Club, Event, Member

__all__ = ["club_player_urls", "hidden_players", "session_player_urls"]

_MEMBER = 987654321  # the placeholder in the one reversed player-page URL


def session_player_urls(event: Event) -> dict[str, str]:
    """The page of each member of the session's club who shows their page, by their name's
    key (events.core.names.player_key): the session's players among them. One query, for the
    roster; the names are compared by their keys, not by the database (SQLite folds ASCII
    letters only)."""
    if not event.club_id:
        return {}
    return club_player_urls(event.club)[0]


def club_player_urls(club: Club) -> tuple[dict[str, str], set[str]]:
    """Each page of the club's members who show their page, and the names of those who hide
    from public pages, by their names in lower case: for a page over many sessions (a ladder),
    one query."""
    members = list(Member.objects.filter(club=club).values_list("pk", "key", "hidden"))
    hidden = {key for _, key, hides in members if hides}
    url = reverse("player_page", args=[club.slug, _MEMBER])
    shown = {key: url.replace(str(_MEMBER), str(pk)) for pk, key, hides in members if not hides}
    return shown, hidden


def hidden_players(club: Club) -> set[str]:
    """The names, in lower case, of the club's members who hide from public pages and lists."""
    return set(Member.objects.filter(club=club, hidden=True).values_list("key", flat=True))
