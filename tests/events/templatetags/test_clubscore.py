"""The results pages' hand-written rows print exactly what the template filters they replace
printed (Django's own floatformat is the reference)."""

from django.template.defaultfilters import floatformat
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from events.models import Event, Pair, Section
from events.sessions.grid import Cell, Grid
from events.standings.ranking import StandingGroup, StandingRow
from events.templatetags.clubscore import progress_grid_rows, standings_rows, two_places

# Standings hold totals and percentages: exact fractions (a factored total's denominator is a
# product of small counts) stored as floats. floatformat gives up on floats below about 1e-100
# (its Decimal context overflows) and returns them unrounded; no standing is one.
STANDING_VALUES = st.fractions(min_value=-(10**6), max_value=10**6, max_denominator=10**5)


@given(STANDING_VALUES.map(float))
def test_two_places_prints_what_floatformat_2_prints(value):
    assert two_places(value) == floatformat(value, 2)


def test_two_places_rounds_ties_up_and_drops_the_minus_of_a_zero_as_floatformat_does():
    # 0.125 and 2.675 are ties in their shortest forms; half up gives 0.13 and 2.68 where
    # rounding the binary float would give 0.12 and 2.67.
    examples = [(0.125, "0.13"), (2.675, "2.68"), (-0.001, "0.00"), (57.5, "57.50"),
                (-12.345, "-12.35"), (0, "0.00"), (1234567.891, "1234567.89")]  # fmt: skip
    for value, printed in examples:
        assert two_places(value) == printed == floatformat(value, 2)


def _standing(pair, **fields):
    values = {"total": 71.5, "percentage": 56.746, "rank": "2=", "boards": 21, **fields}
    return StandingRow(pair=pair, **values)


def test_standings_rows_escape_names_and_show_what_the_page_shows():
    event = Event(pk=7, scoring="matchpoints", across_field=True)
    section = Section(pk=3, name="<b>A</b>")
    pair = Pair(pk=12, section=section, number=4, direction="NS", player1="<script>x</script>")
    group = StandingGroup("NS pairs", [_standing(pair, penalty=1.0)])
    full = standings_rows(group, event, compact=False)
    assert "<script>" not in full and "&lt;script&gt;x&lt;/script&gt;" in full
    assert "&lt;b&gt;A&lt;/b&gt;NS 4</a>" in full  # across the field: the section's name first
    assert 'href="/sessions/7/pairs/12/"' in full
    assert '<td class="boards-col">21</td>' in full
    assert "<td>71.50 <small" in full and "(−1.00 pen.)" in full and "<td>56.75</td>" in full
    compact = standings_rows(group, event, compact=True)
    assert "names" not in compact and "boards-col" not in compact


def test_a_pair_that_has_not_played_has_no_place_and_no_percentage():
    event = Event(pk=7, scoring="cross-imps")
    pair = Pair(pk=12, section=Section(pk=3, name="A"), number=4, direction="NS")
    row = standings_rows(
        StandingGroup("NS pairs", [_standing(pair, boards=0, average=None)]), event
    )
    assert row.startswith("<tr><td>—</td>") and row.endswith("<td>—</td></tr>")


def test_the_grid_marks_the_current_table_and_the_sit_outs():
    cells = [Cell(2, 1, 2, 2), Cell(2, 2, 2, 1), Cell(2, 3, 0, 0)]
    html = progress_grid_rows(Grid(5, [(2, cells)]), current_table=2, current_round=2)
    url = reverse("table_round", args=[5, 2, 2])
    assert html.startswith('<tr><th scope="row">Round 2</th><td class="done">')
    assert f'<td class="partial current"><a href="{url}" title="Table 2, round 2: 1 of 2' in html
    assert '<td class="sit-out">sit-out</td></tr>' in html
    assert "✓ done" in html and ">1/2</a>" in html
