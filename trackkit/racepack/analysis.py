"""Facts about a whole circuit: straights, corners, direction, start and size.

A *straight* is a maximal run of consecutive non-corner tiles (plain straights
and chicanes) between two corners.  The *main straight* is the straight the
start/finish line lies on.  Corners are numbered 1, 2, ... in driving order,
corner 1 being the first corner tile the cars reach after the start/finish
line, as in the rulebook's Figure 1.

Every function here needs a whole circuit (closed, every tile following the
one before) and raises :class:`~trackkit.errors.CircuitError` otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from trackkit.errors import CircuitError
from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.piecepack.geometry import TILE, Point
from trackkit.piecepack.loops import bounding_box, straight_runs
from trackkit.racepack.layout import Layout

__all__ = [
    "INCHES_PER_TILE",
    "Corner",
    "Size",
    "Straight",
    "TrackInfo",
    "default_start",
    "describe",
    "direction",
    "first_tile_after",
    "longest_straight",
    "main_straight",
    "numbered_corners",
    "require_whole",
    "resolve_start",
    "size",
    "straight_ahead",
    "straights",
]

INCHES_PER_TILE = 2


@dataclass(frozen=True)
class Straight:
    """A run of ``length`` non-corner tiles starting at tile ``first``."""

    first: int
    length: int
    loop_size: int

    @property
    def tiles(self) -> tuple[int, ...]:
        return tuple((self.first + i) % self.loop_size for i in range(self.length))

    def contains_line(self, start: Fraction) -> bool:
        """Whether a start/finish line at ``start`` crosses this straight.

        A line across the middle of a tile needs that tile; a line across an
        entry edge needs the tiles on both sides of it.
        """
        offset = (start - self.first) % self.loop_size
        if start.denominator == 2:
            return offset < self.length
        return 0 < offset < self.length


@dataclass(frozen=True)
class Corner:
    """Corner ``number`` is tile ``tile``, turning ``turn`` (``L`` or ``R``)."""

    number: int
    tile: int
    turn: str


@dataclass(frozen=True)
class Size:
    """The table space a circuit needs, in tiles."""

    width: Fraction
    height: Fraction

    @property
    def width_inches(self) -> Fraction:
        return self.width * INCHES_PER_TILE

    @property
    def height_inches(self) -> Fraction:
        return self.height * INCHES_PER_TILE


def require_whole(circuit: Circuit) -> None:
    """Raise :class:`CircuitError` unless ``circuit`` is a whole loop."""
    if not circuit.is_whole:
        raise CircuitError(
            "the circuit is not a closed loop of connected tiles; 'trackkit validate' says why"
        )


_RECENT_STRAIGHTS: list[tuple[Circuit, tuple[Straight, ...]]] = []
"""The straights of the last few circuits asked about (circuits never change,
and the rules ask about the same one many times)."""


def straights(circuit: Circuit) -> list[Straight]:
    """Every straight, in driving order from the first one after tile 0's corner."""
    for known, runs in _RECENT_STRAIGHTS:
        if known is circuit:
            return list(runs)
    found = _find_straights(circuit)
    _RECENT_STRAIGHTS.insert(0, (circuit, tuple(found)))
    del _RECENT_STRAIGHTS[4:]
    return found


def _find_straights(circuit: Circuit) -> list[Straight]:
    require_whole(circuit)
    n = len(circuit)
    return [Straight(first, length, n) for first, length in straight_runs([t.is_corner for t in circuit])]


def longest_straight(circuit: Circuit) -> Straight | None:
    """The longest straight; of equal ones, the first from tile 0."""
    runs = straights(circuit)
    return max(runs, key=lambda run: run.length) if runs else None


def default_start(circuit: Circuit) -> Fraction:
    """The middle of the longest straight (the rules' preferred place).

    An even straight's middle is the edge between its two middle tiles; an odd
    one's is the middle of its middle tile.  With no straight at all, the line
    goes across tile 0's entry edge.
    """
    run = longest_straight(circuit)
    if run is None:
        return Fraction(0)
    return (run.first + Fraction(run.length, 2)) % len(circuit)


def resolve_start(layout: Layout) -> Fraction:
    """Where the layout's start/finish line is: as written, or the default."""
    if layout.start is None:
        return default_start(layout.circuit)
    return Fraction(layout.start).limit_denominator(2)


def first_tile_after(start: Fraction, circuit: Circuit) -> int:
    """The first tile whose entry edge lies strictly after the line at ``start``.

    For a line across tile ``k``'s entry edge that is tile ``k`` itself.
    """
    whole = int(start)
    return whole % len(circuit) if start == whole else (whole + 1) % len(circuit)


def numbered_corners(circuit: Circuit, start: Fraction) -> list[Corner]:
    """Corners numbered from 1 in driving order, starting after the line."""
    require_whole(circuit)
    n = len(circuit)
    first = first_tile_after(start, circuit)
    order = [(first + i) % n for i in range(n)]
    corners = [i for i in order if circuit[i].is_corner]
    return [Corner(number, tile, _turn(circuit, tile)) for number, tile in enumerate(corners, 1)]


def _turn(circuit: Circuit, tile: int) -> str:
    return "L" if circuit[tile].kind is Kind.LEFT else "R"


def direction(circuit: Circuit) -> str:
    """``clockwise`` when the loop turns right overall, else ``counterclockwise``."""
    require_whole(circuit)
    return "clockwise" if circuit.clockwise else "counterclockwise"


def size(circuit: Circuit, extra: Iterable[Point] = ()) -> Size:
    """The width and height of the rectangle the tiles fit in: the loop's,
    and any ``extra`` tile centres (a pit lane, say)."""
    left, bottom, right, top = bounding_box([*circuit.centres(), *extra])
    return Size(Fraction(right - left + TILE, TILE), Fraction(top - bottom + TILE, TILE))


def main_straight(circuit: Circuit, start: Fraction) -> Straight | None:
    """The straight the start/finish line crosses, if any."""
    for run in straights(circuit):
        if run.contains_line(start):
            return run
    return None


def straight_ahead(circuit: Circuit, start: Fraction) -> Straight | None:
    """The straight the cars drive onto from the start/finish line: the one
    the line crosses, or, for a line on the edge where a corner meets a
    straight, the straight that begins at that edge.

    The rules' "main straight after the start/finish line" is this one: a
    line at the very start of a straight leaves that whole straight in front
    of the grid.
    """
    main = main_straight(circuit, start)
    if main is not None or start.denominator != 1:
        return main
    for run in straights(circuit):
        if run.first == int(start) % len(circuit):
            return run
    return None


@dataclass(frozen=True)
class TrackInfo:
    """What ``trackkit info`` reports about a layout."""

    name: str | None
    tiles: int
    direction: str
    corners: list[Corner]
    straights: list[Straight]
    longest: Straight | None
    start: Fraction
    size: Size


def describe(layout: Layout, extra: Iterable[Point] = ()) -> TrackInfo:
    """Gather the facts ``trackkit info`` reports.  Needs a whole circuit.

    ``extra`` are the centres of tiles laid beside the loop (pit lane, wide
    row): they take table space too."""
    circuit = layout.circuit
    start = resolve_start(layout)
    return TrackInfo(
        name=layout.name,
        tiles=len(circuit),
        direction=direction(circuit),
        corners=numbered_corners(circuit, start),
        straights=straights(circuit),
        longest=longest_straight(circuit),
        start=start,
        size=size(circuit, extra),
    )
