"""A RACE! track previewed in a terminal.

The loop of spaces is drawn as a ring of cells round a rectangle, driven
clockwise (or counterclockwise) as the layout says, two characters a cell:
``··`` a straight space, ``▓1`` / ``░2`` a corner space with its radius
rating, ``◉1`` the pole and ``○2``... the rest of the grid, with the finish
line ``┃`` on the side of the pole's cell away from the grid.  Every
fifth space is numbered outside the ring.  Colour marks corners when asked for.
"""

from __future__ import annotations

from collections.abc import Mapping

from trackkit.errors import LimitError
from trackkit.race.track import COUNTERCLOCKWISE, RaceLayout, grid_spaces

__all__ = ["CELL", "MAX_PREVIEW_SPACES", "render_race_preview"]

CELL = 3
"""Characters per space, the gap included."""

MAX_PREVIEW_SPACES = 2_000
"""The most spaces a preview shows."""

_SHADES = {1: "▓", 2: "░"}
_COLOURS = {1: "\x1b[31m", 2: "\x1b[33m"}
_RESET = "\x1b[0m"


def _ring(spaces: int, width: int) -> list[tuple[int, int]]:
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


def _cell(layout: RaceLayout, space: int, radius: dict[int, int], grid: dict[int, int], color: bool) -> str:
    if space in grid:
        mark = ("◉" if grid[space] == 1 else "○") + str(grid[space] % 10)
    elif space in radius:
        rating = radius[space]
        mark = _SHADES.get(rating, "▒") + str(rating % 10)
        if color:
            mark = _COLOURS.get(rating, "") + mark + _RESET
    else:
        mark = "··"
    return mark


def render_race_preview(
    layout: RaceLayout, width: int, color: bool, grid: bool = False, racers: Mapping[int, int] | None = None
) -> str:
    """The terminal preview of a RACE! track, ``width`` characters wide where
    it fits.  The grid is always shown (``grid`` is accepted for symmetry
    with Racepack's previews), unless ``racers`` places the racers (space to
    racer number) during a race.  Raises :class:`~trackkit.errors.LimitError`
    past :data:`MAX_PREVIEW_SPACES`."""
    if layout.spaces > MAX_PREVIEW_SPACES:
        raise LimitError(
            f"a preview shows at most {MAX_PREVIEW_SPACES:,} spaces; this track has {layout.spaces:,}"
        )
    places = _ring(layout.spaces, width)
    if layout.direction == COUNTERCLOCKWISE:
        columns = max(c for _, c in places)
        places = [(r, columns - c) for r, c in places]
    rows = max(r for r, _ in places) + 1
    columns = max(c for _, c in places) + 1
    canvas = [["   "] * (columns + 2) for _ in range(rows + 2)]
    radius = {
        s: c.radius for c in layout.corners if c.first <= layout.spaces for s in c.spaces(layout.spaces)
    }
    on_grid = dict(racers) if racers is not None else {s: n for n, s in enumerate(grid_spaces(layout), 1)}
    for space, (row, column) in enumerate(places, 1):
        canvas[row + 1][column + 1] = _cell(layout, space, radius, on_grid, color) + " "
        if space % 5 == 0 and space < 1000:
            label = _label_place(row, column, rows, columns)
            canvas[label[0] + 1][label[1] + 1] = f"{space:<3}" if label[1] > column else f"{space:>3}"
    row, column = places[layout.finish - 1]
    ahead = places[layout.finish % layout.spaces][1]
    behind = places[layout.finish - 2][1]
    cell = canvas[row + 1][column + 1]
    ahead_left = behind > column if behind != column else ahead < column
    canvas[row + 1][column + 1] = "┃" + cell[:-1] if ahead_left else cell[:-1] + "┃"
    lines = ["".join(line).rstrip() for line in canvas]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    title = layout.name or "RACE! track"
    legend = [
        f"{title}: {layout.spaces} spaces, {layout.direction}, finish ┃ after space {layout.finish}",
        "▓1 radius-1 corner  ░2 radius-2 corner  "
        + ("◉1 ○2... racers by grid slot" if racers is not None else "◉1 pole  ○ grid")
        + "  ·· straight  (numbers every fifth space)",
    ]
    return "\n".join([*lines, "", *legend]) + "\n"


def _label_place(row: int, column: int, rows: int, columns: int) -> tuple[int, int]:
    """Where a space's number goes: above the top row, below the bottom
    row, or beside a side column (outside the ring)."""
    if row == 0:
        return (-1, column)
    if row == rows - 1:
        return (rows, column)
    return (row, -1) if column == 0 else (row, columns)
