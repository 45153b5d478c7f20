"""The SVG document the drawings are built in: elements made as svgwrite
makes them, written straight to text.

A drawing of a 48-tile track holds some 150 elements and 700 points, and
an editor redraws it after every edit: svgwrite's elements (each checked
against its profile's tables, then copied into an element tree to be
written) took half of the time an edit's answer took.  These elements
take the same arguments as svgwrite's factories (``drawing.rect(insert=,
size=, **style)``, ``drawing.text(words, insert=)``, ...), name their
attributes as it does (``stroke_width`` is ``stroke-width``, ``class_`` is
``class``) and write each value as it does (``str``, an empty one left
out), so :func:`~trackkit.render.canvas.serialise` writes the same text
byte for byte; only the factories the drawings use are here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["Document", "Element"]

NAMESPACES = {
    "xmlns": "http://www.w3.org/2000/svg",
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
    "xmlns:ev": "http://www.w3.org/2001/xml-events",
}
"""The namespace declarations of a document's root, as svgwrite writes them."""

_NAMES: dict[str, str] = {}


def _attribute(key: str) -> str:
    """An attribute's SVG name from its keyword: trailing underscores
    dropped, the others hyphens (``class_`` -> ``class``)."""
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def _flat(values: Iterable[Any]) -> Iterator[Any]:
    for value in values:
        if hasattr(value, "__iter__") and not isinstance(value, str):
            yield from _flat(value)
        else:
            yield value


def _listed(values: Any, separator: str = " ") -> str:
    """Values as one attribute: a text as it is, else every value of the
    nested lists but ``None``, joined."""
    if isinstance(values, str):
        return values
    return separator.join(str(value) for value in _flat(values) if value is not None)


class Element:
    """One element: its name, its attributes (``None`` or empty: left
    out), the elements inside it in order and, for a text, its ``words``."""

    __slots__ = ("attribs", "elementname", "elements", "words")

    def __init__(self, name: str, extra: dict[str, Any], words: str | None = None) -> None:
        self.elementname = name
        self.attribs: dict[str, Any] = {_attribute(key): value for key, value in extra.items()}
        self.elements: list[Element] = []
        self.words = words

    def add(self, element: Element) -> Element:
        """Put ``element`` last inside this one, and give it back."""
        self.elements.append(element)
        return element

    def __getitem__(self, key: str) -> Any:
        return self.attribs[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.attribs[key] = value

    def written(self) -> list[tuple[str, str]]:
        """The attributes as written: by name, the namespaces first, each
        value as text, ``None`` and empty ones left out."""
        shown = [(key, str(value)) for key, value in sorted(self.attribs.items()) if value is not None]
        named = [(key, value) for key, value in shown if value]
        return sorted(named, key=lambda item: not item[0].startswith("xmlns"))


class Document(Element):
    """A whole SVG document ``width`` by ``height``, and the factory of
    its elements (what svgwrite's ``Drawing`` is to the drawings)."""

    def __init__(self, width: str, height: str) -> None:
        super().__init__("svg", {**NAMESPACES, "baseProfile": "full", "version": "1.1"})
        self.attribs.update(width=width, height=height)
        self.add(Element("defs", {}))

    def g(self, **extra: Any) -> Element:
        return Element("g", extra)

    def svg(self, insert: Any = None, size: Any = None, **extra: Any) -> Element:
        """A nested document, its (empty) ``defs`` first, as svgwrite makes one."""
        view = Element("svg", extra)
        if insert is not None:
            view.attribs.update(x=insert[0], y=insert[1])
        if size is not None:
            view.attribs.update(width=size[0], height=size[1])
        view.add(Element("defs", {}))
        return view

    def rect(
        self, insert: Any = (0, 0), size: Any = (1, 1), rx: Any = None, ry: Any = None, **extra: Any
    ) -> Element:
        rect = Element("rect", extra)
        rect.attribs.update(x=insert[0], y=insert[1], width=size[0], height=size[1])
        if rx is not None:
            rect["rx"] = rx
        if ry is not None:
            rect["ry"] = ry
        return rect

    def line(self, start: Any = (0, 0), end: Any = (0, 0), **extra: Any) -> Element:
        line = Element("line", extra)
        line.attribs.update(x1=start[0], y1=start[1], x2=end[0], y2=end[1])
        return line

    def circle(self, center: Any = (0, 0), r: Any = 1, **extra: Any) -> Element:
        circle = Element("circle", extra)
        circle.attribs.update(cx=center[0], cy=center[1], r=r)
        return circle

    def polygon(self, points: Iterable[Any] = (), **extra: Any) -> Element:
        polygon = Element("polygon", extra)
        polygon["points"] = " ".join(f"{x},{y}" for x, y in points)
        return polygon

    def path(self, d: Any = None, **extra: Any) -> Element:
        path = Element("path", extra)
        path["d"] = _listed([d])
        return path

    def text(self, text: Any, insert: Any = None, **extra: Any) -> Element:
        """A text: its words, and its first letter's place (``insert``)."""
        words = Element("text", extra, str(text))
        if insert is not None:
            words.attribs.update(x=_listed([insert[0]]), y=_listed([insert[1]]))
        return words
