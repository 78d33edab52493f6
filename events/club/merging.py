"""Two roster entries that are one player ("A. Smith" and "Ann Smith") merged into one.

A pair's players are the club's members by name, case-blind (events/club/players.py), so the
duplicate's history follows the kept member when the duplicate's name is written as the kept
member's wherever the club's records hold it: the pairs of its sessions, its championships'
entrants, its one-table games' seats and its teams' lists of players. Mails sent to the
duplicate are the kept member's. Two members who played in one session (in one pair or in two)
are two players, and the merge is refused; so is any merge that cannot be done whole.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q

from events.championships.setup import pair_names
from events.core import versions
from events.core.names import player_key
from events.models import Championship, Entrant, Event, Member, MemberMerge, Pair, ResultMail

__all__ = [
    "MergePlan", "MergeRefused", "NamedPlayers", "merge_members", "plan_merge", "register",
    "named", "renamed", "two_players",
]  # fmt: skip


class MergeRefused(Exception):
    """Why two members cannot be merged, in words; nothing was changed."""


@dataclass(frozen=True)
class NamedPlayers:
    """Where another kind of event (a one-table game, a teams event) names its players, as its
    app registers it: `find(kept, duplicate)` returns the club's records naming the duplicate,
    raising MergeRefused (`two_players`) where one event names both; `rename(records, old, new)`
    writes the new name into them, its owners' versions moved on first; `words(n, old)` says
    what changes ("2 one-table games renamed.")."""

    find: Callable[[Member, Member], list]
    rename: Callable[[list, str, str], None]
    words: Callable[[int, str], str]


_NAMED: list[NamedPlayers] = []


def register(named_players: NamedPlayers) -> None:
    """Called by an app built on events (its AppConfig.ready): events never imports them."""
    _NAMED.append(named_players)


def two_players(kept_name: str, duplicate_name: str, event) -> MergeRefused:
    return MergeRefused(
        f"{kept_name} and {duplicate_name} both played in {event.name} on "
        f"{event.date:%-d %b %Y}: they are two players."
    )


@dataclass
class MergePlan:
    kept: Member
    duplicate: Member
    sessions: list[Event] = field(default_factory=list)  # pairs sessions the duplicate played
    pairs: list[Pair] = field(default_factory=list)
    entrants: list[Entrant] = field(default_factory=list)
    # Other kinds' records naming the duplicate, with where they are named.
    elsewhere: list[tuple[NamedPlayers, list]] = field(default_factory=list)
    mails: int = 0

    @property
    def changes(self) -> list[str]:
        """What the merge changes, one line each, for the confirmation page."""
        old, new = self.duplicate.name, self.kept.name
        lines = []
        if self.sessions:
            lines.append(
                f"{count(len(self.sessions), 'session')}: {count(len(self.pairs), 'pair')} "
                f"with {old} get {new} instead."
            )
        if self.entrants:
            lines.append(f"{count(len(self.entrants), 'championship entrant')} renamed.")
        for named_players, records in self.elsewhere:
            lines.append(named_players.words(len(records), old))
        if self.mails:
            lines.append(f"{count(self.mails, 'result mail')} listed under {new}.")
        taken = self.taken_over
        if taken:
            lines.append(f"{new} takes {old}'s {' and '.join(taken)}.")
        if self.duplicate.number and self.kept.number:
            lines.append(
                f"{old}'s number {self.duplicate.number} is dropped: {new} keeps "
                f"{self.kept.number}."
            )
        lines.append(f"{old} leaves the roster.")
        return lines

    @property
    def rows_moved(self) -> int:
        """How many of the club's rows that named the duplicate name the kept member after."""
        elsewhere = sum(len(records) for _, records in self.elsewhere)
        return len(self.pairs) + len(self.entrants) + elsewhere + self.mails

    @property
    def taken_over(self) -> list[str]:
        """What the kept member lacks and the duplicate has: their number, their address."""
        taken = []
        if self.duplicate.number and not self.kept.number:
            taken.append(f"number {self.duplicate.number}")
        if self.duplicate.email and not self.kept.email:
            taken.append(f"e-mail address {self.duplicate.email}")
        if self.duplicate.masterpoints_held is not None and self.kept.masterpoints_held is None:
            taken.append(f"{self.duplicate.masterpoints_held} masterpoints held")
        if self.duplicate.hidden and not self.kept.hidden:
            taken.append("choice to be hidden from public pages")
        return taken


def count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def named(name: str, *fields: str) -> Q:
    """Records whose `fields` may hold `name`: the database narrows them down (a regular
    expression, case-blind: Python's on SQLite, whose LIKE folds ASCII letters only), and the
    caller keeps those whose names have `name`'s key (events.core.names.player_key)."""
    # From the key, so "ß" (which folds to "ss") also finds "SS" and "ss" also finds "ß": a
    # case-blind expression compares letter by letter, and these fold to two letters.
    folded = re.escape(player_key(name)).replace("ss", "(?:ss|ß|ẞ)")
    pattern = rf"^\s*{folded}\s*$"
    query = Q()
    for field_name in fields:
        query |= Q(**{f"{field_name}__iregex": pattern})
    return query


def plan_merge(kept: Member, duplicate: Member) -> MergePlan:
    """What merging `duplicate` into `kept` changes; MergeRefused says why it cannot be done.
    A constant number of queries, however many sessions the club has."""
    if kept.club_id != duplicate.club_id:
        raise MergeRefused(f"{duplicate.name} is another club's member.")
    if kept.pk == duplicate.pk:
        raise MergeRefused(f"{kept.name} cannot be merged with themselves: choose another member.")
    old, new = player_key(duplicate.name), player_key(kept.name)
    plan = MergePlan(kept, duplicate)

    pairs = Pair.objects.filter(section__event__club_id=kept.club_id)
    players = ("player1", "player2")
    pairs = pairs.filter(named(duplicate.name, *players) | named(kept.name, *players))
    pairs = list(pairs.select_related("section__event").order_by("section__event__date", "pk"))
    played: dict[str, set[int]] = {old: set(), new: set()}
    for pair in pairs:
        for name in {player_key(pair.player1), player_key(pair.player2)} & played.keys():
            played[name].add(pair.section.event_id)
    both = played[old] & played[new]
    if both:
        shared = [p.section.event for p in pairs if p.section.event_id in both]
        names = ", ".join(dict.fromkeys(f"{e.name} on {e.date:%-d %b %Y}" for e in shared))
        raise MergeRefused(
            f"{kept.name} and {duplicate.name} both played in {names}: they are two players."
        )
    for named_players in _NAMED:
        records = named_players.find(kept, duplicate)
        if records:
            plan.elsewhere.append((named_players, records))
    plan.pairs = [p for p in pairs if old in (player_key(p.player1), player_key(p.player2))]
    plan.sessions = list(
        {pair.section.event_id: pair.section.event for pair in plan.pairs}.values()
    )
    plan.entrants = [
        entrant
        for entrant in Entrant.objects.filter(championship__club_id=kept.club_id).filter(
            named(duplicate.name, "player1", "player2")
        )
        if old in (player_key(entrant.player1), player_key(entrant.player2))
    ]
    _refuse_twin_entrants(plan, duplicate.name, kept.name)
    plan.mails = ResultMail.objects.filter(member=duplicate).count()
    return plan


def _refuse_twin_entrants(plan: MergePlan, old: str, new: str) -> None:
    """Refused when the new name would make two entrants of one championship the same pair:
    its standings would count them apart, each missing the other's sessions."""
    championships = {entrant.championship_id for entrant in plan.entrants}
    if not championships:
        return
    renamed_pks = {entrant.pk for entrant in plan.entrants}
    seen: dict[tuple, Entrant] = {}
    for entrant in Entrant.objects.filter(championship_id__in=championships).select_related(
        "championship"
    ):
        names = (entrant.player1, entrant.player2)
        if entrant.pk in renamed_pks:
            names = (renamed(names[0], old, new), renamed(names[1], old, new))
        key = (entrant.championship_id, pair_names(*names))
        if key[1] and key in seen:
            raise MergeRefused(
                f"In {entrant.championship.name}, entrants {seen[key].number} and "
                f"{entrant.number} would both be {' & '.join(n for n in names if n)}: match "
                "the championship's entrants again first (its Entrants page)."
            )
        seen[key] = entrant


def renamed(name: str, old: str, new: str) -> str:
    """`name`, or `new` where it is `old` (compared by their keys)."""
    return new if player_key(name) == player_key(old) else name


def merge_members(kept: Member, duplicate: Member, by=None) -> MergePlan:
    """Merges `duplicate` into `kept` in one transaction: every record naming the duplicate
    names the kept member, their mails are the kept member's, the duplicate leaves the roster,
    and a MemberMerge records it (`by`: the director). Refused (MergeRefused), with nothing
    changed, when plan_merge refuses."""
    with transaction.atomic():
        # Locked, so a rename or a second merge at the same moment waits for this one.
        locked = {
            m.pk: m
            for m in Member.objects.select_for_update().filter(pk__in=[kept.pk, duplicate.pk])
        }
        if duplicate.pk not in locked or kept.pk not in locked:
            raise MergeRefused("One of the two members has left the roster meanwhile.")
        kept, duplicate = locked[kept.pk], locked[duplicate.pk]
        plan = plan_merge(kept, duplicate)
        old, new = duplicate.name, kept.name
        # The owners' rows first (events.core.versions): open pages show the new names.
        versions.bump(Event.objects.filter(pk__in={e.pk for e in plan.sessions}))
        versions.bump(
            Championship.objects.filter(pk__in={e.championship_id for e in plan.entrants})
        )
        for pair in plan.pairs:
            pair.player1, pair.player2 = (
                renamed(pair.player1, old, new),
                renamed(pair.player2, old, new),
            )
        Pair.objects.bulk_update(plan.pairs, ["player1", "player2"])
        for entrant in plan.entrants:
            entrant.player1 = renamed(entrant.player1, old, new)
            entrant.player2 = renamed(entrant.player2, old, new)
        Entrant.objects.bulk_update(plan.entrants, ["player1", "player2"])
        for named_players, records in plan.elsewhere:
            named_players.rename(records, old, new)
        ResultMail.objects.filter(member=duplicate).update(member=kept)
        MemberMerge.objects.create(
            club_id=kept.club_id,
            merged_by=by,
            kept_name=new,
            kept_number=kept.number,
            duplicate_name=old,
            duplicate_number=duplicate.number,
            rows_moved=plan.rows_moved,
            changes="\n".join(plan.changes),
        )
        _take_over(kept, duplicate)
        duplicate.delete()
        kept.save()
    return plan


def _take_over(kept: Member, duplicate: Member) -> None:
    """The kept member keeps what they have and gains what only the duplicate had."""
    if duplicate.number and not kept.number:
        kept.federation, kept.number = duplicate.federation, duplicate.number
    if duplicate.email and not kept.email:
        kept.email, kept.email_consent = duplicate.email, duplicate.email_consent
    if duplicate.masterpoints_held is not None and kept.masterpoints_held is None:
        kept.masterpoints_held = duplicate.masterpoints_held
    kept.active = kept.active or duplicate.active
    # A player who asked to be hidden under either name stays hidden.
    kept.hidden = kept.hidden or duplicate.hidden
    kept.visitor = kept.visitor and duplicate.visitor
