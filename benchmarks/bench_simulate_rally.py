"""Benchmark: ``trackkit simulate`` on the shipped rally decks.

Prints the median of a few runs of 10,000 four-player races on the base
game deck (drivers bold, cautious and random dealt in turn, no Skills
cards) on two worker processes (target <= 30 s on the 2-core machine),
the seats' win rates they give, and one run on the expansion deck with
the base Skills cards; with ``--runs N`` the number of timed runs.

Run: python benchmarks/bench_simulate_rally.py [--runs N]
"""

from __future__ import annotations

import sys
from pathlib import Path

from _timing import median_seconds

from trackkit.games import load
from trackkit.rally.race.drivers import parse_rally_drivers
from trackkit.rally.race.simulate import RallySimulation, simulate_rally

ROOT = Path(__file__).resolve().parent.parent
BASE = load(ROOT / "layouts" / "rally-base.yaml").layout
EXPANSION = load(ROOT / "layouts" / "rally-expansion.yaml").layout
DRIVERS = parse_rally_drivers("bold,cautious,random")
RACES = 10_000
WORKERS = 2


def base_races() -> RallySimulation:
    return simulate_rally(BASE, DRIVERS, races=RACES, seed=2026, players=4, workers=WORKERS)


def expansion_races() -> RallySimulation:
    return simulate_rally(
        EXPANSION, DRIVERS, races=RACES, seed=2026, players=4, skills="base", workers=WORKERS
    )


def main() -> None:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    results: list[RallySimulation] = []
    seconds = median_seconds(lambda: results.append(base_races()), runs)
    result = results[0]
    print(
        f"{RACES:,} four-player rally races, base deck, {WORKERS} workers:"
        f" median {seconds:.1f} s (target <= 30 s)"
    )
    for seat in range(result.players):
        rate = result.seat_rate(seat)
        print(
            f"  seat {seat + 1}: {100 * rate.rate:.1f} % ({100 * rate.low:.1f} to {100 * rate.high:.1f}),"
            f" {result.seat_mean(seat):.2f} points"
        )
    print(f"  race length {result.mean_length:.2f} rounds (standard error {result.length_error:.3f})")
    expansion = median_seconds(expansion_races, 1)
    print(
        f"{RACES:,} four-player races, expansion deck, base Skills cards, {WORKERS} workers:"
        f" {expansion:.1f} s"
    )


if __name__ == "__main__":
    main()
