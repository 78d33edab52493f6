"""The PDFs' columns of figures as lines of fixed-width text, and their hand diagrams.

WeasyPrint spends about a millisecond on every table cell (its style, box and line of text),
so a 15-table session's travellers, 2,400 cells, took seconds on their own. A traveller here is
one block of preformatted lines in a monospaced font: the columns line up by themselves and the
block is one box. Names, whose letters a monospaced font may not all have, come last on their
line (a score card's) or stay out of these lines (the recap's, set beside them line for line).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from events.standings.recaps import Line
from events.templatetags.clubscore import points
from scoring.deal import parse_deal
from scoring.domain import Direction

__all__ = [
    "Aligned", "Column", "aligned", "dd_grid", "deal_hands", "pair_label", "text_table",
    "traveller_table",
]  # fmt: skip

GAP = "  "  # between two columns


@dataclass(frozen=True)
class Column:
    heading: str
    left: bool = False  # figures are right-aligned; words (a contract) left


def text_table(
    columns: Sequence[Column], rows: Sequence[Sequence[str]], gap: str = GAP
) -> tuple[str, str]:
    """The heading line and the rows' lines of a fixed-width table, each column as wide as its
    widest entry and `gap` from the next; both escaped, for a `white-space: pre` block."""
    widths = [
        max([len(column.heading), *(len(row[index]) for row in rows)])
        for index, column in enumerate(columns)
    ]

    def line(cells) -> str:
        return gap.join(
            cell.ljust(width) if column.left else cell.rjust(width)
            for cell, width, column in zip(cells, widths, columns, strict=True)
        ).rstrip()

    heading = line([column.heading for column in columns])
    return escape(heading), escape("\n".join(line(row) for row in rows))


@dataclass(frozen=True)
class Aligned:
    """Figures, names and more figures, side by side and line for line (the names in the
    page's own font, which has every letter; the PDF templates' _aligned.html)."""

    left_head: str
    names_head: str
    right_head: str
    left: str
    names: str
    right: str

    @property
    def characters(self) -> int:
        """The figures' width in characters, left and right together."""

        def widest(heading: str, lines: str) -> int:
            return max(len(line) for line in (heading, *lines.split("\n")))

        return widest(self.left_head, self.left) + widest(self.right_head, self.right)


def aligned(
    left: Sequence[Column], names_head: str, right: Sequence[Column], rows, gap: str = GAP
) -> Aligned:
    """`rows` of (left cells, names, right cells) as an Aligned block; `gap` between the
    right-hand columns."""
    left_head, left_lines = text_table(left, [row[0] for row in rows])
    right_head, right_lines = text_table(right, [row[2] for row in rows], gap)
    names = escape("\n".join(row[1] for row in rows))
    return Aligned(left_head, escape(names_head), right_head, left_lines, names, right_lines)


def pair_label(pair, sits_as: str) -> str:
    """A pair's number in a traveller's NS or EW column, marked when it is the other
    direction's pair (an arrow-switched round)."""
    other = Direction.EW if sits_as == Direction.NS else Direction.NS
    return f"{pair.number}{other[0].lower()}" if pair.direction == other else str(pair.number)


def traveller_table(lines: Sequence[Line], points_name: str) -> tuple[str, str]:
    """A board's results, best NS score first, as the travellers page lists them."""
    columns = [
        Column("NS"),
        Column("EW"),
        Column("Contract", left=True),
        Column("Score"),
        Column(f"NS {points_name}"),
        Column(f"EW {points_name}"),
    ]
    rows = []
    for line in lines:
        result = line.result
        contract = line.shown_contract + (f" F{result.foul_group}" if result.foul_group else "")
        rows.append([
            pair_label(line.ns, Direction.NS), pair_label(line.ew, Direction.EW), contract,
            line.shown_score,
            points(result.ns_points), points(result.ew_points),
        ])  # fmt: skip
    return text_table(columns, rows)


_SUITS = ("♠", "♥", "♦", "♣")


def _red(text: str) -> SafeString:
    """`text` (no markup in it) with its hearts and diamonds in red."""
    for symbol in ("♥", "♦"):
        text = text.replace(symbol, f'<span class="red">{symbol}</span>')
    return mark_safe(text)


def deal_hands(deal: str) -> dict[str, SafeString] | None:
    """Each seat's hand as four lines, one a suit ("♥ A J 8 5 4 3"), hearts and diamonds in
    red; None when the deal cannot be read."""
    try:
        seats = parse_deal(deal)
    except ValueError:
        return None
    return {
        seat: _red(
            "\n".join(
                f"{symbol} {' '.join(cards).replace('T', '10') or '—'}"
                for symbol, cards in zip(_SUITS, suits, strict=True)
            )
        )
        for seat, suits in seats.items()
    }


_STRAINS = (("NT", "NT"), ("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))


def dd_grid(dd: dict | None) -> SafeString:
    """The makeable contracts, as hand-record sheets print them: for each declarer and strain
    the highest level made double dummy (tricks less six), "–" where no contract makes."""
    if not dd:
        return mark_safe("")
    lines = ["  " + "".join(f"{symbol:>3}" for _, symbol in _STRAINS)]
    for seat in ("N", "S", "E", "W"):
        levels = [dd[seat][strain] - 6 for strain, _ in _STRAINS]
        lines.append(seat + " " + "".join(f"{level if level > 0 else '–':>3}" for level in levels))
    return _red("\n".join(lines))
