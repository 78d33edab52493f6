"""What a correction moved in a table of standings: each entry whose total or place is not what
it was, with both. A director who corrects a round that later rounds followed needs to see,
before anyone else asks, which teams it moved and where to; the pages compute the standings
before and after the save and this compares them.

Entries are matched by `key` (a team's number), so a renamed entry still matches. An entry in
only one of the lists (none, within one save) is left out: there is nothing to compare.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from numbers import Real

__all__ = ["Placing", "Move", "standing_moves"]


@dataclass(frozen=True)
class Placing:
    """One entry of a table of standings: who, its total and its place as printed ("2=")."""

    key: Hashable
    name: str
    total: Real
    place: str


@dataclass(frozen=True)
class Move:
    """An entry whose total or place changed: from `before` to `after`."""

    before: Placing
    after: Placing

    @property
    def total_moved(self) -> bool:
        return self.before.total != self.after.total

    @property
    def place_moved(self) -> bool:
        return self.before.place != self.after.place


def standing_moves(before: Sequence[Placing], after: Sequence[Placing]) -> list[Move]:
    """Each entry of `after` whose total or place differs from its entry in `before`, in the
    order of `after` (the new standings, best first)."""
    earlier = {placing.key: placing for placing in before}
    moves = []
    for placing in after:
        old = earlier.get(placing.key)
        if old is not None and (old.total != placing.total or old.place != placing.place):
            moves.append(Move(old, placing))
    return moves
