"""One turn as a driver weighs it: a :class:`Candidate`, and the spaces it touches.

The engine ranks every turn a car can take from where it stands
(:meth:`~.track.RaceTrack.ranked`); a driver looks at the best few and asks
of each whether it would bump a car (a turn may not pass over or land on
another car's space) or be cut short by a hazard (one on a space passed
before the turn's last movement ends the turn there).  The answers are
kept with the candidate, as sets of spaces and as bit masks.
"""

from __future__ import annotations

from collections.abc import Iterable

from trackkit.racepack.movement.laps import Node, Planner
from trackkit.racepack.movement.turns import RE_ENTRY, Movement, Plan

__all__ = ["Candidate", "space_mask"]


class Candidate:
    """One way a turn can go, as a driver weighs it: its ``expected`` turns
    to the finish (for the driving style that ranked it), the ``plan``, its
    ``movements`` and every space they pass or land on (``touched``: a turn
    touching another car's space would bump it).  The movements are read
    back from the plan the first time they are asked for: a driver mostly
    looks at the best few plans of many."""

    __slots__ = (
        "_early",
        "_early_mask",
        "_mask",
        "_moves",
        "_node",
        "_planner",
        "_race_start",
        "_touched",
        "expected",
        "plan",
    )

    def __init__(self, expected: float, plan: Plan, planner: Planner, node: Node, race_start: bool) -> None:
        self.expected = expected
        self.plan = plan
        self._planner = planner
        self._node = node
        self._race_start = race_start
        self._moves: tuple[Movement, ...] | None = None
        self._touched: frozenset[int] | None = None
        self._early: frozenset[int] | None = None
        self._mask = -1
        self._early_mask = -1

    @property
    def movements(self) -> tuple[Movement, ...]:
        if self._moves is None:
            self._moves = self._planner.movements(self._node, self.plan, self._race_start)
        return self._moves

    @property
    def touched(self) -> frozenset[int]:
        if self._touched is None:
            self._touched = _touched(self.movements)
        return self._touched

    @property
    def early(self) -> frozenset[int]:
        """The spaces the turn passes or lands on before its last movement: a
        hazard there would end it early (one on the last movement changes
        nothing), so a plan made for a road without hazards holds on a road
        with hazards elsewhere."""
        if self._early is None:
            self._early = _touched(self.movements[:-1])
        return self._early

    @property
    def mask(self) -> int:
        """:attr:`touched` as a bit mask (bit ``s`` for space ``s``): a
        driver tests it against the cars' spaces turn after turn."""
        if self._mask < 0:
            self._mask = space_mask(self.touched)
        return self._mask

    @property
    def early_mask(self) -> int:
        """:attr:`early` as a bit mask."""
        if self._early_mask < 0:
            self._early_mask = space_mask(self.early)
        return self._early_mask


def space_mask(spaces: Iterable[int]) -> int:
    """A set of spaces as a bit mask: bit ``s`` set for each space ``s``."""
    mask = 0
    for space in spaces:
        mask |= 1 << space
    return mask


def _touched(movements: tuple[Movement, ...]) -> frozenset[int]:
    """Every space a turn's movements pass over or land on (a re-entry
    lands on its one space)."""
    found: set[int] = set()
    for movement in movements:
        found.update(movement.spaces if movement.kind == RE_ENTRY else movement.spaces[1:])
    return frozenset(found)
