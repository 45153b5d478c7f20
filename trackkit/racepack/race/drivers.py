"""Drivers: the bots that make every choice the rules leave to a player.

A driver chooses its car's turn among the legal ones the engine offers
(ranked best first by the driver's own :class:`~.track.Style`), and decides
whether to play a strategy token against a rival who has just survived a
penalty roll.  Four kinds:

* **cautious** — never risks: every corner is entered at speed 1, and it
  keeps its strategy tokens.
* **bold** — the risk-optimal policy of ``trackkit analyze``: it takes the
  turn with the least expected number of turns to the finish, entering
  corners at speed 2 where that pays, and plays its lowest strategy token
  against the car directly ahead of it in the race.
* **random** — any legal turn, each equally likely, corners at speed 1 or 2
  alike; it plays a random token against a rival half the time.
* **expert** — races the others, not the clock (:mod:`~.expert`): of its
  best few turns it takes the one most likely to bring it home ahead of
  every rival (blocking a rival's best line counts, risk pays when behind,
  the sure turn when ahead, the hazards its next turn would meet counted);
  it plays its 4 or 5 on its own speed when the turn that makes possible
  saves :data:`TOKEN_GAIN` of a turn, reckoning the tokens of rivals that
  keep them for the car just ahead (:func:`~.expert.expert_choice`), and
  its lowest token against a rival that survived a penalty roll when the
  re-roll gains it enough chance of finishing ahead of that rival
  (:func:`token_pays`).

Any of them may also play strategy tokens on its own car's speed: the
driver ``bold+tokens`` (``cautious+tokens``, ``random+tokens``) looks at the
turns its tokens make possible ("To help his own car a player may use a
strategy token to set the speed for a movement without regard to the
acceleration and deceleration rules") and plays a token when the best such
turn saves at least :data:`TOKEN_GAIN` of a turn on the way to the finish
(its style's expectation); the random one plays one whenever it can, half
the time.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from trackkit.errors import ArgumentError
from trackkit.montecarlo import driver_names
from trackkit.racepack.movement.speeds import STRATEGY_TOKENS
from trackkit.racepack.race.track import Candidate, Style

__all__ = [
    "DRIVER_KINDS",
    "Driver",
    "driver_named",
    "parse_drivers",
]

DRIVER_KINDS = ("expert", "bold", "cautious", "random")
"""The drivers ``--drivers`` knows."""

OWN_TOKENS = "+tokens"
"""The ending of a driver's name that plays strategy tokens on its own speed."""

TOKEN_GAIN = 0.25
"""The least gain, in expected turns to the finish, for which a driver
playing its own tokens spends one."""

RISKY = Style(risky=True)
SAFE = Style(risky=False)

EXPERT = "expert"
"""The driver that weighs its turns against its rivals."""

DIE_FACES = 6
"""The penalty die's faces: null (0), ace, 2, 3, 4, 5."""

TOKEN_SWING = 0.005
"""The least gain in its chance of finishing ahead of a rival for which the
expert plays a token against it."""

OWN_SPEED_TOKENS = (4, 5)
"""The strategy tokens the expert plays on its own speed: the others spin
a rival out too often on a forced re-roll (the 3 one time in two) to be
spent on speed."""

RANDOM_TOKEN_CHANCE = 0.5
"""How often the random driver plays a token against a rival who survived a roll."""


@dataclass(frozen=True)
class Driver:
    """A driver called ``name``: one of :data:`DRIVER_KINDS`, followed by
    :data:`OWN_TOKENS` for one that plays tokens on its own speed."""

    name: str

    @functools.cached_property
    def kind(self) -> str:
        """``expert``, ``bold``, ``cautious`` or ``random``."""
        return self.name.removesuffix(OWN_TOKENS)

    @property
    def speed_tokens(self) -> tuple[int, ...]:
        """The strategy tokens this driver may play on its own speed."""
        return OWN_SPEED_TOKENS if self.kind == EXPERT else STRATEGY_TOKENS

    @property
    def own_tokens(self) -> bool:
        """Whether this driver plays strategy tokens on its own speed by the
        rule of the ``+tokens`` drivers (the expert weighs its own with its
        turn, see :func:`~.expert.expert_choice`)."""
        return self.name.endswith(OWN_TOKENS) and self.kind != EXPERT

    @property
    def style(self) -> Style:
        """How the engine ranks turns for this driver."""
        return RISKY if self.kind != "cautious" else SAFE

    def choose(self, candidates: Sequence[Candidate], rng: random.Random) -> Candidate:
        """The turn taken among the legal ``candidates`` (best first)."""
        if self.kind == "random":
            return candidates[rng.randrange(len(candidates))]
        return candidates[0]

    def plays_own_token(self, plain: Candidate, boosted: Candidate, rng: random.Random) -> bool:
        """Whether to take ``boosted``, the best turn using tokens, over
        ``plain``, the turn it would take without."""
        if not self.own_tokens:
            return False
        if self.kind == "random":
            return rng.random() < RANDOM_TOKEN_CHANCE
        return plain.expected - boosted.expected >= TOKEN_GAIN

    def threat(self, tokens: Sequence[int], next_behind: bool) -> float:
        """The chance that this driver's token, played against a car that
        survived a penalty roll, spins it out on the re-roll ("he spins out
        if the number he rolls is equal to or higher than the number on the
        strategy token"), as the expert reckons it: its lowest token for
        the expert, and for the bold driver when it is the next car behind
        (``next_behind``), half of a random one for the random driver, none
        for the cautious one."""
        if not tokens or self.kind == "cautious" or (self.kind == "bold" and not next_behind):
            return 0.0
        if self.kind == "random":
            return (
                RANDOM_TOKEN_CHANCE * sum(DIE_FACES - token for token in tokens) / (DIE_FACES * len(tokens))
            )
        return (DIE_FACES - min(tokens)) / DIE_FACES

    def pit_lap(self, laps: int, rng: random.Random) -> int:
        """The lap this driver makes its one pit stop on: the middle lap (any
        lap, for the random driver)."""
        if self.kind == "random":
            return rng.randint(1, laps)
        return (laps + 1) // 2

    def token_against(self, tokens: Sequence[int], gap: int, swing: float, rng: random.Random) -> int | None:
        """The strategy token played against a rival who has just survived a
        penalty roll, or ``None``; ``tokens`` are the ones it holds, ``gap``
        the places in the race from this car to the rival (1: the next car
        ahead, -1: the next behind) and ``swing`` how much more likely this
        car is to finish ahead of the rival if the rival spins out (the
        expert's reckoning)."""
        if not tokens or self.kind == "cautious":
            return None
        if self.kind == "bold":
            return min(tokens) if gap == 1 else None
        if self.kind == EXPERT:
            lowest = min(tokens)
            return lowest if token_pays(lowest, swing) else None
        if rng.random() < RANDOM_TOKEN_CHANCE:
            return tokens[rng.randrange(len(tokens))]
        return None


def token_pays(token: int, swing: float) -> bool:
    """Whether forcing a re-roll with ``token`` is worth its play to the
    expert: the chance that the re-roll spins the rival out ("he spins out
    if the number he rolls is equal to or higher than the number on the
    strategy token") times ``swing``, the gain in the expert's chance of
    finishing ahead of that rival if it spins out, reaches :data:`TOKEN_SWING`."""
    return (DIE_FACES - token) / DIE_FACES * swing >= TOKEN_SWING


def driver_named(name: str) -> Driver:
    """The driver called ``name``; raises :class:`ArgumentError` for an unknown one."""
    if name.removesuffix(OWN_TOKENS) not in DRIVER_KINDS:
        known = ", ".join(DRIVER_KINDS)
        raise ArgumentError(f"names an unknown driver {name!r} (known drivers: {known})", parameter="drivers")
    return Driver(name)


def parse_drivers(text: str) -> tuple[Driver, ...]:
    """Drivers from a comma-separated list (``bold,cautious,random``)."""
    return tuple(driver_named(name) for name in driver_names(text))
