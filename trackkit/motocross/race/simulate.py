"""Many Motocross races on one course, and what they say about it.

:func:`simulate_motocross` plays ``races`` races with the same field
through :mod:`trackkit.montecarlo`, which gathers the figures: win rate per
seat (seat 1 is the starting player), race length, and per tile of the
course the wipe-outs and failed jumps.  Each race draws the seats afresh
("Roll to see who will be the starting player"), so the riders move round
the table from race to race.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from trackkit.errors import ArgumentError
from trackkit.montecarlo import RaceRow, Simulation, check_counts, dealt_order, gather, run_races
from trackkit.motocross.course import GAME, MAX_BIKES, Course
from trackkit.motocross.race.board import board_of
from trackkit.motocross.race.drivers import Rider
from trackkit.motocross.race.engine import MotocrossResult, RaceCourse, play_race
from trackkit.motocross.race.record import RaceRecord

__all__ = [
    "FEWEST_RIDERS",
    "SECONDS_PER_MOVE",
    "MotocrossJob",
    "field_warning",
    "recorded_motocross_race",
    "simulate_motocross",
]

SECONDS_PER_MOVE = 20
"""The pace a race is timed at: twenty seconds for a rider's turn (spend
coins, roll, pick a number, move): our own estimate, the rules give none."""


FEWEST_RIDERS = 3
"""'3 to 4 players': the fewest riders the rulebook plays."""


def field_warning(riders: int) -> str | None:
    """A warning for a race of fewer riders than the rulebook plays ("3 to
    4 players"), or ``None``.  Such a race is still played by every rule:
    ranking, dice by place and coins work the same for one or two bikes,
    so it is a warning, not a refusal."""
    if riders >= FEWEST_RIDERS:
        return None
    who = "1 rider races" if riders == 1 else f"{riders} riders race"
    return f'{who}; the rulebook plays Motocross with "3 to 4 players"'


@functools.lru_cache(maxsize=4)
def race_course(course: Course) -> RaceCourse:
    """``course`` made ready for racing, kept for the next simulation of it
    in this process: ``report`` races a course twice (its field, then the
    expert against random), and the expert's tables of turns take most of a
    second on 48 tiles."""
    return RaceCourse(board_of(course))


@dataclass(frozen=True)
class MotocrossJob:
    """Races on ``course`` with ``riders`` dealt to the seats, seeded from
    ``seed`` (a worker process can play any range of them)."""

    course: Course
    riders: tuple[Rider, ...]
    seed: int

    def prepare(self) -> RaceCourse:
        return race_course(self.course)

    def row(self, course: RaceCourse, index: int) -> RaceRow:
        """Race ``index``: the seats drawn, then the race."""
        result = self.play(course, index)
        return RaceRow(
            result.order, result.drivers, result.turns, result.wipe_outs, result.failed_jumps,
            leaders=result.leaders,
        )

    def play(self, course: RaceCourse, index: int, record: bool = False) -> MotocrossResult:
        """Race ``index`` played out, turn by turn in its record when asked for."""
        rng, dealt = dealt_order(self.riders, self.seed, index)
        return play_race(course, dealt, rng, record=record)


def simulate_motocross(
    course: Course,
    riders: Sequence[Rider],
    *,
    races: int,
    seed: int,
    count: int | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play ``races`` races on ``course`` and gather their figures.

    ``riders`` are dealt to the seats in turn (``bold,cautious`` on four
    seats: bold, cautious, bold, cautious); ``count`` bikes race (default:
    the course's players, at most four).  The figures' incidents are the
    wipe-outs per tile and its second count the failed jumps per tile.
    Raises :class:`~trackkit.errors.ArgumentError` for a count out of range
    or a course that breaks a rule.
    """
    job = _job(course, riders, seed, count, races, workers)
    field, dealt = len(job.riders), job.riders
    rows = run_races(job, races, workers, progress)
    figures = gather(
        rows,
        cars=field,
        laps=1,
        seed=seed,
        drivers=tuple(rider.name for rider in dealt),
        corners=len(course) - 1,
        incident="wipe-outs",
        seconds_per_move=SECONDS_PER_MOVE,
        vehicles="riders",
    )
    return replace(figures, game=GAME, overtake="failed jumps")


def _job(
    course: Course, riders: Sequence[Rider], seed: int, count: int | None, races: int = 1, workers: int = 1
) -> MotocrossJob:
    """The races of a run, the riders dealt to the ``count`` seats (see
    :func:`simulate_motocross`), the course checked ready to race."""
    field = count if count is not None else min(course.players, MAX_BIKES)
    check_counts(races, field, workers, len(riders))
    if field > MAX_BIKES:
        raise ArgumentError(
            f"must be at most {MAX_BIKES} (the starting tile has four spaces), not {field}", parameter="cars"
        )
    dealt = tuple(riders[index % len(riders)] for index in range(field))
    job = MotocrossJob(course, dealt, seed)
    job.prepare()
    return job


def recorded_motocross_race(
    course: Course, riders: Sequence[Rider], *, seed: int, race: int = 1, count: int | None = None
) -> RaceRecord:
    """Race number ``race`` (from 1) of the run :func:`simulate_motocross`
    plays with the same arguments, turn by turn."""
    job = _job(course, riders, seed, count)
    record = job.play(job.prepare(), race - 1, record=True).record
    assert record is not None
    return record
