"""Rally drivers: the bots that make every choice the rules leave to a player.

Where to place the cars on the Start card, which car to move with each Fuel
token and how (ghosting, jumping), when to stop, which Skills cards to play,
which dice to reroll and which Combo becomes Fuel and which Control.  The
**expert** (the default of ``simulate``) rolls and plays Skills cards as the
bold driver does and picks its moves by :func:`~trackkit.rally.race.expert.expert_pick`
(the trail car, the Team Racing and Drafting dice).  Three simple kinds,
mixable in one race:

* **bold** — every Fuel token on the move that gains most, Control spent
  freely (ghosting past traffic), Skills cards played early; dice formed
  into Combos favouring Fuel.
* **cautious** — Control weighed three times as dear, so it ghosts and takes
  costly Gates only when nothing else gains as much; Skills cards kept for
  need (Turbo with five Fuel, All In when nearly out of tokens); Combos
  favouring Control.
* **random** — any legal move, each equally likely, stopping early one time
  in ten; Skills cards played by a coin toss; any useful pair of Combos.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from trackkit.errors import ArgumentError
from trackkit.montecarlo import driver_names
from trackkit.rally.race.dice import MAX_TOKENS, combo_pairs
from trackkit.rally.race.moves import Candidate
from trackkit.rally.race.skills import ALL_IN, BEST_LINE, TURBO

__all__ = [
    "RALLY_DRIVERS",
    "RallyDriver",
    "parse_rally_drivers",
]

RALLY_DRIVERS = ("expert", "bold", "cautious", "random")
"""The drivers ``--drivers`` knows for the rally game."""

STOP_CHANCE = 0.1
"""How often the random driver stops moving while it still has Fuel."""

SKILL_CHANCE = 0.3
"""How often the random driver plays a Skills card when it may."""

Combo = tuple[int, ...]


@dataclass(frozen=True)
class RallyDriver:
    """A driver of kind ``name`` (one of :data:`RALLY_DRIVERS`)."""

    name: str

    @property
    def control_weight(self) -> int:
        """What a Control token spent is worth in rows of progress, times four."""
        return 3 if self.name == "cautious" else 1

    def place(self, free: Sequence[int], rng: random.Random) -> int:
        """The Start card space for a car (``free`` listed front row first)."""
        if self.name == "random":
            return free[rng.randrange(len(free))]
        return free[0]

    def pick(self, candidates: Sequence[Candidate], rng: random.Random) -> Candidate | None:
        """The next move, or ``None`` to stop moving."""
        if not candidates:
            return None
        if self.name == "random":
            if rng.random() < STOP_CHANCE:
                return None
            return candidates[rng.randrange(len(candidates))]
        weight = self.control_weight
        return max(candidates, key=lambda move: (4 * move.gain - weight * move.cost + move.rear, -move.car))

    def before_moving(
        self, hand: Sequence[str], fuel: int, control: int, rng: random.Random
    ) -> tuple[str, ...]:
        """The Skills cards played before moving: Turbo and Best Line."""
        played = []
        if TURBO in hand and self._wants(fuel >= 3, fuel >= 5, rng):
            played.append(TURBO)
        if BEST_LINE in hand and self._wants(control <= 3, control <= 1, rng):
            played.append(BEST_LINE)
        return tuple(played)

    def all_in(self, hand: Sequence[str], fuel: int, control: int, rng: random.Random) -> bool:
        """Whether to play All In before rolling."""
        return ALL_IN in hand and self._wants(fuel + control <= 6, fuel + control <= 2, rng)

    def _wants(self, bold: bool, cautious: bool, rng: random.Random) -> bool:
        if self.name == "random":
            return rng.random() < SKILL_CHANCE
        return cautious if self.name == "cautious" else bold

    def split(self, dice: Sequence[int], fuel: int, control: int, rng: random.Random) -> tuple[Combo, Combo]:
        """The Fuel Combo and the Control Combo formed from ``dice``."""
        if self.name == "random":
            options = _orientations(tuple(dice))
            return options[rng.randrange(len(options))]
        return _best_split(tuple(sorted(dice)), fuel, control, self.name == "cautious")

    def reroll(self, dice: Sequence[int], fuel: int, control: int, rng: random.Random) -> tuple[int, ...]:
        """The dice (by position) to roll again: those no chosen Combo uses
        (a coin toss for each, for the random driver)."""
        fuel_combo, control_combo = self.split(dice, fuel, control, rng)
        kept = list(fuel_combo + control_combo)
        spare = []
        for index, face in enumerate(dice):
            if face in kept:
                kept.remove(face)
            else:
                spare.append(index)
        if self.name == "random":
            return tuple(index for index in spare if rng.random() < 0.5)
        return tuple(spare)


def _orientations(dice: tuple[int, ...]) -> list[tuple[Combo, Combo]]:
    """Every useful pair of Combos of ``dice``, each either way round (Fuel first)."""
    return [(a, b) for big, small in combo_pairs(dice) for a, b in ((big, small), (small, big))]


@lru_cache(maxsize=65536)
def _best_split(dice: tuple[int, ...], fuel: int, control: int, cautious: bool) -> tuple[Combo, Combo]:
    """The (Fuel, Control) Combos worth most to a bold (or ``cautious``)
    driver holding ``fuel`` and ``control``: tokens over the cap of eight
    are worth nothing; the driver's own token is worth a little more."""

    def worth(pair: tuple[Combo, Combo]) -> tuple[int, int]:
        fuel_gain = min(MAX_TOKENS, fuel + len(pair[0])) - fuel
        control_gain = min(MAX_TOKENS, control + len(pair[1])) - control
        if cautious:
            return (5 * fuel_gain + 6 * control_gain, control_gain)
        return (6 * fuel_gain + 5 * control_gain, fuel_gain)

    return max(_orientations(dice), key=worth)


def rally_driver_named(name: str) -> RallyDriver:
    """The driver called ``name``; raises :class:`ArgumentError` for an unknown one."""
    if name not in RALLY_DRIVERS:
        known = ", ".join(RALLY_DRIVERS)
        raise ArgumentError(f"names an unknown driver {name!r} (known drivers: {known})", parameter="drivers")
    return RallyDriver(name)


def parse_rally_drivers(text: str) -> tuple[RallyDriver, ...]:
    """Drivers from a comma-separated list (``bold,cautious,random``)."""
    return tuple(rally_driver_named(name) for name in driver_names(text))
