"""Places from totals: higher is better, ties share the higher place marked "="."""

from bisect import bisect_left, bisect_right

__all__ = ["rank"]


def rank(totals) -> list[str]:
    values = list(totals)
    ascending = sorted(values)
    places = []
    for value in values:
        below_or_equal = bisect_right(ascending, value)
        better = len(values) - below_or_equal
        shared = below_or_equal - bisect_left(ascending, value) > 1
        places.append(f"{better + 1}{'=' if shared else ''}")
    return places
