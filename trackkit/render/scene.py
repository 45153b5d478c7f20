"""What a track diagram shows, worked out on the table before anything is drawn.

A *scene* is the list of things a diagram of a layout shows, each placed in
table coordinates (spaces, x east, y north; see :mod:`trackkit.piecepack.geometry`):

* the *tiles*, each a 2-inch square whose back is a 2x2 grid of spaces;
* the *road edges*: the sides of the road, where a car would leave the track.
  The road is two lanes (two spaces) wide, so its edges are the tile sides
  that are not crossed by the road, that is every stretch of a tile's outline
  not shared with the tile before or after it.  On a corner tile these are the
  two *outer* sides; the inner side of a corner shrinks to the tile's inner
  corner point.  At a chicane the road narrows to one lane where the shifted
  tile meets its neighbours, and the unshared half edges show that jog;
* *arrows* giving the driving direction, one on each tile where the road runs
  straight;
* the *start/finish line* across the road;
* the *lap die*, a die set against the outside of the track at the line and
  turned to show the number of laps (the *outside* is the side away from the
  middle of the loop: the left of the driving direction on a clockwise track);
* the *corner numbers*, 1 for the first corner tile after the line and so on,
  each in a free space just outside the corner's *outer corner point* (the
  corner of the tile the road swings round on the outside), as in the
  rulebook's Figure 1;
* the *furniture* other parts of trackkit add: pit lanes, wide straights,
  hairpin walls, hazards, the starting grid and the inside lane (see
  :mod:`trackkit.render.furniture`).

The scene is plain data so that the SVG renderer and the terminal preview draw
the same thing, and so that tests can check the placement without parsing
pictures.  This module uses the standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from trackkit.piecepack.circuit import Circuit, Tile
from trackkit.piecepack.geometry import Heading, Point
from trackkit.piecepack.ground import footprint
from trackkit.racepack.analysis import direction, numbered_corners, resolve_start
from trackkit.racepack.layout import Layout
from trackkit.render.furniture import ExtraPiece, Furniture, find_furniture, open_pieces, outline

Vec = tuple[float, float]
"""A point or offset on the table in spaces; may fall between whole spaces."""

Cell = Point
"""A one-space square, named by its south-west corner point."""

LABEL_RADIUS = 0.4
"""Radius of the disc a corner number is printed on, in spaces (inches)."""

DIE_SIDE = 0.625
"""Side of the lap die in spaces: a piecepack die is about 5/8 inch (16 mm)."""

# Where to try a corner number, as multiples of the two outward directions of
# the corner (see ``_label_cells``): diagonally beyond the outer corner point
# first, then beside either outer side, then a ring further out.
_LABEL_OFFSETS: tuple[tuple[float, float], ...] = (
    (0.5, 0.5),
    (0.5, -0.5),
    (-0.5, 0.5),
    (1.5, 0.5),
    (0.5, 1.5),
    (1.5, -0.5),
    (-0.5, 1.5),
    (1.5, 1.5),
    (0.5, -1.5),
    (-1.5, 0.5),
)
_LABEL_FALLBACK = (-0.5, -0.5)
"""The corner tile's own outer space, used when everything around is taken."""

_DIE_TRIES = 6
"""How many spaces outwards the lap die may be pushed to clear other tiles."""


@dataclass(frozen=True)
class Segment:
    """A straight stretch of road edge from ``start`` to ``end`` (points in spaces)."""

    start: Point
    end: Point


@dataclass(frozen=True)
class Arrow:
    """A driving-direction arrow at ``at``, the centre of tile ``tile`` (``-1``
    for a tile beside the loop)."""

    tile: int
    at: Point
    heading: Heading


@dataclass(frozen=True)
class CornerLabel:
    """Corner ``number`` (tile ``tile``, turning ``turn``), printed in ``cell``."""

    number: int
    tile: int
    turn: str
    cell: Cell

    @property
    def centre(self) -> Vec:
        return (self.cell[0] + 0.5, self.cell[1] + 0.5)


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
    def cells_after(self) -> tuple[Cell, ...]:
        """The spaces just past the line, from the driver's right to left."""
        (ax, ay), _ = self.ends
        side, ahead = self.heading.left(), self.heading
        return tuple(
            _cell_at((ax + (k + 0.5) * side.dx + 0.5 * ahead.dx, ay + (k + 0.5) * side.dy + 0.5 * ahead.dy))
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
    cells: tuple[Cell, ...]

    @property
    def cell(self) -> Cell:
        """The space just before the line: where a one-cell preview shows the die."""
        return self.cells[0]


@dataclass(frozen=True)
class Bounds:
    """A rectangle on the table in spaces: ``left <= x <= right``, ``bottom <= y <= top``."""

    left: float
    bottom: float
    right: float
    top: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.top - self.bottom

    def union(self, other: Bounds) -> Bounds:
        return Bounds(
            min(self.left, other.left),
            min(self.bottom, other.bottom),
            max(self.right, other.right),
            max(self.top, other.top),
        )


@dataclass(frozen=True)
class Scene:
    """Everything a diagram of ``layout`` shows, placed on the table.

    ``whole`` says whether the circuit is a closed loop; when it is not, the
    parts that need a loop (corner numbers, the start/finish line, the lap die)
    are left out and ``subtitle`` says so.
    """

    layout: Layout
    whole: bool
    title: str
    subtitle: str
    tiles: tuple[Tile, ...]
    road_edges: tuple[Segment, ...]
    arrows: tuple[Arrow, ...]
    finish: FinishLine | None
    die: LapDie | None
    labels: tuple[CornerLabel, ...]
    bounds: Bounds
    furniture: Furniture

    @property
    def circuit(self) -> Circuit:
        return self.layout.circuit


def build_scene(layout: Layout, grid: bool = False) -> Scene:
    """Work out where every part of ``layout``'s diagram goes; with ``grid``,
    the starting grid too."""
    circuit = layout.circuit
    whole = circuit.is_whole
    furniture = find_furniture(layout, grid)
    finish = widened(finish_line(layout), furniture.extras) if whole else None
    taken = covered_cells(circuit) | furniture.cells()
    die = lap_die(layout, finish, taken) if finish is not None else None
    if die is not None:
        taken |= set(die.cells)
    labels = corner_labels(layout, taken) if whole else ()
    return Scene(
        layout=layout,
        whole=whole,
        title=layout.name or "Untitled track",
        subtitle=subtitle(layout, furniture.extras),
        tiles=circuit.tiles,
        road_edges=road_edges(circuit, furniture.extras),
        arrows=clear_of(arrows(circuit, finish, furniture.extras), {slot.cell for slot in furniture.grid}),
        finish=finish,
        die=die,
        labels=labels,
        bounds=scene_bounds(circuit, labels, die, furniture.extras),
        furniture=furniture,
    )


def subtitle(layout: Layout, extras: tuple[ExtraPiece, ...] = ()) -> str:
    """One line of facts under the title: ``24 tiles · clockwise · 3 laps · 8 corners``.

    Tiles beside the loop are counted apart: ``20 tiles + 4 pit-lane tiles``.
    """
    circuit = layout.circuit
    tiles = _plural(len(circuit), "tile")
    for row, words in (("pit", "pit-lane tile"), ("wide", "wide-straight tile")):
        count = sum(piece.row == row for piece in extras)
        if count:
            tiles += f" + {_plural(count, words)}"
    if not circuit.is_whole:
        return f"{tiles} · not a closed circuit: run 'trackkit validate'"
    corners = _plural(len(circuit.corners()), "corner")
    laps = _plural(layout.laps, "lap")
    return f"{tiles} · {direction(circuit)} · {laps} · {corners}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- tiles and road edges ---------------------------------------------------


def covered_cells(circuit: Circuit) -> set[Cell]:
    """Every one-space square some tile covers."""
    return {cell for tile in circuit for cell in footprint(tile.centre)}


def road_edges(circuit: Circuit, extras: tuple[ExtraPiece, ...] = ()) -> tuple[Segment, ...]:
    """The road's edges, joined into the longest straight stretches.

    A stretch of a tile's outline is an edge unless the road crosses it into
    the tile before or after (the loop wraps round only when it is closed).
    Stretches where two roads touch side by side (a hairpin) are edges of both
    and appear once.  A tile beside the loop (``extras``) widens the road:
    the stretch it shares with the tile it lies against, and with the next
    tile of its row, is open.
    """
    tiles = circuit.tiles
    outlines = [outline(t.centre) for t in tiles]
    pieces: set[tuple[Point, Point]] = set()
    for index, own in enumerate(outlines):
        shared: set[tuple[Point, Point]] = set()
        for other in _road_neighbours(index, len(tiles), circuit.closed):
            shared |= own & outlines[other]
        pieces |= own - shared
    for piece in extras:
        pieces |= outline(piece.centre)
    pieces -= open_pieces(circuit, extras)
    return tuple(_join(pieces))


def _road_neighbours(index: int, count: int, closed: bool) -> Iterator[int]:
    """The tiles the road runs into from tile ``index``: before and after."""
    for other in (index - 1, index + 1):
        if 0 <= other < count:
            yield other
        elif closed and count > 1:
            yield other % count


def _join(pieces: Iterable[tuple[Point, Point]]) -> Iterator[Segment]:
    """Merge one-space pieces that continue each other in a straight line."""
    remaining = set(pieces)
    for piece in sorted(remaining):
        if piece not in remaining:
            continue
        start, end = piece
        vertical = start[0] == end[0]
        while (before := _previous_piece(start, vertical)) in remaining:
            remaining.discard(before)
            start = before[0]
        while (after := _next_piece(end, vertical)) in remaining:
            remaining.discard(after)
            end = after[1]
        remaining.discard(piece)
        yield Segment(start, end)


def _previous_piece(point: Point, vertical: bool) -> tuple[Point, Point]:
    x, y = point
    return ((x, y - 1), point) if vertical else ((x - 1, y), point)


def _next_piece(point: Point, vertical: bool) -> tuple[Point, Point]:
    x, y = point
    return (point, (x, y + 1)) if vertical else (point, (x + 1, y))


# --- arrows -----------------------------------------------------------------


def arrows(
    circuit: Circuit, finish: FinishLine | None, extras: tuple[ExtraPiece, ...] = ()
) -> tuple[Arrow, ...]:
    """An arrow on every tile the road crosses straight, except a tile whose
    middle the start/finish line crosses, and on every tile of a wide straight's
    extra row (a pit lane's tiles carry its stopping places instead).
    A loop of corners alone gets an arrow on each corner, pointing the way
    the road leaves it."""
    crossed = finish.tile if finish is not None and finish.position.denominator == 2 else None
    found = [
        Arrow(t.index, t.centre, t.entry)
        for t in circuit
        if t.entry is not None and t.kind is not None and t.kind.is_straight and t.index != crossed
    ]
    found += [Arrow(-1, p.centre, p.heading) for p in extras if p.row == "wide" and p.beside != crossed]
    if found or not circuit.is_whole:
        return tuple(found)
    return tuple(Arrow(t.index, t.centre, t.exit) for t in circuit if t.exit is not None)


def clear_of(found: tuple[Arrow, ...], cells: set[Cell]) -> tuple[Arrow, ...]:
    """The arrows on tiles none of whose spaces is in ``cells`` (the cars of the
    starting grid stand there instead)."""
    return tuple(arrow for arrow in found if not cells & set(footprint(arrow.at)))


# --- start/finish line and lap die --------------------------------------------


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


def widened(finish: FinishLine, extras: tuple[ExtraPiece, ...]) -> FinishLine:
    """The line carried on across a wide straight's extra row, where there is
    one beside the tile the line crosses."""
    (ax, ay), (bx, by) = finish.ends
    side = finish.heading.left()
    for piece in extras:
        if piece.row != "wide" or piece.beside != finish.tile:
            continue
        px, py = piece.centre
        cx, cy = finish.middle
        if (px - cx) * side.dx + (py - cy) * side.dy > 0:
            bx, by = bx + 2 * side.dx, by + 2 * side.dy
        else:
            ax, ay = ax - 2 * side.dx, ay - 2 * side.dy
    return FinishLine(finish.position, finish.tile, finish.heading, ((ax, ay), (bx, by)), finish.middle)


def outside(circuit: Circuit, heading: Heading) -> Heading:
    """The side of the road away from the middle of the loop, for a car driving
    ``heading``: left on a clockwise track, right on a counterclockwise one."""
    return heading.left() if circuit.turning_number() > 0 else heading.right()


def lap_die(layout: Layout, finish: FinishLine, taken: set[Cell]) -> LapDie:
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
    before = _cell_at((centre[0] - 0.5 * h.dx, centre[1] - 0.5 * h.dy))
    after = _cell_at((centre[0] + 0.5 * h.dx, centre[1] + 0.5 * h.dy))
    return LapDie(laps, centre, side, (before, after))


def _cell_at(point: Vec) -> Cell:
    """The space whose inside holds ``point`` (which must not lie on a grid line)."""
    return (int(point[0] // 1), int(point[1] // 1))


# --- corner numbers ---------------------------------------------------------


def corner_labels(layout: Layout, taken: set[Cell]) -> tuple[CornerLabel, ...]:
    """Number the corners and give each number a free space beside its corner."""
    circuit = layout.circuit
    corners = numbered_corners(circuit, resolve_start(layout))
    taken = set(taken) | shared_diagonals([circuit[c.tile] for c in corners])
    labels: list[CornerLabel] = []
    for corner in corners:
        cell = label_cell(circuit[corner.tile], taken)
        taken.add(cell)
        labels.append(CornerLabel(corner.number, corner.tile, corner.turn, cell))
    return tuple(labels)


def shared_diagonals(corners: Iterable[Tile]) -> set[Cell]:
    """Spaces that lie diagonally beyond the outer corner point of two corners.

    A number there would belong to either corner, so neither gets it: each
    corner's number goes beside one of its own outer sides instead.
    """
    seen: set[Cell] = set()
    shared: set[Cell] = set()
    for tile in corners:
        cell = _offset_cell(tile, _LABEL_OFFSETS[0])
        (shared if cell in seen else seen).add(cell)
    return shared


def label_cell(tile: Tile, taken: set[Cell]) -> Cell:
    """The first free space from the preferred places around a corner tile;
    the tile's own outer space when every one is taken."""
    for cell in _label_cells(tile):
        if cell not in taken:
            return cell
    return _offset_cell(tile, _LABEL_FALLBACK)


def _label_cells(tile: Tile) -> Iterator[Cell]:
    for offset in _LABEL_OFFSETS:
        yield _offset_cell(tile, offset)


def _offset_cell(tile: Tile, offset: tuple[float, float]) -> Cell:
    """The space at ``offset`` from the corner's outer corner point, measured
    along its two outward directions: the way the car enters (it would run
    straight on off the tile) and the way opposite to where it leaves."""
    assert tile.entry is not None and tile.exit is not None
    first, second = tile.entry, tile.exit.opposite()
    px = tile.centre[0] + first.dx + second.dx
    py = tile.centre[1] + first.dy + second.dy
    a, b = offset
    point = (px + a * first.dx + b * second.dx, py + a * first.dy + b * second.dy)
    return _cell_at(point)


# --- extent -----------------------------------------------------------------


def scene_bounds(
    circuit: Circuit, labels: Iterable[CornerLabel], die: LapDie | None, extras: tuple[ExtraPiece, ...] = ()
) -> Bounds:
    """The smallest rectangle holding every tile, corner number and the die."""
    centres = [*circuit.centres(), *(piece.centre for piece in extras)]
    boxes = [Bounds(x - 1, y - 1, x + 1, y + 1) for x, y in centres]
    boxes += [Bounds(c[0], c[1], c[0] + 1, c[1] + 1) for c in (label.cell for label in labels)]
    if die is not None:
        boxes += [Bounds(c[0], c[1], c[0] + 1, c[1] + 1) for c in die.cells]
    if not boxes:
        return Bounds(0, 0, 0, 0)
    result = boxes[0]
    for box in boxes[1:]:
        result = result.union(box)
    return result
