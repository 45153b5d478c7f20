"""Drivers: the bots that make every choice the rules leave to a player.

A driver chooses its car's turn among the legal ones the engine offers
(ranked best first by the driver's own :class:`~.track.Style`), and decides
whether to play a strategy token against a rival who has just survived a
penalty roll.  Three kinds:

* **cautious** — never risks: every corner is entered at speed 1, and it
  keeps its strategy tokens.
* **bold** — the risk-optimal policy of ``trackkit analyze``: it takes the
  turn with the least expected number of turns to the finish, entering
  corners at speed 2 where that pays, and plays its lowest strategy token
  against the car directly ahead of it in the race.
* **random** — any legal turn, each equally likely, corners at speed 1 or 2
  alike; it plays a random token against a rival half the time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trackkit.montecarlo import named_drivers
from trackkit.racepack.race.track import Candidate, Style

__all__ = [
    "DRIVER_KINDS",
    "Driver",
    "parse_drivers",
]

DRIVER_KINDS = ("bold", "cautious", "random")
"""The drivers ``--drivers`` knows."""

RISKY = Style(risky=True)
SAFE = Style(risky=False)

RANDOM_TOKEN_CHANCE = 0.5
"""How often the random driver plays a token against a rival who survived a roll."""


@dataclass(frozen=True)
class Driver:
    """A driver of kind ``name`` (one of :data:`DRIVER_KINDS`)."""

    name: str

    @property
    def style(self) -> Style:
        """How the engine ranks turns for this driver."""
        return RISKY if self.name != "cautious" else SAFE

    def choose(self, candidates: Sequence[Candidate], rng: random.Random) -> Candidate:
        """The turn taken among the legal ``candidates`` (best first)."""
        if self.name == "random":
            return candidates[rng.randrange(len(candidates))]
        return candidates[0]

    def pit_lap(self, laps: int, rng: random.Random) -> int:
        """The lap this driver makes its one pit stop on: the middle lap (any
        lap, for the random driver)."""
        if self.name == "random":
            return rng.randint(1, laps)
        return (laps + 1) // 2

    def token_against(self, tokens: Sequence[int], just_ahead: bool, rng: random.Random) -> int | None:
        """The strategy token played against a rival who has just survived a
        penalty roll (``just_ahead``: the rival is the next car ahead of this
        one in the race), or ``None``; ``tokens`` are the ones it holds."""
        if not tokens or self.name == "cautious":
            return None
        if self.name == "bold":
            return min(tokens) if just_ahead else None
        if rng.random() < RANDOM_TOKEN_CHANCE:
            return tokens[rng.randrange(len(tokens))]
        return None


def parse_drivers(text: str) -> tuple[Driver, ...]:
    """Drivers from a comma-separated list (``bold,cautious,random``);
    raises :class:`ArgumentError` for an unknown one."""
    return named_drivers(text, DRIVER_KINDS, Driver)
