"""Benchmark: races of expert drivers in every game that has one.

Prints the median wall-clock seconds of a few runs (and the processor
milliseconds a race, in this process, of one more run on one worker) for:

* six-car three-lap Racepack races on Figure 1 with expert drivers, each
  race rolling its own hazards (the target: 10,000 in at most 60 s on two
  workers), and the grid slots' win rates they give;
* eight-racer RACE! races on the road course with expert drivers;
* four-rider Motocross races on the four-player course with expert riders;
* four-player rally races on the base game deck with expert drivers.

Run: python benchmarks/bench_expert.py [GAME ...] [--races N] [--runs N] [--workers N]
(GAME: racepack, race, motocross, rally; default all; 10,000 races, 3 runs,
2 workers; a quick check: --races 1000 --runs 1).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from _timing import median_seconds

from trackkit.games import load
from trackkit.montecarlo import RaceFigures, Simulation
from trackkit.motocross.race.drivers import parse_riders
from trackkit.motocross.race.simulate import simulate_motocross
from trackkit.race.simulate import parse_race_drivers, simulate_race
from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.race.drivers import parse_drivers
from trackkit.racepack.race.simulate import simulate
from trackkit.rally.race.drivers import parse_rally_drivers
from trackkit.rally.race.simulate import simulate_rally

ROOT = Path(__file__).resolve().parent.parent
FIGURE1 = load_layout(ROOT / "layouts" / "figure1.yaml").layout
ROAD_COURSE = load(ROOT / "layouts" / "race-road-course.yaml").layout
FOUR_PLAYERS = load(ROOT / "layouts" / "motocross-four-players.yaml").layout
RALLY_BASE = load(ROOT / "layouts" / "rally-base.yaml").layout


def racepack(races: int, workers: int) -> Simulation:
    return simulate(FIGURE1, parse_drivers("expert"), races=races, seed=2026, cars=6, workers=workers)


def race(races: int, workers: int) -> Simulation:
    drivers = parse_race_drivers("expert")
    return simulate_race(ROAD_COURSE, drivers, races=races, seed=2026, racers=8, workers=workers)


def motocross(races: int, workers: int) -> Simulation:
    return simulate_motocross(FOUR_PLAYERS, parse_riders("expert"), races=races, seed=2026, workers=workers)


def rally(races: int, workers: int) -> RaceFigures:
    drivers = parse_rally_drivers("expert")
    return simulate_rally(RALLY_BASE, drivers, races=races, seed=2026, players=4, workers=workers)


def processor_ms(work: Callable[[int, int], RaceFigures], races: int) -> float:
    """Processor milliseconds a race, one worker (this process), after a
    warm-up of 20 races that works out the track's tables."""
    work(20, 1)
    start = time.process_time()
    work(races, 1)
    return 1000 * (time.process_time() - start) / races


GAMES: dict[str, tuple[str, Callable[[int, int], RaceFigures]]] = {
    "racepack": ("six-car Racepack races on Figure 1", racepack),
    "race": ("eight-racer RACE! races", race),
    "motocross": ("four-rider Motocross races on the four-player course", motocross),
    "rally": ("four-player rally races on the base deck", rally),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--races", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for game in args.games:
        name, work = GAMES[game]
        seconds = median_seconds(lambda work=work: work(args.races, args.workers), args.runs)
        share = processor_ms(work, max(1, args.races // 10))
        print(
            f"{args.races:,} {name}, expert drivers, {args.workers} workers: median {seconds:.1f} s"
            f" ({share:.1f} processor ms a race on one worker)",
            flush=True,
        )
    if "racepack" not in args.games:
        return
    result = racepack(args.races, args.workers)
    for slot in range(result.cars):
        rate = result.slot_rate(slot)
        print(f"  slot {slot + 1}: {100 * rate.rate:.1f} % ({100 * rate.low:.1f} to {100 * rate.high:.1f})")
    print(f"  race length {result.mean_length:.2f} turns")


if __name__ == "__main__":
    main()
