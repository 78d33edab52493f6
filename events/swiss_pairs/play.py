"""Running a Swiss pairs event: its pairs, each round's draw from the standings, each table's
results, and the standings (VPs, then net IMPs: docs/rules.md, Swiss pairs)."""

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db import transaction

import scoring
from events.core import versions
from events.swiss_pairs.models import SwissPair, SwissPairsEvent, SwissPairsResult, SwissPairsTable
from scoring.entry import PLAYED
from scoring.ranking import rank
from scoring.swiss_pairs import swiss_match_imps, swiss_match_vps, swiss_pairs_round

__all__ = ["SwissPairsError", "Standings", "draw_next_round", "save_pairs", "save_table",
           "standings", "undraw_last_round"]  # fmt: skip

BYE_VPS_SHARE = Fraction(3, 5)  # a bye is a 12-8 win on a 20-point scale, as a teams bye


class SwissPairsError(ValueError):
    """What the director asked for cannot be done; the words say why. Nothing was stored.
    `board`: the first board whose result was refused, if that was the trouble."""

    def __init__(self, message: str, board: int | None = None):
        super().__init__(message)
        self.board = board


@dataclass
class PairStanding:
    pair: SwissPair
    vps: Fraction = Fraction(0)
    imps: Fraction = Fraction(0)
    played: int = 0
    place: str = ""


@dataclass
class TableScore:
    table: SwissPairsTable
    results: dict[int, SwissPairsResult] = field(default_factory=dict)
    ns_imps: Fraction | None = None  # when every board is in
    ns_vps: Fraction | None = None
    ew_vps: Fraction | None = None


@dataclass
class Standings:
    rows: list[PairStanding]
    rounds: dict[int, list[TableScore]]  # each drawn round's tables, byes last

    @property
    def drawn(self) -> int:
        return max(self.rounds, default=0)

    def unfinished(self, number: int) -> list[TableScore]:
        return [t for t in self.rounds.get(number, []) if not t.table.is_bye and t.ns_imps is None]


def standings(event: SwissPairsEvent) -> Standings:
    """Every pair's VPs and net IMPs from the matches whose boards are all in (three queries)."""
    pairs = {pair.pk: pair for pair in event.pairs.all()}
    rows = {pk: PairStanding(pair) for pk, pair in pairs.items()}
    rounds: dict[int, list[TableScore]] = {}
    scores: dict[int, TableScore] = {}
    for table in event.tables.all():
        table.ns, table.ew = pairs[table.ns_id], pairs.get(table.ew_id)
        scores[table.pk] = TableScore(table)
        rounds.setdefault(table.round, []).append(scores[table.pk])
    for result in SwissPairsResult.objects.filter(table__event=event):
        scores[result.table_id].results[result.board] = result
    for number, tables in rounds.items():
        _score_round(event, number, tables, rows)
    ordered = sorted(rows.values(), key=lambda r: (-r.vps, -r.imps, r.pair.number))
    _place(ordered)
    return Standings(ordered, dict(sorted(rounds.items())))


def _score_round(event, number, tables: list[TableScore], rows: dict[int, PairStanding]) -> None:
    boards = event.boards_of_round(number)
    played = {
        board: {t.table.pk: t.results[board].ns_score for t in tables if board in t.results}
        for board in boards
    }
    imps = swiss_match_imps(played, event.method)
    bye_vps = BYE_VPS_SHARE * (30 if event.vp_scale == "acbl-30" else 20)
    for score in tables:
        table = score.table
        if table.is_bye:
            rows[table.ns_id].vps += bye_vps
            rows[table.ns_id].played += 1
            continue
        if len(score.results) < len(boards):
            continue
        score.ns_imps = imps[table.pk]
        score.ns_vps, score.ew_vps = swiss_match_vps(score.ns_imps, len(boards), event.vp_scale)
        for pk, vps, sign in ((table.ns_id, score.ns_vps, 1), (table.ew_id, score.ew_vps, -1)):
            rows[pk].vps += vps
            rows[pk].imps += sign * score.ns_imps
            rows[pk].played += 1


def _place(ordered: list[PairStanding]) -> None:
    # Pairs level on VPs and IMPs share the place ("3="), as a pairs session's ties do.
    for row, place in zip(ordered, rank((row.vps, row.imps) for row in ordered)):
        row.place = place


def save_pairs(event: SwissPairsEvent, text: str) -> int:
    """The pairs' names, one pair a line, numbered in order; only before round 1 is drawn."""
    names = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    if len(names) < 2:
        raise SwissPairsError("Type at least two pairs, one a line (e.g. 'Ann Smith & Bob Jones').")
    too_long = [n for n in names if len(n) > 120]
    if too_long:
        raise SwissPairsError(f"'{too_long[0][:40]}…' is longer than 120 characters.")
    with transaction.atomic():
        versions.bump(event)
        if event.tables.exists():
            raise SwissPairsError("Round 1 is drawn: the pairs can no longer change.")
        event.pairs.all().delete()
        SwissPair.objects.bulk_create(
            SwissPair(event=event, number=n, names=name) for n, name in enumerate(names, start=1)
        )
    return len(names)


def draw_next_round(event: SwissPairsEvent, expected: int | None = None) -> int:
    """Draw and store the next round from the standings; it waits for the round before to be
    finished. With `expected`, a second press of Draw draws nothing more."""
    with transaction.atomic():
        versions.bump(event)
        table = standings(event)
        if len(table.rows) < 2:
            raise SwissPairsError("Enter the pairs first: at least two.")
        last = table.drawn
        if expected is not None and expected != last + 1:
            raise SwissPairsError(f"Round {expected} is drawn already: see it below.")
        if last >= event.rounds:
            raise SwissPairsError(f"All {event.rounds} rounds are drawn.")
        if waiting := table.unfinished(last):
            numbers = ", ".join(str(t.table.table) for t in waiting)
            raise SwissPairsError(
                f"Round {last} is not finished (table{'s' if len(waiting) > 1 else ''} {numbers} "
                "still have boards to enter): the next round is drawn from its standings."
            )
        by_number = {row.pair.number: row.pair for row in table.rows}
        entries = [scoring.SwissEntry(r.pair.number, r.vps, r.imps) for r in table.rows]
        played, byes = set(), set()
        for tables in table.rounds.values():
            for score in tables:
                if score.table.is_bye:
                    byes.add(score.table.ns.number)
                else:
                    played.add(frozenset((score.table.ns.number, score.table.ew.number)))
        number = last + 1
        drawn = swiss_pairs_round(entries, played, byes)
        SwissPairsTable.objects.bulk_create(
            SwissPairsTable(
                event=event,
                round=number,
                table=index if ew is not None else None,
                ns=by_number[ns],
                ew=by_number.get(ew) if ew is not None else None,
            )
            for index, (ns, ew) in enumerate(drawn, start=1)
        )
        return number


def undraw_last_round(event: SwissPairsEvent, expected: int | None = None) -> int:
    """Take back the last round drawn while none of its tables has a result in, as a teams
    event's draw is taken back (events.teams.draw); nothing else changes. With `expected` (the
    round the page offered), a second press takes back nothing more."""
    with transaction.atomic():
        versions.bump(event)
        last = max(event.tables.values_list("round", flat=True), default=0)
        if not last:
            raise SwissPairsError("No round is drawn yet.")
        if expected is not None and expected > last:
            raise SwissPairsError(f"Round {expected}'s draw is taken back already.")
        if expected is not None and expected < last:
            raise SwissPairsError(
                f"Round {last} has been drawn since: only the last round drawn is taken back."
            )
        tables = event.tables.filter(round=last)
        if SwissPairsResult.objects.filter(table__in=tables).exists():
            raise SwissPairsError(
                f"Round {last} has results already: clear its boards first to draw it again."
            )
        tables.delete()
        return last


def save_table(event: SwissPairsEvent, table: SwissPairsTable, typed: dict[int, str]) -> int:
    """Store a table's results, board → text as typed ("4S N =", "-100"); a blank box clears
    the board. Every line is read before anything is stored: one bad line stores nothing."""
    boards = event.boards_of_round(table.round)
    problems, scores = {}, {}
    for board in boards:
        text = " ".join(typed.get(board, "").split())
        if not text:
            continue
        try:
            scores[board] = (text, _ns_score(board, text))
        except ValueError as error:
            problems[board] = f"Board {board}: {error}".rstrip(".") + "."
    if problems:
        first = min(problems)
        raise SwissPairsError(" ".join(problems.values()) + " Nothing was saved.", board=first)
    with transaction.atomic():
        versions.bump(event)
        table.results.all().delete()
        SwissPairsResult.objects.bulk_create(
            SwissPairsResult(table=table, board=b, result=text, ns_score=score)
            for b, (text, score) in scores.items()
        )
    return len(scores)


def _ns_score(board: int, text: str) -> int:
    try:
        entry = scoring.parse_entry(text, board)
    except scoring.NeedsConfirmation as doubt:
        down = doubt.entry.contract.tricks_needed - doubt.entry.tricks
        raise ValueError(
            f"{doubt} To save down {down}, type "
            f"{doubt.entry.contract} {doubt.entry.declarer} -{down}"
        ) from None
    if entry.kind != PLAYED or entry.ns_score is None:
        raise ValueError(
            f"{text} is not a played result: Swiss pairs IMPs compare scores, so type the "
            "contract and result (4S N =) or the NS score (-100)"
        )
    return entry.ns_score


def as_decimal(value: Fraction | None, places: int = 2) -> Decimal | None:
    """A Fraction shown to `places` decimals (VPs on the continuous scale are hundredths)."""
    if value is None:
        return None
    return round(Decimal(value.numerator) / Decimal(value.denominator), places)
