"""The drawing surface of the SVG drawings: units, the frame and the document.

Drawing units: one space (one inch, half a tile) is :data:`UNITS` SVG user
units, so at true size a user unit is a hundredth of an inch.  Every
number is written with at most two decimals (:func:`fmt`), so the same
drawing always gives byte-identical text.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import svgwrite
import svgwrite.drawing
import svgwrite.path
import svgwrite.shapes
import svgwrite.text
import svgwrite.utils

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
    _write(drawing, "", out)
    return XML_DECLARATION + "".join(out).rstrip("\n") + "\n"


def serialise_elements(elements: Iterable[Any], indent: str) -> str:
    """Elements of a document written as :func:`serialise` writes them
    ``indent`` deep: a part written once for several documents."""
    out: list[str] = []
    for element in elements:
        _write(element, indent, out)
    return "".join(out)


def _no_text(element: Any) -> str:
    return ""


def _words(element: Any) -> str:
    return str(element.text)


def _path_text(element: Any) -> str:
    element.attribs["d"] = str(svgwrite.utils.strlist(element.commands, " "))
    return ""


def _points_text(element: Any) -> str:
    element.attribs["points"] = element.points_to_string(element.points)
    return ""


def _document_text(element: Any) -> str:
    element.attribs.update(_DOCUMENT)
    element.attribs["baseProfile"] = element.profile
    element.attribs["version"] = element.version
    return ""


_DOCUMENT = {
    "xmlns": "http://www.w3.org/2000/svg",
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
    "xmlns:ev": "http://www.w3.org/2001/xml-events",
}

_READ: dict[Any, Callable[[Any], str]] = {
    svgwrite.base.BaseElement.get_xml: _no_text,
    svgwrite.text.TSpan.get_xml: _words,
    svgwrite.path.Path.get_xml: _path_text,
    svgwrite.shapes.Polyline.get_xml: _points_text,
    svgwrite.drawing.Drawing.get_xml: _document_text,
}
"""How svgwrite makes its element tree for each kind of element it has:
for these, the attributes (after any the element fills in as it is
written, such as a path's ``d``) and text are read off the element
itself, as svgwrite would put them into the tree, without building it;
any other kind is written from the tree svgwrite builds."""


def _write(element: Any, indent: str, out: list[str]) -> None:
    """``element`` of svgwrite as :func:`_write_element` writes the tree
    svgwrite makes of it (attributes sorted, those without a value left
    out, every value as text)."""
    read = _READ.get(type(element).get_xml)
    if read is None or element.debug or element.profile == "tiny":
        _write_element(element.get_xml(), indent, out)
        return
    text = read(element)
    written = [(name, str(value)) for name, value in sorted(element.attribs.items()) if value is not None]
    attributes = [(name, value) for name, value in written if value]
    _open(element.elementname, attributes, "xmlns" in "".join(element.attribs), indent, out)
    children: list[Any] = [text] if text else []
    children.extend(element.elements)
    _close(element.elementname, children, indent, out, _write)


def _write_element(element: Any, indent: str, out: list[str]) -> None:
    _open(element.tag, list(element.attrib.items()), "xmlns" in "".join(element.attrib), indent, out)
    children: list[Any] = [element.text] if element.text else []
    for child in element:
        children.append(child)
        if child.tail:
            children.append(child.tail)
    _close(element.tag, children, indent, out, _write_element)


def _open(tag: str, attributes: list[tuple[str, Any]], namespaces: bool, indent: str, out: list[str]) -> None:
    out.append(f"{indent}<{tag}")
    if namespaces:
        # Namespace declarations first, as the DOM reports them.
        attributes.sort(key=lambda item: not item[0].startswith("xmlns"))
    for name, value in attributes:
        out.append(f' {name}="{_escaped(str(value))}"')


def _close(tag: str, children: list[Any], indent: str, out: list[str], write: _Writer) -> None:
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
                write(child, indent + "  ", out)
        out.append(indent)
    out.append(f"</{tag}>\n")


_Writer = Callable[[Any, str, list[str]], None]


def _escaped(text: str) -> str:
    """``text`` with the characters XML reserves written as entities."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;").replace(">", "&gt;")


def page_size(frame: Frame, options: RenderOptions) -> tuple[str, str]:
    """The picture's width and height attributes: inches at true size, else pixels."""
    if options.true_size:
        return f"{fmt(frame.width)}in", f"{fmt(frame.height)}in"
    scale = options.pixels_per_space
    return fmt(frame.width * scale), fmt(frame.height * scale)

