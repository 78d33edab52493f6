"""The geometry of a player's trend chart: session percentages by date, scaled into the chart's
box. Pure arithmetic (no Django), so the page's template only draws what this works out.

Dates run left to right in proportion to the days between them; percentages run bottom to top
over a range that always holds 50% (the line a pair's average session sits on), widened to
whole tens around the player's lowest and highest sessions.
"""

import math
from dataclasses import dataclass
from datetime import date

__all__ = ["Box", "Point", "percentage_range", "plot"]


@dataclass(frozen=True)
class Box:
    """The plotting area inside the chart, in the SVG's user units (y grows downwards)."""

    left: float
    top: float
    width: float
    height: float

    @property
    def bottom(self) -> float:
        return self.top + self.height


@dataclass(frozen=True)
class Point:
    x: float
    y: float


def percentage_range(percentages: list[float]) -> tuple[int, int]:
    """The percentages the chart's height spans: 40% to 60% at least (so 50% sits inside with
    room either side), widened to the whole ten below the lowest and above the highest."""
    low = min([40.0, *percentages])
    high = max([60.0, *percentages])
    return max(0, math.floor(low / 10) * 10), min(100, math.ceil(high / 10) * 10)


def plot(sessions: list[tuple[date, float]], box: Box, low: float, high: float) -> list[Point]:
    """Each (date, percentage) as a point of `box`: the first date on its left edge, the last
    on its right (a single date in the middle), `low` on its bottom edge, `high` on its top."""
    if not sessions:
        return []
    first = min(day for day, _ in sessions)
    days = (max(day for day, _ in sessions) - first).days
    points = []
    for day, percentage in sessions:
        share = (day - first).days / days if days else 0.5
        points.append(Point(box.left + share * box.width, y_of(percentage, box, low, high)))
    return points


def y_of(percentage: float, box: Box, low: float, high: float) -> float:
    """Where `percentage` sits between the box's bottom (`low`) and top (`high`)."""
    return box.bottom - (percentage - low) / (high - low) * box.height
