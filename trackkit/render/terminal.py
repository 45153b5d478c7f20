"""A track preview in the terminal, drawn with Unicode characters.

The preview is a grid of *cells*, one cell per space (one inch of table), top
row north.  A space of a straight tile shows an arrow the way the cars drive;
a space of a corner tile shows the curve the road takes (``╮`` for a road
coming in from the left and leaving downwards, and so on); the two spaces just
past the start/finish line show a chequered flag ``▚``; corner numbers stand
in free cells beside their corners, and the lap die shows its face (``A``
for one lap, ``2`` to ``5``, as on a piecepack die).  Pit-lane spaces show
``=`` (``P`` where a car stops), the starting grid ``◉`` for the pole car and
``○`` for the others, and a hazard coin the first letter of its suit, in
the suit's colour.

When the width allows, the preview is *bordered*
(:mod:`trackkit.render.terminal_boxes`): heavy lines round every tile, light
lines between its spaces, a hairpin's wall in double lines, and the die on
the start/finish line.  Otherwise a cell is two characters wide (a terminal
character is about twice as tall as wide, so the track keeps its
proportions), then one character; when even that is too wide, one character
stands for a square of several spaces, showing the most important thing
among them.

With ``color`` the road is shaded and the marks coloured with ANSI escape
codes, for a dark terminal background or, with ``light``, a light one;
without it the output is plain text, fit for a file or a pipe.  ``ascii``
turns every character into plain ASCII.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from trackkit.errors import ArgumentError
from trackkit.picture.labels import numbering_note
from trackkit.piecepack.circuit import Tile
from trackkit.piecepack.geometry import Heading, Square
from trackkit.piecepack.ground import footprint
from trackkit.racepack.layout import Layout
from trackkit.racepack.setup import fault_tiles
from trackkit.render.legend import die_face
from trackkit.render.options import MIN_TERMINAL_WIDTH, TerminalOptions
from trackkit.render.scene import Scene, build_scene
from trackkit.render.terminal_boxes import wall_borders
from trackkit.render.terminal_marks import FAULT, RESET, SUIT_STYLES, Board, Mark, Run, Style
from trackkit.render.terminal_picture import finished, picture_rows, wrap_items

__all__ = [
    "ARROWS",
    "BROKEN",
    "CAR",
    "FINISH",
    "MIN_WIDTH",
    "PIT",
    "POLE",
    "RESET",
    "STOP",
    "Mark",
    "PreviewOptions",
    "Run",
    "Style",
    "die_face",
    "furniture_marks",
    "layout_preview",
    "legend",
    "picture_rows",
    "render_preview",
    "scene_board",
    "scene_marks",
    "tile_mark",
    "wrap_items",
]

MIN_WIDTH = MIN_TERMINAL_WIDTH
"""The narrowest preview asked for that is still drawn."""

ARROWS = {Heading.EAST: "→", Heading.NORTH: "↑", Heading.WEST: "←", Heading.SOUTH: "↓"}
"""The arrow drawn on a straight space for each driving direction."""

FINISH = "▚"
PIT = "="
STOP = "P"
POLE = "◉"
CAR = "○"
BROKEN = "?"
"""Drawn on a tile that does not follow on from the tile before."""

# The curve on a corner tile, by the two tile sides the road joins: the side it
# comes in by (opposite the entry heading) and the side it leaves by.
_CURVES = {
    frozenset((Heading.WEST, Heading.SOUTH)): "╮",
    frozenset((Heading.WEST, Heading.NORTH)): "╯",
    frozenset((Heading.EAST, Heading.SOUTH)): "╭",
    frozenset((Heading.EAST, Heading.NORTH)): "╰",
}


@dataclass(frozen=True)
class PreviewOptions:
    """How to draw a preview: at most ``width`` characters wide, with ANSI
    colours when ``color`` is true (for a light background when ``light``
    is), the starting grid when ``grid`` is, and only ASCII characters when
    ``ascii`` is, and the racing line (:mod:`trackkit.render.racing_line`)
    when ``line`` is.  ``borders`` set to ``False`` forbids the bordered picture."""

    width: int = 80
    color: bool = False
    grid: bool = False
    light: bool = False
    ascii: bool = False
    borders: bool = True
    line: bool = False


def render_preview(layout: Layout, options: PreviewOptions | None = None) -> str:
    """The preview of ``layout`` as text, ending in a newline.

    Raises :class:`ArgumentError` when ``width`` is below :data:`MIN_WIDTH`.
    """
    options = options or PreviewOptions()
    if options.width < MIN_WIDTH:
        raise ArgumentError(f"{options.width} is too narrow; give {MIN_WIDTH} or more", parameter="width")
    scene = build_scene(layout, options.grid)
    scene = replace(scene, faults=fault_tiles(layout).places)
    marks = scene_marks(scene)
    if options.line and scene.whole:
        from trackkit.render.racing_line import line_cells

        # each mark once, right-aligned like a corner number: a speed of 1 reads 1, not 11;
        # a piece on the road (a pawn, a hazard coin, the die) stays on top, as in the drawing
        line = {cell: Mark(text, Style.NUMBER, repeat=False) for cell, text in line_cells(layout).items()}
        marks.update({cell: mark for cell, mark in line.items() if not _is_piece(marks.get(cell))})
    rows = picture_rows(scene_board(scene), marks, options.width, options.borders)
    header = wrap_items(f"{scene.title} — {scene.subtitle}".split(" "), options.width, " ")
    footer = wrap_items(legend(scene) if scene.whole else _fault_key(scene), options.width)
    if options.line and scene.whole:
        key = ["racing line:", "· passed,", "1–7 speed where a movement ends,", "● end of a turn"]
        footer += wrap_items(key, options.width, " ")
    return finished(
        header, rows, footer, TerminalOptions(color=options.color, light=options.light, ascii=options.ascii)
    )


def layout_preview(layout: Layout, options: TerminalOptions) -> str:
    """The preview of a Racepack layout drawn with the terminal options
    every game's preview takes (the entry in trackkit's game registry)."""
    settings = PreviewOptions(
        options.width, options.color, options.grid, options.light, options.ascii, line=options.line
    )
    return render_preview(layout, settings)


def scene_board(scene: Scene) -> Board:
    """The board a scene is drawn on: the scene's bounds in whole spaces,
    each loop tile and each piece beside the loop (pit lane, wide straight)
    its own piece, the hairpin walls, and the lap die on the line."""
    bounds = scene.bounds
    left, bottom = math.floor(bounds.left), math.floor(bounds.bottom)
    size = (math.ceil(bounds.right) - left, math.ceil(bounds.top) - bottom)
    owners: dict[Square, int] = {}
    for tile in scene.tiles:
        for cell in tile.cells():
            owners[cell] = tile.index
    for number, piece in enumerate(scene.furniture.extras, len(scene.tiles)):
        for cell in footprint(piece.centre):
            owners[cell] = number
    walls = wall_borders(scene.furniture.walls)
    if scene.die is None:
        return Board((left, bottom), size, owners, walls)
    first, second = scene.die.cells
    return Board((left, bottom), size, owners, walls, _die_mark(scene), (first, second))


def legend(scene: Scene) -> list[str]:
    """What the marks mean, one item per kind of mark shown."""
    parts = ["→ driving direction", f"{FINISH} start/finish line"]
    if scene.die is not None:
        parts.append(f"[{die_face(scene.die.laps)}] lap die ({_laps(scene.die.laps)})")
    if scene.labels:
        corners = len(scene.setup.corners)
        parts.append(f"1–{corners} corners in driving order{numbering_note(corners, 'corners')}")
    furniture = scene.furniture
    if furniture.grid:
        parts.append(f"{POLE} pole {CAR} grid")
    if furniture.stops or furniture.pit_cells or any(p.row == "pit" for p in furniture.extras):
        parts.append(f"{PIT} pit lane" + (f", {STOP} stop" if furniture.stops else ""))
    if furniture.walls:
        parts.append("═ wall")
    for suit in dict.fromkeys(h.suit for h in furniture.hazards):
        parts.append(f"{suit[0].upper()} hazard ({suit})")
    return parts + _fault_key(scene)


def _fault_key(scene: Scene) -> list[str]:
    """The key to the fault mark, when a tile carries it."""
    return [f"{FAULT} tile breaking a rule (run trackkit validate)"] if scene.faults else []


def _laps(count: int) -> str:
    return "1 lap" if count == 1 else f"{count} laps"


# --- what each cell shows ---------------------------------------------------------


def scene_marks(scene: Scene, die: bool = True) -> dict[Square, Mark]:
    """The mark of every cell that shows something, later marks on top; the
    lap die in the space just before the line unless ``die`` is false."""
    marks: dict[Square, Mark] = {}
    for tile in scene.tiles:
        mark = tile_mark(tile)
        for cell in tile.cells():
            marks[cell] = mark
    for index in scene.faults:
        # the fault mark on a tile a broken rule names, as the drawing rings it
        for cell in scene.tiles[index].cells():
            marks[cell] = Mark(FAULT, Style.FAULT)
    marks.update(furniture_marks(scene))
    if die and scene.die is not None:
        marks[_die_cell(scene)] = _die_mark(scene)
    for label in scene.labels:
        marks[label.cell] = Mark(str(label.number), Style.LABEL, repeat=False)
    if scene.finish is not None:
        for cell in scene.finish.cells_after:
            marks[cell] = Mark(FINISH, Style.FINISH)
    return marks


_PIECES = {Style.CAR, Style.DIE, *SUIT_STYLES.values()}
"""The styles of the pieces standing on the road: pawns, the lap die, hazard coins."""


def _is_piece(mark: Mark | None) -> bool:
    """Whether ``mark`` shows a piece standing on the road, which the racing line runs under."""
    return mark is not None and mark.style in _PIECES


def _die_mark(scene: Scene) -> Mark:
    assert scene.die is not None
    return Mark(die_face(scene.die.laps), Style.DIE, repeat=False)


def _die_cell(scene: Scene) -> Square:
    """Of the die's two spaces, the one drawn: the one before the line, or
    the one on the right when the line runs up the picture, so that the die
    sits as near the line as a cell allows."""
    assert scene.die is not None
    (ax, ay), (bx, by) = scene.die.cells
    return (ax, ay) if ay != by or ax < bx else (bx, by)


def furniture_marks(scene: Scene) -> dict[Square, Mark]:
    """The marks of the pit lane, wide straight, starting grid and hazards."""
    marks: dict[Square, Mark] = {}
    furniture = scene.furniture
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
