"""A tile of a track: what it does to the road (its *kind*) and where it
lies on the table.

* a *straight* (``S``): the road runs across it without turning;
* a *corner* (``L`` or ``R``): the road turns a quarter left or right on it,
  relative to the driving direction;
* a *chicane* (``CL`` or ``CR``): a straight pushed one space sideways.

:mod:`trackkit.piecepack.circuit` lays tiles in a loop or a path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum

from trackkit.piecepack.geometry import Heading, Point, format_point

__all__ = ["Kind", "Tile", "Transform", "tile_run"]

Transform = Callable[[Point], Point]
"""A way of moving tile centres on the table (rotation, reflection...)."""


class Kind(Enum):
    """What a tile does to the road, written as its path token."""

    STRAIGHT = "S"
    LEFT = "L"
    RIGHT = "R"
    CHICANE_LEFT = "CL"
    CHICANE_RIGHT = "CR"

    __hash__ = object.__hash__
    """Hashed by identity, as :class:`~trackkit.piecepack.geometry.Heading`
    is: laying a path looks each corner up by its kind and heading."""

    @property
    def is_corner(self) -> bool:
        return self in _CORNERS

    @property
    def is_chicane(self) -> bool:
        return self in _CHICANES

    @property
    def is_straight(self) -> bool:
        """True for straights and chicanes: the road does not turn."""
        return not self.is_corner

    def exit_heading(self, entry: Heading) -> Heading:
        """The heading a car leaves this tile with, having entered on ``entry``."""
        if self is Kind.LEFT:
            return entry.left()
        if self is Kind.RIGHT:
            return entry.right()
        return entry

    def offset(self, heading: Heading) -> Point:
        """How far this tile's centre sits from the driving line, in spaces."""
        if self is Kind.CHICANE_LEFT:
            side = heading.left()
        elif self is Kind.CHICANE_RIGHT:
            side = heading.right()
        else:
            return (0, 0)
        return (side.dx, side.dy)

    def mirrored(self) -> Kind:
        """The kind seen in a mirror: left and right swap."""
        return _MIRROR[self]


_CORNERS = (Kind.LEFT, Kind.RIGHT)
"""The kinds that turn the road.  Named once here: reading a member off
the class (``Kind.LEFT``) goes through the enum's class machinery, which
costs more than the test itself when a rule asks it of 100,000 tiles."""

_CHICANES = (Kind.CHICANE_LEFT, Kind.CHICANE_RIGHT)
"""The kinds pushed off the driving line."""

_MIRROR = {
    Kind.STRAIGHT: Kind.STRAIGHT,
    Kind.LEFT: Kind.RIGHT,
    Kind.RIGHT: Kind.LEFT,
    Kind.CHICANE_LEFT: Kind.CHICANE_RIGHT,
    Kind.CHICANE_RIGHT: Kind.CHICANE_LEFT,
}


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile of a circuit.

    ``centre`` is in spaces (see :mod:`trackkit.piecepack.geometry`).  ``entry``
    and ``exit`` are the headings a car has when it crosses the tile's entry
    and exit edges; ``kind`` follows from them.  All three are ``None`` where
    the tile does not follow on from its neighbours.

    A track may hold 100,000 tiles, each built whenever a file is read:
    ``slots`` makes building one about a third cheaper.
    """

    index: int
    centre: Point
    kind: Kind | None
    entry: Heading | None
    exit: Heading | None

    @property
    def is_corner(self) -> bool:
        return self.kind is not None and self.kind.is_corner

    def cells(self) -> tuple[Point, ...]:
        """The four one-space squares the tile covers, by their south-west points."""
        x, y = self.centre
        return ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))

    @property
    def line_point(self) -> Point:
        """Where the driving line crosses the tile: its centre, unless it is a
        chicane pushed off the line."""
        if self.kind is None or self.entry is None:
            return self.centre
        dx, dy = self.kind.offset(self.entry)
        return (self.centre[0] - dx, self.centre[1] - dy)

    def describe(self) -> str:
        """``tile 7 at (3, 2)``: how messages name a tile."""
        return f"tile {self.index} at {format_point(self.centre)}"


_SETTERS = tuple(getattr(Tile, name).__set__ for name in ("index", "centre", "kind", "entry", "exit"))
"""How :func:`tile_run` fills a tile's five slots, each one's own setter."""


def tile_run(
    first: int, centres: Iterable[Point], kind: Kind, entry: Heading, exit: Heading
) -> list[Tile]:
    """Tiles ``first``, ``first + 1``, ... on ``centres``, all of one kind
    and headings: each the tile ``Tile(index, centre, kind, entry, exit)``
    would be, its slots filled directly rather than through the frozen
    dataclass's ``__init__`` (a third cheaper: a path may lay 100,000)."""
    new = object.__new__
    set_index, set_centre, set_kind, set_entry, set_exit = _SETTERS
    tiles: list[Tile] = []
    append = tiles.append
    for index, centre in enumerate(centres, first):
        tile = new(Tile)
        set_index(tile, index)
        set_centre(tile, centre)
        set_kind(tile, kind)
        set_entry(tile, entry)
        set_exit(tile, exit)
        append(tile)
    return tiles
