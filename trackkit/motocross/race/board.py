"""A Motocross course seen space by space, the way a bike rides it.

Each tile of a course has four *spaces* (a two-by-two grid); a bike stands
on one space and moves space by space, orthogonally.  A space is named by
its south-west corner on the table, ``(x, y)`` in spaces, as
:func:`trackkit.piecepack.ground.footprint` names them.

Words used by the race modules:

* the *way on* of a tile is the heading towards the next tile (for the
  finish tile, on across it to the finish line): "forwards (toward the
  finish line)".  A step may go the way on or to either side of it, never
  against it: "You may never move away from the next tile."
* a tile's *front row* is its two spaces along the edge the bikes leave by;
  the *back row* the other two.  A space's *progress* (``2 * tile + row``,
  row 1 for the front) orders the bikes in the race.
* a *ramp edge* is the raised edge of a ramp tile, the one between it and
  the next tile; a step across it is a *jump* off the ramp.
* the *finish line* is the finish tile's edge opposite the tile before it;
  a step across it finishes the race.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trackkit.errors import ArgumentError, CircuitError
from trackkit.motocross.course import Course
from trackkit.motocross.rules import validate
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.ground import footprint

__all__ = [
    "Board",
    "Space",
    "Step",
    "StepKind",
    "board_of",
]

Space = tuple[int, int]
"""A space by its south-west corner, in spaces."""


class StepKind(Enum):
    """What one step from a space does."""

    ON = "on"
    """Onto another space of the course."""
    OFF = "off"
    """Off the course: the bike runs out of track."""
    FINISH = "finish"
    """Across the finish line."""
    BACK = "back"
    """Against the way on, or back onto an earlier tile: never allowed."""


@dataclass(frozen=True)
class Step:
    """One step: its ``kind``, the space it reaches (``None`` off the course)
    and the height of the ramp it jumps off (0 for no ramp)."""

    kind: StepKind
    to: Space | None
    ramp: int = 0


class Board:
    """The spaces of a course and the steps between them."""

    def __init__(self, course: Course) -> None:
        self.course = course
        self.tiles = len(course)
        self.tile_of: dict[Space, int] = {}
        for tile, centre in enumerate(course.centres):
            for space in footprint(centre):
                self.tile_of[space] = tile
        self.way_on: tuple[Heading, ...] = tuple(_way_on(course, tile) for tile in range(self.tiles))
        self.progress: dict[Space, int] = {
            space: 2 * tile + self._row(space, tile) for space, tile in self.tile_of.items()
        }
        self.start_spaces: tuple[Space, ...] = tuple(
            sorted(footprint(course.centres[0]), key=lambda space: (-self.progress[space], space))
        )
        self._steps: dict[tuple[Space, Heading], Step] = {}

    def _row(self, space: Space, tile: int) -> int:
        """1 for a space in the tile's front row, 0 for the back row."""
        cx, cy = self.course.centres[tile]
        heading = self.way_on[tile]
        along = (2 * space[0] + 1 - 2 * cx) * heading.dx + (2 * space[1] + 1 - 2 * cy) * heading.dy
        return 1 if along > 0 else 0

    def directions(self, space: Space) -> tuple[Heading, Heading, Heading]:
        """The headings a bike on ``space`` may step: the way on, then its left and right."""
        ahead = self.way_on[self.tile_of[space]]
        return (ahead, ahead.left(), ahead.right())

    def step(self, space: Space, heading: Heading) -> Step:
        """Where one step from ``space`` heading ``heading`` goes (worked
        out once, then kept: route searches ask again and again)."""
        key = (space, heading)
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = self._step(space, heading)
        return found

    def _step(self, space: Space, heading: Heading) -> Step:
        tile = self.tile_of[space]
        if heading is self.way_on[tile].opposite():
            return Step(StepKind.BACK, None)
        to = (space[0] + heading.dx, space[1] + heading.dy)
        reached = self.tile_of.get(to)
        if reached is None:
            if tile == self.tiles - 1 and heading is self.way_on[tile]:
                return Step(StepKind.FINISH, None)
            return Step(StepKind.OFF, None)
        if reached < tile:
            return Step(StepKind.BACK, None)
        ramp = self.course.height(tile) if reached > tile else 0
        return Step(StepKind.ON, to, ramp)


def _way_on(course: Course, tile: int) -> Heading:
    heading = course.exit_heading(tile)
    if heading is None:
        raise ArgumentError(
            "needs a course whose tiles each lie beyond an edge of the one before", parameter="course"
        )
    return heading


def board_of(course: Course) -> Board:
    """The board of ``course``.  Raises :class:`~trackkit.errors.CircuitError`
    for a course that breaks a rule (a race needs a legal course)."""
    errors = validate(course).errors
    if errors:
        count = f"{len(errors)} error" if len(errors) == 1 else f"{len(errors)} errors"
        rules = ", ".join(sorted({finding.rule for finding in errors}))
        raise CircuitError(f"a race needs a legal course, and this one breaks the rules ({count}: {rules})")
    return Board(course)
