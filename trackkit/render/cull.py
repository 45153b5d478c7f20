"""A page's SVG cut round its window, and without the marks that lie
outside the window, for drawing as PNG or PDF.

A page of a paper split (see :mod:`trackkit.render.pages`) holds the whole
picture inside a nested ``<svg id="window">`` that clips it to the part the
page shows.  A browser or printer skips what is clipped away cheaply, but
cairosvg walks every element of every page, so a track cut into fifty pages
was drawn fifty times over.  :func:`culled_page` leaves out each simple
element (a rectangle, circle, line, polygon, straight-edged path or one
line of text) whose bounds lie wholly outside the window, with a margin for
strokes and lettering; what remains draws the same page.  Anything it cannot
measure (a curve, a transform, an element of several lines) stays.
:func:`window_parts` cuts a page into what comes before its window's
inside, that inside, and what follows (a PDF records the inside once; see
:mod:`trackkit.render.raster`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["culled_page", "window_parts"]

Bounds = tuple[float, float, float, float]

_MARGIN = 60.0
"""How far beyond the window an element may reach and still stay, in the
picture's units (a hundred to the inch): more than any stroke is wide."""

_WINDOW = re.compile(r'^( *)<svg [^>]*id="window"[^>]*>$')
_VIEW_BOX = re.compile(r'viewBox="([-\d.e ]+)"')
_LEAF = re.compile(
    r"^ *<(rect|circle|line|polygon|polyline|path|text)((?: [\w:-]+=\"[^\"]*\")*)(?:/>|>([^<]*)</text>)$"
)
_ATTRIBUTE = re.compile(r' ([\w:-]+)="([^"]*)"')
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")
_PATH_TOKEN = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")


def culled_page(svg: str) -> str:
    """``svg`` with the simple elements of its window that lie outside the
    window left out; ``svg`` itself when it has no window."""
    parts = window_parts(svg)
    if parts is None:
        return svg
    before, inside, after = parts
    box = _view_box(before.rsplit("\n", 1)[-1])
    if box is None:
        return svg
    kept = [text for text in inside.split("\n") if not _outside(text, box)] if inside else []
    return "\n".join([before, *kept, after])


def window_parts(svg: str) -> tuple[str, str, str] | None:
    """``svg`` cut round its window's inside: the text up to the window's
    opening tag, what the window holds, and the rest from its closing tag;
    ``None`` when it has no window (or an unclosed one)."""
    lines = svg.split("\n")
    for start, line in enumerate(lines):
        window = _WINDOW.match(line)
        if window is None:
            continue
        closing = f"{window.group(1)}</svg>"
        for end in range(start + 1, len(lines)):
            if lines[end] == closing:
                inside = "\n".join(lines[start + 1 : end])
                return "\n".join(lines[: start + 1]), inside, "\n".join(lines[end:])
        return None
    return None


def _view_box(line: str) -> Bounds | None:
    found = _VIEW_BOX.search(line)
    numbers = [float(value) for value in found.group(1).split()] if found else []
    if len(numbers) != 4:
        return None
    left, top, width, height = numbers
    return (left - _MARGIN, top - _MARGIN, left + width + _MARGIN, top + height + _MARGIN)


def _outside(line: str, window: Bounds) -> bool:
    """Whether ``line`` is one simple element lying wholly outside ``window``."""
    leaf = _LEAF.match(line)
    if leaf is None:
        return False
    attributes = dict(_ATTRIBUTE.findall(leaf.group(2)))
    if "transform" in attributes:
        return False
    try:
        bounds = _MEASURES[leaf.group(1)](attributes, leaf.group(3) or "")
    except (KeyError, ValueError, IndexError):
        return False
    if bounds is None:
        return False
    reach = float(attributes.get("stroke-width", "0"))
    left, top, right, bottom = bounds
    beside = right + reach < window[0] or left - reach > window[2]
    return beside or bottom + reach < window[1] or top - reach > window[3]


def _rect(attributes: dict[str, str], text: str) -> Bounds:
    x, y = float(attributes.get("x", "0")), float(attributes.get("y", "0"))
    return (x, y, x + float(attributes["width"]), y + float(attributes["height"]))


def _circle(attributes: dict[str, str], text: str) -> Bounds:
    x, y, r = float(attributes["cx"]), float(attributes["cy"]), float(attributes["r"])
    return (x - r, y - r, x + r, y + r)


def _line(attributes: dict[str, str], text: str) -> Bounds:
    xs = (float(attributes["x1"]), float(attributes["x2"]))
    ys = (float(attributes["y1"]), float(attributes["y2"]))
    return (min(xs), min(ys), max(xs), max(ys))


def _points(attributes: dict[str, str], text: str) -> Bounds:
    values = [float(value) for value in _NUMBER.findall(attributes["points"])]
    return _extent(values[0::2], values[1::2])


def _path(attributes: dict[str, str], text: str) -> Bounds | None:
    """A path of straight moves and lines given in absolute positions
    (``M``, ``L``, ``H``, ``V``, ``Z``); ``None`` for any other."""
    xs: list[float] = []
    ys: list[float] = []
    command, numbers = "", list[float]()
    for token in _PATH_TOKEN.findall(attributes["d"]):
        if token.isalpha():
            if token not in "MLHVZ":
                return None
            command, numbers = token, []
            continue
        numbers.append(float(token))
        if command == "H":
            xs.append(numbers.pop())
        elif command == "V":
            ys.append(numbers.pop())
        elif command in "ML" and len(numbers) == 2:
            xs.append(numbers[0])
            ys.append(numbers[1])
            numbers = []
    return _extent(xs, ys) if xs and ys else None


def _text(attributes: dict[str, str], text: str) -> Bounds:
    """A line of text, measured generously: a letter as wide as it is high."""
    x, y = float(attributes["x"]), float(attributes["y"])
    size = float(attributes.get("font-size", "100"))
    reach = (len(text) + 1) * size
    return (x - reach, y - 2 * size, x + reach, y + size)


def _extent(xs: list[float], ys: list[float]) -> Bounds:
    return (min(xs), min(ys), max(xs), max(ys))


_MEASURES: dict[str, Callable[[dict[str, str], str], Bounds | None]] = {
    "rect": _rect,
    "circle": _circle,
    "line": _line,
    "polygon": _points,
    "polyline": _points,
    "path": _path,
    "text": _text,
}
