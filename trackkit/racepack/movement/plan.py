"""What a turn search reports: the movements of a turn, where a turn
starts, and each way it can end (its *plan*).

A :class:`Plan` says only where a turn ends and what it cost on the way
(crossings of the line, corners risked, strategy tokens), which is all a
race search needs; the movements behind it are read back on demand
(:meth:`~trackkit.racepack.movement.turns.TurnSearch.movements`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from trackkit.racepack.movement.board import CarState

__all__ = ["RE_ENTRY", "Movement", "Plan", "TurnStart"]

RE_ENTRY = "re-entry"


@dataclass(frozen=True)
class Movement:
    """One movement: its ``kind``, ``speed``, the ``spaces`` it passes (the
    first being where it starts), whether it used a strategy ``token``, the
    corner tile it ``entered`` at speed 2 (``None`` if none) and the
    ``heading`` (number) it moved with (a re-entry: the heading out of the
    corner)."""

    kind: str
    speed: int
    spaces: tuple[int, ...]
    token: bool = False
    risked: int | None = None
    heading: int = -1


@dataclass(frozen=True)
class TurnStart:
    """Where a turn starts: a car ``state`` on the track, or off the track
    beside corner tile ``spun`` after spinning out; ``race_start`` for the
    race's first turn ("a first movement speed of 1")."""

    state: CarState | None = None
    spun: int | None = None
    race_start: bool = False


class Plan(NamedTuple):
    """One way a turn can go (its movements: :meth:`~trackkit.racepack.movement.turns.TurnSearch.movements`).

    ``end`` is where the car stands afterwards if no roll spins it out, and
    ``laps`` how many times it crossed the line on the way.  ``risks`` are
    the corners entered at speed 2, in order, each with the crossings made
    before it: the car spins out at the first whose roll shows a 5.
    ``tokens`` is the set of strategy tokens used, as a bit mask (bit ``k``
    for token ``k``).
    """

    end: CarState
    laps: int
    risks: tuple[tuple[int, int], ...]
    tokens: int
