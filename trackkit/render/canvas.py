"""The drawing surface of the SVG drawings: units, the frame and the document.

Drawing units: one space (one inch, half a tile) is :data:`UNITS` SVG user
units, so at true size a user unit is a hundredth of an inch.  Every
number is written with at most two decimals (:func:`fmt`), so the same
drawing always gives byte-identical text.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import svgwrite

from trackkit.picture.key import Placed
from trackkit.picture.sizes import CHARACTER_WIDTH, FOOTER, HEADER, MARGIN, SUBTITLE_SIZE, TITLE_SIZE
from trackkit.render.options import RenderOptions

__all__ = [
    "CHARACTER_WIDTH",
    "FOOTER",
    "HEADER",
    "MARGIN",
    "SUBTITLE_SIZE",
    "TITLE_SIZE",
    "UNITS",
    "Frame",
    "fmt",
    "new_drawing",
    "page_size",
    "serialise",
    "serialise_elements",
]

UNITS = 100
"""SVG user units per space (per inch)."""

XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" ?>\n'


@functools.lru_cache(maxsize=8192)
def fmt(value: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros, no ``-0``.
    Remembered: a drawing writes the same few thousand numbers again and
    again (equal numbers, whatever their type, are written alike)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class Frame:
    """The size of a picture and where its key goes: ``width`` and
    ``height`` the whole picture's size in spaces, the key's items
    (``legend``) starting ``legend_top`` spaces from its top.  ``left``
    and ``top`` place what it shows."""

    left: float
    top: float
    width: float
    height: float
    header: float = HEADER
    footer: float = FOOTER
    legend: tuple[Placed, ...] = ()
    legend_top: float = 0.0


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

