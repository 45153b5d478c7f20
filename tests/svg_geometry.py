"""The drawings the overlap tests check, and their geometry read back from the SVG.

Every drawing marks its lettering and its symbols with a ``class``: a group
of class ``label ...`` is one label (its texts' boxes), a group of class
``symbol KIND`` is one symbol (its circles, rectangles, paths and lines).
This module finds them in the SVG and turns each into shapes on the
picture, in spaces (SVG user units / 100), without a browser: a text's box
comes from its position, size, anchor and length.
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import pytest
from support import LAYOUTS, ROOT, game_of_file

from trackkit import games
from trackkit.api import load
from trackkit.picture.paper import get_paper
from trackkit.picture.shapes import LETTER_HEIGHT, Shape, box, circle, polygon, stroke, text_width
from trackkit.render.canvas import UNITS
from trackkit.render.options import RenderOptions

SVG = "{http://www.w3.org/2000/svg}"

DRAWN_GAMES = ("racepack", "motocross", "race", "rally")
"""The games whose drawings use the label placer."""

LAYOUT_FILES = sorted(p for p in LAYOUTS.glob("*.yaml") if game_of_file(p) in DRAWN_GAMES)

HAZARDS = ROOT / "tests" / "samples" / "hairpin-hazards.yaml"


def modes(game: str) -> list[tuple[str, RenderOptions, str | None]]:
    """Every way a layout of ``game`` is drawn: name, options, paper."""
    found = [
        ("screen", RenderOptions(), None),
        ("color", RenderOptions(theme="color"), None),
        ("a4", RenderOptions(true_size=True), "a4"),
        ("letter", RenderOptions(true_size=True, theme="color"), "letter"),
    ]
    if game == "racepack":
        everything = RenderOptions(numbers=True, grid=True, line=True, lanes=True)
        found += [
            ("numbered", everything, None),
            ("numbered-color", replace(everything, theme="color"), None),
            ("numbered-letter", replace(everything, true_size=True), "letter"),
        ]
    return found


CASES = [
    pytest.param(path, name, options, paper, id=f"{path.stem}-{name}")
    for path in [*LAYOUT_FILES, HAZARDS]
    for name, options, paper in modes(game_of_file(path))
]


@cache
def drawings(path: Path, options: RenderOptions, paper: str | None) -> tuple[str, ...]:
    layout = load(path).layout
    game = games.find_game(layout.game)
    if paper is None:
        return (game.draw_svg(layout, options),)
    return tuple(game.draw_pages(layout, options, get_paper(paper)))


INHERITED = ("fill", "stroke-width", "font-size", "font-weight", "text-anchor")


@dataclass
class Mark:
    """One label or symbol read from the SVG: its ``role`` (``label`` or
    ``symbol``), ``kind`` (``disc``, ``coin``...), its shapes, and for a
    label its ``text`` and font ``size`` (spaces)."""

    role: str
    kind: str
    shapes: list[Shape] = field(default_factory=list)
    text: str = ""
    size: float = 0.0


@cache
def marks(svg: str) -> tuple[Mark, ...]:
    """Every label and symbol of a drawing; on a paper page, of the part of
    the picture the page shows (its ``window``).  Read once per drawing in
    a test file: the overlap and size tests of a case read the same pages."""
    root = ET.fromstring(svg.encode("utf-8"))
    window = root.find(f".//{SVG}svg[@id='window']")
    found: list[Mark] = []
    _walk(window if window is not None else root, {}, None, found)
    return tuple(found)


def _walk(element: ET.Element, style: dict[str, str], mark: Mark | None, found: list[Mark]) -> None:
    style = {**style, **{k: element.get(k, "") for k in INHERITED if element.get(k) is not None}}
    role = (element.get("class") or "").split()
    if role and role[0] in ("label", "symbol"):
        mark = Mark(role[0], role[1] if len(role) > 1 else role[0])
        found.append(mark)
    elif role and role[0] == "leader":
        mark = None
    tag = element.tag.removeprefix(SVG)
    if mark is not None:
        if tag == "text" and mark.role == "label":
            _add_text(element, style, mark)
        elif tag != "text" and mark.role == "symbol":
            mark.shapes += _shapes(tag, element, style)
    if tag == "text":
        return
    for child in element:
        _walk(child, style, mark, found)


def _number(text: str | None) -> float:
    return float(text or 0) / UNITS


def _add_text(element: ET.Element, style: dict[str, str], mark: Mark) -> None:
    words = element.text or ""
    size = _number(style.get("font-size"))
    bold = style.get("font-weight") == "bold"
    width = text_width(words, size, bold)
    x, baseline = _number(element.get("x")), _number(element.get("y"))
    anchor = style.get("text-anchor", "start")
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    middle = baseline - 0.36 * size
    half = LETTER_HEIGHT * size / 2
    shape = box(left, middle - half, left + width, middle + half)
    if shape.bounds() not in [s.bounds() for s in mark.shapes]:
        mark.shapes.append(shape)
    mark.text, mark.size = words, size


def _shapes(tag: str, element: ET.Element, style: dict[str, str]) -> list[Shape]:
    if tag == "circle":
        return [circle((_number(element.get("cx")), _number(element.get("cy"))), _number(element.get("r")))]
    if tag == "rect":
        x, y = _number(element.get("x")), _number(element.get("y"))
        return [box(x, y, x + _number(element.get("width")), y + _number(element.get("height")))]
    width = _number(style.get("stroke-width") or "1")
    if tag == "line":
        ends = [(_number(element.get(f"x{k}")), _number(element.get(f"y{k}"))) for k in (1, 2)]
        return [stroke(ends[0], ends[1], width)]
    if tag == "polygon":
        values = [float(v) / UNITS for v in (element.get("points") or "").replace(",", " ").split()]
        points = list(zip(values[::2], values[1::2]))
        if style.get("fill") != "none":
            return [polygon(points)]
        return [stroke(a, b, width) for a, b in zip(points, points[1:] + points[:1])]
    if tag == "path":
        filled = style.get("fill") != "none"
        shapes: list[Shape] = []
        for points in _subpaths(element.get("d") or ""):
            if filled:
                shapes.append(polygon(points))
            else:
                shapes += [stroke(a, b, width) for a, b in itertools.pairwise(points)]
        return shapes
    return []


_COMMAND = re.compile(r"([MLHVZmlhvz])([^MLHVZmlhvz]*)")


def _subpaths(d: str) -> list[list[tuple[float, float]]]:
    """The points of each subpath of a path made of straight pieces."""
    paths: list[list[tuple[float, float]]] = []
    x = y = 0.0
    for command, arguments in _COMMAND.findall(d):
        values = [float(v) for v in arguments.replace(",", " ").split()]
        if command in "Mm":
            x, y = (values[0], values[1]) if command == "M" else (x + values[0], y + values[1])
            paths.append([(x / UNITS, y / UNITS)])
            pairs = values[2:]
        elif command in "Ll":
            pairs = values
        else:
            pairs = []
        if command in "ML":
            for k in range(0, len(pairs), 2):
                x, y = pairs[k], pairs[k + 1]
                paths[-1].append((x / UNITS, y / UNITS))
        if command in "ml":
            for k in range(0, len(pairs), 2):
                x, y = x + pairs[k], y + pairs[k + 1]
                paths[-1].append((x / UNITS, y / UNITS))
        if command in "HhVv":
            for value in values:
                if command == "H":
                    x = value
                elif command == "h":
                    x += value
                elif command == "V":
                    y = value
                else:
                    y += value
                paths[-1].append((x / UNITS, y / UNITS))
    return [p for p in paths if p]
