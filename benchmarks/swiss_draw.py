"""How fast the Swiss teams draw is, and how many rematches it avoids: whole 9-round events of
40 (and 41, with a bye) teams with random match results. Prints figures.

"Rematches avoided" compares each draw with the plain standing-order draw (1 v 2, 3 v 4, ...)
that the same standings would give if nobody remembered who had met.
"""

import random
import statistics
import time
from fractions import Fraction

from scoring import SwissEntry, match_vps, swiss_round

ROUNDS = 9
EVENTS = 5
BOARDS = 8


def play_event(teams, seed, rounds=ROUNDS):
    rng = random.Random(seed)
    vps = dict.fromkeys(range(1, teams + 1), Fraction(0))
    imps = dict.fromkeys(range(1, teams + 1), 0)
    met, byes, figures = set(), set(), []
    for round_number in range(1, rounds + 1):
        standings = [SwissEntry(team, vps[team], imps[team]) for team in vps]
        start = time.perf_counter()
        draw = swiss_round(standings, met, byes=byes)
        elapsed = time.perf_counter() - start
        plain = swiss_round(standings, met, byes=byes, allow_rematch=True)
        figures.append(
            (
                round_number,
                elapsed * 1000,
                sum(frozenset(m) in met for m in draw if None not in m),
                sum(frozenset(m) in met for m in plain if None not in m),
            )
        )
        for home, away in draw:
            if away is None:
                byes.add(home)
                vps[home] += 12
                continue
            met.add(frozenset((home, away)))
            imps_home, imps_away = rng.randint(0, 45), rng.randint(0, 45)
            vp_home, vp_away = match_vps(imps_home, imps_away, BOARDS)
            vps[home] += vp_home
            vps[away] += vp_away
            imps[home] += imps_home - imps_away
            imps[away] += imps_away - imps_home
    return figures


def report(teams):
    by_round = {}
    for seed in range(EVENTS):
        for round_number, ms, rematches, plain in play_event(teams, seed):
            by_round.setdefault(round_number, []).append((ms, rematches, plain))
    print(
        f"\n{teams} teams, {ROUNDS} rounds, {EVENTS} events with random results"
        f" ({BOARDS}-board matches)"
    )
    print("round  draw ms (median / max)  rematches drawn  rematches in standing order (avoided)")
    all_ms = []
    for round_number, rows in sorted(by_round.items()):
        times = [ms for ms, _, _ in rows]
        all_ms += times
        drawn = sum(r for _, r, _ in rows)
        avoided = sum(p for _, _, p in rows) - drawn
        print(
            f"{round_number:>5}  {statistics.median(times):>8.1f} / {max(times):>6.1f}"
            f"  {drawn:>15}  {avoided:>8}"
        )
    print(
        f"whole event: median draw {statistics.median(all_ms):.1f} ms, slowest {max(all_ms):.1f} ms"
    )


def report_to_the_end(teams=40):
    """The hardest case: a Swiss run until every team has met every other (39 rounds of 40)."""
    figures = play_event(teams, seed=0, rounds=teams - 1)
    times = [ms for _, ms, _, _ in figures]
    drawn = sum(rematches for _, _, rematches, _ in figures)
    print(
        f"\n{teams} teams played to {teams - 1} rounds (a complete round robin by Swiss draws):"
        f" {drawn} rematches drawn, median draw {statistics.median(times):.1f} ms,"
        f" slowest {max(times):.1f} ms"
    )


if __name__ == "__main__":
    report(40)
    report(41)
    report_to_the_end()
