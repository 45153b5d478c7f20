"""A car between movements, and the movements it may make next.

This is the movement rules one step at a time, for a caller that wants to
play or check a single turn: a :class:`Car` says where the car is, which
way it points, the speed of its last movement this turn and how many
movements it has used; :func:`legal_movements` lists every movement the
rules allow it next, and :func:`moved` gives the car after one of them.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from trackkit.piecepack.geometry import Heading
from trackkit.racepack.movement.board import HEADINGS, Board
from trackkit.racepack.movement.speeds import (
    MOVEMENTS_PER_TURN,
    RISKY_ENTRY_SPEED,
    SAFE_ENTRY_SPEED,
    STRATEGY_TOKENS,
    first_speeds,
    next_speeds,
)
from trackkit.racepack.movement.turns import MoveTable
from trackkit.racepack.spaces import Space

__all__ = [
    "Car",
    "Option",
    "legal_movements",
    "moved",
]


@dataclass(frozen=True)
class Car:
    """A car on ``space`` pointing ``heading``.

    ``speed`` is the speed of its last movement this turn (0 before its
    first: "Speed information is NOT saved or carried over from turn to
    turn"), ``movements`` how many of its three it has used, and
    ``race_start`` marks the race's first turn, whose first movement must be
    at speed 1.
    """

    space: Space
    heading: Heading
    speed: int = 0
    movements: int = 0
    race_start: bool = False


@dataclass(frozen=True)
class Option:
    """One movement a car may make: its ``kind`` (``forward`` or
    ``lane-change``), ``speed``, ``heading``, the ``spaces`` it passes (the
    first being where it starts), the corner tile it ``enters`` (or
    ``None``), whether that entry is ``risky`` (speed 2: roll the penalty
    die), whether it needs a strategy ``token`` and whether it ``hits`` a
    hazard (which ends the turn once hazards are in effect)."""

    kind: str
    speed: int
    heading: Heading
    spaces: tuple[Space, ...]
    enters: int | None
    risky: bool
    token: bool
    hits: bool


def legal_movements(
    board: Board, car: Car, *, risky: bool = True, tokens: Collection[int] = ()
) -> list[Option]:
    """Every movement the rules allow ``car`` next (none after three).

    ``risky`` allows entering a corner at speed 2; ``tokens`` are the
    strategy tokens the driver still holds.
    """
    if car.movements >= MOVEMENTS_PER_TURN:
        return []
    first = car.movements == 0
    normal = first_speeds(car.race_start) if first else next_speeds(car.speed)
    speeds = [(speed, False) for speed in normal]
    if not (first and car.race_start):
        speeds += [(value, True) for value in STRATEGY_TOKENS if value in tokens and value not in normal]
    table = MoveTable(board)
    space = board.number(car.space)
    found = []
    for heading in board.headings((space, HEADINGS.index(car.heading))):
        for speed, token in speeds:
            for move in table.moves(space, heading, speed):
                enters = move.entered if move.entered not in board.free else None
                if enters is not None and speed > (RISKY_ENTRY_SPEED if risky else SAFE_ENTRY_SPEED):
                    continue
                spaces = tuple(board.space(number) for number in move.path)
                found.append(
                    Option(
                        move.kind,
                        speed,
                        HEADINGS[heading],
                        spaces,
                        enters,
                        enters is not None and speed == RISKY_ENTRY_SPEED,
                        token,
                        move.hits,
                    )
                )
    return found


def moved(board: Board, car: Car, option: Option) -> Car:
    """``car`` after making ``option``: on a straight it faces along the
    road; on a corner tile it keeps the movement's heading (it may turn to
    face out of the corner before its next movement)."""
    end = option.spaces[-1]
    heading = option.heading if board.corner[end.tile] else HEADINGS[board.exit_heading[end.tile]]
    return Car(end, heading, option.speed, car.movements + 1, car.race_start)
