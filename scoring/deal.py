"""A deal in PBN notation ("N:AKQ2.KJ3.Q54.A32 ...": hands clockwise from the first seat,
suits spades, hearts, diamonds, clubs), read into each seat's cards for hand diagrams."""

__all__ = ["SEAT_ORDER", "hcp", "longest_fit", "parse_deal"]

SEAT_ORDER = ("N", "E", "S", "W")
_RANKS = "AKQJT98765432"


def parse_deal(text: str) -> dict[str, tuple[str, str, str, str]]:
    """Each seat's spades, hearts, diamonds and clubs as rank strings ("AKQ2", "" for a void).

    A ValueError says what is wrong: PBN's Deal tag must hold four hands of 13 cards, 52
    different cards in all ("-" stands for a hand left out, which is allowed).
    """
    first, _, hands = str(text).strip().partition(":")
    if first.upper() not in SEAT_ORDER or not hands:
        raise ValueError(f"deal {text!r}: write it as PBN, e.g. N:AKQ2.KJ3.Q54.A32 ...")
    parts = hands.split()
    if len(parts) != 4:
        raise ValueError(f"deal {text!r}: four hands are needed, found {len(parts)}")
    start = SEAT_ORDER.index(first.upper())
    seats: dict[str, tuple[str, str, str, str]] = {}
    seen: set[tuple[int, str]] = set()
    for offset, hand in enumerate(parts):
        seat = SEAT_ORDER[(start + offset) % 4]
        seats[seat] = _hand(hand, seat, seen)
    return {seat: seats[seat] for seat in SEAT_ORDER}


def _hand(hand: str, seat: str, seen: set) -> tuple[str, str, str, str]:
    if hand == "-":
        return ("", "", "", "")
    suits = hand.upper().replace("10", "T").split(".")
    if len(suits) != 4:
        raise ValueError(f"{seat}'s hand {hand!r}: four suits separated by dots are needed")
    for suit_index, suit in enumerate(suits):
        for rank in suit:
            if rank not in _RANKS:
                raise ValueError(f"{seat}'s hand {hand!r}: {rank!r} is not a card rank")
            if (suit_index, rank) in seen:
                card = "♠♥♦♣"[suit_index] + ("10" if rank == "T" else rank)
                raise ValueError(f"{seat}'s hand {hand!r}: {card} is dealt twice")
            seen.add((suit_index, rank))
    count = sum(len(suit) for suit in suits)
    if count != 13:
        raise ValueError(f"{seat}'s hand {hand!r} has {count} cards; a hand has 13")
    spades, hearts, diamonds, clubs = ("".join(sorted(suit, key=_RANKS.index)) for suit in suits)
    return spades, hearts, diamonds, clubs


# Milton Work's point count, as the One-Table Duplicate-Style Par Scoring Tally Sheet counts
# a pair's "HCP".
_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
_SIDES = {"NS": ("N", "S"), "EW": ("E", "W")}
_SUITS = "SHDC"  # the order of a PBN hand, highest-ranking first


def hcp(hands: dict[str, tuple[str, str, str, str]], side: str) -> int:
    """High-card points of a side ("NS" or "EW") of a parsed deal: A 4, K 3, Q 2, J 1."""
    return sum(_HCP.get(rank, 0) for seat in _SIDES[side] for suit in hands[seat] for rank in suit)


def longest_fit(hands: dict[str, tuple[str, str, str, str]], side: str) -> str | None:
    """A side's longest suit fit as the one-table tally sheet writes it ("9H", "10S"), or None
    under 8 cards. Two fits of the same length: the higher-ranking suit (its instruction 9b)."""
    first, second = _SIDES[side]
    lengths = [len(hands[first][index]) + len(hands[second][index]) for index in range(4)]
    # max() keeps the first of equal lengths, and suits run from the highest-ranking.
    index = max(range(4), key=lambda suit: lengths[suit])
    return f"{lengths[index]}{_SUITS[index]}" if lengths[index] >= 8 else None
