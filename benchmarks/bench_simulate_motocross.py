"""Benchmark: ``trackkit simulate`` on every shipped Motocross course.

Prints, for each course in ``layouts/`` of the game Motocross, the median of
a few runs of 10,000 four-rider races (drivers bold, cautious and random
dealt in turn; the course's own three riders for a three-player course are
raised to four) on two worker processes: target <= 30 s a course on the
2-core machine.  Also the CPU time of one process playing 1,000 races, a
figure less at the mercy of a busy machine.

Run: python benchmarks/bench_simulate_motocross.py
"""

from __future__ import annotations

import time
from pathlib import Path

from _timing import median_seconds

from trackkit.games import load
from trackkit.montecarlo import Simulation
from trackkit.motocross.course import Course
from trackkit.motocross.race.drivers import parse_riders
from trackkit.motocross.race.simulate import simulate_motocross

ROOT = Path(__file__).resolve().parent.parent
RACES = 10_000
RIDERS = 4
WORKERS = 2
RUNS = 3
DRIVERS = parse_riders("bold,cautious,random")


def courses() -> list[tuple[str, Course]]:
    found = []
    for path in sorted((ROOT / "layouts").glob("*.yaml")):
        layout = load(path).layout
        if layout.game == "motocross":
            found.append((path.name, layout))
    return found


def race(course: Course, races: int = RACES, workers: int = WORKERS) -> Simulation:
    return simulate_motocross(course, DRIVERS, races=races, seed=2026, count=RIDERS, workers=workers)


def cpu_seconds(course: Course, races: int) -> float:
    start = time.process_time()
    race(course, races, 1)
    return time.process_time() - start


def main() -> None:
    for name, course in courses():
        seconds = median_seconds(lambda course=course: race(course), RUNS)
        result = race(course)
        cpu = cpu_seconds(course, 1000)
        print(
            f"{name}: {RACES:,} four-rider races, {WORKERS} workers: median {seconds:.1f} s"
            f" (one process: {cpu:.2f} ms of CPU a race);"
            f" race length {result.mean_length:.2f} turns, {sum(result.incidents) / result.races:.2f}"
            f" wipe-outs and {sum(result.overtakes) / result.races:.2f} failed jumps a race"
        )


if __name__ == "__main__":
    main()
