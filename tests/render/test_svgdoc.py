"""The drawings' SVG elements are svgwrite's, written faster: each factory
given the same arguments gives the same attributes and words as
svgwrite's, and a document is written as before, byte for byte."""

from __future__ import annotations

from typing import Any

import pytest
import svgwrite

from trackkit.render.canvas import new_drawing, serialise
from trackkit.render.svgdoc import Document

CALLS: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("g", (), {"id": "tiles", "class_": "road kerb", "font_family": "sans-serif", "stroke_width": "2"}),
    ("g", (), {"fill": None, "stroke": ""}),
    ("rect", (), {"insert": ("1.5", "2"), "size": (3, 4.25), "rx": "4", "fill": "#fff"}),
    ("rect", (), {"insert": (0, 0), "size": ("100%", "100%"), "ry": 2}),
    ("line", (("1", "2"), ("3", "4")), {"stroke": "#000", "stroke_dasharray": "5,5"}),
    ("circle", (), {"center": ("10", "-0.5"), "r": "3", "fill": "none"}),
    ("polygon", ([(1.5, -0.0), (2, 3)],), {"stroke": "none"}),
    ("polygon", (), {"points": [["1", "2"], ("3", "4")], "fill": "#123456"}),
    ("path", (), {"d": "M0 0 L1 1 Z", "fill": "none", "stroke_linejoin": "round"}),
    ("path", (), {}),
    ("text", ("A & <B>",), {"insert": ("5", "6.5"), "text_anchor": "middle", "font_weight": "bold"}),
    ("text", (12,), {"insert": (1, 2.0)}),
    ("text", ("",), {"insert": ("0", "0")}),
    ("svg", (), {"insert": ("0", "0"), "size": ("10in", "5in"), "preserveAspectRatio": "none"}),
]


@pytest.mark.parametrize(("factory", "args", "extra"), CALLS)
def test_each_factory_gives_svgwrites_attributes_and_words(
    factory: str, args: tuple[Any, ...], extra: dict[str, Any]
) -> None:
    ours = getattr(Document("1", "1"), factory)(*args, **extra)
    theirs = getattr(svgwrite.Drawing(debug=False), factory)(*args, **extra).get_xml()
    assert ours.written() == sorted(theirs.attrib.items())
    assert (ours.words or None) == (theirs.text or None)
    assert [child.elementname for child in ours.elements] == [child.tag for child in theirs]


def test_a_document_is_written_as_svgwrites_with_the_namespaces_first() -> None:
    drawing = new_drawing("350", "250", 3500, 2500.5)
    group = drawing.add(drawing.g(id="key", font_size="30"))
    group.add(drawing.text("Grand Prix", insert=("10", "20")))
    group.add(drawing.rect(insert=("0", "0"), size=("200", "200")))
    assert serialise(drawing) == (
        '<?xml version="1.0" encoding="utf-8" ?>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events"'
        ' xmlns:xlink="http://www.w3.org/1999/xlink" baseProfile="full" height="250"'
        ' version="1.1" viewBox="0 0 3500 2500.5" width="350">\n'
        "  <defs/>\n"
        '  <g font-size="30" id="key">\n'
        '    <text x="10" y="20">Grand Prix</text>\n'
        '    <rect height="200" width="200" x="0" y="0"/>\n'
        "  </g>\n"
        "</svg>\n"
    )
    theirs = svgwrite.Drawing(size=("350", "250"), profile="full", debug=False)
    theirs["viewBox"] = "0 0 3500 2500.5"
    assert [drawing.written()] == [
        sorted(theirs.get_xml().attrib.items(), key=lambda item: not item[0].startswith("xmlns"))
    ]
