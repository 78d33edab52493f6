"""The trend chart's geometry, worked by hand on a 300 × 200 box whose top left corner is at
(40, 10): its bottom edge is at y = 210, and y grows downwards as in SVG (Scalable Vector
Graphics 1.1, W3C Recommendation, section 7.3: the initial coordinate system's y axis points
down)."""

import datetime

from hypothesis import given
from hypothesis import strategies as st

from events.club.trend_chart import Box, Point, percentage_range, plot

BOX = Box(left=40, top=10, width=300, height=200)
OCTOBER = datetime.date(2026, 10, 1)


def test_dates_run_in_proportion_and_percentages_from_the_bottom_edge():
    sessions = [
        (datetime.date(2026, 10, 1), 40.0),
        (datetime.date(2026, 10, 11), 50.0),  # 10 of the 30 days: a third of the width
        (datetime.date(2026, 10, 31), 60.0),
    ]
    assert plot(sessions, BOX, 40, 60) == [Point(40, 210), Point(140, 110), Point(340, 10)]


def test_one_date_sits_in_the_middle():
    assert plot([(OCTOBER, 45.0)], BOX, 40, 60) == [Point(190, 160)]
    assert plot([], BOX, 40, 60) == []


def test_the_range_holds_fifty_and_widens_to_whole_tens():
    assert percentage_range([45.0, 55.0]) == (40, 60)
    assert percentage_range([32.5, 71.0]) == (30, 80)
    assert percentage_range([0.0, 100.0]) == (0, 100)


@given(
    st.lists(
        st.tuples(
            st.dates(min_value=datetime.date(2000, 1, 1), max_value=datetime.date(2100, 1, 1)),
            st.floats(min_value=0, max_value=100),
        ),
        min_size=1,
        max_size=50,
    )
)
def test_every_point_is_inside_the_box_and_later_dates_are_further_right(sessions):
    low, high = percentage_range([percentage for _, percentage in sessions])
    points = plot(sessions, BOX, low, high)
    for point in points:
        assert BOX.left - 1e-9 <= point.x <= BOX.left + BOX.width + 1e-9
        assert BOX.top - 1e-9 <= point.y <= BOX.bottom + 1e-9
    for (day, _), point in zip(sessions, points, strict=True):
        for (other_day, _), other in zip(sessions, points, strict=True):
            if day < other_day:
                assert point.x < other.x
