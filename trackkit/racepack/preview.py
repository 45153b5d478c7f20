"""What a Racepack table shows in a terminal, space by space.

The preview is a grid with one cell per space (one inch of table), top row
north.  A space of a straight tile shows an arrow the way the cars drive; a
space of a corner tile shows the curve the road takes (``╮`` for a road
coming in from the left and leaving downwards, and so on); the two spaces
just past the start/finish line show a chequered flag ``▚``; corner
numbers stand in free cells beside their corners, and the lap die shows
its face (``A`` for one lap, ``2`` to ``5``, as on a piecepack die).
Pit-lane spaces show ``=`` (``P`` where a car stops), the starting grid
``◉`` for the pole car and ``○`` for the others, and a hazard coin the
first letter of its suit, in the suit's style.  A tile a broken rule names
shows the fault mark ``!``.  With the racing line, each space the line
passes shows ``·``, the end of a movement its speed and the end of a turn
``●``.

Each loop tile and each piece beside the loop is its own piece of the
:class:`~trackkit.board.Board`, so that the painter
(:mod:`trackkit.render.terminal`) draws a heavy line round it; the hairpin
walls and the lap die stand on the lines between spaces.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache

from trackkit.board import (
    ARROWS,
    FAULT,
    FINISH,
    SUIT_STYLES,
    Board,
    Grid,
    Mark,
    Preview,
    Style,
    TerminalOptions,
    Words,
    die_face,
    numbering_note,
    pieces_on,
    wall_borders,
)
from trackkit.piecepack.circuit import Tile
from trackkit.piecepack.geometry import Heading, Square
from trackkit.piecepack.ground import footprint
from trackkit.play import Standing
from trackkit.racepack.corner_labels import CornerLabel, corner_numbers
from trackkit.racepack.layout import Layout
from trackkit.racepack.racing_line import fault_tiles, racing_line
from trackkit.racepack.setup import RacepackSetup, table_setup
from trackkit.racepack.view import Bounds, check_drawable, scene_bounds, subtitle

__all__ = [
    "BROKEN",
    "CAR",
    "PASSED",
    "PIT",
    "POLE",
    "STOP",
    "TURN_END",
    "TableView",
    "furniture_marks",
    "layout_board",
    "legend",
    "line_cells",
    "replay_board",
    "scene_board",
    "scene_marks",
    "table_view",
    "tile_mark",
]

PIT = "="
STOP = "P"
POLE = "◉"
CAR = "○"
BROKEN = "?"
"""Drawn on a tile that does not follow on from the tile before."""
PASSED = "·"
TURN_END = "●"
"""The racing line: a space it passes, and where one of its turns ends."""

LINE_KEY = (
    "racing line:", f"{PASSED} passed,", "1–7 speed where a movement ends,", f"{TURN_END} end of a turn"
)
"""The key to the racing line's marks."""

# The curve on a corner tile, by the two tile sides the road joins: the side it
# comes in by (opposite the entry heading) and the side it leaves by.
_CURVES = {
    frozenset((Heading.WEST, Heading.SOUTH)): "╮",
    frozenset((Heading.WEST, Heading.NORTH)): "╯",
    frozenset((Heading.EAST, Heading.SOUTH)): "╭",
    frozenset((Heading.EAST, Heading.NORTH)): "╰",
}


@dataclass(frozen=True)
class TableView:
    """The table as the preview shows it: its ``setup`` (with the starting
    grid or without), the corner numbers and where each stands, and the
    tiles a broken rule names (``faults``, by index)."""

    setup: RacepackSetup
    labels: tuple[CornerLabel, ...]
    faults: tuple[int, ...] = ()

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.setup.layout.circuit.tiles

    @cached_property
    def bounds(self) -> Bounds:
        """The smallest rectangle holding every tile, number and the die."""
        setup = self.setup
        return scene_bounds(setup.layout.circuit, self.labels, setup.die, setup.furniture.extras)


def table_view(layout: Layout, grid: bool, faults: tuple[int, ...] = ()) -> TableView:
    """The view of ``layout``'s table, the cars on their grid when ``grid``
    is set.  Raises :class:`~trackkit.errors.LimitError` for a table too
    large to picture."""
    check_drawable(layout)
    setup = table_setup(layout, grid)
    return TableView(setup, corner_numbers(setup), faults)


def layout_board(layout: Layout, options: TerminalOptions) -> Preview:
    """The preview of a Racepack layout (the ``board`` job of its game):
    the title and facts, the table's marks, and the key to them; the
    starting grid and the racing line when ``options`` ask.  A track too
    large to picture is refused before its rules are checked."""
    check_drawable(layout)
    view = table_view(layout, options.grid, fault_tiles(layout).places)
    marks = scene_marks(view)
    whole = view.setup.whole
    if options.line and whole:
        # each mark once, right-aligned like a corner number: a speed of 1 reads 1, not 11;
        # a piece on the road (a pawn, a hazard coin, the die) stays on top, as in the drawing
        line = {cell: Mark(text, Style.NUMBER, repeat=False) for cell, text in line_cells(layout).items()}
        marks.update({cell: mark for cell, mark in line.items() if not _is_piece(marks.get(cell))})
    title = layout.name or "Untitled track"
    heading = Words(tuple(f"{title} — {subtitle(view.setup)}".split(" ")), " ")
    key = [Words(tuple(legend(view) if whole else _fault_key(view)))]
    if options.line and whole:
        key.append(Words(LINE_KEY, " "))
    return Preview((heading,), Grid(scene_board(view), marks), tuple(key))


def replay_board(layout: Layout, standing: Standing, options: TerminalOptions) -> Preview:
    """A frame of a Racepack replay (the ``replay_board`` job of its game):
    the table without its grid, each car number (1 for the car that started
    on the pole) on its square; no heading and no key."""
    board, marks = _bare_table(layout)
    return pieces_on(board, marks, standing)


@lru_cache(maxsize=4)
def _bare_table(layout: Layout) -> tuple[Board, dict[Square, Mark]]:
    """The board and marks of ``layout``'s table without cars, worked out
    once for all the frames of a replay (the frames copy the marks)."""
    view = table_view(layout, False)
    return scene_board(view), scene_marks(view)


def scene_board(view: TableView) -> Board:
    """The board a view is drawn on: its bounds in whole spaces, each loop
    tile and each piece beside the loop (pit lane, wide straight) its own
    piece, the hairpin walls, and the lap die on the line."""
    bounds = view.bounds
    left, bottom = math.floor(bounds.left), math.floor(bounds.bottom)
    size = (math.ceil(bounds.right) - left, math.ceil(bounds.top) - bottom)
    owners: dict[Square, int] = {}
    for tile in view.tiles:
        for cell in tile.cells():
            owners[cell] = tile.index
    furniture = view.setup.furniture
    for number, piece in enumerate(furniture.extras, len(view.tiles)):
        for cell in footprint(piece.centre):
            owners[cell] = number
    walls = wall_borders(furniture.walls)
    die = view.setup.die
    if die is None:
        return Board((left, bottom), size, owners, walls)
    first, second = die.cells
    return Board((left, bottom), size, owners, walls, _die_mark(die.laps), (first, second))


def legend(view: TableView) -> list[str]:
    """What the marks mean, one item per kind of mark shown."""
    parts = [f"{ARROWS[Heading.EAST]} driving direction", f"{FINISH} start/finish line"]
    setup = view.setup
    if setup.die is not None:
        parts.append(f"[{die_face(setup.die.laps)}] lap die ({_laps(setup.die.laps)})")
    if view.labels:
        corners = len(setup.corners)
        parts.append(f"1–{corners} corners in driving order{numbering_note(corners, 'corners')}")
    furniture = setup.furniture
    if furniture.grid:
        parts.append(f"{POLE} pole {CAR} grid")
    if furniture.stops or furniture.pit_cells or any(p.row == "pit" for p in furniture.extras):
        parts.append(f"{PIT} pit lane" + (f", {STOP} stop" if furniture.stops else ""))
    if furniture.walls:
        parts.append("═ wall")
    for suit in dict.fromkeys(h.suit for h in furniture.hazards):
        parts.append(f"{suit[0].upper()} hazard ({suit})")
    return parts + _fault_key(view)


def _fault_key(view: TableView) -> list[str]:
    """The key to the fault mark, when a tile carries it."""
    return [f"{FAULT} tile breaking a rule (run trackkit validate)"] if view.faults else []


def _laps(count: int) -> str:
    return "1 lap" if count == 1 else f"{count} laps"


# --- what each cell shows ---------------------------------------------------------


def scene_marks(view: TableView) -> dict[Square, Mark]:
    """The mark of every cell that shows something, later marks on top; the
    lap die in the space just before the line."""
    marks: dict[Square, Mark] = {}
    for tile in view.tiles:
        mark = tile_mark(tile)
        for cell in tile.cells():
            marks[cell] = mark
    for index in view.faults:
        # the fault mark on a tile a broken rule names, as the drawing rings it
        for cell in view.tiles[index].cells():
            marks[cell] = Mark(FAULT, Style.FAULT)
    marks.update(furniture_marks(view.setup))
    die = view.setup.die
    if die is not None:
        marks[_die_cell(die.cells)] = _die_mark(die.laps)
    for label in view.labels:
        marks[label.cell] = Mark(str(label.number), Style.LABEL, repeat=False)
    if view.setup.finish is not None:
        for cell in view.setup.finish.cells_after:
            marks[cell] = Mark(FINISH, Style.FINISH)
    return marks


_PIECES = {Style.CAR, Style.DIE, *SUIT_STYLES.values()}
"""The styles of the pieces standing on the road: pawns, the lap die, hazard coins."""


def _is_piece(mark: Mark | None) -> bool:
    """Whether ``mark`` shows a piece standing on the road, which the racing line runs under."""
    return mark is not None and mark.style in _PIECES


def _die_mark(laps: int) -> Mark:
    return Mark(die_face(laps), Style.DIE, repeat=False)


def _die_cell(cells: tuple[Square, ...]) -> Square:
    """Of the die's two spaces, the one drawn: the one before the line, or
    the one on the right when the line runs up the picture, so that the die
    sits as near the line as a cell allows."""
    (ax, ay), (bx, by) = cells
    return (ax, ay) if ay != by or ax < bx else (bx, by)


def furniture_marks(setup: RacepackSetup) -> dict[Square, Mark]:
    """The marks of the pit lane, wide straight, starting grid and hazards."""
    marks: dict[Square, Mark] = {}
    furniture = setup.furniture
    for piece in furniture.extras:
        extra = Mark(ARROWS[piece.heading], Style.ROAD) if piece.row == "wide" else Mark(PIT, Style.PIT)
        for cell in footprint(piece.centre):
            marks[cell] = extra
    for cell in furniture.pit_cells:
        marks[cell] = Mark(PIT, Style.PIT)
    for cell in furniture.stops:
        marks[cell] = Mark(STOP, Style.PIT, repeat=False)
    for slot in furniture.grid:
        marks[slot.cell] = Mark(POLE if slot.pole else CAR, Style.CAR, repeat=False)
    for hazard in furniture.hazards:
        marks[hazard.cell] = Mark(hazard.suit[0].upper(), SUIT_STYLES[hazard.suit], repeat=False)
    return marks


def tile_mark(tile: Tile) -> Mark:
    """What every space of ``tile`` shows: an arrow, a curve, or ``?`` when broken."""
    if tile.kind is None or tile.entry is None or tile.exit is None:
        return Mark(BROKEN, Style.BROKEN)
    if tile.kind.is_corner:
        return Mark(_CURVES[frozenset((tile.entry.opposite(), tile.exit))], Style.CORNER)
    return Mark(ARROWS[tile.entry], Style.ROAD)


def line_cells(layout: Layout) -> dict[Square, str]:
    """The marks of the racing line, by cell: ``·`` passed, a digit where a
    movement ends (its speed), ``●`` where a turn ends."""
    marks: dict[Square, str] = {}
    for turn in racing_line(layout).turns:
        for move in turn:
            for cell in move.cells[1:]:
                marks.setdefault(cell, PASSED)
            marks[move.cells[-1]] = str(move.speed)
        marks[turn[-1].cells[-1]] = TURN_END
    return marks
