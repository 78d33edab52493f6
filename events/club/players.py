"""Which of the club's members played in a session, and in which pair.

A pair holds its players' names (events.models.Pair.player1, player2). The pairs page turns a
typed member number into the member's name and a typed name into the roster's spelling
(events/club/roster.py `Roster.resolve`), and a club's member names are unique case-blind
(the constraint `member_key_unique_per_club`, on events.core.names.player_key); so a pair's
player is the member whose name it is, compared by that key, and at most one member is.
"""

from events.core.names import player_key
from events.models import Event, Member, Pair

__all__ = ["session_members"]


def session_members(event: Event) -> list[tuple[Pair, Member]]:
    """Each (pair, member) of the session whose player name is a member's, in pair order."""
    pairs = list(Pair.objects.filter(section__event=event).select_related("section"))
    names = {player_key(name) for pair in pairs for name in (pair.player1, pair.player2) if name}
    if not names:
        return []
    members = {m.key: m for m in Member.objects.filter(club_id=event.club_id, key__in=names)}
    found = []
    for pair in sorted(pairs, key=lambda p: (p.section.name, p.direction, p.number)):
        for name in dict.fromkeys(player_key(n) for n in (pair.player1, pair.player2) if n):
            if name in members:
                found.append((pair, members[name]))
    return found
