"""One RACE! race, by the rules, from the grid to the flag.

Racers stand single file on a loop of spaces.  A racer's *position* counts
the spaces it has driven from the pole's place (the pole starts at 0, the
racer behind it at -1, and so on), so laps need no separate count: a racer
crosses the finish line each time its position passes a multiple of the
loop's length, and it has finished a race of ``laps`` laps once it passes
``laps * spaces`` (the first crossing, straight off the grid, starts lap 1).

A turn (see :meth:`_Race.turn`): change speed (0 to 3) or regain control,
pick up the dice (three racer dice, a speed die per point of speed, one
hazard die for one hazard token and two for more), roll eight-sided dice,
check for control (any two dice alike: out of control, the highest die is
removed and the speed drops by one), move by the highest racer or speed
die, and shake things up: the lowest moves another racer of the driver's
choosing.  The readings are in ``docs/rules.md`` ("RACE! races").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trackkit.errors import ArgumentError
from trackkit.leads import leader
from trackkit.race.drivers import RaceDriver, Racer, choose_speed, choose_target, rivals_left, slows_down
from trackkit.race.facts import RaceTrackFacts
from trackkit.race.record import RaceLog, RacerTurn
from trackkit.randomness import Seed, make_rng

__all__ = [
    "DIE_SIDES",
    "MAX_SPEED",
    "POINTS_EIGHT",
    "POINTS_SIX",
    "RACER_DICE",
    "RaceDriver",
    "RaceOutcome",
    "RaceTrackFacts",
    "points_table",
    "run_race",
]

DIE_SIDES = 8
"""'some eight-sided dice'."""

DIE_BITS = 3
"""Random bits for one eight-sided die (2 ** 3 faces, each equally likely)."""

RACER_DICE = 3
"""'always pick up the three racer dice'."""

MAX_SPEED = 3
"""'Your speed can't go above three.'"""

MAX_HAZARD_DICE = 2
"""'if there's two or more tokens, you pick up two hazard dice'."""

POINTS_EIGHT = (20, 15, 11, 8, 5, 3, 1, 0)
POINTS_SIX = (15, 10, 7, 4, 2, 1)
"""The rulebook's two points tables, first place first."""

MAX_TURNS = 2_000
"""Rounds after which a race is stopped (it cannot run for ever)."""


def points_table(racers: int) -> tuple[int, ...]:
    """Points for each finishing place: the six-racer table for up to six
    racers, the eight-racer table for seven or eight, nothing beyond eighth."""
    table = POINTS_SIX if racers <= len(POINTS_SIX) else POINTS_EIGHT
    return tuple(table[place] if place < len(table) else 0 for place in range(racers))


@dataclass(frozen=True)
class RaceOutcome:
    """How one race went: the grid slots in finishing order, the rounds the
    winner took, and per corner (index 0 unused: straight road) the hazard
    tokens taken and the passes made; ``log`` every turn, when asked for;
    ``leaders`` the slot leading after each round."""

    order: tuple[int, ...]
    turns: int
    crashes: tuple[int, ...]
    overtakes: tuple[int, ...]
    log: RaceLog | None = None
    leaders: tuple[int, ...] = ()


def run_race(
    facts: RaceTrackFacts, drivers: Sequence[RaceDriver], seed: Seed = None, *, record: bool = False
) -> RaceOutcome:
    """Play one race; ``drivers[i]`` drives the racer on grid slot ``i``;
    with ``record``, the outcome keeps every turn."""
    if len(drivers) >= facts.loop:
        raise ArgumentError(
            f"must be fewer than the track's {facts.loop} spaces, not {len(drivers)}", parameter="racers"
        )
    return _Race(facts, drivers, make_rng(seed), record).run()


class _Race:
    def __init__(
        self, facts: RaceTrackFacts, drivers: Sequence[RaceDriver], rng: random.Random, record: bool = False
    ) -> None:
        self.facts = facts
        self.rng = rng
        self.racers = [Racer(slot, driver, -slot) for slot, driver in enumerate(drivers)]
        self.at = {racer.position % facts.loop: racer for racer in self.racers}
        """The racers still racing, by the place they stand (position modulo the loop)."""
        self.finish: list[int] = []
        self.crashes = [0] * (facts.corner_count + 1)
        self.overtakes = [0] * (facts.corner_count + 1)
        self.winner_turns = 0
        self.log: list[RacerTurn] | None = [] if record else None
        self.choice: str | None = None
        """What the driver of the racer moved last chose when blocked."""

    def run(self) -> RaceOutcome:
        rounds = 0
        leaders: list[int] = []
        while len(self.finish) < len(self.racers) and rounds < MAX_TURNS:
            for racer in self._order():
                if not racer.finished:
                    self.turn(racer)
            rounds += 1
            previous = leaders[-1] if leaders else None
            leaders.append(leader([r.position for r in self.racers], self.finish, previous))
        log = None
        if self.log is not None:
            drivers = tuple(r.driver.name for r in self.racers)
            grid = tuple(self.facts.space(-slot) for slot in range(len(self.racers)))
            log = RaceLog(self.facts.laps, drivers, tuple(self.log), grid, tuple(self.finish))
        return RaceOutcome(
            tuple(self.finish),
            self.winner_turns,
            tuple(self.crashes),
            tuple(self.overtakes),
            log,
            tuple(leaders),
        )

    def _order(self) -> list[Racer]:
        """'The leader takes the first turn, and you work your way back through the pack'."""
        return sorted((r for r in self.racers if not r.finished), key=lambda r: r.position, reverse=True)

    # --- a turn -------------------------------------------------------------

    def turn(self, racer: Racer) -> None:
        racer.turns += 1
        if racer.in_control:
            racer.speed = self._speed(racer)
        else:
            racer.in_control = True
        chosen = racer.speed
        hazard_dice = min(MAX_HAZARD_DICE, racer.hazards)
        racer.hazards = 0
        roll = self.rng.getrandbits
        dice = [roll(DIE_BITS) + 1 for _ in range(RACER_DICE + racer.speed)]
        hazards = [roll(DIE_BITS) + 1 for _ in range(hazard_dice)]
        rolled = tuple(dice)
        if len(set(dice + hazards)) < len(dice) + len(hazards):
            dice.remove(max(dice))
            racer.speed = max(0, racer.speed - 1)
            racer.in_control = False
        self.choice = None
        self.move(racer, max(dice))
        blocked, self.choice = self.choice, None
        shaken = self._shake(racer, min(dice))
        if self.log is not None:
            self.log.append(self._logged(racer, chosen, rolled, tuple(hazards), blocked, shaken))

    def _speed(self, racer: Racer) -> int:
        """'Change your speed: up by one, down by one or stay the same.'"""
        return choose_speed(self.facts, racer, self.racers, self.at, self.rng)

    def _logged(
        self,
        racer: Racer,
        speed: int,
        dice: tuple[int, ...],
        hazards: tuple[int, ...],
        blocked: str | None,
        shaken: Racer | None,
    ) -> RacerTurn:
        """The record of the turn ``racer`` has just taken."""
        space = self.facts.space
        if shaken is None:
            return RacerTurn(racer.slot, speed, dice, hazards, space(racer.position), blocked)
        return RacerTurn(
            racer.slot,
            speed,
            dice,
            hazards,
            space(racer.position),
            blocked,
            shaken.slot,
            space(shaken.position),
            self.choice,
        )

    def _shake(self, mover: Racer, points: int) -> Racer | None:
        """'you'll get this much movement to move any other racer': the
        racer moved, if any (its driver chooses, see :func:`choose_target`)."""
        others = rivals_left(self.racers, mover)
        if not others or mover.finished:
            return None
        target = choose_target(self.facts, mover, others, points, self.at, self.rng)
        self.move(target, points)
        return target

    # --- moving and passing -------------------------------------------------

    def move(self, racer: Racer, points: int) -> None:
        """Move ``racer`` by ``points``: one a space, passing costs more, and
        a racer that cannot pass with what is left stops behind and slows
        down or risks a crash (its driver's choice)."""
        loop = self.facts.loop
        occupied = self.at
        del occupied[racer.position % loop]
        self._drive(racer, points, occupied)
        if not racer.finished:
            occupied[racer.position % loop] = racer

    def _drive(self, racer: Racer, points: int, occupied: dict[int, Racer]) -> None:
        facts = self.facts
        left = points
        while left > 0 and not racer.finished:
            ahead = racer.position + 1
            if ahead % facts.loop not in occupied:
                self._step(racer, ahead)
                left -= 1
                continue
            cost, landing, passed = self._pass_cost(racer.position, occupied)
            if cost > left:
                self._blocked(racer)
                return
            for position in range(racer.position + 1, landing + 1):
                self._step(racer, position)
            left -= cost
            self.overtakes[facts.corner_at[landing % facts.loop]] += passed

    def _pass_cost(self, position: int, occupied: dict[int, Racer]) -> tuple[int, int, int]:
        """The movement a pass costs, where it lands and the racers it passes
        (see :meth:`RaceTrackFacts.pass_cost`)."""
        return self.facts.pass_cost(position, occupied)

    def _step(self, racer: Racer, position: int) -> None:
        """Move ``racer`` on to ``position``; entering a corner faster than
        its radius rating earns a hazard token; crossing the line for the
        last time finishes the race."""
        facts = self.facts
        before = facts.corner_at[racer.position % facts.loop]
        racer.position = position
        corner = facts.corner_at[position % facts.loop]
        if corner and corner != before and racer.speed > facts.radius_at[position % facts.loop]:
            racer.hazards += 1
            self.crashes[corner] += 1
        if position >= facts.goal and not racer.finished:  # passing a queue over the line crosses it once
            racer.finished = True
            if not self.finish:
                self.winner_turns = racer.turns
            self.finish.append(racer.slot)

    def _blocked(self, racer: Racer) -> None:
        """'You've got a choice: slow down or risk a crash.'"""
        slow = slows_down(self.facts, racer, self.rng, len(rivals_left(self.racers, racer)) == 1)
        self.choice = "slow" if slow else "risk"
        if slow:
            racer.speed = max(0, racer.speed - 1)
        else:
            racer.hazards += 1
            self.crashes[self.facts.corner_at[racer.position % self.facts.loop]] += 1
