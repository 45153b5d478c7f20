"""The painter every part of a RACE! picture is drawn with.

A RACE! picture is drawn in *table coordinates*: spaces, ``x`` to the
right and ``y`` up, as :mod:`trackkit.race.shape` lays the track out.  The
painter turns them into the SVG's user units (:data:`UNITS` a space, ``y``
down, from the picture's top left), records each symbol it draws with the
one label placer (:mod:`trackkit.picture.labels`, which works in spaces
from the picture's top left), and draws the two marks both the road and
the key use: a direction arrow at any heading, and a chequered line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from trackkit.picture.labels import LabelPlacer
from trackkit.picture.labels import Shape as Outline
from trackkit.render.canvas import fmt
from trackkit.render.legend import Placed
from trackkit.render.race_palette import RacePalette
from trackkit.render.themes import Theme

__all__ = ["ARROW", "UNITS", "RaceFrame", "RacePainter"]

UNITS = 100
"""SVG user units per space (whole numbers keep the text short)."""

ARROW = 0.16
"""Half the length of a direction arrow, in spaces."""


@dataclass(frozen=True)
class RaceFrame:
    """Where the track sits in the picture: the table's ``left`` and ``top``
    edges (in spaces), the picture's size, and the key's items with the
    height its first row starts at (in spaces from the picture's top)."""

    left: float
    top: float
    width: float
    height: float
    legend: tuple[Placed, ...]
    legend_top: float


class RacePainter:
    """Draws one RACE! picture into an SVG group, in 1/100 inch."""

    def __init__(
        self, drawing: Any, parent: Any, frame: RaceFrame, palette: RacePalette, theme: Theme
    ) -> None:
        self.drawing, self.parent, self.frame, self.palette = drawing, parent, frame, palette
        self.theme = theme
        self.placer = LabelPlacer()

    def at(self, p: tuple[float, float]) -> tuple[float, float]:
        """A table point on the picture, in spaces from its top left (``y``
        down): where the label placer works."""
        return (p[0] - self.frame.left, self.frame.top - p[1])

    def block(self, shape: Outline, kind: str) -> None:
        """Record a symbol of ``kind`` no label may cover."""
        self.placer.block(shape, kind)

    def length(self, spaces: float) -> str:
        """A length in spaces as SVG text."""
        return fmt(round(spaces * UNITS, 1))

    def x(self, value: float) -> str:
        return fmt(round((value - self.frame.left) * UNITS, 1))

    def y(self, value: float) -> str:
        return fmt(round((self.frame.top - value) * UNITS, 1))

    def point(self, p: tuple[float, float]) -> tuple[str, str]:
        return self.x(p[0]), self.y(p[1])

    def points(self, outline: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
        return [
            (round((px - self.frame.left) * UNITS, 1), round((self.frame.top - py) * UNITS, 1))
            for px, py in outline
        ]

    def group(self, name: str, **attributes: str) -> Any:
        return self.parent.add(self.drawing.g(id=name, **attributes))

    def text(self, group: Any, words: str, spot: tuple[float, float], size: float, **attributes: str) -> None:
        """``words`` centred on ``spot`` (table coordinates), ``size`` spaces high."""
        insert = (self.x(spot[0]), self.y(spot[1] - size * 0.36))
        group.add(self.drawing.text(words, insert=insert, **attributes))

    def arrow(
        self, group: Any, centre: tuple[float, float], heading: float, size: float = ARROW
    ) -> tuple[tuple[float, float], ...]:
        """A small filled triangle at ``centre`` pointing along ``heading``
        (any angle); returns its corners (table coordinates)."""
        ux, uy = math.cos(heading), math.sin(heading)
        cx, cy = centre
        tip = (cx + ux * size, cy + uy * size)
        back = (cx - ux * size, cy - uy * size)
        left = (back[0] - uy * size * 0.8, back[1] + ux * size * 0.8)
        right = (back[0] + uy * size * 0.8, back[1] - ux * size * 0.8)
        group.add(self.drawing.polygon(self.points((tip, left, right))))
        return (tip, left, right)

    def chequer(self, group: Any, a: tuple[float, float], b: tuple[float, float], weight: float) -> None:
        """A chequered line from ``a`` to ``b``, ``weight`` spaces thick."""
        ink = self.palette.ink
        group.add(
            self.drawing.line(self.point(a), self.point(b), stroke=ink, stroke_width=fmt(weight * UNITS))
        )
        dash = fmt(weight * UNITS / 2)
        group.add(
            self.drawing.line(
                self.point(a),
                self.point(b),
                stroke="#ffffff",
                stroke_width=fmt(weight * UNITS / 2),
                stroke_dasharray=f"{dash},{dash}",
            )
        )
