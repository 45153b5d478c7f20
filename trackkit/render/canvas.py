"""The drawing surface of the SVG diagrams: units, the frame and the canvas.

Drawing units: one space (one inch, half a tile) is :data:`UNITS` SVG user
units, so at true size a user unit is a hundredth of an inch.  Table
coordinates run north, SVG coordinates run down the page; :class:`Frame` does
the conversion.  Every number is written with at most two decimals
(:func:`fmt`), so the same drawing always gives byte-identical text.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import svgwrite

from trackkit.picture.labels import LabelPlacer
from trackkit.picture.sizes import CHARACTER_WIDTH, FOOTER, HEADER, MARGIN, SUBTITLE_SIZE, TITLE_SIZE
from trackkit.piecepack.geometry import Vec
from trackkit.racepack.layout import Layout
from trackkit.render.legend import ROW_HEIGHT, Placed, item_width, legend_items, legend_rows
from trackkit.render.options import RenderOptions
from trackkit.render.scene import Scene
from trackkit.render.themes import Theme

__all__ = [
    "CHARACTER_WIDTH",
    "FOOTER",
    "HEADER",
    "LINE",
    "MARGIN",
    "MIN_WIDTH",
    "SUBTITLE_SIZE",
    "TITLE_SIZE",
    "UNITS",
    "Canvas",
    "Frame",
    "Layer",
    "SvgTarget",
    "fmt",
    "new_drawing",
    "page_size",
    "serialise",
    "serialise_elements",
]

UNITS = 100
"""SVG user units per space (per inch)."""



XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" ?>\n'



MIN_WIDTH = 6.0
"""The narrowest picture, in spaces: room for a short title."""

LINE = 1.2
"""Distance between two lines of a wrapped title, as a multiple of its size."""


def _wrap(text: str, room: float, size: float) -> tuple[str, ...]:
    """``text`` broken between words into lines at most ``room`` spaces wide
    in letters ``size`` high (a word longer than a line stands alone)."""
    characters = max(1, int(room / (size * CHARACTER_WIDTH)))
    return tuple(textwrap.wrap(text, characters, break_long_words=False)) or ("",)


def fmt(value: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros, no ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class Frame:
    """Where the table lands on the picture.

    ``left`` and ``top`` are the table coordinates (spaces) of the picture's
    left edge and of the top of the track area; the title block of ``header``
    spaces sits above that.  ``width`` and ``height`` are the whole picture's
    size in spaces.  The key's items (``legend``) start ``legend_top``
    spaces from the top of the picture.
    """

    left: float
    top: float
    width: float
    height: float
    header: float = HEADER
    footer: float = FOOTER
    legend: tuple[Placed, ...] = ()
    legend_top: float = 0.0
    title_lines: tuple[str, ...] = ()
    subtitle_lines: tuple[str, ...] = ()

    @classmethod
    def for_scene(
        cls, scene: Scene, title: str, options: RenderOptions | None = None, key_room: float | None = None
    ) -> Frame:
        """A frame holding the whole scene with a margin.  It is as wide as
        the track, or as :data:`MIN_WIDTH` or the widest item of the key if
        wider; the title and the line of facts wrap onto more lines rather
        than widen it, and the key wraps into as many rows as it needs under
        the track, each row at most ``key_room`` inches long when that is
        given (the paper pages narrow it to keep a sheet from carrying only
        the end of a row)."""
        bounds = scene.bounds
        width = bounds.width + 2 * MARGIN
        items = legend_items(scene, options or RenderOptions())
        wanted = max(MIN_WIDTH, *(item_width(item) + 2 * MARGIN for item in items))
        spare = max(0.0, wanted - width)
        room = width + spare - 2 * MARGIN
        titles = _wrap(title, room, TITLE_SIZE)
        facts = _wrap(scene.subtitle, room, SUBTITLE_SIZE)
        header = HEADER + (len(titles) - 1) * TITLE_SIZE * LINE + (len(facts) - 1) * SUBTITLE_SIZE * LINE
        placed = legend_rows(items, room if key_room is None else min(room, key_room))
        rows = max((p.row + 1 for p in placed), default=0)
        legend_top = header + bounds.height + 2 * MARGIN + 0.1
        return cls(
            left=bounds.left - MARGIN - spare / 2,
            top=bounds.top + MARGIN,
            width=width + spare,
            height=legend_top + rows * ROW_HEIGHT + FOOTER,
            header=header,
            legend=placed,
            legend_top=legend_top,
            title_lines=titles,
            subtitle_lines=facts,
        )

    def x(self, table_x: float) -> float:
        return (table_x - self.left) * UNITS

    def y(self, table_y: float) -> float:
        return (self.header + self.top - table_y) * UNITS

    def at(self, point: Vec) -> tuple[float, float]:
        """A table point on the picture, in spaces from its top-left corner
        (``y`` down): where the label placer works."""
        return self.x(point[0]) / UNITS, self.y(point[1]) / UNITS

    def point(self, point: Vec) -> tuple[str, str]:
        """A table point as SVG ``x``, ``y`` text."""
        return fmt(self.x(point[0])), fmt(self.y(point[1]))

    def box(self, left: float, bottom: float, right: float, top: float) -> dict[str, tuple[str, str]]:
        """svgwrite's ``insert`` (top-left corner) and ``size`` of a table rectangle."""
        return {
            "insert": (fmt(self.x(left)), fmt(self.y(top))),
            "size": (fmt((right - left) * UNITS), fmt((top - bottom) * UNITS)),
        }


class SvgTarget:
    """Something that draws into the element ``parent`` of the SVG document
    ``drawing``, measuring in spaces: the pieces every game's painter shares."""

    drawing: Any
    parent: Any

    def group(self, name: str, **attributes: str) -> Any:
        """Start a layer's ``<g id=name>`` with the given presentation attributes."""
        element = self.drawing.g(id=name, **attributes)
        self.parent.add(element)
        return element

    def length(self, spaces: float) -> str:
        """A length in spaces as SVG text."""
        return fmt(spaces * UNITS)


@dataclass
class Canvas(SvgTarget):
    """What a layer draws with: the SVG document, the element it draws into,
    the scene, the look and the frame; ``placer`` records every symbol drawn
    so far, so that later labels keep clear of them."""

    drawing: Any
    parent: Any
    scene: Scene
    theme: Theme
    options: RenderOptions
    frame: Frame
    placer: LabelPlacer = field(default_factory=LabelPlacer)

    @property
    def layout(self) -> Layout:
        return self.scene.layout

    def move(self, point: Vec) -> str:
        x, y = self.frame.point(point)
        return f"M{x} {y}"

    def line_to(self, point: Vec) -> str:
        x, y = self.frame.point(point)
        return f"L{x} {y}"


Layer = Callable[[Canvas], None]
"""Draws one kind of thing into a canvas."""


def new_drawing(width: str, height: str, view_width: float, view_height: float) -> Any:
    """An empty SVG document ``width`` by ``height`` showing ``view_width`` by
    ``view_height`` user units."""
    drawing = svgwrite.Drawing(size=(width, height), profile="full", debug=False)
    drawing["viewBox"] = f"0 0 {fmt(view_width)} {fmt(view_height)}"
    return drawing


def serialise(drawing: Any) -> str:
    """The document as indented text, one element per line, ending in a newline.

    Written straight from the element tree, in linear time, in the layout
    the standard library's DOM pretty-printer gives (two spaces an indent;
    an element holding only text on one line), which takes several times
    as long to parse the document back and print it."""
    out: list[str] = []
    _write_element(drawing.get_xml(), "", out)
    return XML_DECLARATION + "".join(out).rstrip("\n") + "\n"


def serialise_elements(elements: Iterable[Any], indent: str) -> str:
    """Elements of a document written as :func:`serialise` writes them
    ``indent`` deep: a part written once for several documents."""
    out: list[str] = []
    for element in elements:
        _write_element(element.get_xml(), indent, out)
    return "".join(out)


def _write_element(element: Any, indent: str, out: list[str]) -> None:
    out.append(f"{indent}<{element.tag}")
    # Namespace declarations first, as the DOM reports them.
    for name, value in sorted(element.attrib.items(), key=lambda item: not item[0].startswith("xmlns")):
        out.append(f' {name}="{_escaped(str(value))}"')
    children: list[Any] = [element.text] if element.text else []
    for child in element:
        children.append(child)
        if child.tail:
            children.append(child.tail)
    if not children:
        out.append("/>\n")
        return
    out.append(">")
    if len(children) == 1 and isinstance(children[0], str):
        out.append(_escaped(children[0]))
    else:
        out.append("\n")
        for child in children:
            if isinstance(child, str):
                out.append(_escaped(f"{indent}  {child}\n"))
            else:
                _write_element(child, indent + "  ", out)
        out.append(indent)
    out.append(f"</{element.tag}>\n")


def _escaped(text: str) -> str:
    """``text`` with the characters XML reserves written as entities."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;").replace(">", "&gt;")


def page_size(frame: Frame, options: RenderOptions) -> tuple[str, str]:
    """The picture's width and height attributes: inches at true size, else pixels."""
    if options.true_size:
        return f"{fmt(frame.width)}in", f"{fmt(frame.height)}in"
    scale = options.pixels_per_space
    return fmt(frame.width * scale), fmt(frame.height * scale)
