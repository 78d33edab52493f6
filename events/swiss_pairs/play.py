"""Running a Swiss pairs event: its pairs, each round's draw from the standings, each table's
results, and the standings (VPs, then net IMPs: docs/rules.md, Swiss pairs)."""

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db import transaction

import scoring
from events.core import versions
from events.core.vp_scales import club_table
from events.swiss_pairs.links import make_links
from events.swiss_pairs.models import SwissPair, SwissPairsEvent, SwissPairsResult, SwissPairsTable
from scoring.entry import ADJUSTED, PLAYED
from scoring.ranking import rank
from scoring.swiss_pairs import swiss_match_imps, swiss_match_vps, swiss_pairs_round

__all__ = ["SwissPairsError", "Standings", "draw_next_round", "save_board", "save_pairs",
           "save_table", "standings", "undraw_last_round", "award_match"]  # fmt: skip

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
    ns_imps: Fraction | None = None  # when every board is in (none for a score awarded)
    ns_vps: Fraction | None = None
    ew_vps: Fraction | None = None

    @property
    def has_results(self) -> bool:
        """A board or the director's match score in: the round's draw stays."""
        return bool(self.results) or self.table.is_awarded


@dataclass
class Standings:
    rows: list[PairStanding]
    rounds: dict[int, list[TableScore]]  # each drawn round's tables, byes last

    @property
    def drawn(self) -> int:
        return max(self.rounds, default=0)

    def unfinished(self, number: int) -> list[TableScore]:
        return [t for t in self.rounds.get(number, []) if not t.table.is_bye and t.ns_vps is None]


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
    played: dict[int, dict[int, int]] = {board: {} for board in boards}
    adjusted: dict[int, dict[int, tuple[int, int]]] = {board: {} for board in boards}
    for score in tables:
        for board, result in score.results.items():
            if result.ns_score is not None:
                played[board][score.table.pk] = result.ns_score
            else:
                adjusted[board][score.table.pk] = (result.ns_percent, result.ew_percent)
    imps = swiss_match_imps(played, event.method, adjusted)
    scale = (len(boards), event.vp_scale, club_table(event))
    # A drawn match's two shares make the scale's total (20, 30, or the club table's).
    bye_vps = BYE_VPS_SHARE * sum(swiss_match_vps(0, *scale))
    for score in tables:
        table = score.table
        if table.is_bye:
            rows[table.ns_id].vps += bye_vps
            rows[table.ns_id].played += 1
            continue
        if table.is_awarded:  # the director's match score stands in place of the boards'
            score.ns_vps = Fraction(table.ns_vps_awarded)
            score.ew_vps = Fraction(table.ew_vps_awarded)
        elif len(score.results) == len(boards):
            score.ns_imps = imps[table.pk]
            score.ns_vps, score.ew_vps = swiss_match_vps(score.ns_imps, *scale)
        else:
            continue
        for pk, vps, sign in ((table.ns_id, score.ns_vps, 1), (table.ew_id, score.ew_vps, -1)):
            rows[pk].vps += vps
            rows[pk].imps += sign * (score.ns_imps or 0)
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
        # Each table of the round gets its phone link with the draw, as a teams room does;
        # taking the draw back deletes the tables, and their links with them.
        make_links(event.tables.filter(round=number, ew__isnull=False))
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
        awarded = tables.filter(ns_vps_awarded__isnull=False).exists()
        if awarded or SwissPairsResult.objects.filter(table__in=tables).exists():
            raise SwissPairsError(
                f"Round {last} has results already: clear its boards first to draw it again."
            )
        tables.delete()
        return last


def _words(text: str) -> str:
    return " ".join(text.split())


def save_table(
    event: SwissPairsEvent,
    table: SwissPairsTable,
    typed: dict[int, str],
    seen: dict[int, str] | None = None,
) -> int:
    """Store a table's results, board → text as typed ("4S N =", "-100"); a blank box clears
    the board. Every line is read before anything is stored: one bad line stores nothing.

    `seen` is what the form showed for each board when it was drawn: a board typed as it was
    shown is left as it is, and a board saved meanwhile (by the table's phone) is never
    overwritten or cleared unseen; the save is refused in words instead. Without `seen` the
    form is taken to have shown what is stored."""
    boards = event.boards_of_round(table.round)
    problems, scores = {}, {}
    for board in boards:
        text = _words(typed.get(board, ""))
        if not text:
            continue
        try:
            scores[board] = (text, _read(board, text))
        except ValueError as error:
            problems[board] = f"Board {board}: {error}".rstrip(".") + "."
    if problems:
        first = min(problems)
        raise SwissPairsError(" ".join(problems.values()) + " Nothing was saved.", board=first)
    with transaction.atomic():
        versions.bump(event)  # the event's lock: a phone's save waits, or came before
        stored = {r.board: r.result for r in table.results.all()}
        shown = stored if seen is None else {b: _words(t) for b, t in seen.items() if _words(t)}
        moved = [b for b in boards
                 if stored.get(b, "") != shown.get(b, "")
                 and _words(typed.get(b, "")) != shown.get(b, "")]  # fmt: skip
        if moved:
            said = "; ".join(f"board {b} is now {stored.get(b) or 'blank'}" for b in moved)
            raise SwissPairsError(
                f"Saved meanwhile at the table: {said}. Nothing was saved: check the boards "
                "and save again.",
                board=moved[0],
            )
        for board in boards:
            if _words(typed.get(board, "")) == shown.get(board, ""):
                continue  # the box as the form showed it: the board stays as it is stored
            table.results.filter(board=board).delete()
            if board in scores:
                text, fields = scores[board]
                SwissPairsResult.objects.create(table=table, board=board, result=text, **fields)
    return len(scores)


def save_board(event: SwissPairsEvent, table: SwissPairsTable, board: int, text: str) -> str:
    """Store one board of a table (a phone's save), read as the director's typed line is;
    the caller holds the event's lock (versions.bump). Returns the text stored. Raises
    SwissPairsError, in words, and stores nothing, for a bad line or a board not in play."""
    if board not in event.boards_of_round(table.round):
        raise SwissPairsError(f"Board {board} is not played in round {table.round}.", board)
    text = " ".join(text.split())
    try:
        fields = _read(board, text)
    except ValueError as error:
        raise SwissPairsError(f"Board {board}: {error}".rstrip(".") + ". Nothing was saved.",
                              board) from None  # fmt: skip
    empty = {"ns_score": None, "ns_percent": None, "ew_percent": None}
    SwissPairsResult.objects.update_or_create(
        table=table, board=board, defaults={"result": text, **empty, **fields}
    )
    return text


def _read(board: int, text: str) -> dict:
    """The stored fields of a board's result: its NS score, or an artificial score's two
    percentages (Law 12C2: A, A+, A-, A+/A-, 60/40), which take no part in the field."""
    try:
        entry = scoring.parse_entry(text, board)
    except scoring.NeedsConfirmation as doubt:
        down = doubt.entry.contract.tricks_needed - doubt.entry.tricks
        raise ValueError(
            f"{doubt} To save down {down}, type "
            f"{doubt.entry.contract} {doubt.entry.declarer} -{down}"
        ) from None
    if entry.kind == ADJUSTED:
        return {"ns_percent": entry.ns_percent, "ew_percent": entry.ew_percent}
    if entry.kind != PLAYED or entry.ns_score is None:
        raise ValueError(
            f"{text} is not a played result: Swiss pairs IMPs compare scores, so type the "
            "contract and result (4S N =), the NS score (-100) or an artificial score "
            "(A, A+/A-, A-/A+)"
        )
    return {"ns_score": entry.ns_score}


def award_match(event: SwissPairsEvent, table: SwissPairsTable, ns: str, ew: str) -> str:
    """The director's match score for a table (a forfeit, a match not played): both pairs'
    VPs as typed, which stand in place of the boards'; both blank takes it away. Returns what
    was done, in words; a bad entry stores nothing."""
    ns, ew = ns.strip(), ew.strip()
    if not ns and not ew:
        values = None
    else:
        top = most_vps(event)
        values = (_vps("NS", ns, top), _vps("EW", ew, top))
    with transaction.atomic():
        versions.bump(event)
        table.ns_vps_awarded, table.ew_vps_awarded = values or (None, None)
        table.save(update_fields=["ns_vps_awarded", "ew_vps_awarded"])
    if values is None:
        return f"Table {table.table}: the match scores from its boards again."
    ns_vps, ew_vps = (_shown(value) for value in values)
    return f"Table {table.table}: the match scores {ns_vps}–{ew_vps} VPs, as set."


def most_vps(event: SwissPairsEvent) -> Fraction:
    """The most VPs a pair can win in a match of the event's boards on its scale."""
    boards = event.boards_per_round
    try:
        return swiss_match_vps(24 * boards, boards, event.vp_scale, club_table(event))[0]
    except ValueError as error:
        raise SwissPairsError(f"This event's VP scale cannot score its matches: {error}.") from None


def _vps(side: str, text: str, top: Fraction) -> Decimal:
    try:
        value = Decimal(text)
    except ArithmeticError:
        value = None
    if value is None or not value.is_finite():
        raise SwissPairsError(f"{side} VPs: '{text[:20]}' is not a number. Nothing was saved.")
    if not 0 <= value <= top or value != round(value, 2):
        raise SwissPairsError(
            f"{side} VPs: {text[:20]} is not a number of VPs from 0 to {_shown(top)} on "
            "this event's scale, to two decimals at most. Nothing was saved."
        )
    return round(value, 2)


def _shown(value: Decimal | Fraction) -> str:
    """VPs as the director types them: 12, 12.5 or 12.25, never 12.00."""
    fraction = Fraction(value)
    exact = round(Decimal(fraction.numerator) / Decimal(fraction.denominator), 2)
    return f"{exact.normalize():f}"


def as_decimal(value: Fraction | None, places: int = 2) -> Decimal | None:
    """A Fraction shown to `places` decimals (VPs on the continuous scale are hundredths)."""
    if value is None:
        return None
    return round(Decimal(value.numerator) / Decimal(value.denominator), places)
