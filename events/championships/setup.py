"""A championship made from a club's sessions, and its entrants matched to their pairs.

The default matching (which the director may change pair by pair): pairs with the same
names, in either order and whatever the case or spacing, are one entrant; a pair without names
is the entrant of the nameless pairs with its section, direction and number. Sessions are taken
in their order, so the entrants are numbered as the first session's pairs are, and a pair no
earlier session had becomes a new entrant.
"""

from django.db import transaction

from events.core.versions import bump
from events.models import Championship, ChampionshipSession, Entrant, Pair


def create_championship(club, name, events, combination, missed) -> Championship:
    """The championship of `events` (in date order), its entrants matched by default."""
    with transaction.atomic():
        championship = Championship.objects.create(
            club=club, name=name, combination=combination, missed=missed
        )
        ordered = sorted(events, key=lambda event: (event.date, event.pk))
        ChampionshipSession.objects.bulk_create(
            ChampionshipSession(championship=championship, event=event, order=order)
            for order, event in enumerate(ordered, start=1)
        )
        match_by_names(championship)
    return championship


def pair_names(*names: str) -> frozenset[str]:
    """Players' names as the matching compares them: in either order, whatever the case or
    spacing."""
    return frozenset(" ".join(name.split()).casefold() for name in names) - {""}


def pair_key(pair: Pair) -> tuple:
    """What makes two sessions' pairs one entrant by default."""
    names = pair_names(pair.player1, pair.player2)
    if names:
        return ("names", names)
    return ("seat", pair.section.name, pair.direction, pair.number)


def championship_pairs(championship):
    """Every pair of the championship's sessions, session by session in the order of a recap."""
    return (
        Pair.objects.filter(section__event__stage__championship=championship)
        .select_related("section__event__stage")
        .order_by("section__event__stage__order", "section__name", "-direction", "number")
    )


def match_by_names(championship) -> None:
    """Entrants made again from the sessions' pairs by the default rule (the module's)."""
    with transaction.atomic():
        bump(Championship.objects.filter(pk=championship.pk))
        pairs = list(championship_pairs(championship))
        Pair.objects.filter(pk__in=[pair.pk for pair in pairs]).update(entrant=None)
        championship.entrants.all().delete()
        by_key: dict[tuple, list[Entrant]] = {}
        taken: set[tuple[int, int]] = set()  # (session, entrant number): one pair each
        made = 0
        for pair in pairs:
            session = pair.section.event.stage.order
            same = by_key.setdefault(pair_key(pair), [])
            entrant = next((e for e in same if (session, e.number) not in taken), None)
            if entrant is None:
                made += 1
                entrant = Entrant.objects.create(
                    championship=championship,
                    number=made,
                    player1=pair.player1,
                    player2=pair.player2,
                )
                same.append(entrant)
            taken.add((session, entrant.number))
            pair.entrant = entrant
        Pair.objects.bulk_update(pairs, ["entrant"])


def assign(championship, choices: dict[Pair, Entrant | None]) -> None:
    """The director's matching: each pair to its entrant (or none)."""
    with transaction.atomic():
        bump(Championship.objects.filter(pk=championship.pk))
        for pair, entrant in choices.items():
            pair.entrant = entrant
        Pair.objects.bulk_update(list(choices), ["entrant"])
