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
        group.add(canvas.drawing.circle(center=canvas.frame.point(end), r=canvas.length(0.2), fill=colour))
        x, y = canvas.frame.point((end[0], end[1] - 0.08))
        group.add(
            canvas.drawing.text(
                str(number),
                insert=(x, y),
                text_anchor="middle",
                font_size=canvas.length(0.24),
                font_family="sans-serif",
                font_weight="bold",
                fill="#ffffff",
            )
        )


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
