"""Many simulated races, for any game: running them and summing them up.

A game's race engine plays one race; this module plays many (in one process
or several), and gathers what a designer asks about: the win rate of every
grid slot with a 95 % confidence interval, points per slot where a game
scores places, race lengths, incidents and overtakes per corner, and how
often each kind of driver wins.

Every race is described by a :class:`RaceRow` of plain numbers (cheap to
send between processes).  Race ``i`` of a run seeded ``s`` is seeded from
``s`` and ``i`` alone (:func:`race_seed`), and rows are gathered in race
order, so the figures are byte-identical whatever the number of workers.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, TypeVar

from trackkit.leads import NO_LEADS, Leads, leads_of
from trackkit.simulation_limits import (
    MAX_CARS,
    MAX_LAPS,
    MAX_RACES,
    MAX_SEED_DIGITS,
    MAX_WORKERS,
    check_bounds,
    check_counts,
    check_layout_laps,
    driver_names,
    named_drivers,
)

__all__ = [
    "CHUNK",
    "MAX_CARS",
    "MAX_LAPS",
    "MAX_RACES",
    "MAX_SEED_DIGITS",
    "MAX_WORKERS",
    "Interval",
    "RaceJob",
    "RaceRow",
    "Simulation",
    "check_bounds",
    "check_counts",
    "check_layout_laps",
    "dealt_order",
    "driver_names",
    "gather",
    "named_drivers",
    "quantile",
    "race_seed",
    "run_races",
    "standard_error",
    "wilson_interval",
]

Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""

CHUNK = 250
"""Races handed to a worker process at a time."""


class RaceRow(NamedTuple):
    """One race in numbers: the grid slots in finishing order, the driver
    kind on each slot, its length in turns, and the incidents and overtakes
    at each corner (index 0: road belonging to no corner); ``scores`` are
    the points each slot scored, for a game that scores by cards rather
    than by places (the rally game); ``leaders`` the slot leading after
    each round (see :mod:`trackkit.leads`)."""

    order: tuple[int, ...]
    drivers: tuple[str, ...]
    turns: int
    incidents: tuple[int, ...]
    overtakes: tuple[int, ...]
    scores: tuple[int, ...] = ()
    leaders: tuple[int, ...] = ()


P = TypeVar("P")


class RaceJob(Protocol[P]):
    """A run of races a worker process can play: ``prepare`` once (the
    track's facts every race shares), then ``row`` for each race number."""

    def prepare(self) -> P: ...

    def row(self, prepared: P, index: int) -> RaceRow: ...


@dataclass(frozen=True)
class Interval:
    """A rate ``rate`` with its 95 % confidence interval ``low`` to ``high``."""

    rate: float
    low: float
    high: float


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
    return random.Random(f"race:{seed}:{index}").getrandbits(64)


def standard_error(values: Sequence[int]) -> float:
    """The standard error of the mean of ``values`` (0 for fewer than two)."""
    count = len(values)
    if count < 2:
        return 0.0
    mean = sum(values) / count
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return math.sqrt(variance / count)


def quantile(ordered: Sequence[int], share: float) -> int:
    """The value that ``share`` of the sorted ``ordered`` values do not exceed (0 for none)."""
    if not ordered:
        return 0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


T = TypeVar("T")


def dealt_order(drivers: Sequence[T], seed: int, index: int) -> tuple[random.Random, list[T]]:
    """The generator for race ``index`` of a run seeded ``seed``, and the
    ``drivers`` in the starting order it draws (the rulebooks roll dice for
    the grid), grid slot 1 first."""
    rng = random.Random(race_seed(seed, index))
    dealt = list(drivers)
    rng.shuffle(dealt)
    return rng, dealt


class RaceFigures:
    """The figures every game's simulation works out the same way from its
    sorted race ``lengths`` (in the game's unit: turns or rounds) and each
    kind of driver's ``driver_wins`` and ``driver_starts``."""

    lengths: tuple[int, ...]
    driver_wins: dict[str, int]
    driver_starts: dict[str, int]
    length_unit = "turns"
    """What a race's length counts: turns (each car's) or rounds."""

    def driver_rate(self, name: str) -> Interval:
        return wilson_interval(self.driver_wins[name], self.driver_starts[name])

    @property
    def mean_length(self) -> float:
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    @property
    def length_error(self) -> float:
        """The standard error of the mean race length."""
        return standard_error(self.lengths)

    def quantile(self, share: float) -> int:
        """The race length that ``share`` of the races did not exceed."""
        return quantile(self.lengths, share)


@dataclass(frozen=True)
class Simulation(RaceFigures):
    """What ``races`` races of ``cars`` cars over ``laps`` laps showed.

    ``slot_wins[i]`` counts the races won from grid slot ``i`` (0 = pole)
    and ``slot_points[i]`` the points scored from it (empty for a game that
    scores only the win); ``lengths`` are the race lengths in turns (the
    winner's turns), sorted; ``incidents`` and ``overtakes`` total each
    corner's over all races (index 0: road of no corner), the incidents being
    what ``incident`` names; ``driver_wins`` and ``driver_starts`` count each
    kind of driver's wins and starts; ``unfinished`` counts races with no winner.
    """

    races: int
    cars: int
    laps: int
    seed: int
    drivers: tuple[str, ...]
    slot_wins: tuple[int, ...]
    slot_points: tuple[int, ...]
    lengths: tuple[int, ...]
    incident: str
    incidents: tuple[int, ...]
    overtakes: tuple[int, ...]
    driver_wins: dict[str, int]
    driver_starts: dict[str, int]
    unfinished: int
    seconds_per_move: int
    vehicles: str = "cars"
    """What the game calls its pieces in the race: ``cars``, ``racers`` or ``riders``."""
    game: str = ""
    """The game raced, for a game whose figures read differently (``motocross``:
    grid slots are seats, corners are tiles from 0, overtakes are failed
    jumps); empty for the circuit games."""
    leads: Leads = NO_LEADS
    """Who led the races round by round (see :mod:`trackkit.leads`)."""
    overtake: str = "overtakes"
    """What ``overtakes`` counts (Motocross: failed jumps)."""

    def minutes(self, turns: float) -> float:
        """``turns`` rounds of every car's turn at ``seconds_per_move``, in minutes."""
        return turns * self.cars * self.seconds_per_move / 60

    def slot_rate(self, slot: int) -> Interval:
        return wilson_interval(self.slot_wins[slot], self.races)

    def place_label(self, index: int) -> str:
        """How a report names index ``index`` of the counts by corner (a
        tile, from 0, in a game whose figures read differently)."""
        if self.game:
            return f"tile {index}"
        return f"corner {index}" if index else "no corner"


_PREPARED: list[tuple[RaceJob[Any], object]] = []
"""A worker process's job and what it prepared, kept between chunks."""


def _start_worker(job: RaceJob[Any]) -> None:
    _PREPARED.append((job, job.prepare()))


def _worker_rows(start: int, stop: int) -> list[RaceRow]:
    job, prepared = _PREPARED[0]
    return _rows(job, prepared, start, stop)


def _rows(job: RaceJob[P], prepared: P, start: int, stop: int) -> list[RaceRow]:
    """The rows of races ``start`` to ``stop - 1``."""
    return [job.row(prepared, index) for index in range(start, stop)]


def run_races(
    job: RaceJob[Any], races: int, workers: int = 1, progress: Callable[[int, int], None] | None = None
) -> list[RaceRow]:
    """The rows of races ``0`` to ``races - 1``, in order, played in chunks
    of :data:`CHUNK` in this process or over ``workers`` processes."""
    starts = list(range(0, races, CHUNK))
    rows: list[RaceRow] = []
    if workers <= 1 or races <= CHUNK:
        prepared = job.prepare()
        for start in starts:
            rows += _rows(job, prepared, start, min(races, start + CHUNK))
            if progress is not None:
                progress(min(races, start + CHUNK), races)
        return rows
    with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(job,)) as pool:
        futures = [pool.submit(_worker_rows, start, min(races, start + CHUNK)) for start in starts]
        for start, future in zip(starts, futures):
            rows += future.result()
            if progress is not None:
                progress(min(races, start + CHUNK), races)
    return rows


def gather(
    rows: Sequence[RaceRow],
    *,
    cars: int,
    laps: int,
    seed: int,
    drivers: tuple[str, ...],
    corners: int,
    incident: str,
    seconds_per_move: int,
    points: tuple[int, ...] = (),
    vehicles: str = "cars",
) -> Simulation:
    """Sum ``rows`` up; ``points[p]`` is what finishing place ``p`` scores
    (none: the game scores only the win); a race is timed at
    ``seconds_per_move`` for each car's turn."""
    slot_wins = [0] * cars
    slot_points = [0] * cars if points else []
    incidents = [0] * (corners + 1)
    overtakes = [0] * (corners + 1)
    names = sorted(set(drivers))
    driver_wins = dict.fromkeys(names, 0)
    driver_starts = dict.fromkeys(names, 0)
    lengths = []
    unfinished = 0
    for row in rows:
        for name in row.drivers:
            driver_starts[name] += 1
        for place, slot in enumerate(row.order):
            if points and place < len(points):
                slot_points[slot] += points[place]
        if not row.order:
            unfinished += 1
        else:
            slot_wins[row.order[0]] += 1
            driver_wins[row.drivers[row.order[0]]] += 1
            lengths.append(row.turns)
        for corner in range(corners + 1):
            incidents[corner] += row.incidents[corner]
            overtakes[corner] += row.overtakes[corner]
    return Simulation(
        races=len(rows),
        cars=cars,
        laps=laps,
        seed=seed,
        drivers=drivers,
        slot_wins=tuple(slot_wins),
        slot_points=tuple(slot_points),
        lengths=tuple(sorted(lengths)),
        incident=incident,
        incidents=tuple(incidents),
        overtakes=tuple(overtakes),
        driver_wins=driver_wins,
        driver_starts=driver_starts,
        unfinished=unfinished,
        seconds_per_move=seconds_per_move,
        vehicles=vehicles,
        leads=leads_of(rows, cars),
    )
