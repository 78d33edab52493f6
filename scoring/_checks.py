"""Input checks shared by the scoring functions: wrong input raises, it never scores."""

from collections.abc import Iterable
from numbers import Integral

SCALES = ("acbl", "ebu")


def whole_scores(scores: Iterable, *, minimum: int = 0, what: str = "results") -> list[int]:
    """The scores as a list of ints, refusing fractions, text and booleans."""
    checked = []
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, Integral):
            raise ValueError(f"score {score!r} is not a whole number of points")
        checked.append(int(score))
    if len(checked) < minimum:
        raise ValueError(f"need at least {minimum} {what}, got {len(checked)}")
    return checked


def known_scale(scale: str) -> str:
    if scale not in SCALES:
        raise ValueError(f"unknown matchpoint scale {scale!r}: use 'acbl' or 'ebu'")
    return scale
