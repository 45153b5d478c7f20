"""A rally race move by move: enough to replay it and re-check every move.

Spaces are numbered as on :class:`~trackkit.rally.race.road.Road`
(``row * 3 + lane``); cars are numbered by seat, two a seat (seat 0, the
starting player, drives cars 0 and 1).  Dice are listed as rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.rally.race.road import CardShape

__all__ = [
    "FINISHED",
    "JUMPS",
    "MoveRecord",
    "RallyRecord",
    "RollRecord",
    "TurnRecord",
]

FINISHED = -1
"""The space a car moves to when it passes the final Checkpoint line and
leaves the road."""

JUMPS = ("behind", "first", "stunt")
"""How a car leaves a Jump: to the first open space behind the closest
opponent ahead, to the first open space after the Jump, or (Stunt Driver)
to the first open space in front of the closest opponent ahead."""


@dataclass(frozen=True)
class MoveRecord:
    """One Fuel token's move of ``car``: the ``path`` of spaces from where it
    stood to where it stopped (:data:`FINISHED` last when it passed the final
    Checkpoint line), ``ghost`` when a Control token let it ignore the other
    cars, and ``jump`` (one of :data:`JUMPS`, or empty) when it left a Jump's
    ramp, the last space of ``path`` being where it landed."""

    car: int
    path: tuple[int, ...]
    ghost: bool = False
    jump: str = ""


@dataclass(frozen=True)
class RollRecord:
    """Rolling dice for tokens: ``all_in`` when the All In card was played;
    ``rolls`` every roll in order (the first of all the dice, each reroll
    the dice rerolled, their new faces); the ``fuel`` and ``control``
    Combos formed from the final dice."""

    all_in: bool
    rolls: tuple[tuple[int, ...], ...]
    rerolled: tuple[tuple[int, ...], ...]
    fuel: tuple[int, ...]
    control: tuple[int, ...]


@dataclass(frozen=True)
class TurnRecord:
    """One player's turn: ``seat``, the Skills cards ``played`` before moving
    (Turbo, Best Line), where its cars were ``placed`` on the Start card on
    its first turn (``(car, space)`` pairs), its ``moves`` and its ``roll``
    (``None`` once both its cars have finished)."""

    seat: int
    played: tuple[str, ...]
    placed: tuple[tuple[int, int], ...]
    moves: tuple[MoveRecord, ...]
    roll: RollRecord | None


@dataclass(frozen=True)
class RallyRecord:
    """A whole race: the ``course`` (card names in course order), each
    seat's ``drivers``, its Skills ``hands``, its starting ``tokens``
    (Fuel, Control), every turn in order, and what the engine made of it:
    each seat's ``scores`` and the ``winner``'s seat; ``shapes`` are the
    players' own card shapes the race was run with (name, shape), if any;
    ``skills`` the Skills mode the hands were dealt by (``none``, ``base``
    or ``advanced``; empty when unknown) and ``expansion`` whether the
    expansion pack's cards were in use (``None`` for a record written before
    records said so)."""

    course: tuple[str, ...]
    drivers: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    tokens: tuple[tuple[int, int], ...]
    turns: list[TurnRecord]
    scores: tuple[int, ...]
    winner: int
    shapes: tuple[tuple[str, CardShape], ...] = ()
    skills: str = ""
    expansion: bool | None = None

    @property
    def players(self) -> int:
        return len(self.drivers)
