"""The cars of one race as the engine keeps them, and as the expert sees them.

A :class:`RaceCar` is one car during a race: where it stands, the line
crossings it has made, whether it spun out, its strategy tokens.  The
expert driver weighs its turn against the other cars
(:mod:`~trackkit.racepack.race.expert`): :func:`rivals_of` gives it each
rival's prospects and how likely each rival's tokens are to spin it out at
a corner entered at speed 2, and :func:`expert_turn` takes the expert's
turn among them.  What a car shows the others changes only
when it moves or plays a token, so each car keeps its :class:`Outlook`
for the turns of the other cars until then.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from trackkit.racepack.movement.board import CarState
from trackkit.racepack.movement.speeds import STRATEGY_TOKENS
from trackkit.racepack.race.drivers import Driver
from trackkit.racepack.race.expert import (
    CLEAN,
    RIVAL_RISK,
    Rival,
    Start,
    Threat,
    expert_choice,
    expert_token_turns,
    expert_turns,
)
from trackkit.racepack.race.track import Candidate, RaceTrack

__all__ = [
    "Outlook",
    "RaceCar",
    "expert_turn",
    "place_of",
    "rivals_of",
    "spend",
    "standing_spaces",
    "token_turn",
]


class Outlook(NamedTuple):
    """What the other cars' experts see of a car between two of its turns:
    its turns from where it stands on the road without hazards, best first
    for the bold driver (``ranked``), its expected turns to the finish
    (``value``) and its danger at corners (``threat``), as long as it
    stands where it stood (``seen``) with the same tokens (``tokens``)."""

    seen: tuple[int, int, int | None, int, bool, int]
    tokens: list[int]
    ranked: list[Candidate]
    value: float
    threat: Threat


@dataclass
class RaceCar:
    """One car during a race."""

    slot: int
    driver: Driver
    space: int
    heading: int
    crossings: int = 0
    spun: int | None = None
    started: bool = False
    finished: bool = False
    turns: int = 0
    key: int = 0
    pit_lap: int = 0
    """The lap (crossings made) this car drives through the pits, 0 for none."""
    tokens: list[int] = field(default_factory=lambda: list(STRATEGY_TOKENS))
    outlook: Outlook | None = field(default=None, repr=False, compare=False)
    """What the other cars saw of it last (see :func:`outlook_of`)."""


def place_of(car: RaceCar) -> CarState:
    """Where ``car`` stands: its space and heading, or off the track beside
    the corner it spun out at."""
    return (car.space, car.heading) if car.spun is None else (-1 - car.spun, -1)


def standing_spaces(cars: Sequence[RaceCar], mover: RaceCar) -> set[int]:
    """The spaces of the cars on the track other than ``mover``: a turn
    passing over or landing on one would bump that car."""
    return {car.space for car in cars if car is not mover and not car.finished and car.spun is None}


def outlook_of(track: RaceTrack, car: RaceCar) -> Outlook:
    """What the other cars' experts see of ``car`` (see :class:`Outlook`),
    worked out again only once it has moved or its tokens changed."""
    seen = (car.space, car.heading, car.spun, car.crossings, car.started, car.key)
    kept = car.outlook
    if kept is not None and kept.seen == seen and kept.tokens == car.tokens:
        return kept
    return _look_again(track, car, seen)


def _look_again(track: RaceTrack, car: RaceCar, seen: tuple[int, int, int | None, int, bool, int]) -> Outlook:
    """:func:`outlook_of` worked out for ``car`` standing as ``seen``."""
    place = place_of(car)
    pit = car.pit_lap > 0 and track.through_pits(car.pit_lap, car.key)
    ranked = track.ranked(RIVAL_RISK, CLEAN, place, car.crossings, not car.started, pit)
    value = track.policy(True).value(car.crossings, place)
    driver, tokens = car.driver, car.tokens
    threat = Threat(car.key, driver.threat(tokens, True), driver.threat(tokens, False))
    car.outlook = kept = Outlook(seen, list(tokens), ranked, value, threat)
    return kept


def rivals_of(
    track: RaceTrack, me: RaceCar, cars: Sequence[RaceCar], waiting: Sequence[RaceCar]
) -> tuple[list[Rival], list[Threat]]:
    """The other cars still racing, as the expert driving ``me`` sees them
    (``waiting``: the cars still to move this round), and each one's place
    in the race with how likely its token is to spin ``me`` out on a forced
    re-roll, as the next car behind ``me`` and otherwise (see
    :meth:`~.drivers.Driver.threat`)."""
    spaces = 0
    for car in cars:
        if car is not me and not car.finished and car.spun is None:
            spaces |= 1 << car.space
    still = {id(car) for car in waiting}
    rivals = []
    threats = []
    for car in cars:
        if car is me or car.finished:
            continue
        others = spaces & ~(1 << car.space) if car.spun is None else spaces
        outlook = outlook_of(track, car)
        rivals.append(Rival(id(car) in still, others, outlook.ranked, outlook.value))
        threats.append(outlook.threat)
    return rivals, threats


def token_turn(
    track: RaceTrack, active: frozenset[int], car: RaceCar, start: Start, occupied: set[int]
) -> Candidate | None:
    """The best turn from ``start`` for ``car``'s driver that plays strategy
    tokens on its own speed, using only tokens it still holds, bumping no
    car on ``occupied`` (``None`` when there is none); ``active``: the
    hazards in effect.  (The expert weighs its own: see
    :func:`~.expert.expert_token_turns`.)"""
    held = sum(1 << value for value in car.tokens)
    place, level, race_start, pit = start
    ranked = track.ranked(car.driver.style, active, place, level, race_start, pit, tokens=True)
    # the best only: the spaces a turn touches are read back turn by turn until one is free
    return next((c for c in ranked if not c.plan.tokens & ~held and not c.touched & occupied), None)


def expert_turn(
    track: RaceTrack,
    active: frozenset[int],
    car: RaceCar,
    field: tuple[Sequence[RaceCar], Sequence[RaceCar]],
    start: Start,
    occupied: set[int],
) -> Candidate | None:
    """The expert driving ``car``'s turn from ``start`` (``None`` when every
    one bumps a car on ``occupied``), among the cars of ``field`` (every car,
    and those still to move this round); ``active``: the hazards in effect.
    The strategy tokens it plays on its own speed leave the game."""
    free = expert_turns(track, active, start, occupied)
    if not free:
        return None
    held = sum(1 << value for value in car.tokens if value in car.driver.speed_tokens)
    boosted = expert_token_turns(track, active, start, occupied, held) if held else []
    if len(free) == 1 and not boosted:
        return free[0]
    rivals, threats = rivals_of(track, car, *field)
    chosen = expert_choice(track, free, start[1], rivals, active, threats, boosted)
    spend(car, chosen.plan.tokens)
    return chosen


def spend(car: RaceCar, tokens: int) -> None:
    """Take the strategy tokens ``tokens`` (a bit mask) that ``car`` played out of the game."""
    if tokens:
        car.tokens = [value for value in car.tokens if not tokens & (1 << value)]
