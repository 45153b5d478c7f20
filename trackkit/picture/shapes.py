"""The shapes a drawing's labels and symbols take, and whether two meet.

Pure geometry on the picture, in spaces (inches), ``x`` to the right and
``y`` down the page, as SVG has it.  A :class:`Shape` is a circle or a
convex polygon; :func:`overlaps` tells whether two of them share any area.
Text is measured with a generous average letter width (:func:`text_width`),
the same measure the label placer, the key and the overlap test use; where
a line of words really ends (for the paper pages, which must not print a
sheet for the last letters of a caption) is measured letter by letter
(:func:`line_width`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

__all__ = [
    "LETTER_HEIGHT",
    "Point",
    "Shape",
    "box",
    "circle",
    "line_width",
    "overlaps",
    "polygon",
    "stroke",
    "text_box",
    "text_width",
]

Point = tuple[float, float]

BOLD_LETTER = 0.7
PLAIN_LETTER = 0.6
"""A generous average width of a bold and of a plain letter, in font sizes
(DejaVu Sans, the first choice of every drawing's fonts)."""

_LETTER_WIDTHS = {
    0.3: "'ijlIJ",
    0.34: " ,.·/:;\\|",
    0.4: "f-()[]t!r",
    0.5: '"*_`–',
    0.56: "szc?L",
    0.64: "FkvxyPTYaoeESbdghnpqu$0123456789{}",
    0.7: "KAVBRXZC",
    0.8: "UHNDG&OQw▲▼",
    0.88: "#+<=>^~M✂⊕●○◉",
    1.0: "%mW@—…",
}
"""Each letter's width in DejaVu Sans (plain), in font sizes, rounded up
to one of a few classes; a letter not listed counts as :data:`_OTHER_LETTER`."""

_OTHER_LETTER = 0.7
_BOLD_WIDER = 1.12
"""How much wider DejaVu Sans Bold is than the plain face, on average."""

_WIDTH_OF = {letter: width for width, letters in _LETTER_WIDTHS.items() for letter in letters}

LETTER_HEIGHT = 0.8
"""The height a line of digits and capitals takes, in font sizes."""


@dataclass(frozen=True)
class Shape:
    """A circle (``centre`` and ``radius``) or a convex polygon (``points``,
    in order round it)."""

    points: tuple[Point, ...] = ()
    centre: Point | None = None
    radius: float = 0.0

    def bounds(self) -> tuple[float, float, float, float]:
        """``left, top, right, bottom`` of the smallest box holding the shape."""
        return self._bounds

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        # The hash a frozen dataclass gives, kept: the label placer files a
        # shape under every cell it covers, hashing it each time.
        return hash((self.points, self.centre, self.radius))

    @cached_property
    def _bounds(self) -> tuple[float, float, float, float]:
        # Kept: placing labels tests each against every shape already placed.
        if self.centre is not None:
            (x, y), r = self.centre, self.radius
            return (x - r, y - r, x + r, y + r)
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))


def box(left: float, top: float, right: float, bottom: float) -> Shape:
    """The rectangle from ``left``, ``top`` to ``right``, ``bottom``."""
    return Shape(((left, top), (right, top), (right, bottom), (left, bottom)))


def circle(centre: Point, radius: float) -> Shape:
    return Shape(centre=centre, radius=radius)


def polygon(points: Iterable[Point]) -> Shape:
    """The convex hull of ``points``: a symbol's outline, notches filled in."""
    unique = sorted(set(points))
    if len(unique) < 3:
        return Shape(tuple(unique))

    def half(ordered: list[Point]) -> list[Point]:
        hull: list[Point] = []
        for p in ordered:
            while len(hull) >= 2 and _cross(hull[-2], hull[-1], p) <= 0:
                hull.pop()
            hull.append(p)
        return hull[:-1]

    return Shape(tuple(half(unique) + half(unique[::-1])))


def stroke(start: Point, end: Point, width: float) -> Shape:
    """A straight stroke ``width`` wide from ``start`` to ``end``."""
    (ax, ay), (bx, by) = start, end
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / length * width / 2, (bx - ax) / length * width / 2
    return Shape(((ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def overlaps(a: Shape, b: Shape) -> bool:
    """Whether ``a`` and ``b`` share some area (touching edges do not count)."""
    (al, at, ar, ab), (bl, bt, br, bb) = a.bounds(), b.bounds()
    if ar <= bl or br <= al or ab <= bt or bb <= at:
        return False
    if a.centre is not None and b.centre is not None:
        return math.dist(a.centre, b.centre) < a.radius + b.radius
    if a.centre is not None:
        return _circle_meets_polygon(a, b.points)
    if b.centre is not None:
        return _circle_meets_polygon(b, a.points)
    return _polygons_meet(a.points, b.points)


def _polygons_meet(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Separating axes: two convex polygons are apart when some edge's normal
    separates their projections."""
    for points in (a, b):
        for i, p in enumerate(points):
            q = points[(i + 1) % len(points)]
            axis = (p[1] - q[1], q[0] - p[0])
            if axis == (0.0, 0.0):
                continue
            low_a, high_a = _project(a, axis)
            low_b, high_b = _project(b, axis)
            if high_a <= low_b or high_b <= low_a:
                return False
    return bool(a) and bool(b)


def _project(points: Sequence[Point], axis: Point) -> tuple[float, float]:
    values = [p[0] * axis[0] + p[1] * axis[1] for p in points]
    return min(values), max(values)


def _circle_meets_polygon(disc: Shape, points: Sequence[Point]) -> bool:
    assert disc.centre is not None
    if _inside(disc.centre, points):
        return True
    return any(
        _distance_to_segment(disc.centre, p, points[(i + 1) % len(points)]) < disc.radius
        for i, p in enumerate(points)
    )


def _inside(point: Point, points: Sequence[Point]) -> bool:
    if len(points) < 3:
        return False
    signs = {_cross(p, points[(i + 1) % len(points)], point) > 0 for i, p in enumerate(points)}
    return len(signs) == 1


def _distance_to_segment(point: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def text_width(text: str, size: float, bold: bool = True) -> float:
    """How wide ``text`` is drawn ``size`` high, generously."""
    return len(text) * size * (BOLD_LETTER if bold else PLAIN_LETTER)


def line_width(text: str, size: float, bold: bool = False) -> float:
    """How wide a line of ``text`` is drawn ``size`` high in DejaVu Sans,
    letter by letter: close to its true width, a little over."""
    width = sum(_WIDTH_OF.get(letter, _OTHER_LETTER) for letter in text) * size
    return width * (_BOLD_WIDER if bold else 1.0)


def text_box(centre: Point, text: str, size: float, bold: bool = True) -> Shape:
    """The box ``text`` takes when centred on ``centre``, ``size`` high."""
    half_width, half_height = text_width(text, size, bold) / 2, LETTER_HEIGHT * size / 2
    x, y = centre
    return box(x - half_width, y - half_height, x + half_width, y + half_height)
