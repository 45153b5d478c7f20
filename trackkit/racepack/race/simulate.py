"""Many Racepack races on one track, and what they say about it.

:func:`simulate` plays ``races`` races with the same field through
:mod:`trackkit.montecarlo`, which gathers the figures: win rate per grid
slot, race length, spin-outs and overtakes per corner, wins per driver.
Each race draws the starting order afresh ("Each player rolls three dice
together to determine starting order"), so the drivers move round the grid
from race to race.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from trackkit.errors import ArgumentError
from trackkit.montecarlo import RaceRow, Simulation, check_counts, dealt_order, gather, run_races
from trackkit.racepack.layout import Layout
from trackkit.racepack.race.drivers import Driver
from trackkit.racepack.race.engine import RaceOptions, RaceResult, play_race
from trackkit.racepack.race.record import RaceRecord
from trackkit.racepack.race.track import RaceTrack

__all__ = [
    "SECONDS_PER_MOVE",
    "RacepackJob",
    "recorded_race",
    "simulate",
]

SECONDS_PER_MOVE = 30
"""The pace a race is timed at: thirty seconds for each car's turn, the
rulebook's own suggestion for its timed variant ("a period of thirty seconds
be tried for games having one car per player")."""


@dataclass(frozen=True)
class RacepackJob:
    """Races on ``layout`` over ``laps`` laps with ``drivers`` dealt to the
    cars, seeded from ``seed`` (a worker process can play any range of them)."""

    layout: Layout
    laps: int | None
    drivers: tuple[Driver, ...]
    options: RaceOptions
    seed: int

    def prepare(self) -> RaceTrack:
        return RaceTrack(self.layout, self.laps)

    def row(self, track: RaceTrack, index: int) -> RaceRow:
        """Race ``index``: the starting order drawn, then the race."""
        result = self.play(track, index)
        return RaceRow(result.order, result.drivers, result.turns, result.spins, result.overtakes)

    def play(self, track: RaceTrack, index: int, record: bool = False) -> RaceResult:
        """Play race ``index``, keeping every move when ``record`` is true
        (the race goes the same either way)."""
        rng, dealt = dealt_order(self.drivers, self.seed, index)
        return play_race(track, dealt, replace(self.options, record=record), rng)


def simulate(
    layout: Layout,
    drivers: Sequence[Driver],
    *,
    races: int,
    seed: int,
    cars: int | None = None,
    laps: int | None = None,
    tokens: bool = True,
    pit_stops: bool = False,
    extra_hazards: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play ``races`` races on ``layout`` and gather their figures.

    ``drivers`` are dealt to the cars in turn (``bold,cautious`` on four
    cars: bold, cautious, bold, cautious); ``cars`` and ``laps`` default to
    the layout's; ``pit_stops`` and ``extra_hazards`` play those variants
    (see :class:`~trackkit.racepack.race.engine.RaceOptions`).  Raises
    :class:`~trackkit.errors.ArgumentError` for a count out of range or pit
    stops on a track with no pit lane.
    """
    job = _job(layout, drivers, seed, cars, laps, tokens, pit_stops, extra_hazards)
    check_counts(races, job.options.cars, workers, len(drivers))
    rows = run_races(job, races, workers, progress)
    track = job.prepare()
    names = tuple(driver.name for driver in job.drivers)
    return gather(
        rows,
        cars=job.options.cars,
        laps=track.laps,
        seed=seed,
        drivers=names,
        corners=track.corner_count,
        incident="spin-outs",
        seconds_per_move=SECONDS_PER_MOVE,
    )


def _job(
    layout: Layout,
    drivers: Sequence[Driver],
    seed: int,
    cars: int | None,
    laps: int | None,
    tokens: bool,
    pit_stops: bool,
    extra_hazards: int,
) -> RacepackJob:
    """The races asked for, checked: ``drivers`` dealt to the cars in turn."""
    field = cars if cars is not None else layout.cars
    check_counts(1, field, 1, len(drivers))
    dealt = tuple(drivers[index % len(drivers)] for index in range(field))
    if pit_stops and layout.pit is None:
        raise ArgumentError("need a track with a pit lane", parameter="pit_stops")
    if extra_hazards < 0:
        raise ArgumentError(f"must be at least 0, not {extra_hazards}", parameter="extra_hazards")
    options = RaceOptions(cars=field, tokens=tokens, pit_stops=pit_stops, extra_hazards=extra_hazards)
    return RacepackJob(layout, laps, dealt, options, seed)


def recorded_race(
    layout: Layout,
    drivers: Sequence[Driver],
    *,
    seed: int,
    race: int = 1,
    cars: int | None = None,
    laps: int | None = None,
    tokens: bool = True,
    pit_stops: bool = False,
    extra_hazards: int = 0,
) -> RaceRecord:
    """Race number ``race`` (from 1) of the run :func:`simulate` plays with
    the same arguments, move by move."""
    job = _job(layout, drivers, seed, cars, laps, tokens, pit_stops, extra_hazards)
    record = job.play(job.prepare(), race - 1, record=True).record
    assert record is not None
    return record
