"""After a load run: is every result stored once and as typed, and is every stored point right?

`check(event, ledger, before)` returns what it checked and each problem found, in words:

1. Stored once: no board holds two results of one pair (the database's unique constraints
   say so too; this counts them), no result appeared that no typist saved, and the history
   has exactly one change per confirmed save, plus at most one per save whose fate the typist
   could not tell (no answer before the run stopped, an error status, htmx's timeout).
2. As typed: each row a typist saved holds the line the server confirmed last (without one,
   what it held before the run), or one of the lines posted after it whose fate the typist
   could not tell.
3. Matchpoints' invariant, board by board (each foul group, each scoring unit): with n
   results and `top` as stored, NS + EW = top on every line and the NS points add up to
   n × top / 2, which for an unfactored board is n(n-1)/2 times the unit (1 ACBL, 2 EBU).
   Neuberg factoring keeps the average at half the factored top, so the sum holds there too.
4. Stored points equal a fresh rescore: events.standings.scorer.rescore, run in a transaction
   that is rolled back, must find nothing to change.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count

from events.models import Result, ResultChange
from events.standings.scorer import rescore

MATCHPOINTS = {"matchpoints": 1, "ebu-matchpoints": 2}  # the unit of one comparison won
TOLERANCE = 1e-6  # stored points are floats of exact fractions


@dataclass
class Baseline:
    """What the session held before the load: its result rows and history length."""

    rows: dict[tuple[int, int], str]  # (board pk, NS pair pk) → the line stored
    changes: int


@dataclass
class Report:
    checked: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def baseline(event) -> Baseline:
    results = Result.objects.filter(board__section__event=event)
    return Baseline(
        rows={
            (board, ns): text
            for board, ns, text in results.values_list("board_id", "ns_pair_id", "text")
        },
        changes=ResultChange.objects.filter(board__section__event=event).count(),
    )


def check(event, ledger: dict[str, dict], before: Baseline) -> Report:
    """`ledger`: row key "<board>-<ns>-<ew>" → the typists' pages.ledger_entry of the row."""
    report = Report()
    results = Result.objects.filter(board__section__event=event)
    _stored_once(report, event, results, ledger, before)
    _as_typed(report, results, ledger, before)
    _matchpoints_invariant(report, event, results)
    _fresh_rescore(report, event)
    return report


def _stored_once(report, event, results, ledger, before) -> None:
    for side in ("ns_pair", "ew_pair"):
        twice = results.values("board", side).annotate(n=Count("pk")).filter(n__gt=1)
        for row in twice:
            report.problems.append(
                f"board {row['board']}: {row['n']} results of pair {row[side]} ({side[:2]})"
            )
    typed = {_row(key) for key in ledger}
    stray = set(results.values_list("board_id", "ns_pair_id")) - set(before.rows) - typed
    for board, ns in sorted(stray):
        report.problems.append(f"board {board}: a result of NS {ns} that no typist saved")
    saves = sum(entry["saves"] for entry in ledger.values())
    unsure = sum(entry["unsure"] for entry in ledger.values())
    changes = ResultChange.objects.filter(board__section__event=event).count() - before.changes
    if not saves <= changes <= saves + unsure:
        report.problems.append(
            f"the history gained {changes} changes for {saves} confirmed saves"
            + (f" and {unsure} unsure" if unsure else "")
            + ": a save stored twice, or one lost"
        )
    report.checked["results"] = results.count()
    report.checked["confirmed saves"] = saves
    report.checked["history changes"] = changes


def _as_typed(report, results, ledger, before) -> None:
    stored = {
        (board, ns): text
        for board, ns, text in results.values_list("board_id", "ns_pair_id", "text")
    }
    for key, entry in sorted(ledger.items()):
        # Without a confirmed save the row holds what it held before the run (None: empty),
        # whatever was refused or failed meanwhile.
        last = entry["saved"] if entry["saved"] is not None else before.rows.get(_row(key))
        possible = [last, *entry["maybe"]]
        text = stored.get(_row(key))
        if text not in possible:
            wanted = " or ".join("nothing" if t is None else repr(t) for t in possible)
            report.problems.append(f"row {key} holds {text!r}, the typist saved {wanted}")
    report.checked["rows typed"] = len(ledger)


def _matchpoints_invariant(report, event, results) -> None:
    if event.scoring not in MATCHPOINTS:
        report.checked[f"boards (no invariant checked for {event.scoring})"] = 0
        return
    unit = event.pk if event.across_field else None
    lines = defaultdict(list)
    for section, number, group, kind, ns, ew, top in results.values_list(
        "board__section_id",
        "board__number",
        "foul_group",
        "kind",
        "ns_points",
        "ew_points",
        "top",
    ):
        lines[(unit or section, number, group)].append((kind, ns, ew, top))
    checked = 0
    for (section, number, group), board in sorted(lines.items()):
        if any(kind != Result.PLAYED for kind, *_ in board) or len(board) < 2:
            continue  # adjusted scores take percentages of a top, not a share of the field's
        checked += 1
        where = f"board {number} (section {section}{f', foul group {group}' if group else ''})"
        if any(ns is None or ew is None or top is None for _, ns, ew, top in board):
            report.problems.append(f"{where}: a played result without points")
            continue
        tops = {top for *_, top in board}
        if len(tops) > 1:
            report.problems.append(f"{where}: results with different tops {sorted(tops)}")
            continue
        top = tops.pop()
        for _, ns, ew, _ in board:
            if abs(ns + ew - top) > TOLERANCE:
                report.problems.append(f"{where}: NS {ns:g} + EW {ew:g} is not the top {top:g}")
        total, n = sum(ns for _, ns, *_ in board), len(board)
        if abs(total - n * top / 2) > TOLERANCE * n:
            report.problems.append(
                f"{where}: NS matchpoints add up to {total:g}, not {n} × {top:g} / 2"
                f" = {n * top / 2:g}"
            )
    report.checked["boards (matchpoint sums)"] = checked


def _fresh_rescore(report, event) -> None:
    with transaction.atomic():
        changed = rescore(event)
        transaction.set_rollback(True)
    if changed:
        report.problems.append(f"a fresh rescore changes the points of {changed} results")


def _row(key: str) -> tuple[int, int]:
    board, ns, _ = key.split("-")
    return int(board), int(ns)
