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
from dataclasses import dataclass

from trackkit.errors import ArgumentError
from trackkit.montecarlo import RaceRow, Simulation, check_counts, dealt_order, gather, run_races
from trackkit.racepack.layout import Layout
from trackkit.racepack.race.drivers import Driver
from trackkit.racepack.race.engine import RaceOptions, play_race
from trackkit.racepack.race.track import RaceTrack

__all__ = [
    "SECONDS_PER_MOVE",
    "RacepackJob",
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
        rng, dealt = dealt_order(self.drivers, self.seed, index)
        result = play_race(track, dealt, self.options, rng)
        names = tuple(driver.name for driver in dealt)
        return RaceRow(result.order, names, result.turns, result.spins, result.overtakes)


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
    field = cars if cars is not None else layout.cars
    check_counts(races, field, workers, len(drivers))
    dealt = tuple(drivers[index % len(drivers)] for index in range(field))
    if pit_stops and layout.pit is None:
        raise ArgumentError("need a track with a pit lane", parameter="pit_stops")
    if extra_hazards < 0:
        raise ArgumentError(f"must be at least 0, not {extra_hazards}", parameter="extra_hazards")
    options = RaceOptions(cars=field, tokens=tokens, pit_stops=pit_stops, extra_hazards=extra_hazards)
    job = RacepackJob(layout, laps, dealt, options, seed)
    rows = run_races(job, races, workers, progress)
    track = job.prepare()
    names = tuple(driver.name for driver in dealt)
    return gather(
        rows,
        cars=field,
        laps=track.laps,
        seed=seed,
        drivers=names,
        corners=track.corner_count,
        incident="spin-outs",
        seconds_per_move=SECONDS_PER_MOVE,
    )
