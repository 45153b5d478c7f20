"""Many races on one track, and what they say about it.

:func:`simulate` plays ``races`` races with the same field and gathers the
figures a designer asks about: how often each grid slot wins (with a 95 %
confidence interval), how long a race takes in turns and in minutes, where
cars spin out and overtake, and how often each kind of driver wins.

Each race draws the starting order afresh ("Each player rolls three dice
together to determine starting order"), so the drivers move round the grid
from race to race.  Race ``i`` is seeded from the run's seed and ``i``
alone, so the figures are the same whether the races run in one process or
several.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from trackkit.errors import ArgumentError
from trackkit.racepack.layout import Layout
from trackkit.racepack.race.drivers import Driver
from trackkit.racepack.race.engine import RaceOptions, RaceResult, play_race
from trackkit.racepack.race.track import RaceTrack

__all__ = [
    "MAX_RACES",
    "SECONDS_PER_MOVE",
    "Interval",
    "Simulation",
    "race_seed",
    "simulate",
    "wilson_interval",
]

MAX_RACES = 1_000_000
"""The most races one run plays (bounds the work)."""

SECONDS_PER_MOVE = 30
"""The pace a race is timed at: thirty seconds for each car's turn, the
rulebook's own suggestion for its timed variant ("a period of thirty seconds
be tried for games having one car per player")."""

Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""

CHUNK = 250
"""Races handed to a worker process at a time."""


@dataclass(frozen=True)
class Interval:
    """A rate ``rate`` with its 95 % confidence interval ``low`` to ``high``."""

    rate: float
    low: float
    high: float


@dataclass(frozen=True)
class Simulation:
    """What ``races`` races of ``cars`` cars over ``laps`` laps showed.

    ``slot_wins[i]`` counts the races won from grid slot ``i`` (0 = pole);
    ``lengths`` are the race lengths in turns (the winner's turns), sorted;
    ``spins`` and ``overtakes`` total the incidents at each corner over all
    races (index 0 unused); ``driver_wins`` and ``driver_starts`` count each
    kind of driver's wins and races started; ``unfinished`` counts races
    stopped with no winner.
    """

    races: int
    cars: int
    laps: int
    seed: int
    drivers: tuple[str, ...]
    slot_wins: tuple[int, ...]
    lengths: tuple[int, ...]
    spins: tuple[int, ...]
    overtakes: tuple[int, ...]
    driver_wins: dict[str, int]
    driver_starts: dict[str, int]
    unfinished: int

    def slot_rate(self, slot: int) -> Interval:
        return wilson_interval(self.slot_wins[slot], self.races)

    def driver_rate(self, name: str) -> Interval:
        return wilson_interval(self.driver_wins[name], self.driver_starts[name])

    @property
    def mean_length(self) -> float:
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    @property
    def length_error(self) -> float:
        """The standard error of the mean race length."""
        count = len(self.lengths)
        if count < 2:
            return 0.0
        mean = self.mean_length
        variance = sum((value - mean) ** 2 for value in self.lengths) / (count - 1)
        return math.sqrt(variance / count)

    def quantile(self, share: float) -> int:
        """The race length (in turns) that ``share`` of the races did not exceed."""
        if not self.lengths:
            return 0
        index = min(len(self.lengths) - 1, max(0, math.ceil(share * len(self.lengths)) - 1))
        return self.lengths[index]

    def minutes(self, turns: float) -> float:
        """``turns`` rounds of every car's turn at :data:`SECONDS_PER_MOVE`, in minutes."""
        return turns * self.cars * SECONDS_PER_MOVE / 60


def wilson_interval(successes: int, trials: int) -> Interval:
    """The Wilson score interval: a 95 % confidence interval for a rate,
    sound even near 0 and 1 and for few trials."""
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    rate = successes / trials
    z2 = Z_95 * Z_95
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z_95 * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Interval(rate, max(0.0, centre - half), min(1.0, centre + half))


def race_seed(seed: int, index: int) -> int:
    """The seed of race ``index`` of a run seeded ``seed``: the same for any
    number of worker processes."""
    return random.Random(f"racepack-race:{seed}:{index}").getrandbits(64)


def simulate(
    layout: Layout,
    drivers: Sequence[Driver],
    *,
    races: int,
    seed: int,
    cars: int | None = None,
    laps: int | None = None,
    tokens: bool = True,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play ``races`` races on ``layout`` and gather their figures.

    ``drivers`` are dealt to the cars in turn (``bold,cautious`` on four
    cars: bold, cautious, bold, cautious); ``cars`` and ``laps`` default to
    the layout's.  Raises :class:`ArgumentError` for a count out of range.
    """
    field = cars if cars is not None else layout.cars
    _check(races, field, workers, drivers)
    dealt = tuple(drivers[index % len(drivers)] for index in range(field))
    options = RaceOptions(cars=field, tokens=tokens)
    track = RaceTrack(layout, laps)
    results: list[tuple[int, ...]] = []
    if workers <= 1 or races <= CHUNK:
        for start in range(0, races, CHUNK):
            results += _run_chunk(track, dealt, options, seed, start, min(races, start + CHUNK))
            if progress is not None:
                progress(min(races, start + CHUNK), races)
    else:
        results = _run_parallel(layout, laps, dealt, options, seed, races, workers, progress)
    return _gather(results, dealt, field, track.laps, seed, track.corner_count)


def _check(races: int, cars: int, workers: int, drivers: Sequence[Driver]) -> None:
    if not 1 <= races <= MAX_RACES:
        raise ArgumentError(f"must be from 1 to {MAX_RACES:,}, not {races}", parameter="races")
    if cars < 1:
        raise ArgumentError(f"must be at least 1, not {cars}", parameter="cars")
    if workers < 1:
        raise ArgumentError(f"must be at least 1, not {workers}", parameter="workers")
    if not drivers:
        raise ArgumentError("must name at least one driver", parameter="drivers")


def _run_chunk(
    track: RaceTrack, drivers: tuple[Driver, ...], options: RaceOptions, seed: int, start: int, stop: int
) -> list[tuple[int, ...]]:
    return [_summary(_one_race(track, drivers, options, seed, index)) for index in range(start, stop)]


def _one_race(
    track: RaceTrack, drivers: tuple[Driver, ...], options: RaceOptions, seed: int, index: int
) -> tuple[RaceResult, tuple[int, ...]]:
    """Race ``index``: the starting order drawn, then the race."""
    rng = random.Random(race_seed(seed, index))
    order = list(range(len(drivers)))
    rng.shuffle(order)
    result = play_race(track, [drivers[car] for car in order], options, rng)
    return result, tuple(order)


def _summary(played: tuple[RaceResult, tuple[int, ...]]) -> tuple[int, ...]:
    """A race as a flat tuple of numbers (cheap to send between processes):
    winner slot, winner car, length, then spins and overtakes per corner."""
    result, order = played
    winner = -1 if result.winner is None else result.winner
    car = -1 if result.winner is None else order[result.winner]
    return (winner, car, result.turns, *result.spins, *result.overtakes)


_WORKER: list[RaceTrack] = []
"""The track a worker process races on, prepared once when it starts."""


def _start_worker(layout: Layout, laps: int | None) -> None:
    _WORKER.append(RaceTrack(layout, laps))


def _worker_chunk(
    drivers: tuple[Driver, ...], options: RaceOptions, seed: int, start: int, stop: int
) -> list[tuple[int, ...]]:
    return _run_chunk(_WORKER[0], drivers, options, seed, start, stop)


def _run_parallel(
    layout: Layout,
    laps: int | None,
    drivers: tuple[Driver, ...],
    options: RaceOptions,
    seed: int,
    races: int,
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> list[tuple[int, ...]]:
    """The races split into chunks over ``workers`` processes; the results
    are gathered in race order, so they do not depend on the split."""
    starts = list(range(0, races, CHUNK))
    results: list[tuple[int, ...]] = []
    with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(layout, laps)) as pool:
        futures = [
            pool.submit(_worker_chunk, drivers, options, seed, start, min(races, start + CHUNK))
            for start in starts
        ]
        for start, future in zip(starts, futures):
            results += future.result()
            if progress is not None:
                progress(min(races, start + CHUNK), races)
    return results


def _gather(
    results: list[tuple[int, ...]], drivers: tuple[Driver, ...], cars: int, laps: int, seed: int, corners: int
) -> Simulation:
    slot_wins = [0] * cars
    spins = [0] * (corners + 1)
    overtakes = [0] * (corners + 1)
    names = sorted({driver.name for driver in drivers})
    driver_wins = dict.fromkeys(names, 0)
    driver_starts = dict.fromkeys(names, 0)
    lengths = []
    unfinished = 0
    for row in results:
        winner, car, length = row[0], row[1], row[2]
        for driver in drivers:
            driver_starts[driver.name] += 1
        if winner < 0:
            unfinished += 1
        else:
            slot_wins[winner] += 1
            driver_wins[drivers[car].name] += 1
            lengths.append(length)
        for corner in range(corners + 1):
            spins[corner] += row[3 + corner]
            overtakes[corner] += row[4 + corners + corner]
    return Simulation(
        races=len(results),
        cars=cars,
        laps=laps,
        seed=seed,
        drivers=tuple(driver.name for driver in drivers),
        slot_wins=tuple(slot_wins),
        lengths=tuple(sorted(lengths)),
        spins=tuple(spins),
        overtakes=tuple(overtakes),
        driver_wins=driver_wins,
        driver_starts=driver_starts,
        unfinished=unfinished,
    )
