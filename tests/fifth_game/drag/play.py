"""Racing a strip: many races simulated, one recorded as PPN, a record replayed.

"The cars take turns in grid order.  On its turn a car rolls the die and
moves that many spaces east.  The first car past the last space wins, and
the race stops there."  A move is written ``{car 2} {roll 5; to 9}``: the
car, its roll and the space it reaches.
"""

from __future__ import annotations

import re

from fifth_game.drag.rules import FEWEST, MOST, validate
from fifth_game.drag.strip import Strip, dump_strip
from trackkit.errors import ArgumentError, CircuitError, LayoutError
from trackkit.layoutfile.records import RecordHead, head_lines, movetext_of, ppn_text
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


def simulate_races(strip: Strip, request: RaceRequest, progress: Progress | None) -> dict[str, int]:
    """How many of ``request.races`` races each car won."""
    wins: dict[str, int] = {}
    for number in range(1, request.races + 1):
        asked = RaceRequest(request.drivers, request.seed, request.cars, race=number)
        winner = f"car {race(strip, asked)[-1][0] + 1}"
        wins[winner] = wins.get(winner, 0) + 1
    return dict(sorted(wins.items()))


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


def wins_text(name: str | None, wins: dict[str, int]) -> str:
    """``simulate``'s report: the wins of each car."""
    return f"{name or 'drag strip'}: " + ", ".join(f"{car} won {count}" for car, count in wins.items())
