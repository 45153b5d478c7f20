"""Many rally races on one deck, and what they say about it.

:func:`simulate_rally` plays ``races`` races through
:mod:`trackkit.montecarlo` and gathers what a rally player asks of a deck:
how each seat fares (points and wins, the starting player being seat 1),
how the starting tokens ("Starting player – 3 Control & 3 Fuel", ...) pay
off, where on the course players run short of Fuel or Control, and how many
rounds a race lasts.  Each race deals the drivers to the seats afresh ("Pick
a starting player"), so seat figures are about the seats, not the drivers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trackkit.leads import NO_LEADS, Leads, leads_of
from trackkit.montecarlo import (
    Interval,
    RaceFigures,
    RaceRow,
    check_counts,
    dealt_order,
    run_races,
    wilson_interval,
)
from trackkit.rally.deck import RaceDeck
from trackkit.rally.race.drivers import RallyDriver
from trackkit.rally.race.engine import (
    RallyOptions,
    RallyTrack,
    check_players,
    play_rally,
    rally_track,
    starting_tokens,
)
from trackkit.rally.race.record import RallyRecord
from trackkit.rally.race.road import CardShape, ShapeTable
from trackkit.rally.race.skills import check_skills

__all__ = [
    "SECONDS_PER_TURN",
    "RallyJob",
    "RallySimulation",
    "recorded_rally",
    "simulate_rally",
]

SECONDS_PER_TURN = 45
"""The pace a race is timed at: our own estimate of one player's turn
(moving, then rolling while the next player moves), which puts a
four-player race inside the box's "30-60 Minutes"."""

DEFAULT_PLAYERS = 4


@dataclass(frozen=True)
class RallyJob:
    """Races on ``course`` with ``drivers`` dealt to the seats, seeded from
    ``seed`` (a worker process can play any range of them); ``shapes`` are
    the players' own card shapes, by name."""

    course: tuple[str, ...]
    drivers: tuple[RallyDriver, ...]
    options: RallyOptions
    seed: int
    shapes: tuple[tuple[str, CardShape], ...] = ()

    def prepare(self) -> RallyTrack:
        return rally_track(self.course, self.shapes)

    def row(self, track: RallyTrack, index: int) -> RaceRow:
        """Race ``index``: the seats dealt, then the race.  The row's
        ``order`` is the final standings, ``turns`` the rounds, ``incidents``
        the Fuel and Control shortages card by card (alternating),
        ``overtakes`` the ghosting moves card by card (a ghost passes through
        cars) and ``scores`` each seat's points."""
        rng, dealt = dealt_order(self.drivers, self.seed, index)
        result = play_rally(track, dealt, self.options, rng)
        names = tuple(driver.name for driver in dealt)
        return RaceRow(
            result.standings, names, result.rounds, result.shortages, result.ghosts, result.scores,
            result.leaders,
        )


@dataclass(frozen=True)
class RallySimulation(RaceFigures):
    """What ``races`` races of ``players`` players on one deck showed.

    ``seat_wins[s]`` and ``seat_points[s]`` total the wins and points of
    seat ``s`` (0 is the starting player); ``lengths`` are the race
    lengths in rounds, sorted; ``fuel_short[c]`` and ``control_short[c]``
    count the times a car ended a turn on card ``c`` short of that token
    (see :class:`~trackkit.rally.race.engine.RallyResult`), ``ghosts[c]``
    the moves that ghosted through a car on card ``c``; the driver
    counts are by kind; ``unfinished`` counts races stopped unfinished.
    """

    races: int
    players: int
    seed: int
    skills: str
    drivers: tuple[str, ...]
    course: tuple[str, ...]
    seat_wins: tuple[int, ...]
    seat_points: tuple[int, ...]
    lengths: tuple[int, ...]
    fuel_short: tuple[int, ...]
    control_short: tuple[int, ...]
    ghosts: tuple[int, ...]
    driver_wins: dict[str, int]
    driver_starts: dict[str, int]
    driver_points: dict[str, int]
    unfinished: int
    seconds_per_turn: int = SECONDS_PER_TURN
    leads: Leads = NO_LEADS
    """Who led the races on points round by round (see :mod:`trackkit.leads`)."""

    @property
    def finished(self) -> int:
        return self.races - self.unfinished

    def seat_rate(self, seat: int) -> Interval:
        return wilson_interval(self.seat_wins[seat], self.finished)

    def seat_mean(self, seat: int) -> float:
        return self.seat_points[seat] / self.finished if self.finished else 0.0

    def tokens(self, seat: int) -> tuple[int, int]:
        """The (Fuel, Control) seat ``seat`` starts with."""
        return starting_tokens(seat)

    def token_groups(self) -> list[tuple[tuple[int, int], list[int]]]:
        """The seats grouped by their starting tokens, in seat order."""
        groups: dict[tuple[int, int], list[int]] = {}
        for seat in range(self.players):
            groups.setdefault(self.tokens(seat), []).append(seat)
        return list(groups.items())

    def group_rate(self, seats: Sequence[int]) -> Interval:
        """The win rate of one player of the ``seats`` (averaged over them)."""
        trials = self.finished * len(seats)
        return wilson_interval(sum(self.seat_wins[seat] for seat in seats), trials)

    def group_mean(self, seats: Sequence[int]) -> float:
        trials = self.finished * len(seats)
        return sum(self.seat_points[seat] for seat in seats) / trials if trials else 0.0

    def driver_mean(self, name: str) -> float:
        starts = self.driver_starts[name]
        return self.driver_points[name] / starts if starts else 0.0

    def minutes(self, rounds: float) -> float:
        """``rounds`` rounds of every player's turn, in minutes."""
        return rounds * self.players * self.seconds_per_turn / 60

    # the names a track report reads every game's figures by (trackkit.report)
    length_unit = "rounds"
    laps = 1
    incident = "token shortages"
    overtake = "ghosts"
    vehicles = "players"

    @property
    def cars(self) -> int:
        return self.players

    @property
    def slot_wins(self) -> tuple[int, ...]:
        return self.seat_wins

    @property
    def seconds_per_move(self) -> int:
        return self.seconds_per_turn

    @property
    def incidents(self) -> tuple[int, ...]:
        """The Fuel and Control shortages on each card."""
        return tuple(fuel + control for fuel, control in zip(self.fuel_short, self.control_short))

    @property
    def overtakes(self) -> tuple[int, ...]:
        return self.ghosts

    def place_label(self, index: int) -> str:
        return f"card {index}"


def _gather(rows: Sequence[RaceRow], job: RallyJob, players: int, skills: str) -> RallySimulation:
    cards = len(job.course)
    seat_wins, seat_points = [0] * players, [0] * players
    fuel_short, control_short, ghosts = [0] * cards, [0] * cards, [0] * cards
    names = sorted({driver.name for driver in job.drivers})
    wins, starts, points = dict.fromkeys(names, 0), dict.fromkeys(names, 0), dict.fromkeys(names, 0)
    lengths, unfinished = [], 0
    for row in rows:
        for card in range(cards):
            fuel_short[card] += row.incidents[2 * card]
            control_short[card] += row.incidents[2 * card + 1]
            ghosts[card] += row.overtakes[card]
        if not row.order:
            unfinished += 1
            continue
        lengths.append(row.turns)
        seat_wins[row.order[0]] += 1
        wins[row.drivers[row.order[0]]] += 1
        for seat, name in enumerate(row.drivers):
            starts[name] += 1
            points[name] += row.scores[seat]
            seat_points[seat] += row.scores[seat]
    return RallySimulation(
        races=len(rows),
        players=players,
        seed=job.seed,
        skills=skills,
        drivers=tuple(driver.name for driver in job.drivers),
        course=job.course,
        seat_wins=tuple(seat_wins),
        seat_points=tuple(seat_points),
        lengths=tuple(sorted(lengths)),
        fuel_short=tuple(fuel_short),
        control_short=tuple(control_short),
        ghosts=tuple(ghosts),
        driver_wins=wins,
        driver_starts=starts,
        driver_points=points,
        unfinished=unfinished,
        leads=leads_of(rows, players),
    )


def _job(
    deck: RaceDeck,
    drivers: Sequence[RallyDriver],
    seed: int,
    players: int | None,
    skills: str,
    record: bool,
    shapes: ShapeTable | None = None,
) -> RallyJob:
    """The job of a run, its arguments checked (see :func:`simulate_rally`)."""
    field = DEFAULT_PLAYERS if players is None else players
    check_players(field)
    check_skills(skills)
    dealt = tuple(drivers[index % len(drivers)] for index in range(field))
    options = RallyOptions(skills=skills, expansion=deck.expansion, record=record)
    own = tuple(sorted((name, shape) for name, shape in (shapes or {}).items() if name in deck.course))
    return RallyJob(deck.course, dealt, options, seed, own)


def recorded_rally(
    deck: RaceDeck,
    drivers: Sequence[RallyDriver],
    *,
    seed: int,
    race: int = 1,
    players: int | None = None,
    skills: str = "none",
    shapes: ShapeTable | None = None,
) -> RallyRecord:
    """Race number ``race`` (from 1) of the run :func:`simulate_rally` plays
    with the same arguments, move by move."""
    job = _job(deck, drivers, seed, players, skills, record=True, shapes=shapes)
    rng, dealt = dealt_order(job.drivers, seed, race - 1)
    record = play_rally(job.prepare(), dealt, job.options, rng).record
    assert record is not None  # asked for by the job's options
    return record


def simulate_rally(
    deck: RaceDeck,
    drivers: Sequence[RallyDriver],
    *,
    races: int,
    seed: int,
    players: int | None = None,
    skills: str = "none",
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    shapes: ShapeTable | None = None,
) -> RallySimulation:
    """Play ``races`` races on ``deck`` and gather their figures.

    ``drivers`` are dealt to the seats in turn (``bold,cautious`` on four
    players: bold, cautious, bold, cautious), then shuffled to the seats for
    every race; ``players`` defaults to four; ``skills`` is one of
    :data:`~trackkit.rally.race.skills.SKILL_MODES`; ``shapes`` are the
    players' own card shapes by name (the rest keep trackkit's).  Raises
    :class:`~trackkit.errors.ArgumentError` for a count out of range or an
    unknown Skills mode.
    """
    job = _job(deck, drivers, seed, players, skills, record=False, shapes=shapes)
    check_counts(races, len(job.drivers), workers, len(drivers))
    rows = run_races(job, races, workers, progress)
    return _gather(rows, job, len(job.drivers), skills)
