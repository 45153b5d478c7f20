"""The start/finish line of a Racepack track and the lap die beside it.

The *start/finish line* crosses the road at the layout's ``start``: along a
tile's entry edge at a whole position, across its middle at a half.  The
*lap die* stands against the outside of the track at the line, one space
either side of it, showing the laps still to run; it moves further out when
other tiles (a pit lane, a wide straight's extra row) are in the way.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import Heading, Square, Vec
from trackkit.racepack.analysis import resolve_start
from trackkit.racepack.layout import Layout

__all__ = ["DIE_SIDE", "FinishLine", "LapDie", "cell_at", "finish_line", "lap_die", "outside"]

DIE_SIDE = 0.625
"""Side of the lap die in spaces: a piecepack die is about 5/8 inch (16 mm)."""

_DIE_TRIES = 6
"""How many spaces outwards the lap die may be pushed to clear other tiles."""


@dataclass(frozen=True)
class FinishLine:
    """The start/finish line at ``position`` (see :class:`~trackkit.racepack.layout.Layout`),
    crossing tile ``tile``'s road from ``ends[0]`` (on the driver's right) to
    ``ends[1]``; cars cross it heading ``heading``.  ``middle`` is where it
    crosses the middle of the loop's road (a line carried across a wide
    straight's extra row is longer on that side)."""

    position: Fraction
    tile: int
    heading: Heading
    ends: tuple[Vec, Vec]
    middle: Vec

    @property
    def cells_after(self) -> tuple[Square, ...]:
        """The spaces just past the line, from the driver's right to left."""
        (ax, ay), _ = self.ends
        side, ahead = self.heading.left(), self.heading
        return tuple(
            cell_at((ax + (k + 0.5) * side.dx + 0.5 * ahead.dx, ay + (k + 0.5) * side.dy + 0.5 * ahead.dy))
            for k in range(self.width)
        )

    @property
    def width(self) -> int:
        """How many spaces of road the line crosses: 2, or 4 across a wide straight."""
        (ax, ay), (bx, by) = self.ends
        return round(abs(bx - ax) + abs(by - ay))


@dataclass(frozen=True)
class LapDie:
    """The die that marks the start/finish line and counts the laps left.

    ``centre`` is where it sits; ``side`` is the direction from the road to the
    die; ``cells`` are the one-space squares it covers (one either side of the
    line).
    """

    laps: int
    centre: Vec
    side: Heading
    cells: tuple[Square, ...]

    @property
    def cell(self) -> Square:
        """The space just before the line: where a one-cell preview shows the die."""
        return self.cells[0]


def finish_line(layout: Layout) -> FinishLine:
    """Where the start/finish line crosses the road.  Needs a whole circuit.

    A line at a whole position ``k`` lies along tile ``k``'s entry edge; at
    ``k + 0.5`` it crosses the middle of tile ``k``.
    """
    circuit = layout.circuit
    position = resolve_start(layout)
    tile = circuit[int(position)]
    heading = tile.entry
    assert heading is not None  # a whole circuit has every heading
    cx, cy = tile.centre
    back = 1 if position.denominator == 1 else 0
    middle = (cx - back * heading.dx, cy - back * heading.dy)
    side = heading.left()
    ends = (
        (float(middle[0] - side.dx), float(middle[1] - side.dy)),
        (float(middle[0] + side.dx), float(middle[1] + side.dy)),
    )
    return FinishLine(position, tile.index, heading, ends, (float(middle[0]), float(middle[1])))


def outside(circuit: Circuit, heading: Heading) -> Heading:
    """The side of the road away from the middle of the loop, for a car driving
    ``heading``: left on a clockwise track, right on a counterclockwise one."""
    return heading.left() if circuit.clockwise else heading.right()


def lap_die(layout: Layout, finish: FinishLine, taken: set[Square]) -> LapDie:
    """Set the lap die against the outside of the track at the line.

    The die sits in the first free spaces beyond the road edge, one either side
    of the line.  If other tiles are there (a pit lane or a wide straight's
    extra row, say) it moves further out; if no free place is found within a
    few spaces it goes on the other side of the road.
    """
    for side in (outside(layout.circuit, finish.heading), outside(layout.circuit, finish.heading).opposite()):
        for distance in range(_DIE_TRIES):
            die = _die_at(layout.laps, finish, side, distance)
            if not taken & set(die.cells):
                return die
    return _die_at(layout.laps, finish, outside(layout.circuit, finish.heading), 0)


def _die_at(laps: int, finish: FinishLine, side: Heading, distance: int) -> LapDie:
    mx, my = finish.middle
    reach = 1.5 + distance
    centre = (mx + reach * side.dx, my + reach * side.dy)
    h = finish.heading
    before = cell_at((centre[0] - 0.5 * h.dx, centre[1] - 0.5 * h.dy))
    after = cell_at((centre[0] + 0.5 * h.dx, centre[1] + 0.5 * h.dy))
    return LapDie(laps, centre, side, (before, after))


def cell_at(point: Vec) -> Square:
    """The space whose inside holds ``point`` (which must not lie on a grid line)."""
    return (int(point[0] // 1), int(point[1] // 1))
