"""Many RACE! races on one track: :func:`simulate_race`.

The races run through :mod:`trackkit.montecarlo`, which gathers the
figures: win rate and points per grid slot, race length, hazard tokens
taken and passes made per corner, wins per driver.  The starting order is
drawn afresh for every race ("Roll a die ... for each racer").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trackkit.errors import ArgumentError
from trackkit.montecarlo import (
    RaceRow,
    Simulation,
    check_counts,
    dealt_order,
    driver_names,
    gather,
    run_races,
)
from trackkit.race.racing import RaceDriver, RaceTrackFacts, points_table, run_race
from trackkit.race.record import RaceLog
from trackkit.race.track import RaceLayout

__all__ = [
    "SECONDS_PER_TURN",
    "RaceJob",
    "parse_race_drivers",
    "recorded_race_log",
    "simulate_race",
]


SECONDS_PER_TURN = 15
"""The pace a RACE! race is timed at: fifteen seconds a racer's turn (change
speed, roll a handful of dice, move, shake another racer): our own estimate;
the rules give none."""


def parse_race_drivers(text: str) -> tuple[RaceDriver, ...]:
    """Drivers from a comma-separated list (``bold,cautious,random``)."""
    return tuple(RaceDriver(name) for name in driver_names(text))


@dataclass(frozen=True)
class RaceJob:
    """RACE! races on ``layout`` with ``drivers`` on the grid, seeded from ``seed``."""

    layout: RaceLayout
    laps: int | None
    drivers: tuple[RaceDriver, ...]
    seed: int

    def prepare(self) -> RaceTrackFacts:
        return RaceTrackFacts(self.layout, self.laps)

    def row(self, facts: RaceTrackFacts, index: int) -> RaceRow:
        rng, dealt = dealt_order(self.drivers, self.seed, index)
        outcome = run_race(facts, dealt, rng)
        names = tuple(driver.name for driver in dealt)
        return RaceRow(
            outcome.order, names, outcome.turns, outcome.crashes, outcome.overtakes, leaders=outcome.leaders
        )

    def log(self, index: int) -> RaceLog:
        """Race ``index`` turn by turn (it goes as in :meth:`row`)."""
        rng, dealt = dealt_order(self.drivers, self.seed, index)
        outcome = run_race(self.prepare(), dealt, rng, record=True)
        assert outcome.log is not None
        return outcome.log


def simulate_race(
    layout: RaceLayout,
    drivers: Sequence[RaceDriver],
    *,
    races: int,
    seed: int,
    racers: int | None = None,
    laps: int | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play ``races`` RACE! races on ``layout`` and gather their figures;
    ``drivers`` are dealt to the racers in turn, ``racers`` and ``laps``
    default to the layout's."""
    job = _job(layout, drivers, seed, racers, laps)
    check_counts(races, len(job.drivers), workers, len(drivers))
    facts = job.prepare()
    field = len(job.drivers)
    rows = run_races(job, races, workers, progress)
    names = tuple(driver.name for driver in job.drivers)
    return gather(
        rows,
        cars=field,
        laps=facts.laps,
        seed=seed,
        drivers=names,
        corners=facts.corner_count,
        incident="hazard tokens",
        seconds_per_move=SECONDS_PER_TURN,
        points=points_table(field),
        vehicles="racers",
    )


def _job(
    layout: RaceLayout, drivers: Sequence[RaceDriver], seed: int, racers: int | None, laps: int | None
) -> RaceJob:
    """The races asked for, checked: ``drivers`` dealt to the racers in turn."""
    field = racers if racers is not None else layout.racers
    check_counts(1, field, 1, len(drivers))
    if field >= layout.spaces:
        raise ArgumentError(
            f"must be fewer than the track's {layout.spaces} spaces, not {field}", parameter="racers"
        )
    dealt = tuple(drivers[index % len(drivers)] for index in range(field))
    return RaceJob(layout, laps, dealt, seed)


def recorded_race_log(
    layout: RaceLayout,
    drivers: Sequence[RaceDriver],
    *,
    seed: int,
    race: int = 1,
    racers: int | None = None,
    laps: int | None = None,
) -> RaceLog:
    """Race number ``race`` (from 1) of the run :func:`simulate_race` plays
    with the same arguments, turn by turn."""
    return _job(layout, drivers, seed, racers, laps).log(race - 1)
