"""The racing line on a diagram: ``render --line`` and ``show --line``.

The line is the fastest safe flying lap that
:func:`trackkit.racepack.movement.analysis.fastest_safe_line` finds: the
spaces a car passes, movement by movement.  On the SVG diagram it is a path
through the centres of those spaces, with a small dot where each movement
ends and a numbered diamond where each turn ends; the path runs under the
grid's pawns and the hazard coins (pieces standing on the table), the dots
and diamonds over them.  The terminal preview's marks of the line are
:func:`trackkit.racepack.preview.line_cells`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from trackkit.picture.labels import polygon
from trackkit.piecepack.geometry import Square, Vec
from trackkit.racepack.layout import Layout
from trackkit.racepack.setup import RacingLine, racing_line

if TYPE_CHECKING:
    from trackkit.render.canvas import Canvas

__all__ = [
    "LINE_COLOURS",
    "layer_racing_line",
    "layer_racing_path",
]

LINE_COLOURS = {"print": "#000000", "color": "#d81b60"}
"""The line's colour in each theme (black on the printed look)."""


def _centre(cell: Square) -> Vec:
    return (cell[0] + 0.5, cell[1] + 0.5)


@lru_cache(maxsize=32)
def _line(layout: Layout) -> RacingLine:
    """The racing line of ``layout``, worked out once for both its layers
    and the terminal preview's marks (finding it is a race analysis)."""
    return racing_line(layout)


def _shown(canvas: Canvas) -> RacingLine | None:
    """The racing line when the options ask for it and the track has one."""
    if not canvas.options.line or not canvas.scene.whole:
        return None
    line = _line(canvas.layout)
    return line if line.turns else None


def _colour(canvas: Canvas) -> str:
    return LINE_COLOURS.get(canvas.options.theme, LINE_COLOURS["print"])


def layer_racing_path(canvas: Canvas) -> None:
    """The racing line's path, dashed, through the centre of each space it
    passes: drawn before the pieces standing on the road, so that it runs
    under them."""
    line = _shown(canvas)
    if line is None:
        return
    group = canvas.group("racing-line-path")
    points = [_centre(cell) for cell in line.path]
    path = canvas.move(points[0]) + "".join(canvas.line_to(point) for point in points[1:])
    group.add(
        canvas.drawing.path(
            d=path,
            fill="none",
            stroke=_colour(canvas),
            stroke_width=canvas.length(0.06),
            stroke_linejoin="round",
            stroke_dasharray=f"{canvas.length(0.15)} {canvas.length(0.08)}",
        )
    )


def layer_racing_line(canvas: Canvas) -> None:
    """The racing line's marks: a dot where each movement ends and a
    numbered diamond where each turn ends."""
    line = _shown(canvas)
    if line is None:
        return
    from trackkit.render import tokens  # the SVG pieces; the terminal preview needs only line_cells
    from trackkit.render.canvas import UNITS

    colour = _colour(canvas)
    group = canvas.group("racing-line")
    for number, turn in enumerate(line.turns, 1):
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
