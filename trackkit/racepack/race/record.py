"""What happened in a race, move by move: enough to replay it and to check
every move against the rules.

Spaces are numbered as on the movement board (``4 * tile + quadrant``, the
quadrants in the order NE, NW, SE, SW... of :data:`~trackkit.racepack.movement.board.QUADRANTS`)
and headings by their place in :data:`~trackkit.racepack.movement.board.HEADINGS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.racepack.movement.board import CarState
from trackkit.racepack.movement.speeds import STRATEGY_TOKENS

__all__ = [
    "MoveRecord",
    "RaceRecord",
    "TurnRecord",
]


@dataclass(frozen=True)
class MoveRecord:
    """One movement: its ``kind`` (``forward``, ``lane-change`` or
    ``re-entry``), ``speed``, the ``spaces`` it passes (the first being where
    it starts; a re-entry has just the space it re-enters on), the
    ``heading`` it moves with, and the penalty ``rolls`` when it entered a
    corner at speed 2: ``(face,)``, or ``(face, token, face)`` when a rival's
    strategy token forced a re-roll, ``rival`` being that car's grid slot
    (``None`` when not known: records written before it was kept);
    ``token`` when the driver played its own strategy token numbered
    ``speed`` to set the speed."""

    kind: str
    speed: int
    spaces: tuple[int, ...]
    heading: int
    rolls: tuple[int, ...] = ()
    token: bool = False
    rival: int | None = None


@dataclass(frozen=True)
class TurnRecord:
    """One turn: the car from grid ``slot``, where it started (a car state,
    or ``(-1 - tile, -1)`` off the track beside a corner), the crossings of
    the line it had made, the hazards then in effect, its movements and the
    hazards then still blank side up (not yet turned over)."""

    slot: int
    start: CarState
    crossings: int
    hazards: frozenset[int]
    moves: tuple[MoveRecord, ...]
    blank: frozenset[int] = frozenset()


@dataclass(frozen=True)
class RaceRecord:
    """A whole race: its ``laps``, each grid slot's driver, where each slot
    stands on the grid, every turn in the order played, and in the pit-stop
    variant each slot's pit lap (the crossings it has made when it drives
    through the pits; empty without pit stops) and the strategy tokens each
    car starts with."""

    laps: int
    drivers: tuple[str, ...]
    grid: tuple[CarState, ...]
    turns: list[TurnRecord]
    pit_laps: tuple[int, ...] = ()
    tokens: tuple[int, ...] = STRATEGY_TOKENS
    """The strategy tokens each car holds at the start ("each player receives
    a set of five (ace through 5) for each car they control"); none when the
    race is run without them."""
    finish: tuple[int, ...] | None = None
    """The grid slots in the order the cars finished, as the race ended
    (``None`` when not known: a record written before it was kept)."""
