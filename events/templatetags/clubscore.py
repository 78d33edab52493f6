"""Template filters for results pages."""

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe

from events.club.player_links import session_player_urls
from events.core.names import player_key
from scoring.deal import parse_deal
from scoring.domain import Direction
from scoring.rounding import printed as _printed

register = template.Library()

_AWARD_NAMES = {60: "Ave+", 50: "Ave", 40: "Ave−"}


@register.filter
def adjusted_label(result) -> str:
    """An adjusted score as a director says it: "Ave+/Ave−", "Ave", or "55/45%"."""
    ns, ew = result.ns_percent, result.ew_percent
    if ns == ew and ns in _AWARD_NAMES:
        return _AWARD_NAMES[ns]
    if ns in _AWARD_NAMES and ew in _AWARD_NAMES:
        return f"{_AWARD_NAMES[ns]}/{_AWARD_NAMES[ew]}"
    return f"{ns}/{ew}%"


@register.filter
def signed(score) -> str:
    """A score as a traveller prints it: +420, -50, and a passed-out board's 0 unsigned."""
    if score is None or score == "":
        return ""
    return f"{score:+d}" if score else "0"


@register.filter
def points(value) -> str:
    """Board points to two places, so that a column of them lines up."""
    return "" if value is None else _printed(value)


@register.filter
def printed(value, places=2) -> str:
    """A score, total or percentage as every page, PDF and export prints it (scoring.rounding:
    halves away from zero): `|printed` to two places, `|printed:0` whole, and, as floatformat
    writes it, `|printed:"-1"` to at most one place without trailing zeros. None: nothing."""
    if value is None or value == "":
        return ""
    places = int(places)
    return _printed(value, abs(places), trim=places < 0)


_SUIT_NAMES = (("S", "♠", "spades"), ("H", "♥", "hearts"), ("D", "♦", "diamonds"),
               ("C", "♣", "clubs"))  # fmt: skip
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


@register.filter
def hands(deal: str) -> list[dict]:
    """A PBN deal as the hand diagram lays it out; [] when there is none or it is unreadable."""
    try:
        seats = parse_deal(deal)
    except ValueError:
        return []
    return [
        {"seat": seat, "name": _SEAT_NAMES[seat],
         "suits": [{"code": code, "symbol": symbol, "name": name,
                    "cards": " ".join(cards).replace("T", "10")}
                   for (code, symbol, name), cards in zip(_SUIT_NAMES, seats[seat], strict=True)]}
        for seat in ("N", "W", "E", "S")
    ]  # fmt: skip


def _pair_cell(pair, other_direction: str) -> str:
    sitting = f"<small>{other_direction}</small>" if pair.direction == other_direction else ""
    return f'<td><a href="{escape(pair.card_url)}">{pair.number}{sitting}</a></td>'


@register.simple_tag
def sorted_traveller_rows(lines, highlight=None):
    """A sorted traveller's rows. Written here rather than in the template because a
    40-table session's travellers are 1,440 rows, and the template engine spends ~40 µs on
    each (its variable lookups), this ~3 µs: the page's render time."""
    if not lines:
        return mark_safe('<tr><td colspan="6" class="empty text">No results yet.</td></tr>')
    rows = []
    for line in lines:
        mine = ' class="mine"' if highlight and highlight in (line.ns.pk, line.ew.pk) else ""
        result = line.result
        fouled = ""
        if result.foul_group:
            fouled = (
                f' <span class="tag" title="Fouled board, group {result.foul_group}'
                f' (Law 87)">F{result.foul_group}</span>'
            )
        rows.append(
            f"<tr{mine}>{_pair_cell(line.ns, Direction.EW)}{_pair_cell(line.ew, Direction.NS)}"
            f'<td class="text">{escape(line.shown_contract)}{fouled}</td>'
            f"<td>{line.shown_score}</td><td>{points(result.ns_points)}</td>"
            f"<td>{points(result.ew_points)}</td></tr>"
        )
    return mark_safe("\n".join(rows))


@register.simple_tag
def recap_cells(cells):
    """A recap row's points on each board, one cell each (a 40-table recap has 2,880)."""
    return mark_safe("".join(f"<td>{points(cell)}</td>" for cell in cells))


@register.filter
def two_places(value) -> str:
    """A number to two places, as printed everywhere (scoring.rounding); what `floatformat:2`
    printed, at a twentieth of its cost: a standings table has sixty of them."""
    return _printed(value)


@register.filter
def signed_two_places(value) -> str:
    """A handicap to two places with its sign: +1.90, −5.20, 0.00."""
    sign = "+" if value > 0 else "−" if value < 0 else ""
    return f"{sign}{_printed(abs(value))}"


@register.simple_tag
def standings_rows(group, event, compact=False):
    """A standings group's rows (rendered after every save and for every new version of the
    live standings: the template engine took ~6 ms over a 30-pair section, this ~0.5 ms)."""
    url = reverse("score_card", args=[event.pk, _PAIR])
    awards = not compact and event.club_id and event.club.masterpoints
    stratified = not compact and event.stratum_b_below is not None
    handicapped = not compact and event.handicapping
    rows = []
    for row in group.rows:
        pair = row.pair
        section = escape(pair.section.name) if event.across_field else ""
        names = ""
        if pair.names and not compact:
            names = f'<small class="names">{_linked_names(pair, event)}</small>'
        penalty = ""
        if row.penalty:
            penalty = (
                f' <small class="penalty" title="Procedural penalty">'
                f"(−{two_places(row.penalty)} pen.)</small>"
            )
        last = row.percentage if event.uses_percentages else row.average
        award = award_cell(row.masterpoints) if awards else ""
        if stratified:
            award += f'<td class="text strata">{escape(row.strata) or "—"}</td>'
        if handicapped:
            award += handicap_cells(row)
        rows.append(
            f"<tr><td>{escape(row.rank) if row.boards else '—'}</td>"
            f'<th scope="row" class="text"><a href="{url.replace(str(_PAIR), str(pair.pk))}">'
            f"{section}{escape(pair)}</a>{names}</th>"
            + ("" if compact else f'<td class="boards-col">{row.boards}</td>')
            + f"<td>{two_places(row.total)}{penalty}</td>"
            f"<td>{'—' if last is None else two_places(last)}</td>{award}</tr>"
        )
    return mark_safe("\n".join(rows))


def _linked_names(pair, event) -> str:
    """The pair's names, each member's linked to their page (unless they hide it)."""
    if "_player_urls" not in event.__dict__:  # one query for the whole session's standings
        event._player_urls = session_player_urls(event)
    shown = []
    for name in (pair.player1, pair.player2):
        if not name:
            continue
        url = event._player_urls.get(player_key(name))
        shown.append(f'<a href="{escape(url)}">{escape(name)}</a>' if url else escape(name))
    return " &amp; ".join(shown)


def handicap_cells(row) -> str:
    """A handicapped session's three cells: the pair's handicap (signed), its handicapped
    percentage and its place by that."""
    if row.handicap is None:
        return '<td class="handicap">—</td><td>—</td><td>—</td>'
    score = "—" if row.handicapped is None else two_places(row.handicapped)
    return (
        f'<td class="handicap">{signed_two_places(row.handicap)}</td>'
        f"<td>{score}</td><td>{escape(row.handicapped_rank) or '—'}</td>"
    )


def award_cell(award) -> str:
    """A pair's masterpoint award with its working, open to a click (a <details>: no script)."""
    if award is None or not (award.points or award.refused):
        return '<td class="masterpoints">—</td>'
    working = "".join(f"<li>{escape(line)}</li>" for line in award.working)
    shown = two_places(award.points) if award.points else "—"  # refused: "—", and why
    return (
        f'<td class="masterpoints"><details><summary>{shown}</summary>'
        f'<ul class="working">{working}</ul></details></td>'
    )


_PAIR = 987654321  # the placeholder in the one reversed score-card URL
_TABLE, _ROUND = 987654321, 123456789  # and in the grid's one reversed table-round URL


@register.simple_tag
def progress_grid_rows(grid, current_table=None, current_round=None):
    """The table × round grid's rows (a 15-table grid has 225 cells, rendered again after
    every save of a table round: the template engine took ~40 ms over them, this ~1 ms)."""
    # One reverse() for the whole grid: a {% url %} per cell cost ~50 ms on a 15-table grid.
    url = reverse("table_round", args=[grid.section_id, _TABLE, _ROUND])
    rows = []
    for round_number, cells in grid.rows:
        shown = []
        for cell in cells:
            current = cell.table == current_table and cell.round == current_round
            css = f"{cell.state} current" if current else cell.state
            if not cell.due:
                shown.append(f'<td class="{css}">sit-out</td>')
                continue
            cell_url = url.replace(str(_TABLE), str(cell.table)).replace(
                str(_ROUND), str(cell.round)
            )
            label = "✓ done" if cell.state == "done" else f"{cell.entered}/{cell.due}"
            title = (
                f"Table {cell.table}, round {cell.round}: {cell.entered} of {cell.due} "
                "boards entered"
            )
            shown.append(
                f'<td class="{css}"><a href="{escape(cell_url)}" title="{title}">{label}</a></td>'
            )
        rows.append(f'<tr><th scope="row">Round {round_number}</th>{"".join(shown)}</tr>')
    return mark_safe("\n".join(rows))


_DD_STRAINS = ("NT", "S", "H", "D", "C")  # as hand records print them, no-trump first


@register.filter
def dd_rows(dd) -> list[tuple[str, list[int]]]:
    """A double-dummy table's rows, declarers N, S, E, W and strains NT ♠ ♥ ♦ ♣."""
    if not dd:
        return []
    return [(seat, [dd[seat][strain] for strain in _DD_STRAINS]) for seat in ("N", "S", "E", "W")]


@register.filter
def par_text(board) -> str:
    """A board's par as hand records print it: "NS +420: 4S N", "EW +1430: 6H E, 6H W",
    or "0 (passed out)" when par is zero."""
    if board.par_score is None:
        return ""
    if not board.par_score:
        return "0 (passed out)"
    side = Direction.NS if board.par_score > 0 else Direction.EW
    return f"{side} +{abs(board.par_score)}: {board.par_contracts}"
