"""Movements for teams: the Berger round robin, the Swiss draw, and knockout running totals.

Round robin: the Berger tables of the FIDE Handbook (C.05, Annex 1, "Berger Tables for
Round-Robin Tournaments"; reproduced at c.w.fox.tripod.com/chess/berger.html). Player n stays
put and the others rotate by n/2 places each round; board 1 is the fixed player's match, who
alternates sides. With an odd number of teams the missing highest number is the bye. In bridge
the first team of a match is the home team (it sits NS in the open room).

Swiss: Monrad pairing by standing, with backtracking so that a rematch is never drawn while a
draw without one exists. Teams are ranked by VPs, then IMP difference, then team number (so the
draw is deterministic). The highest-ranked team not yet drawn plays the highest-ranked team it
has not met *such that the teams still left can be drawn with the fewest rematches possible*;
then the next highest-ranked team, and so on. This is the bridge convention as Magic Contest's
manual describes it ("How are the pairings created?", magicscoring.com/scoring/swiss): the bye
goes to the worst-ranked side that has not had one, and the top-ranked side meets the first
side below it that it has not played, and so on down the list. Magic Contest then untangles
rematches left at the bottom by swapping opponents between tables, with "no guarantees there
will not be any double meetings"; the look-ahead here makes that guarantee. Where every draw
has a rematch (late rounds of a small field) the draw has the fewest rematches there can be,
chosen in the same top-down order. `allow_rematch=True` is the "Danish" variant (Magic Contest:
"allow pairs to meet more than once"): pure standing order, 1 v 2, 3 v 4, ..., ignoring who
has met. The fewest rematches a set of teams allows is half its size minus the largest number
of new-opponent matches that can be drawn at once: a maximum matching in the graph of pairs
that have not met, found with Edmonds' blossom algorithm (J. Edmonds, "Paths, trees, and
flowers", Canadian Journal of Mathematics 17, 1965).

An odd field has a bye, settled first: it goes to the lowest-ranked team that has not had one
(once every team has had one, the lowest-ranked team) among those whose bye leaves the rest to
be drawn with the fewest rematches possible.
"""

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Real

__all__ = ["SwissEntry", "berger_rounds", "ko_totals", "swiss_round", "fewest_rematches"]

_BYE = None


def _check_team_count(teams: int) -> None:
    if isinstance(teams, bool) or not isinstance(teams, Integral) or teams < 2:
        raise ValueError(f"a round robin needs a whole number of at least 2 teams, got {teams!r}")


def berger_rounds(teams: int) -> list[list[tuple[int, int | None]]]:
    """Every round of a complete round robin of teams 1..n, as the FIDE Berger tables have it.

    Each match is (home team, away team). With n odd, team n+1 of the table is the bye:
    that match is (team, None) and comes last in its round.
    """
    _check_team_count(teams)
    size = teams + teams % 2
    rotating = size - 1
    rounds = []
    for number in range(rotating):
        order = [(number * size // 2 + i) % rotating + 1 for i in range(rotating)]
        fixed_match = (order[0], size) if number % 2 == 0 else (size, order[0])
        matches = [fixed_match]
        matches += [(order[i], order[rotating - i]) for i in range(1, size // 2)]
        rounds.append(_bye_last(matches, size if teams % 2 else None))
    return rounds


def _bye_last(matches, phantom):
    if phantom is None:
        return matches
    real = [match for match in matches if phantom not in match]
    (bye,) = [match for match in matches if phantom in match]
    team = bye[0] if bye[1] == phantom else bye[1]
    return [*real, (team, _BYE)]


@dataclass(frozen=True)
class SwissEntry:
    """One team's standing before a Swiss round."""

    team: int
    vps: float
    imp_difference: float = 0


def _ranked(standings: Sequence[SwissEntry]) -> list[int]:
    teams = [entry.team for entry in standings]
    for entry in standings:
        if isinstance(entry.team, bool) or not isinstance(entry.team, Integral):
            raise ValueError(f"team {entry.team!r} is not a team number")
        for name in ("vps", "imp_difference"):
            value = getattr(entry, name)
            if not _is_number(value):
                raise ValueError(f"team {entry.team}'s {name} {value!r} is not a number")
    if len(set(teams)) != len(teams):
        repeated = sorted({team for team in teams if teams.count(team) > 1})
        raise ValueError(f"team(s) {repeated} appear more than once in the standings")
    if len(teams) < 2:
        raise ValueError("a Swiss round needs at least 2 teams")
    ordered = sorted(standings, key=lambda e: (-e.vps, -e.imp_difference, e.team))
    return [entry.team for entry in ordered]


def swiss_round(
    standings: Sequence[SwissEntry],
    played: Collection[frozenset[int]],
    *,
    allow_rematch: bool = False,
    byes: Collection[int] = (),
) -> list[tuple[int, int | None]]:
    """The next Swiss round's matches, table 1 first, each (higher-ranked team, lower-ranked).

    `played` holds the pairs of teams that have already met; `byes` the teams that have had a
    bye. With an odd number of teams the last match is (team, None), the bye.
    """
    ranked = _ranked(standings)
    met = set() if allow_rematch else {frozenset(pair) for pair in played}

    def has_met(a, b):
        return frozenset((a, b)) in met

    matches = []
    if len(ranked) % 2:
        bye = _bye_team(ranked, set(byes), has_met)
        ranked = [team for team in ranked if team != bye]
        matches.append((bye, _BYE))
    return _monrad(ranked, has_met) + matches


def _bye_team(ranked, had_bye, has_met):
    """The lowest-ranked team without a bye whose bye leaves the fewest rematches possible."""
    eligible = [team for team in reversed(ranked) if team not in had_bye] or ranked[::-1]
    phantom = object()
    allowed = set(eligible)

    def with_phantom(a, b):
        if a is phantom or b is phantom:
            return (b if a is phantom else a) not in allowed
        return has_met(a, b)

    # The fewest rematches over every possible bye at once: the bye as a phantom team that only
    # the eligible teams may "play". (Drawing a non-eligible team against it never does better,
    # since swapping in an eligible team costs at most the one rematch it saves.)
    best = fewest_rematches([*ranked, phantom], with_phantom)
    return next(
        team
        for team in eligible
        if fewest_rematches([t for t in ranked if t != team], has_met) == best
    )


def _monrad(ranked, has_met):
    """Top-down Monrad with the fewest rematches, as described in the module docstring."""
    remaining = list(ranked)
    budget = fewest_rematches(remaining, has_met)
    matches = []
    while remaining:
        top, candidates = remaining[0], remaining[1:]
        for opponent in candidates:
            cost = 1 if has_met(top, opponent) else 0
            if cost > budget:
                continue
            rest = [team for team in candidates if team != opponent]
            if cost + fewest_rematches(rest, has_met) == budget:
                matches.append((top, opponent))
                remaining, budget = rest, budget - cost
                break
        else:
            raise AssertionError("the fewest-rematch count always leaves an opponent that fits")
    return matches


def fewest_rematches(
    teams: Sequence[Hashable], has_met: Callable[[Hashable, Hashable], bool]
) -> int:
    """The fewest rematches any draw of `teams` (an even number of them) must have."""
    index = {team: i for i, team in enumerate(teams)}
    neighbours: list[list[int]] = [[] for _ in teams]
    for a in teams:
        for b in teams:
            if index[a] < index[b] and not has_met(a, b):
                neighbours[index[a]].append(index[b])
                neighbours[index[b]].append(index[a])
    return len(teams) // 2 - _maximum_matching_size(neighbours)


def _maximum_matching_size(neighbours: list[list[int]]) -> int:
    """Edmonds' blossom algorithm: the size of a maximum matching of a general graph."""
    count = len(neighbours)
    mate = [-1] * count
    size = 0
    for root in range(count):
        if mate[root] == -1 and _augment_from(root, neighbours, mate):
            size += 1
    return size


def _augment_from(root, neighbours, mate):
    count = len(neighbours)
    parent = [-1] * count
    base = list(range(count))
    used = [False] * count
    used[root] = True
    queue = [root]

    def lowest_common_ancestor(a, b):
        seen = [False] * count
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(vertex, ancestor, child, in_blossom):
        while base[vertex] != ancestor:
            in_blossom[base[vertex]] = in_blossom[base[mate[vertex]]] = True
            parent[vertex] = child
            child = mate[vertex]
            vertex = parent[mate[vertex]]

    head = 0
    while head < len(queue):
        vertex = queue[head]
        head += 1
        for other in neighbours[vertex]:
            if base[vertex] == base[other] or mate[vertex] == other:
                continue
            if other == root or (mate[other] != -1 and parent[mate[other]] != -1):
                ancestor = lowest_common_ancestor(vertex, other)
                in_blossom = [False] * count
                mark_path(vertex, ancestor, other, in_blossom)
                mark_path(other, ancestor, vertex, in_blossom)
                for i in range(count):
                    if in_blossom[base[i]]:
                        base[i] = ancestor
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[other] == -1:
                parent[other] = vertex
                if mate[other] == -1:
                    _flip(other, parent, mate)
                    return True
                used[mate[other]] = True
                queue.append(mate[other])
    return False


def _flip(vertex, parent, mate):
    while vertex != -1:
        previous = parent[vertex]
        following = mate[previous]
        mate[vertex], mate[previous] = previous, vertex
        vertex = following


def _is_number(value) -> bool:
    if isinstance(value, Decimal):
        return value.is_finite()
    return not isinstance(value, bool) and isinstance(value, Real)


def ko_totals(
    segments: Iterable[tuple[float, float]], carry_over: tuple[float, float] = (0, 0)
) -> tuple[float, float]:
    """A knockout match's running IMP totals of team A and team B after its segments.

    IMPs carry from segment to segment (no VPs); `carry_over` is the start, e.g. a handicap or
    the IMPs carried in from a round robin between the same teams.
    """
    total_a, total_b = _check_pair("carry-over", carry_over)
    for number, segment in enumerate(segments, start=1):
        imps_a, imps_b = _check_pair(f"segment {number}", segment)
        total_a, total_b = _add(total_a, imps_a), _add(total_b, imps_b)
    return total_a, total_b


def _add(a, b):
    # Decimals (from the database) and Fractions do not mix; both are exact as Fractions.
    if isinstance(a, Decimal) != isinstance(b, Decimal) and Fraction in (type(a), type(b)):
        return Fraction(a) + Fraction(b)
    return a + b


def _check_pair(name, pair):
    try:
        a, b = pair
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be two IMP totals (team A, team B), got {pair!r}") from None
    for value in (a, b):
        if not _is_number(value) or value < 0:
            raise ValueError(f"{name} has {value!r}, not a number of IMPs at least 0")
    return a, b
