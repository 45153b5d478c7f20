"""The table of a Racepack race before the start: every piece and mark.

A Racepack *setup* is computed once here and drawn, previewed and exported
by the outer layers, which know no rules.  Besides the loop of tiles (grid
side up), the table holds:

* *extra tiles* (:mod:`trackkit.racepack.constructions`): the tiles of a pit
  lane or of a wide main straight, laid beside the loop but not part of it;
* *pit dividers*: the line between the main straight and a pit lane laid
  against it, which only cars going into or out of the pits may cross;
* *pit-lane spaces* of a three-lane wide straight: the outermost lane, kept
  for cars entering the pits;
* *stopping places*: every other space of the pit lane, where a team's car
  stops (the rules mark them with dice of the team's colour);
* *walls*: the strip of card the rules suggest standing between the two
  roads of a hairpin, 2 inches long, where the roads touch;
* *hazards* (:mod:`trackkit.racepack.hazards`, as stored in the layout): null
  coins lying on single spaces;
* the *starting grid* (:mod:`trackkit.racepack.grid`): the space each car
  starts on, car 1 (the *pole*) on the inside lane of the front row;
* the *inside lane* (:mod:`trackkit.racepack.lanes`): on every tile, the lane
  on the side the next corner turns toward;
* the *start/finish line* and the *lap die* set against the outside of the
  track at the line, showing the laps (:mod:`trackkit.racepack.finish`);
* the *numbered corners*, 1 for the first corner tile after the line.

:func:`table_setup` gathers them, with :attr:`RacepackSetup.pieces`: every
physical piece on the table (:class:`~trackkit.piecepack.setup.Piece`),
each one distinct.  Beside the table, :func:`fault_tiles` names the tiles a
broken rule names and :func:`racing_line` the spaces of the fastest safe
lap, for drawings that mark them.

Each finder returns nothing when the circuit is not a whole loop or the
thing cannot be placed (a grid with no room behind the line, say): a diagram
is still worth drawing without it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from trackkit.errors import TrackkitError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import Heading, Point, Square
from trackkit.piecepack.ground import footprint
from trackkit.piecepack.setup import Piece as TablePiece
from trackkit.piecepack.setup import PieceBox, laid_tiles
from trackkit.racepack.analysis import Corner, direction, numbered_corners, resolve_start
from trackkit.racepack.constructions import extra_tiles, outward, stopping_places
from trackkit.racepack.finish import DIE_SIDE, FinishLine, LapDie, cell_at, finish_line, lap_die, outside
from trackkit.racepack.grid import starting_grid
from trackkit.racepack.lanes import inside_lanes
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Quadrant, cell_of
from trackkit.racepack.u_turns import hairpins

__all__ = [
    "DIE_SIDE",
    "SUITS",
    "ExtraPiece",
    "FinishLine",
    "Furniture",
    "GridSlot",
    "Hazard",
    "LapDie",
    "Piece",
    "RacepackSetup",
    "cell_at",
    "covered_cells",
    "extra_pieces",
    "find_furniture",
    "finish_line",
    "grid_slots",
    "hairpin_walls",
    "hazards",
    "inside_lane_cells",
    "lap_die",
    "open_pieces",
    "outline",
    "outside",
    "pit_dividers",
    "pit_lane_cells",
    "stopping_cells",
    "table_setup",
    "widened",
]

Piece = tuple[Point, Point]
"""A one-space stretch of a tile's outline, its ends in order."""

SUITS = ("suns", "moons", "crowns", "arms")
"""The four piecepack suits, in the order the hazard coins are drawn in."""


@dataclass(frozen=True)
class ExtraPiece:
    """A tile beside the loop: number ``number`` of row ``row`` (``pit`` or
    ``wide``), centred on ``centre`` and laid against loop tile ``beside``;
    cars on it drive ``heading``."""

    row: str
    number: int
    centre: Point
    beside: int
    heading: Heading


@dataclass(frozen=True)
class Hazard:
    """Hazard ``number`` (1 for the first placed) on loop tile ``tile``, lying
    on ``cell``; drawn as the null coin of ``suit``."""

    number: int
    tile: int
    cell: Square
    suit: str


@dataclass(frozen=True)
class GridSlot:
    """Car ``car`` starts on ``cell``; car 1 has the ``pole``."""

    car: int
    cell: Square
    pole: bool


@dataclass(frozen=True)
class Furniture:
    """Everything besides the loop that a diagram of one layout shows."""

    extras: tuple[ExtraPiece, ...] = ()
    pit_dividers: tuple[Piece, ...] = ()
    pit_cells: tuple[Square, ...] = ()
    stops: tuple[Square, ...] = ()
    walls: tuple[Piece, ...] = ()
    hazards: tuple[Hazard, ...] = ()
    grid: tuple[GridSlot, ...] = ()
    inside_lane: tuple[Square, ...] = ()

    def cells(self) -> set[Square]:
        """Every space the extra tiles cover."""
        return {cell for piece in self.extras for cell in footprint(piece.centre)}


def find_furniture(layout: Layout, grid: bool = False) -> Furniture:
    """Gather everything besides the loop, for a whole circuit; the starting
    grid only when ``grid`` is true."""
    if not layout.circuit.is_whole:
        return Furniture()
    extras = extra_pieces(layout)
    return Furniture(
        extras=extras,
        pit_dividers=pit_dividers(layout.circuit, extras),
        pit_cells=pit_lane_cells(layout, extras),
        stops=stopping_cells(layout),
        walls=hairpin_walls(layout.circuit),
        hazards=hazards(layout),
        grid=grid_slots(layout) if grid else (),
        inside_lane=inside_lane_cells(layout),
    )


# --- tiles beside the loop -----------------------------------------------------------


def extra_pieces(layout: Layout) -> tuple[ExtraPiece, ...]:
    """The pit-lane and wide-row tiles, pit lane first."""
    circuit = layout.circuit
    return tuple(
        ExtraPiece(t.row, t.number, t.centre, t.beside, circuit[t.beside].entry or Heading.EAST)
        for t in extra_tiles(layout)
    )


def outline(centre: Point) -> set[Piece]:
    """A tile's outline cut into one-space pieces, each with its ends in order."""
    x, y = centre
    pieces: set[Piece] = set()
    for k in (-1, 0):
        pieces.add(((x + k, y - 1), (x + k + 1, y - 1)))
        pieces.add(((x + k, y + 1), (x + k + 1, y + 1)))
        pieces.add(((x - 1, y + k), (x - 1, y + k + 1)))
        pieces.add(((x + 1, y + k), (x + 1, y + k + 1)))
    return pieces


def open_pieces(circuit: Circuit, extras: tuple[ExtraPiece, ...]) -> set[Piece]:
    """Outline pieces the road runs across between an extra tile and the tile
    it lies against, or the next tile of its row: not road edges."""
    found: set[Piece] = set()
    for piece in extras:
        own = outline(piece.centre)
        found |= own & outline(circuit[piece.beside].centre)
        for other in extras:
            if other.row == piece.row and abs(other.number - piece.number) == 1:
                found |= own & outline(other.centre)
    return found


def pit_dividers(circuit: Circuit, extras: tuple[ExtraPiece, ...]) -> tuple[Piece, ...]:
    """Where the pit lane meets the road it lies against."""
    found: set[Piece] = set()
    for piece in extras:
        if piece.row == "pit":
            found |= outline(piece.centre) & outline(circuit[piece.beside].centre)
    return tuple(sorted(found))


def pit_lane_cells(layout: Layout, extras: tuple[ExtraPiece, ...]) -> tuple[Square, ...]:
    """The outermost lane of a three-lane wide straight: its pit lane."""
    wide = layout.wide
    if wide is None or wide.lanes != 3:
        return ()
    cells: list[Square] = []
    for piece in extras:
        if piece.row != "wide":
            continue
        out = outward(layout.circuit, piece.heading, wide.side)
        cells += [c for c in footprint(piece.centre) if _towards(c, piece.centre, out)]
    return tuple(sorted(cells))


def _towards(cell: Square, centre: Point, heading: Heading) -> bool:
    """Whether ``cell`` is the half of the tile at ``centre`` lying towards ``heading``."""
    dx, dy = cell[0] + 0.5 - centre[0], cell[1] + 0.5 - centre[1]
    return dx * heading.dx + dy * heading.dy > 0


def stopping_cells(layout: Layout) -> tuple[Square, ...]:
    """The spaces of the pit lane where cars stop."""
    cells = []
    for place in stopping_places(layout):
        x, y = place.square
        cells.append((int((x * 2) // 1), int((y * 2) // 1)))
    return tuple(cells)


# --- hairpin walls -----------------------------------------------------------------


def hairpin_walls(circuit: Circuit) -> tuple[Piece, ...]:
    """The stretch of edge where each hairpin's two roads touch, as one piece
    from end to end (2 spaces long: the card the rules suggest)."""
    walls: list[Piece] = []
    for hairpin in hairpins(circuit):
        first, second = hairpin.wall
        shared = sorted(outline(circuit[first].centre) & outline(circuit[second].centre))
        if shared:
            walls.append((shared[0][0], shared[-1][1]))
    return tuple(walls)


# --- race setup ----------------------------------------------------------------------


def hazards(layout: Layout) -> tuple[Hazard, ...]:
    """The hazard coins stored in the layout, each in the next suit in turn
    (a piecepack's four null coins are one of each suit)."""
    circuit = layout.circuit
    found: list[Hazard] = []
    for number, (tile, quadrant) in enumerate(layout.hazards, 1):
        if not 0 <= tile < len(circuit):
            continue
        cell = Quadrant.parse(quadrant).cell(circuit[tile].centre)
        found.append(Hazard(number, tile, cell, SUITS[(number - 1) % len(SUITS)]))
    return tuple(found)


def grid_slots(layout: Layout) -> tuple[GridSlot, ...]:
    """Where each car starts; nothing when the grid does not fit."""
    try:
        grid = starting_grid(layout)
    except TrackkitError:
        return ()
    return tuple(GridSlot(s.car, cell_of(layout.circuit, s.space), s.car == 1) for s in grid.slots)


def inside_lane_cells(layout: Layout) -> tuple[Square, ...]:
    """The inside-lane spaces of every loop tile."""
    try:
        lanes = inside_lanes(layout)
    except TrackkitError:
        return ()
    return tuple(sorted({cell_of(layout.circuit, space) for tile in lanes.tiles for space in tile.spaces}))


# --- the line across a wide straight ------------------------------------------------


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



# --- the whole table -----------------------------------------------------------------


@dataclass(frozen=True)
class RacepackSetup:
    """The table of ``layout`` before the start (see the module's text).

    ``whole`` says whether the circuit is a closed loop; the line, the lap
    die and the corner numbers need one and are None or empty otherwise.
    ``direction`` is ``clockwise`` or ``counterclockwise`` (empty when the
    loop is not whole).
    """

    layout: Layout
    whole: bool
    furniture: Furniture
    finish: FinishLine | None
    die: LapDie | None
    corners: tuple[Corner, ...]
    direction: str

    @property
    def pieces(self) -> tuple[TablePiece, ...]:
        """Every physical piece on the table, each once.  Raises
        :class:`~trackkit.errors.EquipmentError` when the packs run out
        (a drawing of such a table still works: it needs no pieces)."""
        return tuple(_pieces(self))


def covered_cells(circuit: Circuit) -> set[Square]:
    """Every space the loop's tiles cover."""
    return {cell for tile in circuit for cell in footprint(tile.centre)}


def table_setup(layout: Layout, grid: bool = False) -> RacepackSetup:
    """Everything on the table of ``layout``; the cars on the starting grid
    only when ``grid`` is true (a diagram may leave them off)."""
    circuit = layout.circuit
    whole = circuit.is_whole
    furniture = find_furniture(layout, grid)
    finish = widened(finish_line(layout), furniture.extras) if whole else None
    die = None
    if finish is not None:
        die = lap_die(layout, finish, covered_cells(circuit) | furniture.cells())
    corners = tuple(numbered_corners(circuit, resolve_start(layout))) if whole else ()
    return RacepackSetup(layout, whole, furniture, finish, die, corners, direction(circuit) if whole else "")


def _pieces(setup: RacepackSetup) -> Iterator[TablePiece]:
    """The physical pieces: the loop's tiles then any extra tiles (grid side
    up, each tile of the packs once, suit by suit, rank by rank), the lap
    die showing the laps, the hazards' null coins (suit side up) and the
    cars: pawns, then dice "pressed into service" once the pawns run out."""
    layout = setup.layout
    box = PieceBox(layout.packs, "Racepack")
    tiles = [(f"loop tile {t.index}", t.centre) for t in layout.circuit]
    tiles += [(f"{t.row} tile {t.number}", t.centre) for t in extra_tiles(layout)] if setup.whole else []
    yield from laid_tiles(box, tiles)
    if setup.die is not None:
        pack = box.take("die", SUITS[0])
        face = min(layout.laps, 5)
        yield TablePiece("die", SUITS[0], face, *setup.die.centre, "face", "lap die", pack)
    for hazard in setup.furniture.hazards:
        pack = box.take("coin", hazard.suit, 0)
        cx, cy = hazard.cell
        yield TablePiece("coin", hazard.suit, 0, cx + 0.5, cy + 0.5, "face", f"hazard {hazard.number}", pack)
    for slot in setup.furniture.grid:
        cx, cy = slot.cell
        suit = SUITS[(slot.car - 1) % len(SUITS)]
        role = f"car {slot.car}"
        if box.has("pawn", suit):
            yield TablePiece("pawn", suit, 0, cx + 0.5, cy + 0.5, "face", role, box.take("pawn", suit))
        else:
            pack, die_suit, _ = box.take_any("die")
            yield TablePiece("die", die_suit, 0, cx + 0.5, cy + 0.5, "face", role, pack)
