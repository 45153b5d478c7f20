"""Many Racepack races on one track, and what they say about it.

:func:`simulate` plays ``races`` races with the same field through
:mod:`trackkit.montecarlo`, which gathers the figures: win rate per grid
slot, race length, spin-outs and overtakes per corner, wins per driver.
Each race draws the starting order afresh ("Each player rolls three dice
together to determine starting order"), so the drivers move round the grid
from race to race.  On a layout without ``hazards:`` each race also rolls
its own four hazards by the rulebook's setup ("Prior to the start of the
race four track hazards are placed as described under SETUP", see
:mod:`trackkit.racepack.hazards`) from its own generator, right after the
starting order; a layout's written hazards stay where they are, and
``hazards=False`` races without any.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from trackkit.errors import ArgumentError
from trackkit.montecarlo import RaceRow, Simulation, check_counts, dealt_order, gather, run_races
from trackkit.racepack.hazards import HazardPlacement, place_hazards, with_hazards
from trackkit.racepack.layout import Layout
from trackkit.racepack.race.drivers import Driver
from trackkit.racepack.race.engine import RaceOptions, RaceResult, play_race
from trackkit.racepack.race.record import RaceRecord
from trackkit.racepack.race.track import RaceTrack

__all__ = [
    "SECONDS_PER_MOVE",
    "RacepackJob",
    "forget_tracks",
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
        return _race_track(self.layout, self.laps)

    def row(self, track: RaceTrack, index: int) -> RaceRow:
        """Race ``index``: the starting order drawn, then the race."""
        result = self.play(track, index)
        return RaceRow(
            result.order, result.drivers, result.turns, result.spins, result.overtakes, leaders=result.leaders
        )

    def play(self, track: RaceTrack, index: int, record: bool = False) -> RaceResult:
        """Play race ``index``, keeping every move when ``record`` is true
        (the race goes the same either way)."""
        rng, dealt = dealt_order(self.drivers, self.seed, index)
        placement = self.setup_hazards(rng)
        spaces = None
        if placement is not None:
            spaces = [track.board.number(hazard.space) for hazard in placement.tokens]
        return play_race(track, dealt, replace(self.options, record=record), rng, spaces)

    def setup_hazards(self, rng: random.Random) -> HazardPlacement | None:
        """The four hazards rolled for a race from its generator ``rng``
        (``None`` when the layout writes its own, or the race has none)."""
        if self.layout.hazards or not self.options.hazards:
            return None
        return place_hazards(self.layout, seed=rng)

    def raced_layout(self, index: int) -> Layout:
        """The layout as race ``index`` was raced: with the hazards rolled
        for it (and the tiles' icons the roll looked at)."""
        rng, _ = dealt_order(self.drivers, self.seed, index)
        placement = self.setup_hazards(rng)
        return self.layout if placement is None else with_hazards(self.layout, placement)


TRACKS_KEPT = 4
"""How many tracks made ready for racing one process keeps for the next
simulation of the same layout."""


@functools.lru_cache(maxsize=TRACKS_KEPT)
def _race_track(layout: Layout, laps: int | None) -> RaceTrack:
    """The track ``layout`` made ready for racing over ``laps`` laps, kept:
    its tables (the policies, the plans of the layout's own hazards) are the
    same for every simulation of it, and working them out again is the
    slow part of a short one.  Races only read them (what a race adds for
    its rolled hazards is dropped when the next starts)."""
    return RaceTrack(layout, laps)


def forget_tracks() -> None:
    """Forget the tracks kept for the next simulation (a benchmark of a
    first simulation calls this before each run)."""
    _race_track.cache_clear()


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
    hazards: bool = True,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play ``races`` races on ``layout`` and gather their figures.

    ``drivers`` are dealt to the cars in turn (``bold,cautious`` on four
    cars: bold, cautious, bold, cautious); ``cars`` and ``laps`` default to
    the layout's; ``pit_stops`` and ``extra_hazards`` play those variants
    (see :class:`~trackkit.racepack.race.engine.RaceOptions`); ``hazards``
    false races a layout without ``hazards:`` with none instead of rolling
    four for each race.  Raises
    :class:`~trackkit.errors.ArgumentError` for a count out of range or pit
    stops on a track with no pit lane.
    """
    job = _job(layout, drivers, seed, cars, laps, tokens, pit_stops, extra_hazards, hazards)
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
    hazards: bool = True,
) -> RacepackJob:
    """The races asked for, checked: ``drivers`` dealt to the cars in turn."""
    field = cars if cars is not None else layout.cars
    check_counts(1, field, 1, len(drivers))
    dealt = tuple(drivers[index % len(drivers)] for index in range(field))
    if pit_stops and layout.pit is None:
        raise ArgumentError("need a track with a pit lane", parameter="pit_stops")
    if extra_hazards < 0:
        raise ArgumentError(f"must be at least 0, not {extra_hazards}", parameter="extra_hazards")
    options = RaceOptions(
        cars=field, tokens=tokens, pit_stops=pit_stops, extra_hazards=extra_hazards, hazards=hazards
    )
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
    hazards: bool = True,
) -> tuple[Layout, RaceRecord]:
    """Race number ``race`` (from 1) of the run :func:`simulate` plays with
    the same arguments, move by move, and the layout as it was raced (with
    the hazards rolled for it, so a record names where they stood)."""
    job = _job(layout, drivers, seed, cars, laps, tokens, pit_stops, extra_hazards, hazards)
    record = job.play(job.prepare(), race - 1, record=True).record
    assert record is not None
    return job.raced_layout(race - 1), record
