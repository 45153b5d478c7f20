"""The arrows of a track diagram: an arrowhead on each straight tile and a
curved arrow round each corner, and how a diagram leaves out what tiles
stacked on one place would draw again."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from trackkit.picture.labels import circle, overlaps, polygon, stroke
from trackkit.piecepack.geometry import Heading, Vec
from trackkit.render.canvas import Canvas
from trackkit.render.road import Turn

__all__ = ["HAZARD_RADIUS", "layer_arrows", "once", "once_by"]

Item = TypeVar("Item", bound=Hashable)
Thing = TypeVar("Thing")


def once(items: Iterable[Item]) -> list[Item]:
    """``items`` with each repeat left out, in order.  Tiles stacked on one
    place (a track folded onto itself) would draw the same square, grid and
    arrow once for each: painted in one colour, once looks the same, and a
    path of thousands of corners piled on four places draws four tiles'
    worth, not thousands."""
    return list(dict.fromkeys(items))


def once_by(items: Iterable[Thing], key: Callable[[Thing], Hashable]) -> list[Thing]:
    """The first of ``items`` with each ``key``, in order (see :func:`once`)."""
    first: dict[Hashable, Thing] = {}
    for item in items:
        first.setdefault(key(item), item)
    return list(first.values())


def layer_arrows(canvas: Canvas) -> None:
    """An arrowhead on each straight tile pointing the way the cars drive, and
    a curved arrow round each corner tile, swung wide of a hazard coin lying
    on the corner's inner space.  Each is recorded as a symbol."""
    group = canvas.group("arrows", class_="symbol arrow", fill=canvas.theme.arrow, stroke="none")
    arrows = once((a.at, a.heading) for a in canvas.scene.arrows)
    heads = [_arrow_corners(at, heading) for at, heading in arrows]
    turns = once_by(canvas.scene.turns, lambda turn: (turn.at, turn.entry, turn.exit))
    radii = [_turn_radius(canvas, turn) for turn in turns]
    heads += [_turn_head(turn, radius) for turn, radius in zip(turns, radii)]
    for corners in heads:
        canvas.placer.block(polygon(canvas.frame.at(c) for c in corners), "arrow")
    if heads:
        group.add(canvas.drawing.path(d=" ".join(_closed_path(canvas, corners) for corners in heads)))
    if turns:
        width = canvas.theme.turn_width
        arcs = [_turn_arc(turn, radius) for turn, radius in zip(turns, radii)]
        for points in arcs:
            for a, b in itertools.pairwise(points):
                canvas.placer.block(stroke(canvas.frame.at(a), canvas.frame.at(b), width), "arrow")
        steps = [
            canvas.move(points[0]) + " " + " ".join(canvas.line_to(p) for p in points[1:]) for points in arcs
        ]
        group.add(
            canvas.drawing.path(
                d=" ".join(steps), fill="none", stroke=canvas.theme.arrow, stroke_width=canvas.length(width)
            )
        )


_TURN_FROM, _TURN_TO, _TURN_TIP = 0.22, 0.66, 0.8
"""Where a corner's curved arrow starts, where its shaft ends and where its
head points, as fractions of the way round the corner."""

_TURN_RADII = (1.0, 1.45)
"""The circles a corner's curved arrow may follow about the inner corner
point, in spaces: the middle of the road, or wider, clear of a coin on the
inner space."""

HAZARD_RADIUS = 0.37
"""Radius of a hazard coin seen from above, in spaces."""


def _turn_radius(canvas: Canvas, turn: Turn) -> float:
    """The first of :data:`_TURN_RADII` whose arrow clears every hazard coin."""
    coins = [
        circle((h.cell[0] + 0.5, h.cell[1] + 0.5), HAZARD_RADIUS + 0.05)
        for h in canvas.scene.furniture.hazards
    ]
    for radius in _TURN_RADII:
        shapes = [polygon(_turn_head(turn, radius))]
        points = _turn_arc(turn, radius)
        shapes += [stroke(a, b, canvas.theme.turn_width) for a, b in itertools.pairwise(points)]
        if not any(overlaps(shape, coin) for shape in shapes for coin in coins):
            return radius
    return _TURN_RADII[0]


def _turn_arc(turn: Turn, radius: float) -> list[Vec]:
    steps = 6
    return [turn.along(_TURN_FROM + (_TURN_TO - _TURN_FROM) * k / steps, radius) for k in range(steps + 1)]


def _turn_head(turn: Turn, radius: float) -> list[Vec]:
    (tx, ty), (bx, by) = turn.along(_TURN_TIP, radius), turn.along(_TURN_TO - 0.02, radius)
    length = math.hypot(tx - bx, ty - by)
    ux, uy = (tx - bx) / length, (ty - by) / length
    base = (tx - 0.3 * ux, ty - 0.3 * uy)
    return [
        (tx, ty),
        (base[0] - 0.17 * uy, base[1] + 0.17 * ux),
        (base[0] + 0.17 * uy, base[1] - 0.17 * ux),
    ]


def _closed_path(canvas: Canvas, corners: list[Vec]) -> str:
    return canvas.move(corners[0]) + " " + " ".join(canvas.line_to(c) for c in corners[1:]) + " Z"


def _arrow_corners(at: tuple[int, int], heading: Heading) -> list[Vec]:
    side = heading.left()

    def offset(forward: float, across: float) -> Vec:
        return (
            at[0] + forward * heading.dx + across * side.dx,
            at[1] + forward * heading.dy + across * side.dy,
        )

    return [offset(0.3, 0), offset(-0.2, 0.24), offset(-0.08, 0), offset(-0.2, -0.24)]
