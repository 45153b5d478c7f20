"""Headings and points on the table.

Positions are measured in *spaces*: a space is one inch, half a tile, so a
2-inch tile is 2 spaces wide.  Using spaces keeps every coordinate an integer,
even for a chicane tile, which sits half a tile off the driving line.

The table frame has x pointing east and y pointing north.  A tile's position is
the point at its centre; a tile centred on ``(cx, cy)`` covers the square from
``(cx - 1, cy - 1)`` to ``(cx + 1, cy + 1)``.
"""

from __future__ import annotations

import re
from enum import Enum
from fractions import Fraction

from trackkit.errors import ArgumentError

__all__ = [
    "TILE",
    "Heading",
    "Point",
    "Square",
    "Vec",
    "format_point",
    "format_tile_units",
    "parse_table_length",
    "step",
    "tile_units",
]

Point = tuple[int, int]
"""A point on the table in spaces (x east, y north)."""

TILE = 2
"""A tile's side in spaces."""

Square = Point
"""A one-space square on the table, named by its south-west corner point."""

Vec = tuple[float, float]
"""A point or offset on the table in spaces that may fall between whole spaces."""


class Heading(Enum):
    """A driving direction along one of the table's axes."""

    EAST = (1, 0)
    NORTH = (0, 1)
    WEST = (-1, 0)
    SOUTH = (0, -1)

    dx: int
    """The heading's unit step east (set on each member below)."""
    dy: int
    """The heading's unit step north."""

    __hash__ = object.__hash__
    """Hashed by identity, as each member is one object for good: an enum's
    own hash is a Python call (on the member's name), and route searches and
    race engines hash headings millions of times as parts of dictionary keys."""

    def left(self) -> Heading:
        """The heading a quarter turn counterclockwise from this one."""
        return _LEFT[self]

    def right(self) -> Heading:
        """The heading a quarter turn clockwise from this one."""
        return _RIGHT[self]

    def opposite(self) -> Heading:
        return _OPPOSITE[self]

    def is_horizontal(self) -> bool:
        return self.dy == 0

    @classmethod
    def parse(cls, text: str) -> Heading:
        """Read ``east``/``north``/``west``/``south`` (or ``e``, ``n``...)."""
        word = text.strip().lower()
        for heading in cls:
            if word in (heading.name.lower(), heading.name[0].lower()):
                return heading
        raise ValueError(f"not a heading: {text!r}")


for _heading in Heading:
    # Plain attributes: the geometry reads them millions of times a run, and
    # an enum member's ``value`` is several times slower to reach.
    _heading.dx, _heading.dy = _heading.value

_LEFT = {heading: Heading((-heading.dy, heading.dx)) for heading in Heading}
_RIGHT = {heading: Heading((heading.dy, -heading.dx)) for heading in Heading}
_OPPOSITE = {heading: Heading((-heading.dx, -heading.dy)) for heading in Heading}
"""Each heading's turns, worked out once (looking a heading up by its value is slow)."""


def step(point: Point, heading: Heading, distance: int = 1) -> Point:
    """The point ``distance`` spaces from ``point`` along ``heading``."""
    return (point[0] + heading.dx * distance, point[1] + heading.dy * distance)


def tile_units(value: int) -> Fraction:
    """Convert a coordinate in spaces to tiles."""
    return Fraction(value, TILE)


def format_tile_units(value: int) -> str:
    """Write a coordinate in spaces as tiles: ``4`` for 8, ``0.5`` for 1."""
    whole, half = divmod(value, TILE)
    return str(whole) if half == 0 else f"{whole + 0.5:g}"


def format_point(point: Point) -> str:
    """Write a tile centre in tile units, e.g. ``(3, 2)`` or ``(4, 0.5)``."""
    return f"({format_tile_units(point[0])}, {format_tile_units(point[1])})"


_LENGTH = re.compile(r"^\s*(\d+)\s*(in)?\s*$", re.IGNORECASE)


def parse_table_length(text: str) -> int:
    """Read a table size: whole tiles (``10``) or inches (``20in``); return spaces.

    A space is an inch, half a tile, so ``10`` and ``20in`` are both 20.
    Raises :class:`ArgumentError` for anything else or for zero.
    """
    match = _LENGTH.match(text)
    if match is None:
        raise ArgumentError(
            f"{text!r} is not a table size; give whole tiles such as 10, or inches such as 20in"
        )
    value = int(match.group(1))
    spaces = value if match.group(2) else value * TILE
    if spaces < 1:
        raise ArgumentError(f"a table size must be positive, not {text!r}")
    return spaces
