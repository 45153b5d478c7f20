"""What a RACE! track shows in a terminal, character by character.

The loop of spaces is drawn where the SVG drawing lays it
(:func:`~trackkit.race.setup.race_setup`: on its tiles, along its corners,
or as a big oval), at *terminal resolution*: each space in its cell
(:mod:`trackkit.race.preview_cells`: three characters wide and one line
high, one cell a space of the table).  A cell shows its space
in two characters with a blank after it: ``··`` a straight space, ``▓1`` /
``░2`` a corner space with its radius rating, ``◉1`` the pole and ``○2``...
the rest of the grid.  The finish line ``┃`` stands in the gap between the
spaces either side of it, each hairpin's wall (``═`` or ``║``) where
the drawing puts it, between the roads in and out.  Every fifth space is
numbered in a free cell beside it, on the side away from the other roads.
The spaces of a corner a broken rule names show the *fault mark* ``!``
before their rating.  Colour, in the ``dark`` or ``light`` palette, shades
every space so that each stands out from the background.

A terminal too narrow for the track's shape (drawn smaller, the spaces
would crowd into each other's cells and the ring no longer read round in
order) gets the loop as a ring round a rectangle, as many spaces across as
fit.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

from trackkit.board import FAULT, Drawn, Preview, Run, Style, TerminalOptions, Words
from trackkit.errors import LimitError
from trackkit.piecepack.geometry import Vec
from trackkit.play import Standing
from trackkit.race.preview_cells import CELL, LEFT, CellGrid, Place, finish_cells, number_cells, track_cells
from trackkit.race.setup import Shape, fault_spaces, race_setup
from trackkit.race.track import COUNTERCLOCKWISE, RaceLayout, grid_spaces

__all__ = ["CELL", "MAX_PREVIEW_SPACES", "race_board", "replay_board"]

MAX_PREVIEW_SPACES = 2_000
"""The most spaces a preview shows."""

_SHADES = {1: "▓", 2: "░"}
_CORNER_STYLES = {1: Style.SHARP}
_MARGIN = 4
"""Characters left of the ring's first space: room for a three-digit number and a gap."""


def _ring(spaces: int, width: int) -> list[Place]:
    """Row and column of each space round a rectangle, clockwise from the
    top-left, fitting ``width`` characters where it can."""
    across = max(2, min((width - 2 * CELL) // CELL - 2, max(2, spaces * 3 // 8)))
    side = max(0, (spaces - 2 * across + 1) // 2)
    top = (spaces - 2 * side + 1) // 2
    bottom = spaces - 2 * side - top
    places = [(0, c) for c in range(top)]
    places += [(r, top - 1 if top else 0) for r in range(1, side + 1)]
    places += [(side + 1, c) for c in range(top - 1, top - 1 - bottom, -1)]
    places += [(r, 0) for r in range(side, 0, -1)]
    return places


def _mark(space: int, radius: dict[int, int], grid: Mapping[int, int], faults: set[int]) -> tuple[str, Style]:
    """What a space shows: the fault mark, a grid place, a corner's rating or ``··``."""
    if space in faults:
        return FAULT + str(radius.get(space, 0) % 10), Style.FAULT
    if space in grid:
        return ("◉" if grid[space] == 1 else "○") + str(grid[space] % 10), Style.CAR
    if space in radius:
        rating = radius[space]
        return _SHADES.get(rating, "▒") + str(rating % 10), _CORNER_STYLES.get(rating, Style.CORNER)
    return "··", Style.ROAD


class _Canvas:
    """Lines of styled characters, written into at any row and column."""

    def __init__(self, rows: int, columns: int) -> None:
        self.rows: list[Run] = [[(" ", Style.EMPTY)] * columns for _ in range(rows)]

    def write(self, row: int, column: int, text: str, style: Style) -> None:
        for offset, character in enumerate(text):
            self.rows[row][column + offset] = (character, style)


def _column(column: int) -> int:
    """The character where the space in ``column`` of the ring starts."""
    return _MARGIN + CELL * column


def _number(canvas: _Canvas, space: int, place: Place, size: Place) -> None:
    """Write ``space``'s number outside the ring: above the top row, below
    the bottom one, else left or right of the side column, a blank away."""
    row, column = place
    rows, columns = size
    text = str(space)
    if row in (0, rows - 1):
        canvas.write(0 if row == 0 else rows + 1, _column(column), text, Style.LABEL)
    elif column == 0:
        canvas.write(row + 1, _column(0) - 1 - len(text), text, Style.LABEL)
    else:
        canvas.write(row + 1, _column(columns - 1) + CELL, text, Style.LABEL)


def _finish(canvas: _Canvas, layout: RaceLayout, places: list[Place]) -> None:
    """The finish line ``┃`` in the gap beside the space before it, on the
    side the racers drive on to."""
    row, column = places[layout.finish - 1]
    ahead = places[layout.finish % layout.spaces][1]
    behind = places[layout.finish - 2][1]
    ahead_left = behind > column if behind != column else ahead < column
    at = _column(column) - 1 if ahead_left else _column(column) + CELL - 1
    canvas.write(row + 1, at, "┃", Style.FINISH)


def _rectangle_picture(
    layout: RaceLayout, width: int, on_grid: Mapping[int, int], faults: set[int]
) -> list[Run]:
    """The loop as a ring round a rectangle: for a terminal too narrow for its shape."""
    places = _ring(layout.spaces, width)
    if layout.direction == COUNTERCLOCKWISE:
        last = max(c for _, c in places)
        places = [(r, last - c) for r, c in places]
    size = (max(r for r, _ in places) + 1, max(c for _, c in places) + 1)
    canvas = _Canvas(size[0] + 2, _column(size[1]) + 4)
    radius = _radii(layout)
    for space, (row, column) in enumerate(places, 1):
        canvas.write(row + 1, _column(column), *_mark(space, radius, on_grid, faults))
        if space % 5 == 0 and space < 1000:
            _number(canvas, space, (row, column), size)
    _finish(canvas, layout, places)
    return canvas.rows


def _blank(canvas: _Canvas, row: int, start: int, length: int) -> bool:
    """Whether ``length`` characters from ``start`` on line ``row`` are on
    the canvas and empty."""
    if not 0 <= row < len(canvas.rows) or start < 0 or start + length > len(canvas.rows[row]):
        return False
    return all(canvas.rows[row][x][0] == " " for x in range(start, start + length))


def _draw_walls(canvas: _Canvas, grid: CellGrid, walls: tuple[tuple[Vec, Vec], ...]) -> bool:
    """Each hairpin wall along its line on the table, ``║`` where it runs
    more up than across the picture (a character being about half as wide
    as a line is tall), ``═`` otherwise, in the empty characters it
    crosses; whether any was drawn."""
    drawn = False
    for a, b in walls:
        (row_a, x_a), (row_b, x_b) = grid.character(a), grid.character(b)
        mark = "║" if abs(row_b - row_a) * 2 > abs(x_b - x_a) else "═"
        steps = max(1, math.ceil(max(abs(row_b - row_a), abs(x_b - x_a)) * 2))
        for k in range(steps + 1):
            row = math.floor(row_a + (row_b - row_a) * k / steps + 0.5)
            x = math.floor(x_a + (x_b - x_a) * k / steps)
            if _blank(canvas, row, x, 1):
                canvas.write(row, x, mark, Style.WALL)
                drawn = True
    return drawn


def _draw_finish(canvas: _Canvas, cells: tuple[Place, Place]) -> None:
    """The finish line ``┃`` in the gap between the last space before it
    and the first after it (``cells``, side by side)."""
    (row, before), (_, after) = cells
    canvas.write(row, LEFT + CELL * min(before, after) + CELL - 1, "┃", Style.FINISH)


def _draw_number(
    canvas: _Canvas,
    layout: RaceLayout,
    shape: Shape,
    places: list[Place],
    space: int,
    owners: dict[Place, int],
) -> None:
    """``space``'s number in the first empty cell of those
    :func:`~trackkit.race.preview_cells.number_cells` offers (a three-digit
    number also needs the next cell's first character empty)."""
    text = str(space)
    for row, column in number_cells(layout, shape, places, space, owners):
        if _blank(canvas, row, LEFT + CELL * column, CELL + (len(text) >= CELL)):
            canvas.write(row, LEFT + CELL * column, text, Style.LABEL)
            return


def _shape_picture(
    layout: RaceLayout,
    shape: Shape,
    cells: tuple[CellGrid, list[Place]],
    on_grid: Mapping[int, int],
    faults: set[int],
) -> tuple[list[Run], bool]:
    """The loop drawn where its shape lies, and whether a wall is drawn."""
    grid, places = cells
    rows, columns = max(r for r, _ in places) + 2, max(c for _, c in places) + 2
    canvas = _Canvas(rows, LEFT + CELL * columns + 1)
    radius = _radii(layout)
    for space, (row, column) in enumerate(places, 1):
        canvas.write(row, LEFT + CELL * column, *_mark(space, radius, on_grid, faults))
    walled = _draw_walls(canvas, grid, shape.walls)
    _draw_finish(canvas, finish_cells(layout, places))
    owners = {place: number for number, place in enumerate(places, 1)}
    for space in range(5, min(layout.spaces, 999) + 1, 5):
        _draw_number(canvas, layout, shape, places, space, owners)
    return canvas.rows, walled


def _radii(layout: RaceLayout) -> dict[int, int]:
    """The radius rating of each space of a corner on the track."""
    return {s: c.radius for c in layout.corners if c.first <= layout.spaces for s in c.spaces(layout.spaces)}


@lru_cache(maxsize=4)
def _laid_out(layout: RaceLayout, width: int) -> tuple[Shape, tuple[CellGrid, list[Place]] | None]:
    """The shape of ``layout`` and its spaces' cells at ``width`` (see
    :func:`~trackkit.race.preview_cells.track_cells`), worked out once for
    all the frames of a replay, which differ only in where the racers
    stand (a thousand frames of a 120-space loop took 10 s laying it out
    again each time).  Callers only read what is returned."""
    shape = race_setup(layout).shape
    return shape, track_cells(layout, shape, width)


@lru_cache(maxsize=4)
def _faults(layout: RaceLayout) -> frozenset[int]:
    """The spaces of the corners breaking a rule, checked once per layout."""
    return frozenset(fault_spaces(layout))


def _picture(
    layout: RaceLayout, width: int, on_grid: Mapping[int, int], faults: set[int]
) -> tuple[list[Run], bool]:
    """The loop where its shape lies if it fits ``width``, else round a
    rectangle; and whether a wall is drawn."""
    shape, cells = _laid_out(layout, width)
    if cells is None:
        return _rectangle_picture(layout, width, on_grid, faults), False
    return _shape_picture(layout, shape, cells, on_grid, faults)


def _key(faulty: bool, racing: bool, walled: bool) -> list[str]:
    """What the marks mean, one item each; during a race (``racing``) the
    pawns are the racers, numbered by grid slot."""
    cars = ["◉1 ○2... racers by grid slot"] if racing else ["◉1 pole", "○ grid"]
    items = ["▓1 radius-1 corner", "░2 radius-2 corner", *cars, "·· straight"]
    if walled:
        items.append("═ ║ hairpin wall")
    items.append("(numbers every fifth space)")
    if faulty:
        items.append(f"{FAULT} corner breaking a rule (run trackkit validate)")
    return items


def replay_board(layout: RaceLayout, standing: Standing, options: TerminalOptions) -> Preview:
    """A frame of a RACE! replay (the ``replay_board`` job of its game): the
    preview with each racer's number on its space in place of the grid."""
    return race_board(layout, options, {space: int(token.label) for space, token in standing.items()})


def race_board(
    layout: RaceLayout, options: TerminalOptions, racers: Mapping[int, int] | None = None
) -> Preview:
    """The preview of a RACE! track (the ``board`` job of its game), laid
    out for ``options.width`` characters where it fits.  The grid is always
    shown (``options.grid`` is accepted as every game's preview takes it),
    unless ``racers`` places the racers (space to racer number) during a
    race.  Raises :class:`~trackkit.errors.LimitError` past
    :data:`MAX_PREVIEW_SPACES`."""
    if layout.spaces > MAX_PREVIEW_SPACES:
        raise LimitError(
            f"a preview shows at most {MAX_PREVIEW_SPACES:,} spaces; this track has {layout.spaces:,}"
        )
    title = layout.name or "RACE! track"
    heading = f"{title}: {layout.spaces} spaces, {layout.direction}, finish ┃ after space {layout.finish}"
    on_grid = dict(racers) if racers is not None else {s: n for n, s in enumerate(grid_spaces(layout), 1)}
    faults = set(_faults(layout))
    rows, walled = _picture(layout, options.width, on_grid, faults)
    key = Words(tuple(_key(bool(faults), racers is not None, walled)), "  ")
    return Preview((Words(tuple(heading.split(" ")), " "),), Drawn(tuple(rows)), (key,))
