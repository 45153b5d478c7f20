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
import textwrap
from dataclasses import dataclass

from trackkit.errors import ArgumentError
from trackkit.piecepack.circuit import Tile
from trackkit.piecepack.geometry import Heading, Square
from trackkit.piecepack.ground import footprint
from trackkit.racepack.layout import Layout
from trackkit.render.labels import numbering_note
from trackkit.render.legend import die_face
from trackkit.render.scene import Scene, build_scene
from trackkit.render.terminal_boxes import bordered_rows, to_ascii
from trackkit.render.terminal_marks import PALETTES, RESET, SUIT_STYLES, Mark, Run, Style, paint

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
    "legend",
    "picture_rows",
    "render_preview",
    "scene_marks",
    "tile_mark",
    "wrap_items",
]

MIN_WIDTH = 8
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
    marks = scene_marks(scene)
    if options.line and scene.whole:
        from trackkit.render.racing_line import line_cells

        marks.update({cell: Mark(text, Style.LABEL) for cell, text in line_cells(layout).items()})
    rows = picture_rows(scene, marks, options.width, options.borders)
    palette = PALETTES["light" if options.light else "dark"] if options.color else None
    lines = [paint(row, palette) for row in rows]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    header = wrap_items(_words(f"{scene.title} — {scene.subtitle}"), options.width, " ")
    footer = wrap_items(legend(scene), options.width) if scene.whole else []
    if options.line and scene.whole:
        key = ["racing line:", "· passed,", "1–7 speed where a movement ends,", "● end of a turn"]
        footer += wrap_items(key, options.width, " ")
    text = "\n".join([*header, "", *lines, "", *footer]).rstrip("\n") + "\n"
    return to_ascii(text) if options.ascii else text


def _words(text: str) -> list[str]:
    return text.split(" ")


def wrap_items(items: list[str], width: int, gap: str = "   ") -> list[str]:
    """``items`` set out in lines no wider than ``width``, breaking between
    items; an item wider than a line is itself wrapped between its words
    (and a word wider than a line cut)."""
    lines: list[str] = []
    current = ""
    for item in items:
        if len(item) > width:
            if current:
                lines.append(current)
            *whole, current = textwrap.wrap(item, width) or [""]
            lines += whole
        elif current and len(current) + len(gap) + len(item) > width:
            lines.append(current)
            current = item
        else:
            current = f"{current}{gap}{item}" if current else item
    if current:
        lines.append(current)
    return lines


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
    return parts


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
    marks.update(furniture_marks(scene))
    if die and scene.die is not None:
        marks[_die_cell(scene)] = _die_mark(scene)
    for label in scene.labels:
        marks[label.cell] = Mark(str(label.number), Style.LABEL, repeat=False)
    if scene.finish is not None:
        for cell in scene.finish.cells_after:
            marks[cell] = Mark(FINISH, Style.FINISH)
    return marks


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


# --- fitting the picture to the width ---------------------------------------------


def picture_rows(scene: Scene, marks: dict[Square, Mark], width: int, borders: bool = True) -> list[Run]:
    """The picture as lines of styled characters, no wider than ``width``:
    bordered when it fits, else two characters a space, else shrunk."""
    bounds = scene.bounds
    left, bottom = math.floor(bounds.left), math.floor(bounds.bottom)
    columns = math.ceil(bounds.right) - left
    rows = math.ceil(bounds.top) - bottom
    if borders and columns * 3 + 1 <= width:
        cells = {cell: mark for cell, mark in marks.items() if mark.style is not Style.DIE}
        die = _die_mark(scene) if scene.die is not None else None
        return bordered_rows(scene, cells, (left, bottom), (columns, rows), die)
    if columns * 2 <= width:
        return [_double_row(marks, left, columns, bottom + rows - 1 - r) for r in range(rows)]
    step = math.ceil(columns / width)
    return _shrunk_rows(marks, left, bottom, columns, rows, step, width)


def _double_row(marks: dict[Square, Mark], left: int, columns: int, y: int) -> Run:
    """A row at two characters per cell; a one-character die stands in the
    half of its cell nearer the line."""
    run: Run = []
    for x in range(left, left + columns):
        mark = marks.get((x, y))
        if mark is None:
            run += [(" ", Style.EMPTY)] * 2
            continue
        text = mark.text * 2 if mark.repeat else mark.text[-2:].rjust(2)
        run += [(character, mark.style) for character in text]
    return run


def _shrunk_rows(
    marks: dict[Square, Mark], left: int, bottom: int, columns: int, rows: int, step: int, width: int
) -> list[Run]:
    """Rows at one character per ``step`` by ``step`` square of cells; a
    corner number longer than one character spills into empty characters to
    its right, or else to its left (one spare column is kept on the right for
    it when the width allows)."""
    wide = min(math.ceil(columns / step) + 1, width)
    high = math.ceil(rows / step)
    top = bottom + high * step - 1
    grid: list[list[Mark | None]] = [[None] * wide for _ in range(high)]
    for (x, y), mark in marks.items():
        row, column = (top - y) // step, (x - left) // step
        held = grid[row][column]
        if held is None or mark.style.rank > held.style.rank:
            grid[row][column] = mark
    return [_spill(line) for line in grid]


def _spill(line: list[Mark | None]) -> Run:
    run: Run = [(" ", Style.EMPTY) if m is None else (m.text[0], m.style) for m in line]
    for column, mark in enumerate(line):
        if mark is None or len(mark.text) == 1:
            continue
        extra = len(mark.text) - 1
        if _free(run, line, column + 1, column + 1 + extra):
            start = column
        elif _free(run, line, column - extra, column):
            start = column - extra
        else:
            run[column] = ("+", mark.style)
            continue
        for offset, character in enumerate(mark.text):
            run[start + offset] = (character, mark.style)
    return run


def _free(run: Run, line: list[Mark | None], start: int, stop: int) -> bool:
    """Whether characters ``start`` to ``stop - 1`` exist and are still blank."""
    if start < 0 or stop > len(line):
        return False
    return all(line[i] is None and run[i][1] is Style.EMPTY for i in range(start, stop))
