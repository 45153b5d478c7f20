"""The icons of a rally picture: one small picture for each kind of card
and token, shown on the cards and in the key.

An *icon* is a :class:`~trackkit.picture.marks.Glyph`: marks set in a
square of its own, ``x`` to the right and ``y`` down from -0.5 to 0.5,
which the painter scales into the square it stands in.  The road cards
show their road from above, as a player sees it on the table: a band of
road along its *centre line*, entered at the bottom of the card and left
at the top, with a dashed middle line; the Start card a flag on a pole, a
Checkpoint a chequered flag, a Jump a ramp and the flight beyond it, the
3-lane card a wide road of three lanes.  A crest is a hump seen from the
side and a water splash the road crossed by waves.  A card whose name
trackkit does not know is a plain card with its name's first letter.
*Fuel* tokens (each moves a car up to 3 spaces) are a fuel drop and
*Control* tokens (each pays for a Gate) a steering wheel.  Every mark
names its colour's role (``icon-road-line``: a stroke in the road's
colour; ``icon-accent``: a fill in the accent colour).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from trackkit.picture.marks import Area, Glyph, Mark, Polyline, Text
from trackkit.picture.shapes import Point

__all__ = ["KNOWN", "ROAD_LINES", "icon", "icon_kind"]


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

_LANE_DASH = (0.07, 0.06)
_FLIGHT_DASH = (0.07, 0.05)
"""The dashes of a lane line and of a Jump's flight: stroke, then gap."""


def _line(points: list[Point], colour: str, width: float, round_joins: bool = False) -> Polyline:
    """A stroke in the icons' ``colour`` (``ink``, ``road``...)."""
    return Polyline(tuple(points), width, f"icon-{colour}-line" + (" round" if round_joins else ""))


def _shape(points: list[Point], fill: str, outlined: bool = False) -> Area:
    """A shape filled in the icons' ``fill`` colour, outlined in ink or not."""
    return Area(tuple(points), f"icon-{fill} " + ("icon-edge" if outlined else "bare"))


def _road(points: list[Point], width: float = ROAD_WIDTH, lanes: int = 2) -> list[Mark]:
    """A band of road along ``points`` with its lane lines dashed."""
    marks: list[Mark] = [_line(points, "ink", width + 0.06, True), _line(points, "road", width, True)]
    for lane in range(1, lanes):
        offset = width * (lane / lanes - 0.5)
        shifted = [(x + offset, y) for x, y in points] if offset else points
        marks.append(Polyline(tuple(shifted), 0.025, "icon-paper-line", _LANE_DASH))
    return marks


def _square(left: float, top: float, width: float, height: float) -> list[Point]:
    return [(left, top), (left + width, top), (left + width, top + height), (left, top + height)]


def _flag(chequered: bool) -> list[Mark]:
    """A flag on a pole: plain (the Start) or chequered (a Checkpoint)."""
    left, top, width, height = -0.27, -0.42, 0.62, 0.42
    marks: list[Mark] = [
        _line([(-0.3, 0.45), (-0.3, -0.45)], "ink", 0.06),
        _shape(_square(left, top, width, height), "paper" if chequered else "accent", True),
    ]
    if not chequered:
        return marks
    columns, rows = 4, 3
    w, h = width / columns, height / rows
    for row in range(rows):
        for column in range(row % 2, columns, 2):
            marks.append(_shape(_square(left + column * w, top + row * h, w, h), "ink"))
    return marks


def _start() -> list[Mark]:
    return _flag(chequered=False)


def _checkpoint() -> list[Mark]:
    return _flag(chequered=True)


def _three_lane() -> list[Mark]:
    return _road([(0.0, 0.5), (0.0, -0.5)], width=0.62, lanes=3)


def _jump() -> list[Mark]:
    """A ramp seen from the side, and the car's flight beyond it."""
    flight = _arc((0.2, 0.3), 0.3, -math.pi * 0.85, -math.pi * 0.1, 8)
    tip = flight[-1]
    return [
        _line([(-0.5, 0.35), (0.5, 0.35)], "ink", 0.04),
        _shape([(-0.45, 0.35), (-0.02, 0.35), (-0.02, 0.02)], "accent", True),
        Polyline(tuple(flight), 0.04, "icon-ink-line", _FLIGHT_DASH),
        _shape([tip, (tip[0] - 0.13, tip[1] - 0.02), (tip[0] - 0.02, tip[1] - 0.13)], "ink"),
    ]


def _crest() -> list[Mark]:
    """A hump in the road seen from the side."""
    hump = [(-0.5, 0.3), *_arc((0.0, 0.55), 0.5, -math.pi * 0.85, -math.pi * 0.15, 10), (0.5, 0.3)]
    return [_line(hump, "ink", 0.16, True), _line(hump, "road", 0.1, True)]


def _water_splash() -> list[Mark]:
    """The road crossed by three waves."""
    marks = _road(ROAD_LINES["water-splash"])
    for y in (-0.2, 0.0, 0.2):
        wave = [(-0.42 + k * 0.07, y + 0.04 * math.sin(k * math.pi / 2)) for k in range(13)]
        marks.append(_line(wave, "water", 0.05))
    return marks


def _fuel() -> list[Mark]:
    """A fuel drop."""
    body = _arc((0.0, 0.12), 0.3, -math.pi * 0.2, math.pi * 1.2, 14)
    return [_shape([(0.0, -0.45), *body], "water", True)]


def _control() -> list[Mark]:
    """A steering wheel: rim, hub and three spokes."""
    marks: list[Mark] = [_line(_arc((0.0, 0.0), 0.4, 0.0, 2 * math.pi, 24), "ink", 0.09)]
    for angle in (math.pi, 0.0, math.pi / 2):
        marks.append(_line([(0.0, 0.0), (0.4 * math.cos(angle), 0.4 * math.sin(angle))], "ink", 0.07))
    marks.append(_shape(_arc((0.0, 0.0), 0.11, 0.0, 2 * math.pi, 12), "ink"))
    return marks


def _unknown(name: str) -> list[Mark]:
    """A plain card with the first letter of ``name``."""
    letter = (name[:1] or "?").upper()
    return [
        _shape([(-0.3, -0.42), (0.3, -0.42), (0.3, 0.42), (-0.3, 0.42)], "paper", True),
        Text(letter, (0.0, 0.0), 0.5, "icon-ink", bold=True, middle=True),
    ]


_PICTURES: dict[str, Callable[[], list[Mark]]] = {
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


def icon(name: str, centre: Point, side: float) -> Glyph:
    """The icon of ``name`` (a card's or a token's) in the square of ``side``
    spaces centred on ``centre``."""
    if name in _PICTURES:
        marks = _PICTURES[name]()
    elif name in ROAD_LINES:
        marks = _road(ROAD_LINES[name])
    else:
        marks = _unknown(name)
    return Glyph(centre, side, tuple(marks))
