"""The icons of a rally drawing: one small picture for each kind of card
and token, drawn on the cards, on the scoring stacks and in the key.

An *icon* is drawn in a square of a given side centred on a point.  The
road cards show their road from above, as a player sees it on the table: a
band of road along its *centre line*, entered at the bottom of the card and
left at the top, with a dashed middle line; the Start card a flag on a
pole, a Checkpoint a chequered flag, a Jump a ramp and the flight beyond
it, the 3-lane card a wide road of three lanes.  A crest is a hump seen
from the side and a water splash the road crossed by waves.  A card whose
name trackkit does not know is a plain card with its name's first letter.
*Fuel* tokens (each moves a car up to 3 spaces) are a fuel drop and
*Control* tokens (each pays for a Gate) a steering wheel.

Everything here is pure geometry in the icon's own square, ``x`` to the
right and ``y`` down, from -0.5 to 0.5; :func:`draw_icon` scales and draws.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trackkit.render.canvas import UNITS, fmt

__all__ = ["KNOWN", "IconColours", "draw_icon", "icon_kind"]

Point = tuple[float, float]


@dataclass(frozen=True)
class IconColours:
    """The colours icons are drawn in: ``ink`` for outlines and lettering,
    ``road`` for the road band, ``accent`` for the Start flag and the Jump's
    ramp, ``water`` for waves and the fuel drop, ``paper`` behind marks."""

    ink: str
    road: str
    accent: str
    water: str
    paper: str


def _arc(centre: Point, radius: float, start: float, end: float, steps: int = 12) -> list[Point]:
    """Points along a circle from angle ``start`` to ``end`` (radians, ``y`` down)."""
    return [
        (
            centre[0] + radius * math.cos(start + (end - start) * k / steps),
            centre[1] + radius * math.sin(start + (end - start) * k / steps),
        )
        for k in range(steps + 1)
    ]


def _left_curve() -> list[Point]:
    return [(0.2, 0.5), *_arc((-0.3, 0.1), 0.5, 0.0, -math.pi / 2), (-0.5, -0.4)]


def _mirrored(points: list[Point]) -> list[Point]:
    return [(-x, y) for x, y in points]


def _s_bend() -> list[Point]:
    return [(-0.22 * math.cos(math.pi * k / 16), 0.5 - k / 16) for k in range(17)]


def _hairpin() -> list[Point]:
    return [(0.24, 0.5), *_arc((0.0, -0.08), 0.24, 0.0, -math.pi), (-0.24, 0.5)]


ROAD_LINES: dict[str, list[Point]] = {
    "straight": [(0.0, 0.5), (0.0, -0.5)],
    "left-curve": _left_curve(),
    "right-curve": _mirrored(_left_curve()),
    "s-bend": _s_bend(),
    "hairpin": _hairpin(),
    "chicane": [(0.0, 0.5), (0.0, 0.3), (0.22, 0.12), (-0.22, -0.12), (0.0, -0.3), (0.0, -0.5)],
    "water-splash": [(0.0, 0.5), (0.0, -0.5)],
}
"""The centre line of each road card's road, entered at the bottom."""

ROAD_WIDTH = 0.3
"""How wide a road band is, as a fraction of the icon's side."""


class _Pen:
    """Draws into ``group`` in the square of ``side`` user units centred on ``centre``."""

    def __init__(self, drawing: Any, group: Any, centre: Point, side: float, colours: IconColours) -> None:
        self.drawing, self.group, self.centre, self.side, self.colours = drawing, group, centre, side, colours

    def at(self, p: Point) -> tuple[str, str]:
        return (
            fmt(round(self.centre[0] + p[0] * self.side, 1)),
            fmt(round(self.centre[1] + p[1] * self.side, 1)),
        )

    def width(self, fraction: float) -> str:
        return fmt(round(fraction * self.side, 2))

    def line(self, points: list[Point], colour: str, width: float, **extra: str) -> None:
        d = "M" + " L".join(" ".join(self.at(p)) for p in points)
        self.group.add(
            self.drawing.path(d=d, fill="none", stroke=colour, stroke_width=self.width(width), **extra)
        )

    def shape(self, points: list[Point], fill: str, outline: str | None = None) -> None:
        extra = {"stroke": outline, "stroke_width": self.width(0.03)} if outline else {"stroke": "none"}
        self.group.add(self.drawing.polygon([self.at(p) for p in points], fill=fill, **extra))

    def road(self, points: list[Point], width: float = ROAD_WIDTH, lanes: int = 2) -> None:
        """A band of road along ``points`` with its lane lines dashed."""
        colours = self.colours
        self.line(points, colours.ink, width + 0.06, stroke_linejoin="round")
        self.line(points, colours.road, width, stroke_linejoin="round")
        dash = f"{self.width(0.07)} {self.width(0.06)}"
        for lane in range(1, lanes):
            offset = width * (lane / lanes - 0.5)
            shifted = [(x + offset, y) for x, y in points] if offset else points
            self.line(shifted, colours.paper, 0.025, stroke_dasharray=dash)


def _flag(pen: _Pen, chequered: bool) -> None:
    """A flag on a pole: plain (the Start) or chequered (a Checkpoint)."""
    colours = pen.colours
    pen.line([(-0.3, 0.45), (-0.3, -0.45)], colours.ink, 0.06)
    left, top, width, height = -0.27, -0.42, 0.62, 0.42
    pen.shape(
        [(left, top), (left + width, top), (left + width, top + height), (left, top + height)],
        colours.paper if chequered else colours.accent,
        colours.ink,
    )
    if not chequered:
        return
    columns, rows = 4, 3
    w, h = width / columns, height / rows
    for row in range(rows):
        for column in range(row % 2, columns, 2):
            x, y = left + column * w, top + row * h
            pen.shape([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], colours.ink)


def _start(pen: _Pen) -> None:
    _flag(pen, chequered=False)


def _checkpoint(pen: _Pen) -> None:
    _flag(pen, chequered=True)


def _three_lane(pen: _Pen) -> None:
    pen.road([(0.0, 0.5), (0.0, -0.5)], width=0.62, lanes=3)


def _jump(pen: _Pen) -> None:
    """A ramp seen from the side, and the car's flight beyond it."""
    colours = pen.colours
    pen.line([(-0.5, 0.35), (0.5, 0.35)], colours.ink, 0.04)
    pen.shape([(-0.45, 0.35), (-0.02, 0.35), (-0.02, 0.02)], colours.accent, colours.ink)
    flight = _arc((0.2, 0.3), 0.3, -math.pi * 0.85, -math.pi * 0.1, 8)
    pen.line(flight, colours.ink, 0.04, stroke_dasharray=f"{pen.width(0.07)} {pen.width(0.05)}")
    tip = flight[-1]
    pen.shape([tip, (tip[0] - 0.13, tip[1] - 0.02), (tip[0] - 0.02, tip[1] - 0.13)], colours.ink)


def _crest(pen: _Pen) -> None:
    """A hump in the road seen from the side."""
    hump = [(-0.5, 0.3), *_arc((0.0, 0.55), 0.5, -math.pi * 0.85, -math.pi * 0.15, 10), (0.5, 0.3)]
    pen.line(hump, pen.colours.ink, 0.16, stroke_linejoin="round")
    pen.line(hump, pen.colours.road, 0.1, stroke_linejoin="round")


def _water_splash(pen: _Pen) -> None:
    """The road crossed by three waves."""
    pen.road(ROAD_LINES["water-splash"])
    for y in (-0.2, 0.0, 0.2):
        wave = [(-0.42 + k * 0.07, y + 0.04 * math.sin(k * math.pi / 2)) for k in range(13)]
        pen.line(wave, pen.colours.water, 0.05)


def _fuel(pen: _Pen) -> None:
    """A fuel drop."""
    top = (0.0, -0.45)
    body = _arc((0.0, 0.12), 0.3, -math.pi * 0.2, math.pi * 1.2, 14)
    pen.shape([top, *body], pen.colours.water, pen.colours.ink)


def _control(pen: _Pen) -> None:
    """A steering wheel: rim, hub and three spokes."""
    colours = pen.colours
    rim = _arc((0.0, 0.0), 0.4, 0.0, 2 * math.pi, 24)
    pen.line(rim, colours.ink, 0.09)
    for angle in (math.pi, 0.0, math.pi / 2):
        pen.line([(0.0, 0.0), (0.4 * math.cos(angle), 0.4 * math.sin(angle))], colours.ink, 0.07)
    pen.shape(_arc((0.0, 0.0), 0.11, 0.0, 2 * math.pi, 12), colours.ink)


def _unknown(pen: _Pen, name: str) -> None:
    """A plain card with the first letter of ``name``."""
    colours = pen.colours
    corners = [(-0.3, -0.42), (0.3, -0.42), (0.3, 0.42), (-0.3, 0.42)]
    pen.shape(corners, colours.paper, colours.ink)
    letter = (name[:1] or "?").upper()
    x, y = pen.at((0.0, 0.0))
    size = 0.5 * pen.side
    pen.group.add(
        pen.drawing.text(
            letter,
            insert=(x, fmt(round(float(y) + 0.36 * size, 1))),
            fill=colours.ink,
            font_size=fmt(round(size, 1)),
            font_weight="bold",
            text_anchor="middle",
        )
    )


_PICTURES: dict[str, Callable[[_Pen], None]] = {
    "start": _start,
    "3-lane": _three_lane,
    "checkpoint": _checkpoint,
    "jump": _jump,
    "crest": _crest,
    "water-splash": _water_splash,
    "fuel": _fuel,
    "control": _control,
}

KNOWN = tuple(dict.fromkeys([*_PICTURES, *ROAD_LINES]))
"""Every card or token name with an icon of its own."""


def icon_kind(name: str) -> str:
    """The icon a card called ``name`` shows: its own, or ``card`` for a
    name trackkit has no picture of."""
    return name if name in KNOWN else "card"


def draw_icon(drawing: Any, group: Any, name: str, centre: Point, side: float, colours: IconColours) -> None:
    """The icon of ``name`` (a card's or a token's) in the square of ``side``
    spaces centred on ``centre`` (spaces on the picture)."""
    pen = _Pen(drawing, group, (centre[0] * UNITS, centre[1] * UNITS), side * UNITS, colours)
    if name in _PICTURES:
        _PICTURES[name](pen)
    elif name in ROAD_LINES:
        pen.road(ROAD_LINES[name])
    else:
        _unknown(pen, name)
