"""Benchmark: ``trackkit simulate`` on Racepack's Figure 1.

Prints the median of a few runs for:

* 10,000 six-car, three-lap races on Figure 1 with bold drivers, on two
  worker processes (target <= 30 s on the 2-core machine), and the grid
  slots' win rates they give;
* 10,000 eight-racer RACE! races on the shipped 40-space road course (three
  laps, five corners), drivers bold, cautious and random dealt in turn, on
  two workers (target <= 30 s);
* with ``--cross-check``: 100,000 races of one bold car alone, whose mean
  race length must match ``analyze``'s exact expectation within three
  standard errors.

Run: python benchmarks/bench_simulate.py [--cross-check]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from _timing import median_seconds

from trackkit.games import load
from trackkit.montecarlo import Simulation
from trackkit.race.simulate import parse_race_drivers, simulate_race
from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.movement.analysis import analyze
from trackkit.racepack.race.drivers import Driver
from trackkit.racepack.race.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
FIGURE1 = load_layout(ROOT / "layouts" / "figure1.yaml").layout
ROAD_COURSE = load(ROOT / "layouts" / "race-road-course.yaml").layout
"""RACE!'s shipped 40-space track with five corners, three laps."""
RACES = 10_000
WORKERS = 2
RUNS = 3


def six_cars() -> Simulation:
    return simulate(FIGURE1, (Driver("bold"),), races=RACES, seed=2026, cars=6, workers=WORKERS)


def eight_racers() -> Simulation:
    drivers = parse_race_drivers("bold,cautious,random")
    return simulate_race(ROAD_COURSE, drivers, races=RACES, seed=2026, racers=8, workers=WORKERS)


def main() -> None:
    seconds = median_seconds(six_cars, RUNS)
    result = six_cars()
    print(f"{RACES:,} six-car three-lap races on Figure 1, {WORKERS} workers: median {seconds:.1f} s")
    race_seconds = median_seconds(eight_racers, RUNS)
    print(f"{RACES:,} eight-racer RACE! races, 40 spaces, {WORKERS} workers: median {race_seconds:.1f} s")
    for slot in range(result.cars):
        rate = result.slot_rate(slot)
        print(f"  slot {slot + 1}: {100 * rate.rate:.1f} % ({100 * rate.low:.1f} to {100 * rate.high:.1f})")
    print(f"  race length {result.mean_length:.2f} turns (standard error {result.length_error:.3f})")
    if "--cross-check" in sys.argv:
        start = time.perf_counter()
        alone = simulate(FIGURE1, (Driver("bold"),), races=100_000, seed=1, cars=1, workers=WORKERS)
        exact = analyze(FIGURE1, corners=False).risky_expected_race
        gap = (alone.mean_length - exact) / alone.length_error
        print(
            f"one bold car, 100,000 races: mean {alone.mean_length:.4f} turns (standard error"
            f" {alone.length_error:.4f}); analyze says {exact:.4f}; {gap:+.2f} standard errors"
            f" ({time.perf_counter() - start:.0f} s)"
        )


if __name__ == "__main__":
    main()
