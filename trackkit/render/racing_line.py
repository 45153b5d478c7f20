"""The racing line on a diagram: ``render --line`` and ``show --line``.

The line is the fastest safe flying lap that
:func:`trackkit.racepack.movement.analysis.fastest_safe_line` finds: the
spaces a car passes, movement by movement.  On the SVG diagram it is a path
through the centres of those spaces, with a small dot where each movement
ends and a numbered disc where each turn ends.  In the terminal preview each
space the line passes shows ``·``, the end of a movement its speed, and the
end of a turn ``●``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trackkit.piecepack.geometry import Square, Vec
from trackkit.racepack.layout import Layout
from trackkit.racepack.setup import racing_line
from trackkit.render.labels import polygon

if TYPE_CHECKING:
    from trackkit.render.canvas import Canvas

__all__ = [
    "LINE_COLOURS",
    "PASSED",
    "TURN_END",
    "layer_racing_line",
    "line_cells",
]

LINE_COLOURS = {"print": "#000000", "color": "#d81b60"}
"""The line's colour in each theme (black on the printed look)."""

PASSED = "·"
TURN_END = "●"


def _centre(cell: Square) -> Vec:
    return (cell[0] + 0.5, cell[1] + 0.5)


def layer_racing_line(canvas: Canvas) -> None:
    """The fastest safe lap's racing line, when the options ask for it."""
    if not canvas.options.line or not canvas.scene.whole:
        return
    from trackkit.render import tokens  # the SVG pieces; the terminal preview needs only line_cells
    from trackkit.render.canvas import UNITS

    layout = canvas.layout
    line = racing_line(layout)
    turns = line.turns
    if not turns:
        return
    colour = LINE_COLOURS.get(canvas.options.theme, LINE_COLOURS["print"])
    group = canvas.group("racing-line")
    points = [_centre(cell) for cell in line.path]
    path = canvas.move(points[0]) + "".join(canvas.line_to(point) for point in points[1:])
    group.add(
        canvas.drawing.path(
            d=path,
            fill="none",
            stroke=colour,
            stroke_width=canvas.length(0.06),
            stroke_linejoin="round",
            stroke_dasharray=f"{canvas.length(0.15)} {canvas.length(0.08)}",
        )
    )
    for number, turn in enumerate(turns, 1):
        for move in turn[:-1]:
            group.add(
                canvas.drawing.circle(
                    center=canvas.frame.point(_centre(move.cells[-1])),
                    r=canvas.length(0.09),
                    fill=colour,
                )
            )
        end = _centre(turn[-1].cells[-1])
        canvas.placer.block(polygon(canvas.frame.at(p) for p in _diamond(end, TURN_END_HALF)), "turn-end")
        x, y = canvas.frame.x(end[0]), canvas.frame.y(end[1])
        tokens.diamond(
            canvas.drawing, group, str(number), x, y, TURN_END_HALF * UNITS, colour, canvas.theme.font
        )


TURN_END_HALF = 0.24
"""Half the diagonal of the diamond marking where a turn ends, in spaces."""


def _diamond(centre: Vec, half: float) -> list[Vec]:
    x, y = centre
    return [(x, y - half), (x + half, y), (x, y + half), (x - half, y)]


def line_cells(layout: Layout) -> dict[Square, str]:
    """The terminal marks of the racing line, by cell: ``·`` passed, a digit
    where a movement ends (its speed), ``●`` where a turn ends."""
    marks: dict[Square, str] = {}
    for turn in racing_line(layout).turns:
        for move in turn:
            for cell in move.cells[1:]:
                marks.setdefault(cell, PASSED)
            marks[move.cells[-1]] = str(move.speed)
        marks[turn[-1].cells[-1]] = TURN_END
    return marks
