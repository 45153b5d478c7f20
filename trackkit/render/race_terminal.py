"""A RACE! track previewed in a terminal.

The loop of spaces is drawn as a ring of cells round a rectangle, driven
clockwise (or counterclockwise) as the layout says, two characters a cell:
``··`` a straight space, ``▓1`` / ``░2`` a corner space with its radius
rating, ``◉1`` the pole and ``○2``... the rest of the grid, with the finish
line ``┃`` on the side of the pole's cell the racers drive on to.  Space numbers every five are listed in
the margin rows.  Colour marks corners when asked for.
"""

from __future__ import annotations

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
    across = max(2, min((width - 2) // CELL, (spaces + 1) // 2))
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


def render_race_preview(layout: RaceLayout, width: int, color: bool, grid: bool = False) -> str:
    """The terminal preview of a RACE! track, ``width`` characters wide where
    it fits.  The grid is always shown (``grid`` is accepted for symmetry
    with Racepack's previews).  Raises :class:`~trackkit.errors.LimitError`
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
    canvas = [["   "] * columns for _ in range(rows)]
    radius = {
        s: c.radius for c in layout.corners if c.first <= layout.spaces for s in c.spaces(layout.spaces)
    }
    on_grid = {space: place for place, space in enumerate(grid_spaces(layout), 1)}
    for space, (row, column) in enumerate(places, 1):
        canvas[row][column] = _cell(layout, space, radius, on_grid, color) + " "
    row, column = places[layout.finish - 1]
    ahead = places[layout.finish % layout.spaces]
    if ahead[1] < column:
        canvas[row][column] = "┃" + canvas[row][column][:-1]
    else:
        canvas[row][column] = canvas[row][column][:-1] + "┃"
    lines = ["".join(row).rstrip() for row in canvas]
    title = layout.name or "RACE! track"
    fives = ", ".join(
        f"{space}@{places[space - 1][0] + 1}:{places[space - 1][1] + 1}"
        for space in range(5, layout.spaces + 1, 5)
    )
    legend = [
        f"{title}: {layout.spaces} spaces, {layout.direction}, finish ┃ after space {layout.finish}",
        "▓1 radius-1 corner  ░2 radius-2 corner  ◉1 pole  ○ grid  ·· straight",
        f"every fifth space (row:column): {fives}" if fives else "",
    ]
    return "\n".join([*lines, "", *[line for line in legend if line]]) + "\n"
