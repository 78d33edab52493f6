"""The one adapter to endplay's double-dummy solver (DDS): deal text in, trick tables out.

Tables come back as `{"N": {"C": 9, "D": 8, "H": 6, "S": 7, "NT": 9}, "E": ...}`, the form
`scoring.par` takes.
"""

from collections.abc import Iterable

from endplay.dds import calc_all_tables, calc_dd_table
from endplay.types import Deal, Denom, Player

__all__ = ["BATCH", "dd_table", "dd_tables"]

_SEATS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
_STRAINS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades,
            "NT": Denom.nt}  # fmt: skip
# DDS's CalcAllTables solves at most 200 deal-strains a call: 40 full tables.
BATCH = 40

Table = dict[str, dict[str, int]]


def dd_table(deal_text: str) -> Table:
    """Tricks each declarer takes in each strain of a full PBN deal ("N:AKQ2.KJ3... ...")."""
    return _as_dict(calc_dd_table(Deal(deal_text)))


def dd_tables(deal_texts: Iterable[str]) -> list[Table]:
    """Like `dd_table` for many deals, in order. DDS solves each batch on all cores at once."""
    texts = list(deal_texts)
    tables: list[Table] = []
    for start in range(0, len(texts), BATCH):
        solved = calc_all_tables([Deal(text) for text in texts[start : start + BATCH]])
        tables.extend(_as_dict(table) for table in solved)
    return tables


def _as_dict(table) -> Table:
    return {
        seat: {strain: int(table[denom, player]) for strain, denom in _STRAINS.items()}
        for seat, player in _SEATS.items()
    }
