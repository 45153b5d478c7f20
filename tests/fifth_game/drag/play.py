"""Racing a strip: many races simulated, one recorded as PPN, a record replayed.

"The cars take turns in grid order.  On its turn a car rolls the die and
moves that many spaces east.  The first car past the last space wins, and
the race stops there."  A move is written ``{car 2} {roll 5; to 9}``: the
car, its roll and the space it reaches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from fifth_game.drag.rules import FEWEST, MOST, validate
from fifth_game.drag.strip import Strip, dump_strip
from trackkit.errors import ArgumentError, CircuitError, LayoutError
from trackkit.layoutfile.records import RecordHead, head_lines, movetext_of, ppn_text
from trackkit.leads import leader
from trackkit.montecarlo import RaceRow, Simulation, gather, run_races
from trackkit.play import Progress, RaceRequest, Replayed, Token
from trackkit.randomness import make_rng

Turn = tuple[int, int, int]
"""One turn: the car (from 0), its roll and the space it reaches."""

MOVE = re.compile(r"\d+\. \{car (\d+)\} \{roll (\d); to (\d+)\}")
"""A line of movetext."""


def cars_of(strip: Strip, request: RaceRequest) -> int:
    """The cars racing on a legal strip: those asked for, else the strip's;
    "Two to four cars race"."""
    errors = validate(strip).errors
    if errors:
        rules = ", ".join(sorted({finding.rule for finding in errors}))
        raise CircuitError(f"a race needs a legal strip, and this one breaks the rules ({rules})")
    cars = request.cars or strip.cars
    if not FEWEST <= cars <= MOST:
        raise ArgumentError(f"must be from {FEWEST} to {MOST}; {cars} cars cannot race", parameter="cars")
    return cars


def race(strip: Strip, request: RaceRequest) -> list[Turn]:
    """Race ``request.race`` of the seed, turn by turn."""
    rng = make_rng(request.seed * 1_000 + request.race)
    where: list[int] = [0] * cars_of(strip, request)
    turns: list[Turn] = []
    while max(where) <= strip.spaces:
        car = len(turns) % len(where)
        roll = rng.randint(1, 6)
        where[car] += roll
        turns.append((car, roll, where[car]))
    return turns


SECONDS_PER_MOVE = 5
"""A drag race's pace: a roll and a pawn pushed, five seconds a car's turn."""


@dataclass(frozen=True)
class DragJob:
    """The races of one run, each a :class:`~trackkit.montecarlo.RaceRow`."""

    strip: Strip
    request: RaceRequest
    cars: int

    def prepare(self) -> None:
        return None

    def row(self, prepared: None, index: int) -> RaceRow:
        """Race ``index + 1``: the winner, the rounds it took and the car in front after each round."""
        asked = RaceRequest(self.request.drivers, self.request.seed, self.request.cars, race=index + 1)
        turns = race(self.strip, asked)
        winner = turns[-1][0]
        where = [0] * self.cars
        leaders: list[int] = []
        for number, (car, _, to) in enumerate(turns, 1):
            where[car] = to
            if number % self.cars == 0 or number == len(turns):
                home = (winner,) if number == len(turns) else ()
                leaders.append(leader(where, home, leaders[-1] if leaders else None))
        names = self.request.drivers.split(",")
        drivers = tuple(names[car % len(names)] for car in range(self.cars))
        return RaceRow((winner,), drivers, len(leaders), (0,), (0,), leaders=tuple(leaders))


def simulate_races(strip: Strip, request: RaceRequest, progress: Progress | None) -> Simulation:
    """``request.races`` races, and who won them."""
    job = DragJob(strip, request, cars_of(strip, request))
    rows = run_races(job, request.races, 1, progress)
    names = tuple(request.drivers.split(","))
    return gather(rows, cars=job.cars, laps=1, seed=request.seed, drivers=names, corners=0,
                  incident="stalls", seconds_per_move=SECONDS_PER_MOVE)


def record_race(strip: Strip, request: RaceRequest) -> str:
    """Race ``request.race`` as a PPN record."""
    names = request.drivers.split(",")
    drivers = [names[car % len(names)] for car in range(cars_of(strip, request))]
    event = f"Drag race on {strip.name or 'a strip'}"
    head = head_lines(event, "written by trackkit", request.seed, request.race, 1, drivers, dump_strip(strip))
    moves = "".join(f"{n}. {{car {car + 1}}} {{roll {roll}; to {to}}}\n"
                    for n, (car, roll, to) in enumerate(race(strip, request), 1))
    return ppn_text(head, moves)


def replay_race(head: RecordHead, strip: Strip) -> Replayed:
    """Each move checked again: the car whose turn it is, a roll a die can
    show, and the car moved exactly that far."""
    where = [0] * len(head.drivers)
    captions, problems = ["the start"], []
    standings = [_standing(where)]
    for number, line in enumerate(movetext_of(head, "drag").splitlines(), 1):
        found = MOVE.fullmatch(line.strip())
        if found is None:
            raise LayoutError(f"turn {number} is not a drag move: {line!r}", file=head.file,
                              hint="write moves as '1. {car 1} {roll 4; to 4}'")
        car, roll, to = int(found[1]) - 1, int(found[2]), int(found[3])
        if not 0 <= car < len(where):
            raise LayoutError(f"turn {number} moves car {car + 1}, but {len(where)} cars race", file=head.file)
        if car != (number - 1) % len(where) or not 1 <= roll <= 6 or to != where[car] + roll:
            problems.append(f"turn {number}: car {car + 1} moves {roll} from {where[car]} to {to}")
        where[car] = to
        captions.append(f"turn {number}: car {car + 1} rolls {roll}")
        standings.append(_standing(where))
    return Replayed(strip, "Drag race", captions, standings, tuple(problems))


def _standing(where: list[int]) -> dict[str, Token]:
    return {f"car {n + 1}": Token(str(space)) for n, space in enumerate(where)}


def wins_of(figures: Simulation) -> dict[str, int]:
    """How many races each car won (the cars that won any)."""
    return {f"car {slot + 1}": wins for slot, wins in enumerate(figures.slot_wins) if wins}


def wins_text(name: str | None, figures: Simulation) -> str:
    """``simulate``'s report: the wins of each car."""
    won = ", ".join(f"{car} won {count}" for car, count in wins_of(figures).items())
    return f"{name or 'drag strip'}: {won}"


def wins_json(name: str | None, figures: Simulation) -> dict[str, Any]:
    """``simulate --format json``: the wins of each car."""
    return {"name": name, "wins": wins_of(figures)}
