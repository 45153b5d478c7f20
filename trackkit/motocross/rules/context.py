"""What the Motocross rules look at: a :class:`Context` built once per course."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from trackkit.findings import Finding
from trackkit.motocross.course import Course, turn_of
from trackkit.piecepack.circuit import Kind
from trackkit.piecepack.geometry import format_point
from trackkit.piecepack.ground import Ground

__all__ = ["Context", "Rule"]


@dataclass
class Context:
    """The course, with its tiles indexed on the ground when a rule needs them."""

    course: Course

    @cached_property
    def ground(self) -> Ground[int]:
        """The tiles on the table by the squares they cover (see
        :mod:`trackkit.piecepack.ground`)."""
        return Ground(enumerate(self.course.centres))

    @cached_property
    def straight_tiles(self) -> tuple[int, ...]:
        """The tiles in a straight line with both tiles next to them: the
        only tiles a ramp may stand on."""
        course = self.course
        return tuple(t for t in range(1, len(course) - 1) if turn_of(course, t) == Kind.STRAIGHT.value)

    @cached_property
    def free_straight(self) -> int | None:
        """The first tile in the middle of a straight with no ramp yet, where
        a ramp hint moves a ramp that may not stand where it is."""
        held = dict(self.course.ramps)
        return next((tile for tile in self.straight_tiles if tile not in held), None)

    @cached_property
    def _described(self) -> dict[int, str]:
        return {}

    def describe(self, tile: int) -> str:
        """``tile 7 at (3, 2)``: how messages name a tile (positions in tiles),
        worked out once a tile (a folded course names each tile many times)."""
        found = self._described.get(tile)
        if found is None:
            found = self._described[tile] = f"tile {tile} at {format_point(self.course.centres[tile])}"
        return found


Rule = Callable[[Context], Iterator[Finding]]
"""One rule: yields a finding for every place the course breaks it."""
