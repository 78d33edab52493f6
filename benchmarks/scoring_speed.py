"""How fast the scoring engine is: one board of 1,000 results by each method, and a whole
40-table, 36-board Mitchell scored end to end. Run with `make benchmark`; prints figures."""

import random
import statistics
import time

from scoring import (
    Pair,
    ScoredResult,
    board_vulnerability,
    butler,
    cross_imps,
    hdb_imps,
    matchpoints,
    parse_entry,
    score_board,
    standings,
)
from scoring.entry import possible_ns_scores

REPEATS = 7


def best_of(function, *args):
    timings = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        function(*args)
        timings.append(time.perf_counter() - start)
    return min(timings) * 1000, statistics.median(timings) * 1000


def field_of(size, rng, vulnerability="None"):
    # A realistic spread: most tables near the par contract, a tail of swings.
    possible = sorted(possible_ns_scores(vulnerability))
    common = [
        s
        for s in (420, 450, 400, 170, 140, -50, -100, 620, 650, 980, -500, 800, 200)
        if s in possible
    ]
    return [rng.choice(common) if rng.random() < 0.8 else rng.choice(possible) for _ in range(size)]


def main():
    rng = random.Random(2026)
    board = field_of(1000, rng)
    print("One board of 1,000 results (best / median of 7, ms):")
    for name, function, args in [
        ("matchpoints acbl", matchpoints, (board,)),
        ("matchpoints ebu", matchpoints, (board, "ebu")),
        ("cross-IMPs", cross_imps, (board,)),
        ("Butler", butler, (board,)),
        ("HDB IMPs", hdb_imps, (board,)),
    ]:
        best, median = best_of(function, *args)
        print(f"  {name:<18} {best:7.2f} {median:7.2f}")

    distinct = list(range(-1000 * 10, 0, 10))
    best, median = best_of(cross_imps, distinct)
    print(f"  {'cross-IMPs, all distinct':<18} {best:7.2f} {median:7.2f}")

    # 40 tables, 36 boards, every board played at every table (boards duplicated):
    # NS pair t meets EW pair t + b on board b, a simple stand-in for a real movement.
    tables = 40
    pairs = [Pair(n, d) for d in ("NS", "EW") for n in range(1, tables + 1)]
    lines = {
        number: [str(s) for s in field_of(tables, rng, board_vulnerability(number))]
        for number in range(1, 37)
    }

    def whole_session(method):
        results = []
        for number, texts in lines.items():
            entries = [parse_entry(text, number) for text in texts]
            points = score_board(method, entries, len(texts))
            for table, earned in enumerate(points):
                ns, ew = Pair(table + 1, "NS"), Pair((table + number) % tables + 1, "EW")
                results.append(ScoredResult(number, ns, ew, earned))
        return standings(method, results, pairs, lambda pair: pair.direction)

    boards = len(lines)
    results = sum(len(v) for v in lines.values())
    print(f"\n{tables} tables, {boards} boards, {results} results, parse + score + standings:")
    for method in ("matchpoints", "ebu-matchpoints", "cross-imps", "butler"):
        best, median = best_of(whole_session, method)
        print(f"  {method:<18} {best:7.1f} {median:7.1f} ms")


if __name__ == "__main__":
    main()
