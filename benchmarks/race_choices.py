"""Benchmark: what the choices RACE! leaves a driver are worth, two racers a race.

Against one fixed rival driver, a RACE! race is a game of chance with one
decision maker: whatever the expert could do better shows as a choice
where another option wins more often than the one it takes.  This script
plays two-racer races of the expert against a rival (pairs sharing their
dice, the grid swapped) and, at every choice the expert makes (its speed
at the start of a turn in control; slowing down or risking a crash when a
queue stops it, in its own move or in the rival's shake), plays each
option out to the flag ``--rollouts`` times, both racers driving on as
they do, every option meeting the same dice turn by turn.  The rollouts come in
two halves of different dice: the option one half finds best is scored
by the other half against the expert's own option, and the two ways
round averaged.  That is what choosing by the play-outs instead of the
expert's reckoning gains at that choice, without the flattery of picking
and scoring on the same dice (which makes noise look like gain).  Summed
over the choices of a race it is, to first order, what a driver that made
each choice by the play-outs would win more (the gain of one step of
policy improvement); the table gives its mean over the races with a 95 %
interval (1.96 standard errors of the races' sums), in points of the win
rate, and the choices where both halves preferred another option.  The
column *at most* is the flattered figure, the best option's share over
all the play-outs less the expert's, per race: an upper estimate.

Run: python benchmarks/race_choices.py [--pairs N] [--rollouts K]
[--layouts NAME ...] [--rivals NAME ...]
(default 20 pairs, 400 rollouts an option in two halves of 200, every RACE! layout, rivals bold
and cautious).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trackkit.games import load
from trackkit.race.drivers import RaceDriver, Racer, choose_speed, slows_down
from trackkit.race.facts import RaceTrackFacts
from trackkit.race.racing import DIE_BITS, MAX_HAZARD_DICE, MAX_TURNS, RACER_DICE, _Race

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ("figure1-race", "race-hairpin", "race-oval", "race-road-course")
SEED = 2026


@dataclass
class Tally:
    """The expert's choices of one kind: how many, how many both halves of
    the play-outs beat, and the gain by the play-outs, summed per race."""

    choices: int = 0
    beaten: int = 0
    gains: list[float] = field(default_factory=list)
    flattered: float = 0.0
    """The best option's pooled share less the expert's, summed: an upper estimate."""

    def add(self, halves: tuple[dict[object, float], dict[object, float]], chosen: object) -> None:
        first, second = halves
        best_first, best_second = _best(first, chosen), _best(second, chosen)
        self.choices += 1
        self.beaten += best_first != chosen and best_second != chosen
        gain = (second[best_first] - second[chosen] + first[best_second] - first[chosen]) / 2
        self.gains[-1] += gain
        pooled = {option: first[option] + second[option] for option in first}
        self.flattered += (max(pooled.values()) - pooled[chosen]) / 2

    def summary(self, races: int) -> str:
        """Choices a race (beaten), and the mean gain a race in points with its 95 % interval."""
        mean = sum(self.gains) / len(self.gains)
        spread = (sum((g - mean) ** 2 for g in self.gains) / max(1, len(self.gains) - 1)) ** 0.5
        margin = 1.96 * spread / len(self.gains) ** 0.5
        return (
            f"{self.choices / races:.2f} ({self.beaten}) | {100 * mean:+.2f}"
            f" ({100 * (mean - margin):+.2f} to {100 * (mean + margin):+.2f})"
            f" | {100 * self.flattered / races:.2f}"
        )


def _best(shares: dict[object, float], chosen: object) -> object:
    """The option that won most, the expert's own on a tie."""
    top = max(shares.values())
    return chosen if shares[chosen] == top else max(shares, key=shares.__getitem__)


@dataclass
class Tallies:
    speed: Tally = field(default_factory=Tally)
    blocked: Tally = field(default_factory=Tally)

    def next_race(self) -> None:
        self.speed.gains.append(0.0)
        self.blocked.gains.append(0.0)


class PlayedOut(_Race):
    """A race that can be copied at any moment and played on to the flag."""

    expert = 0
    """The grid slot of the expert."""
    forced: int | None = None
    """The expert's speed in its next turn, when an option is tried."""

    def _speed(self, racer: Racer) -> int:
        if racer.slot == self.expert and self.forced is not None:
            speed, self.forced = self.forced, None
            return speed
        return super()._speed(racer)

    dice: int | None = None
    """The play-out's number: each racer's dice in each turn of it come from
    this number, the racer and the turn, so every option meets the same
    dice turn by turn, however many an option made it roll before."""

    def turn(self, racer: Racer) -> None:
        if self.dice is not None:
            self.rng = random.Random((self.dice * 16 + racer.slot) * 10_000 + racer.turns)
        super().turn(racer)

    def copy(self, dice: int) -> PlayedOut:
        """This race as it stands, its turns from now on rolling play-out ``dice``'s dice."""
        other = PlayedOut(self.facts, [r.driver for r in self.racers], random.Random(dice))
        other.dice = dice
        other.expert = self.expert
        for mine, theirs in zip(self.racers, other.racers):
            theirs.position, theirs.speed, theirs.in_control = mine.position, mine.speed, mine.in_control
            theirs.hazards, theirs.finished, theirs.turns = mine.hazards, mine.finished, mine.turns
        other.at = {r.position % self.facts.loop: r for r in other.racers if not r.finished}
        other.finish = list(self.finish)
        return other

    def play_on(self, slots: list[int]) -> bool:
        """Give the racers on ``slots`` their turns of this round, then race
        on to the first finish: whether the expert won."""
        rounds = 0
        while not self.finish and rounds < MAX_TURNS:
            for slot in slots:
                racer = self.racers[slot]
                if not racer.finished and not self.finish:
                    self.turn(racer)
            slots = [r.slot for r in self._order()]
            rounds += 1
        return self.finish[:1] == [self.expert]


class Weighed(PlayedOut):
    """The race watched: every choice of the expert weighed by play-outs."""

    rollouts = 400

    def watch(self, tallies: Tallies) -> bool:
        self.tallies = tallies
        rounds = 0
        while not self.finish and rounds < MAX_TURNS:
            order = [r.slot for r in self._order()]
            for index, slot in enumerate(order):
                racer = self.racers[slot]
                if racer.finished or self.finish:
                    continue
                self.later = order[index + 1 :]
                if slot == self.expert and racer.in_control:
                    self._weigh_speed(racer, order[index:])
                self.turn(racer)
            rounds += 1
        return self.finish[:1] == [self.expert]

    def turn(self, racer: Racer) -> None:
        """A turn as :meth:`_Race.turn` plays it, keeping the lowest die so a
        copy made when a queue stops the move can shake with it."""
        racer.turns += 1
        if racer.in_control:
            racer.speed = self._speed(racer)
        else:
            racer.in_control = True
        hazard_dice = min(MAX_HAZARD_DICE, racer.hazards)
        racer.hazards = 0
        dice = [self.rng.getrandbits(DIE_BITS) + 1 for _ in range(RACER_DICE + racer.speed)]
        hazards = [self.rng.getrandbits(DIE_BITS) + 1 for _ in range(hazard_dice)]
        if len(set(dice + hazards)) < len(dice) + len(hazards):
            dice.remove(max(dice))
            racer.speed = max(0, racer.speed - 1)
            racer.in_control = False
        self.mover, self.lowest, self.shaking = racer, min(dice), False
        self.move(racer, max(dice))
        self.shaking = True
        self._shake(racer, min(dice))

    def _blocked(self, racer: Racer) -> None:
        if racer.slot == self.expert:
            self._weigh_blocked(racer)
        super()._blocked(racer)

    def _weigh_speed(self, racer: Racer, slots: list[int]) -> None:
        chosen = choose_speed(self.facts, racer, self.racers, self.at, self.rng)
        speeds = range(max(0, racer.speed - 1), min(3, racer.speed + 1) + 1)

        def won(speed: int, dice: int) -> bool:
            copy = self.copy(dice)
            copy.forced = speed
            return copy.play_on(slots)

        self.tallies.speed.add(self._halves(speeds, won), chosen)

    def _weigh_blocked(self, racer: Racer) -> None:
        chosen = slows_down(self.facts, racer, self.rng, duel=True)

        def won(slow: bool, dice: int) -> bool:
            copy = self.copy(dice)
            stopped = copy.racers[racer.slot]
            if slow:
                stopped.speed = max(0, stopped.speed - 1)
            else:
                stopped.hazards += 1
            if not self.shaking:
                copy._shake(copy.racers[self.mover.slot], self.lowest)
            return copy.play_on(self.later)

        self.tallies.blocked.add(self._halves((True, False), won), chosen)

    def _halves(
        self, options: Sequence[Any], won: Callable[[Any, int], bool]
    ) -> tuple[dict[object, float], dict[object, float]]:
        """Each option's share of wins in each half of the play-outs (the
        same dice for every option within a half)."""
        half = self.rollouts // 2
        shares: tuple[dict[object, float], dict[object, float]] = ({}, {})
        for side, found in enumerate(shares):
            for option in options:
                seeds = range(side * half, (side + 1) * half)
                found[option] = sum(won(option, SEED * 1_000_003 + k) for k in seeds) / half
        return shares


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--rollouts", type=int, default=400)
    parser.add_argument("--layouts", nargs="+", default=list(LAYOUTS), metavar="NAME")
    parser.add_argument("--rivals", nargs="+", default=["bold", "cautious"], metavar="NAME")
    args = parser.parse_args()
    print(
        "| layout | expert vs | races | speed choices a race (beaten) | gain a race, points (95 %)"
        " | at most | blocked choices a race (beaten) | gain a race, points (95 %) | at most |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    start = time.perf_counter()
    for name in args.layouts:
        facts = RaceTrackFacts(load(ROOT / "layouts" / f"{name}.yaml").layout)
        for rival in args.rivals:
            tallies, races = Tallies(), 2 * args.pairs
            for race in range(races):
                drivers = [RaceDriver("expert"), RaceDriver(rival)]
                if race % 2:
                    drivers.reverse()
                watched = Weighed(facts, drivers, random.Random(SEED * 100_003 + race // 2))
                watched.expert, watched.rollouts = race % 2, args.rollouts
                tallies.next_race()
                watched.watch(tallies)
            print(
                f"| `{name}.yaml` | {rival} | {races} | {tallies.speed.summary(races)}"
                f" | {tallies.blocked.summary(races)} |",
                flush=True,
            )
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
