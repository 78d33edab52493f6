"""Checking a movement: the promises every movement Clubscore offers must keep.

A movement is fair when no pair meets an opponent twice, no pair meets a board twice, every
board set goes round the room as often as every other, and nobody is in two places at once.
"""

from collections import Counter
from typing import cast

from scoring.movements import Movement, Pair

__all__ = ["check_movement"]


def check_movement(movement: Movement) -> list[str]:
    """What is wrong with the movement, in a director's words; empty when nothing is."""
    problems = []
    places = Counter((s.round, s.table) for s in movement.seatings)
    problems += [f"table {t} is seated twice in round {r}" for (r, t), n in places.items() if n > 1]
    seated = Counter(
        (s.round, pair) for s in movement.seatings for pair in (s.ns, s.ew) if pair is not None
    )
    problems += [
        f"pair {p} sits at two tables in round {r}" for (r, p), n in seated.items() if n > 1
    ]
    meetings = Counter(frozenset((s.ns, s.ew)) for s in movement.seatings if s.is_played)
    for pairs, n in meetings.items():
        if n > 1:
            first, second = sorted(cast(frozenset[Pair], pairs))  # played: no phantom
            problems.append(f"pairs {first} and {second} meet {n} times")
    # A pair sitting out still has the boards at its table: it must not meet them again.
    sets_met = Counter(
        (pair, s.board_set) for s in movement.seatings for pair in (s.ns, s.ew) if pair is not None
    )
    problems += [
        f"pair {p} meets board set {b} {n} times" for (p, b), n in sets_met.items() if n > 1
    ]
    # Counted over every seating, sit-outs included: a phantom leaves some sets unplayed by
    # design, which Neuberg factoring evens; the movement itself must not.
    plays = Counter(s.board_set for s in movement.seatings)
    if len(set(plays.values())) > 1 or set(plays) != set(range(1, movement.board_sets + 1)):
        counts = ", ".join(f"set {b}: {plays[b]}" for b in range(1, movement.board_sets + 1))
        problems.append(f"board sets are played unequally ({counts})")
    return problems
