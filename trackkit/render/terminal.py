"""A track preview in the terminal, drawn with Unicode characters.

The preview is a grid of *cells*, one cell per space (one inch of table), top
row north.  A space of a straight tile shows an arrow the way the cars drive;
a space of a corner tile shows the curve the road takes (``╮`` for a road
coming in from the left and leaving downwards, and so on); the two spaces just
past the start/finish line show a chequered flag ``▚``; corner numbers stand
in free cells beside their corners, and the lap die shows the number of laps
(as a die face ``⚀``–``⚅`` up to six).  Pit-lane spaces show ``=`` (``P``
where a car stops), the starting grid ``◉`` for the pole car and ``○`` for
the others, and a hazard coin the first letter of its suit.

A terminal character is about twice as tall as it is wide, so a cell is two
characters wide when the track fits that way: the picture then keeps the
track's proportions.  When it does not fit ``width`` characters, a cell is one
character; when even that is too wide, one character stands for a square of
several spaces, showing the most important thing among them.

With ``color`` the road is shaded and the marks coloured with ANSI escape
codes; without it the output is plain text, fit for a file or a pipe.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass
from enum import Enum

from trackkit.errors import ArgumentError
from trackkit.piecepack.circuit import Tile
from trackkit.piecepack.geometry import Heading, Square
from trackkit.piecepack.ground import footprint
from trackkit.racepack.layout import Layout
from trackkit.render.scene import Scene, build_scene

__all__ = [
    "ARROWS",
    "BROKEN",
    "CAR",
    "DIE_FACES",
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
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
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


class Style(Enum):
    """What a character shows, which decides its colour; higher ``rank`` wins
    when several spaces share one character."""

    EMPTY = (0, "")
    ROAD = (1, "\x1b[97;100m")
    PIT = (1, "\x1b[93;100m")
    CORNER = (2, "\x1b[96;100m")
    BROKEN = (2, "\x1b[91;100m")
    DIE = (3, "\x1b[1;31;107m")
    CAR = (3, "\x1b[1;97;100m")
    HAZARD = (4, "\x1b[1;97;41m")
    LABEL = (4, "\x1b[1;33m")
    FINISH = (5, "\x1b[30;107m")

    @property
    def rank(self) -> int:
        return self.value[0]

    @property
    def code(self) -> str:
        return self.value[1]


RESET = "\x1b[0m"


@dataclass(frozen=True)
class PreviewOptions:
    """How to draw a preview: at most ``width`` characters wide, with ANSI
    colours when ``color`` is true, the starting grid when ``grid`` is and
    the racing line (:mod:`trackkit.render.racing_line`) when ``line`` is."""

    width: int = 80
    color: bool = False
    grid: bool = False
    line: bool = False


@dataclass(frozen=True)
class Mark:
    """What one cell shows: ``text`` (one character, or a corner number of one
    or two digits) and its ``style``.  A ``repeat`` mark fills both characters
    of a two-character cell; others are right-aligned in it."""

    text: str
    style: Style
    repeat: bool = True


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
    rows = picture_rows(scene, marks, options.width)
    lines = [_paint(row, options.color) for row in rows]
    header = textwrap.wrap(f"{scene.title} — {scene.subtitle}", options.width)
    footer = textwrap.wrap(legend(scene), options.width) if scene.whole else []
    if options.line and scene.whole:
        footer += textwrap.wrap(
            "racing line: · passed, 1–7 speed where a movement ends, ● end of a turn", options.width
        )
    return "\n".join([*header, "", *lines, "", *footer]).rstrip("\n") + "\n"


def legend(scene: Scene) -> str:
    """One line saying what the marks mean."""
    parts = ["→ driving direction", f"{FINISH} start/finish line"]
    if scene.die is not None:
        parts.append(f"{die_face(scene.die.laps)} lap die ({_laps(scene.die.laps)})")
    if scene.labels:
        parts.append(f"1–{len(scene.labels)} corners in driving order")
    furniture = scene.furniture
    if furniture.grid:
        parts.append(f"{POLE} pole {CAR} grid")
    if furniture.stops or furniture.pit_cells or any(p.row == "pit" for p in furniture.extras):
        parts.append(f"{PIT} pit lane" + (f", {STOP} stop" if furniture.stops else ""))
    if furniture.hazards:
        letters = "".join(dict.fromkeys(h.suit[0].upper() for h in furniture.hazards))
        parts.append(f"{letters} hazards")
    return "   ".join(parts)


def _laps(count: int) -> str:
    return "1 lap" if count == 1 else f"{count} laps"


def die_face(laps: int) -> str:
    """The die face showing ``laps`` (``⚂`` for 3); the number itself past six."""
    return DIE_FACES[laps - 1] if 1 <= laps <= len(DIE_FACES) else str(laps)


# --- what each cell shows ---------------------------------------------------------


def scene_marks(scene: Scene) -> dict[Square, Mark]:
    """The mark of every cell that shows something, later marks on top."""
    marks: dict[Square, Mark] = {}
    for tile in scene.tiles:
        mark = tile_mark(tile)
        for cell in tile.cells():
            marks[cell] = mark
    marks.update(furniture_marks(scene))
    if scene.die is not None:
        marks[scene.die.cell] = Mark(die_face(scene.die.laps), Style.DIE, repeat=False)
    for label in scene.labels:
        marks[label.cell] = Mark(str(label.number), Style.LABEL, repeat=False)
    if scene.finish is not None:
        for cell in scene.finish.cells_after:
            marks[cell] = Mark(FINISH, Style.FINISH)
    return marks


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
        marks[hazard.cell] = Mark(hazard.suit[0].upper(), Style.HAZARD, repeat=False)
    return marks


def tile_mark(tile: Tile) -> Mark:
    """What every space of ``tile`` shows: an arrow, a curve, or ``?`` when broken."""
    if tile.kind is None or tile.entry is None or tile.exit is None:
        return Mark(BROKEN, Style.BROKEN)
    if tile.kind.is_corner:
        return Mark(_CURVES[frozenset((tile.entry.opposite(), tile.exit))], Style.CORNER)
    return Mark(ARROWS[tile.entry], Style.ROAD)


# --- fitting the picture to the width ---------------------------------------------

Run = list[tuple[str, Style]]
"""One line of the picture: characters, each with its style."""


def picture_rows(scene: Scene, marks: dict[Square, Mark], width: int) -> list[Run]:
    """The picture as lines of styled characters, no wider than ``width``."""
    bounds = scene.bounds
    left, bottom = math.floor(bounds.left), math.floor(bounds.bottom)
    columns = math.ceil(bounds.right) - left
    rows = math.ceil(bounds.top) - bottom
    if columns * 2 <= width:
        return [_double_row(marks, left, columns, bottom + rows - 1 - r) for r in range(rows)]
    step = math.ceil(columns / width)
    return _shrunk_rows(marks, left, bottom, columns, rows, step, width)


def _double_row(marks: dict[Square, Mark], left: int, columns: int, y: int) -> Run:
    """A row at two characters per cell."""
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


def _paint(run: Run, color: bool) -> str:
    """A line as text, with colour codes around each stretch of one style."""
    if not color:
        return "".join(character for character, _ in run).rstrip()
    while run and run[-1] == (" ", Style.EMPTY):
        run = run[:-1]
    pieces: list[str] = []
    current = Style.EMPTY
    for character, style in run:
        if style is not current:
            pieces.append(RESET if current.code else "")
            pieces.append(style.code)
            current = style
        pieces.append(character)
    if current.code:
        pieces.append(RESET)
    return "".join(pieces)
