"""Riders: the bots that make every choice the Motocross rules leave to a player.

The rules leave a player these choices: the starting space ("any empty
space of the starting tile"), whether to move or pass, whether to spend
coins on extra dice or on re-entering the track, whether to try to
re-enter at all, which number to use and how to turn with the nulls, and
whether to move after re-entering ("if desired").  The **expert** (the
default of ``simulate``) weighs each choice by the turns it leaves to the
finish (:mod:`~trackkit.motocross.race.expert`).  Three simple kinds:

* **cautious** -- starts in the back row (more dice for its first roll),
  keeps its coins for re-entering the track, and of the moves it may make
  prefers ending where a single die next turn is least likely to run it out
  of track, then the furthest.
* **bold** -- starts in the front row, spends a coin on an extra die
  whenever it leads the race, and always takes the move that gets furthest
  (landing on a rival off a ramp when that is as far).
* **random** -- any space, any move that keeps it on the track (each
  equally likely), a coin for an extra die or to re-enter half the time.

Every rider re-enters when it can (the try costs nothing) and passes when
boxed in: when every first step would run into a bike or off the track, so
any roll but all nulls would wipe it out (the random rider half the time).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from trackkit.montecarlo import named_drivers
from trackkit.motocross.race.board import Space
from trackkit.motocross.race.moves import Route, RouteEnd

__all__ = [
    "DRIVER_KINDS",
    "Option",
    "Rider",
    "parse_riders",
]

DRIVER_KINDS = ("expert", "bold", "cautious", "random")
"""The riders ``--drivers`` knows (the expert's choices are made by
:class:`~trackkit.motocross.race.expert.ExpertMind`)."""

CHANCE = 0.5
"""How often the random rider spends a coin, or passes when boxed in."""

SAFE_FACES = 3
"""The cautious rider is content with an end space from which at least this
many of a die's five numbers have a move that stays on the track."""


class Option(NamedTuple):
    """One move a rider may make: the ``route`` taken with ``number``, its
    end's ``progress`` (see :mod:`~trackkit.motocross.race.board`; a finish
    counts highest), its ``safety`` (how many of a die's five numbers have
    a move from the end that stays on the track) and whether it lands on a
    rival (``lands``)."""

    route: Route
    number: int
    progress: int
    safety: int
    lands: bool = False

    @property
    def wipes_out(self) -> bool:
        return self.route.end_kind is RouteEnd.OFF

    @property
    def finishes(self) -> bool:
        return self.route.end_kind is RouteEnd.FINISH


@dataclass(frozen=True)
class Rider:
    """A rider of kind ``name`` (one of :data:`DRIVER_KINDS`)."""

    name: str

    def start_space(self, free: Sequence[Space], rng: random.Random) -> Space:
        """The starting space taken among the ``free`` ones (front row first)."""
        if self.name == "random":
            return free[rng.randrange(len(free))]
        return free[0] if self.name == "bold" else free[-1]

    def passes(self, boxed: bool, rng: random.Random) -> bool:
        """Whether the rider passes instead of rolling (``boxed``: any roll
        but all nulls would wipe it out)."""
        if not boxed:
            return False
        return self.name != "random" or rng.random() < CHANCE

    def coin_to_start(self, coins: int, rng: random.Random) -> bool:
        """Whether a wiped-out rider holding ``coins`` discards one to re-enter."""
        if coins < 1:
            return False
        return self.name != "random" or rng.random() < CHANCE

    def extra_dice(self, rank: int, room: int, rng: random.Random) -> int:
        """Coins spent on extra dice by a rider in place ``rank`` who may spend
        up to ``room`` (its coins, and no more than four dice in all)."""
        if room < 1 or self.name == "cautious":
            return 0
        if self.name == "bold":
            return 1 if rank == 1 else 0
        return 1 if rng.random() < CHANCE else 0

    def choose(self, options: Sequence[Option], rng: random.Random) -> Option:
        """The move made among the legal ``options`` (at least one)."""
        for option in options:
            if option.route.end_kind is RouteEnd.FINISH:
                return option
        staying = [option for option in options if option.route.end_kind is not RouteEnd.OFF]
        if not staying:
            return max(options, key=_progress)
        if self.name == "random":
            return staying[rng.randrange(len(staying))]
        if self.name == "bold":
            return max(staying, key=_bold_key)
        return max(staying, key=_cautious_key)


def _progress(option: Option) -> int:
    return option.progress


def _bold_key(option: Option) -> tuple[int, bool, int]:
    return (option.progress, option.lands, option.safety)


def _cautious_key(option: Option) -> tuple[bool, bool, int, int]:
    return (option.safety >= SAFE_FACES, not option.lands, option.progress, option.safety)


def parse_riders(text: str) -> tuple[Rider, ...]:
    """Riders from a comma-separated list (``bold,cautious,random``);
    raises :class:`ArgumentError` for an unknown one."""
    return named_drivers(text, DRIVER_KINDS, Rider)
