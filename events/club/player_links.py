"""Links from a session's public standings to its players' pages: one query for the whole
session, and none to a member who hides their page."""

from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse

from events.models import Club, Event, Member, Pair

__all__ = ["club_player_urls", "hidden_players", "session_player_urls"]

_MEMBER = 987654321  # the placeholder in the one reversed player-page URL


def session_player_urls(event: Event) -> dict[str, str]:
    """Each page of a member who played in `event` and shows their page, by their name in
    lower case (as events/club/season.py `player_key` compares names)."""
    if not event.club_id:
        return {}
    pairs = Pair.objects.filter(section__event=event)
    named = Q(key__in=pairs.annotate(name=Lower("player1")).values("name")) | Q(
        key__in=pairs.annotate(name=Lower("player2")).values("name")
    )
    members = Member.objects.annotate(key=Lower("name")).filter(
        named, club_id=event.club_id, hidden=False
    )
    return _urls(event.club, members)


def club_player_urls(club: Club) -> tuple[dict[str, str], set[str]]:
    """Each page of the club's members who show their page, and the names of those who hide
    from public pages, by their names in lower case: for a page over many sessions (a ladder),
    one query."""
    members = list(
        Member.objects.annotate(key=Lower("name"))
        .filter(club=club)
        .values_list("pk", "key", "hidden")
    )
    hidden = {key.strip() for _, key, hides in members if hides}
    url = reverse("player_page", args=[club.slug, _MEMBER])
    shown = {
        key.strip(): url.replace(str(_MEMBER), str(pk)) for pk, key, hides in members if not hides
    }
    return shown, hidden


def hidden_players(club: Club) -> set[str]:
    """The names, in lower case, of the club's members who hide from public pages and lists."""
    names = Member.objects.filter(club=club, hidden=True).annotate(key=Lower("name"))
    return {key.strip() for key in names.values_list("key", flat=True)}


def _urls(club: Club, members) -> dict[str, str]:
    url = reverse("player_page", args=[club.slug, _MEMBER])
    return {
        key.strip(): url.replace(str(_MEMBER), str(pk))
        for pk, key in members.values_list("pk", "key")
    }
