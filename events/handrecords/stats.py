"""Random deals and the distribution of their absolute par scores, laid out as the tables
of Pavlicek's *Par Score Stats* (his 10,485,760 deals) so a sample can be set beside his figures."""

import random
import statistics
from collections import Counter
from dataclasses import dataclass

from scoring.deal import SEAT_ORDER

__all__ = ["ParDistribution", "random_deals"]

_SUITS = "SHDC"
_RANKS = "AKQJT98765432"


def random_deals(count: int, seed: int) -> list[str]:
    """`count` deals as PBN text, each a shuffle of the 52 cards by Python's own generator,
    so a seed gives the same deals on every machine and every Python 3."""
    rng = random.Random(seed)
    pack = [(suit, rank) for suit in range(4) for rank in range(13)]
    deals = []
    for _ in range(count):
        rng.shuffle(pack)
        hands = [sorted(pack[13 * seat : 13 * seat + 13]) for seat in range(len(SEAT_ORDER))]
        deals.append("N:" + " ".join(_hand_text(hand) for hand in hands))
    return deals


def _hand_text(cards: list[tuple[int, int]]) -> str:
    return ".".join(
        "".join(_RANKS[rank] for card_suit, rank in cards if card_suit == suit)
        for suit in range(len(_SUITS))
    )


@dataclass(frozen=True)
class ParDistribution:
    """Par scores from North-South's side (+ NS plus, - EW plus, 0 par zero)."""

    scores: tuple[int, ...]

    @property
    def counts(self) -> dict[int, int]:
        """Deals per absolute par score, lowest score first."""
        return dict(sorted(Counter(abs(score) for score in self.scores).items()))

    def rows(self) -> list[tuple[int, int, float, float, float]]:
        """(score, deals, specific %, at least %, at most %) for each score that occurred."""
        total = len(self.scores)
        rows, below = [], 0
        for score, deals in self.counts.items():
            rows.append((score, deals, 100 * deals / total, 100 * (total - below) / total,
                         100 * (below + deals) / total))  # fmt: skip
            below += deals
        return rows

    def summary(self) -> list[tuple[str, str]]:
        absolute = [abs(score) for score in self.scores]
        counts = self.counts
        return [
            ("Deals analysed", f"{len(self.scores):,}"),
            ("Par plus N-S", f"{sum(score > 0 for score in self.scores):,}"),
            ("Par plus E-W", f"{sum(score < 0 for score in self.scores):,}"),
            ("Par zero", f"{sum(score == 0 for score in self.scores):,}"),
            ("Unique scores", str(len(counts))),
            ("Minimum", str(min(absolute))),
            ("Maximum", str(max(absolute))),
            # Ties for the mode go to the lower score.
            ("Mode", str(max(counts, key=lambda score: (counts[score], -score)))),
            # Pavlicek's median is the lowest score with At Most >= 50%.
            ("Median", str(statistics.median_low(absolute))),
            ("Mean", f"{statistics.fmean(absolute):.1f}"),
            ("Standard deviation", f"{statistics.pstdev(absolute):.1f}"),
        ]

    def lines(self) -> list[str]:
        rows = self.rows()
        lines = [f"{'Score':>7} {'Deals':>9} {'Specific':>9} {'At Least':>9} {'At Most':>9}"]
        lines += [
            f"{score:>7} {deals:>9,} {specific:>9.4f} {at_least:>9.4f} {at_most:>9.4f}"
            for score, deals, specific, at_least, at_most in rows
        ]
        # Pavlicek's check: the At Least and At Most columns add up to 100 (U + 1).
        check = sum(row[3] + row[4] for row in rows)
        specific = sum(row[2] for row in rows)
        lines.append(
            f"{f'U = {len(rows)}':>7} {len(self.scores):>9,} {specific:>9.4f} {check:>9.4f}"
        )
        lines.append("")
        width = max(len(label) for label, _ in self.summary())
        lines += [f"{label:<{width}}  {value}" for label, value in self.summary()]
        return lines
