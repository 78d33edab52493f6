"""A big imported session for query-count tests and the results-pages benchmarks.

The Clubscore movements stop at 30 tables, so a 40-table field comes from a travellers CSV:
every board is played at every table, NS pair t meeting EW pair ((t + b) % tables) + 1 on
board b, with plausible contracts spread around a par, and every pair has its players named.
"""

import random

from events.models import Event, Pair
from events.sessions.importing import import_travellers

HEADER = "board,ns,ew,contract,declarer,result\n"
# (contract, declarer, result) lines a field plays, most near the par, a tail of swings.
_COMMON = [("4S", "N", "="), ("4S", "N", "+1"), ("4S", "S", "="), ("4S", "N", "-1"),
           ("3NT", "S", "+1"), ("3NT", "N", "="), ("2S", "N", "+2"), ("4H", "E", "-2")]  # fmt: skip
_TAIL = [("5DX", "W", "-3"), ("6S", "N", "="), ("PASS", "", ""), ("3NTX", "S", "-2"),
         ("1NT", "W", "+1"), ("5C", "E", "-1"), ("2H", "E", "8"), ("4SX", "N", "=")]  # fmt: skip


def travellers_csv(tables: int, boards: int, seed: int = 40) -> str:
    rng = random.Random(seed)
    lines = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            ew = ((table + board) % tables) + 1
            contract = rng.choice(_COMMON) if rng.random() < 0.8 else rng.choice(_TAIL)
            lines.append(f"{board},{table},{ew},{','.join(contract)}")
    return HEADER + "\n".join(lines) + "\n"


def make_big_session(club, tables: int = 40, boards: int = 36, *, publish=True, name=None):
    """An imported, scored session of `tables` NS and EW pairs, every board at every table."""
    event = import_travellers(
        travellers_csv(tables, boards),
        club=club,
        name=name or f"{tables} tables",
        publish=publish,
    )
    pairs = list(Pair.objects.filter(section__event=event))
    for pair in pairs:
        pair.player1 = f"Ann {pair.direction}{pair.number} Example"
        pair.player2 = f"Bob {pair.direction}{pair.number} Sample"
    Pair.objects.bulk_update(pairs, ["player1", "player2"])
    return Event.objects.select_related("club").get(pk=event.pk)
