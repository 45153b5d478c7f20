"""Tiles and circuits.

A *circuit* is the loop of tiles the cars drive around, listed in driving
order.  Each tile is one of:

* a *straight* (``S``): the road runs across it without turning;
* a *corner* (``L`` or ``R``): the road turns a quarter left or right on it,
  relative to the driving direction, entering by one edge and leaving by a
  neighbouring edge;
* a *chicane* (``CL`` or ``CR``): a straight tile pushed one space (half a
  tile) to the left or right of the driving line, so the road jogs sideways
  and back; the tile after it is back on the line.

A circuit can be built from a *path* (the tile kinds in driving order, as a
driver would read them) or from the tile centres.  Either way it may be
broken: it may fail to close, or a tile may not follow the one before it.
Construction never raises for such faults; it records them so that validation
can report them all.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from trackkit.piecepack.geometry import TILE, Heading, Point, format_point, step
from trackkit.piecepack.laying import lay_path
from trackkit.piecepack.tiles import Kind, Tile, Transform

__all__ = [
    "MAX_COORDINATE",
    "MAX_DIGITS",
    "MAX_TILES",
    "MAX_TURNS",
    "Break",
    "Circuit",
    "Kind",
    "Tile",
    "Transform",
    "heading_between",
]

MAX_TILES = 120_000
"""The most tiles trackkit lays out in one track: five thousand piecepacks'
worth.  It bounds the work a small file can ask for, and leaves room for the
100,000-tile benchmark."""

MAX_TURNS = 20_000
"""The most corners and chicanes a path lays: each costs the rules a few
times what a straight does (hairpins, u-turns, chicane shapes), so a
30-byte ``path: 60000R`` would otherwise take seconds.  The 100,000-tile
benchmark has about 4,000."""

MAX_COORDINATE = 1_000_000
"""How far from the origin, in tiles, a tile may lie."""

MAX_DIGITS = 100
"""The most digits a number in a layout is written with (a count in a path,
a coordinate, a setting).  A longer one is refused before it is turned into
a number: Python takes long over, or refuses, numbers of thousands of
digits, and no layout needs more than a few."""

@dataclass(frozen=True)
class Break:
    """A place where a circuit does not hold together.

    ``tiles`` are the tile indices involved; ``message`` says what is wrong.
    """

    tiles: tuple[int, ...]
    message: str


@dataclass(frozen=True)
class Circuit:
    """A loop of tiles in driving order.

    ``closed`` tells whether the last tile leads back into tile 0 across the
    edge tile 0 is entered by, heading the same way.  ``breaks`` lists the
    places where a tile does not follow on from the one before it.
    """

    tiles: tuple[Tile, ...]
    closed: bool
    breaks: tuple[Break, ...] = field(default=())

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    def __getitem__(self, index: int) -> Tile:
        return self.tiles[index % len(self.tiles)]

    @cached_property
    def is_whole(self) -> bool:
        """True when the loop closes and every tile follows the one before."""
        return self.closed and not self.breaks and all(t.kind is not None for t in self.tiles)

    def kinds(self) -> tuple[Kind, ...]:
        """The kinds in driving order; requires a whole circuit."""
        return tuple(t.kind for t in self.tiles if t.kind is not None)

    def centres(self) -> tuple[Point, ...]:
        return tuple([t.centre for t in self.tiles])

    def corners(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.is_corner)

    @property
    def clockwise(self) -> bool:
        """Whether the loop turns right overall (more right than left corners)."""
        return self.turning_number() > 0

    def turning_number(self) -> int:
        """Right turns minus left turns: 4 clockwise, -4 counterclockwise."""
        kinds = self.kinds()
        return sum(k is Kind.RIGHT for k in kinds) - sum(k is Kind.LEFT for k in kinds)

    # --- construction -------------------------------------------------------

    @classmethod
    def from_path(
        cls,
        kinds: Sequence[Kind],
        *,
        origin: Point = (0, 0),
        heading: Heading = Heading.EAST,
    ) -> Circuit:
        """Lay tiles down one after another, as a player reads a path.

        Tile 0's driving line passes through ``origin`` (spaces) heading
        ``heading``; every next tile lies beyond the exit edge of the one
        before.  The circuit is closed when the line comes back to ``origin``
        heading the same way.
        """
        if cls is Circuit and len(kinds) >= KEPT_FROM:
            return _kept_path(tuple(kinds), origin, heading)
        return cls._laid(kinds, origin, heading)

    @classmethod
    def _laid(cls, kinds: Sequence[Kind], origin: Point, heading: Heading) -> Circuit:
        """:meth:`from_path`, the tiles laid afresh."""
        laid = lay_path(kinds, origin, heading)
        closed = bool(laid.tiles) and laid.line == origin and laid.facing == heading
        return cls(tuple(laid.tiles), closed, tuple(_edge_breaks(laid.tiles, laid.off_line)))

    @classmethod
    def from_centres(cls, centres: Sequence[Point]) -> Circuit:
        """Work out each tile's kind from where the tiles lie.

        A tile centred on whole tiles (even coordinates in spaces) lies on the
        driving line; one with a single odd coordinate is a chicane, pushed
        half a tile off the line of the tile before it.
        """
        return _CentreReader(tuple(centres)).read()

    # --- conversion ---------------------------------------------------------

    def path_tokens(self) -> list[str]:
        """The path, one token per tile; requires a whole circuit."""
        return [kind.value for kind in self.kinds()]

    def line_origin(self) -> Point:
        """Where tile 0's driving line crosses its centre, in spaces."""
        return self.tiles[0].line_point

    # --- transformations (used by tests and the generator) ------------------

    def mapped(self, transform: Transform) -> Circuit:
        """The same tiles moved on the table by ``transform``."""
        return Circuit.from_centres([transform(c) for c in self.centres()])

    def reversed(self) -> Circuit:
        """The same tiles driven the other way, tile 0 still first."""
        centres = self.centres()
        return Circuit.from_centres((centres[0], *centres[:0:-1]))

    def started_at(self, index: int) -> Circuit:
        """The same loop numbered from tile ``index``."""
        centres = self.centres()
        return Circuit.from_centres(centres[index:] + centres[:index])


def _shares_edge(a: Point, b: Point) -> bool:
    """Two tiles share a stretch of edge (not just a corner point)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dx == TILE and dy < TILE) or (dy == TILE and dx < TILE)


def _edge_breaks(tiles: Sequence[Tile], off_line: Sequence[int]) -> Iterator[Break]:
    """Each place where a tile laid from a path does not share an edge with
    the one before it, in driving order.  Two tiles on the driving line lie
    a whole tile apart along it, so they always share an edge; only a pair
    holding a tile pushed off the line (one of ``off_line``, a chicane) may
    not, and only those pairs are looked at."""
    pairs = {(index + step - 1, index + step) for index in off_line for step in (0, 1)}
    for first, second in sorted(pairs):
        if first < 0 or second >= len(tiles):
            continue
        before, after = tiles[first], tiles[second]
        if not _shares_edge(before.centre, after.centre):
            yield Break(
                (before.index, after.index),
                f"{after.describe()} does not share an edge with {before.describe()}",
            )


KEPT_FROM = 10_000
"""The length of path from which :meth:`Circuit.from_path` keeps what it
laid (the last two such paths): a huge path read again, as a check that
writes a layout and reads it back does or a file given to several commands
in one process, is laid once.  A circuit is never changed once made."""


@lru_cache(maxsize=2)
def _kept_path(kinds: tuple[Kind, ...], origin: Point, heading: Heading) -> Circuit:
    return Circuit._laid(kinds, origin, heading)


def heading_between(a: Point, b: Point) -> Heading | None:
    """The heading from tile ``a`` to the tile ``b`` beyond one of its edges."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) == TILE and abs(dy) < TILE:
        return Heading.EAST if dx > 0 else Heading.WEST
    if abs(dy) == TILE and abs(dx) < TILE:
        return Heading.NORTH if dy > 0 else Heading.SOUTH
    return None


def _on_line(point: Point) -> bool:
    return point[0] % TILE == 0 and point[1] % TILE == 0


class _CentreReader:
    """Reads kinds off a list of tile centres, noting every break."""

    def __init__(self, centres: tuple[Point, ...]) -> None:
        self.centres = centres
        self.breaks: list[Break] = []

    def read(self) -> Circuit:
        n = len(self.centres)
        if n == 0:
            return Circuit((), False, ())
        closing = heading_between(self.centres[-1], self.centres[0]) if n > 1 else None
        steps = [heading_between(self.centres[i], self.centres[i + 1]) for i in range(n - 1)]
        exits: list[Heading | None] = [*steps, closing]
        entries: list[Heading | None] = [closing, *steps]
        if entries[0] is None:
            entries[0] = exits[0]
        if exits[-1] is None:
            exits[-1] = entries[-1]
        for i in range(n - 1):
            if steps[i] is None:
                self._break((i, i + 1), f"{self._name(i + 1)} does not share an edge with {self._name(i)}")
        tiles = [self._tile(i, entries[i], exits[i]) for i in range(n)]
        line_returns = self._check_line(tiles)
        closed = closing is not None and line_returns
        return Circuit(tuple(tiles), closed, tuple(self.breaks))

    def _name(self, index: int) -> str:
        return f"tile {index} at {format_point(self.centres[index])}"

    def _break(self, tiles: tuple[int, ...], message: str) -> None:
        self.breaks.append(Break(tiles, message))

    def _tile(self, index: int, entry: Heading | None, exit: Heading | None) -> Tile:
        centre = self.centres[index]
        if entry is None or exit is None:
            return Tile(index, centre, None, entry, exit)
        if exit == entry.opposite():
            self._break((index,), f"{self._name(index)}: the road doubles back on itself")
            return Tile(index, centre, None, entry, exit)
        kind: Kind | None
        if exit == entry.left():
            kind = Kind.LEFT
        elif exit == entry.right():
            kind = Kind.RIGHT
        else:
            kind = Kind.STRAIGHT
        if not _on_line(centre):
            kind = self._off_line_kind(index, kind, entry)
        return Tile(index, centre, kind, entry, exit)

    def _off_line_kind(self, index: int, kind: Kind, heading: Heading) -> Kind | None:
        centre = self.centres[index]
        if centre[0] % TILE and centre[1] % TILE:
            self._break((index,), f"{self._name(index)} is half a tile off the grid both ways")
            return None
        if kind.is_corner:
            self._break((index,), f"{self._name(index)} is a corner half a tile off the driving line")
            return None
        sideways_odd = centre[1] % TILE if heading.is_horizontal() else centre[0] % TILE
        if not sideways_odd:
            self._break((index,), f"{self._name(index)} is shifted half a tile along the road")
            return None
        return Kind.CHICANE_LEFT  # side settled by _check_line

    def _check_line(self, tiles: list[Tile]) -> bool:
        """Follow the driving line round; fix chicane sides; note tiles off it.

        Returns False only when the line is followed all the way round and does
        not come back to tile 0 where it started.
        """
        if any(t.kind is None or t.entry is None for t in tiles):
            return True
        start = _line_start(tiles)
        line = start
        for i, tile in enumerate(tiles):
            assert tile.entry is not None and tile.kind is not None
            if i > 0:
                line = step(line, tile.entry, TILE)
            kind = _kind_at(tile, line)
            if kind is None:
                self._break((i - 1, i) if i else (i,), f"{self._name(i)} is off the driving line")
                return True
            tiles[i] = Tile(i, tile.centre, kind, tile.entry, tile.exit)
            if kind.is_corner:
                line = tile.centre
        assert tiles[-1].exit is not None
        return step(line, tiles[-1].exit, TILE) == start


def _line_start(tiles: list[Tile]) -> Point:
    """Tile 0's point on the driving line.

    For a chicane at tile 0 the line is found from a tile on the line: the
    tile before it (round the loop) if that one leads into it, else the first
    tile on the line further along the same straight.
    """
    first = tiles[0]
    assert first.entry is not None
    if _on_line(first.centre):
        return first.centre
    before = tiles[-1].centre
    if _on_line(before) and heading_between(before, first.centre) is first.entry:
        return step(before, first.entry, TILE)
    for distance, tile in enumerate(tiles[1:], 1):
        if tile.entry is not first.entry:
            break
        if _on_line(tile.centre):
            return step(tile.centre, first.entry, -TILE * distance)
    side = first.entry.left()
    return (first.centre[0] - side.dx, first.centre[1] - side.dy)


def _kind_at(tile: Tile, line: Point) -> Kind | None:
    """The kind of ``tile`` given that the driving line passes through ``line``."""
    assert tile.entry is not None and tile.kind is not None
    offset = (tile.centre[0] - line[0], tile.centre[1] - line[1])
    if offset == (0, 0):
        return tile.kind if not tile.kind.is_chicane else Kind.STRAIGHT
    if tile.kind.is_corner:
        return None
    left, right = tile.entry.left(), tile.entry.right()
    if offset == (left.dx, left.dy):
        return Kind.CHICANE_LEFT
    if offset == (right.dx, right.dy):
        return Kind.CHICANE_RIGHT
    return None
