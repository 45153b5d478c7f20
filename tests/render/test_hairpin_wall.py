"""A hairpin's wall and the start/finish line, told apart on the SVG.

A new user read the printed Racepack wall (a black bar with white dashes)
as a second start/finish line (issue 38).  Here every drawing of a track
with a hairpin, in every theme, is read back: the wall's elements and the
start line's, with the paint each inherits from its groups, on the table
and in the key.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import LAYOUTS, SVG

from trackkit.games import load
from trackkit.render.options import RenderOptions
from trackkit.render.painter import paint_svg
from trackkit.render.themes import THEMES

HAIRPINS = {
    "hairpin": ("walls", "start-finish"),
    "race-hairpin": ("walls", "finish"),
}
"""Tracks with a hairpin wall (Racepack, and RACE! converted from it), and
the ids of the groups of their walls and start line."""

PAINT = ("fill", "stroke", "stroke-dasharray")

Paint = dict[str, str]


def painted(element: ET.Element, inherited: Paint) -> Iterator[tuple[str, Paint]]:
    """Each drawn element under ``element`` (its tag and its paint), the
    paint of its groups carried down as SVG inherits it."""
    own = {**inherited, **{name: element.attrib[name] for name in PAINT if name in element.attrib}}
    tag = element.tag.removeprefix(SVG)
    if tag == "g":
        for child in element:
            yield from painted(child, own)
    elif tag in ("path", "line", "rect", "polygon"):
        yield tag, own


def colours(marks: list[tuple[str, Paint]]) -> set[str]:
    """The colours ``marks`` put on the page: strokes where drawn, and fills
    (black unless told otherwise) of all but a line, which has no inside."""
    found = set()
    for tag, paint in marks:
        found.add(paint.get("stroke", "none"))
        if tag != "line":
            found.add(paint.get("fill", "#000000"))
    return found - {"none"}


def group(root: ET.Element, ident: str) -> list[tuple[str, Paint]]:
    """The drawn elements of the group with id ``ident``."""
    found = next(element for element in root.iter(f"{SVG}g") if element.get("id") == ident)
    return list(painted(found, {}))


def swatch(root: ET.Element, kind: str, ground: str) -> list[tuple[str, Paint]]:
    """The drawn elements of the key's sample of ``kind``, without the
    square of road (filled ``ground``) some keys set a sample on."""
    found = next(g for g in root.iter(f"{SVG}g") if g.get("class") == f"symbol swatch {kind}")
    return [(tag, paint) for tag, paint in painted(found, {}) if paint.get("fill") != ground]


def drawings() -> Iterator[object]:
    for name, (walls, finish) in HAIRPINS.items():
        for theme in THEMES:
            yield pytest.param(LAYOUTS / f"{name}.yaml", theme, walls, finish, id=f"{name}-{theme}")


@pytest.mark.parametrize(("path", "theme", "walls", "finish"), list(drawings()))
def test_the_wall_is_solid_and_never_in_the_chequers_colours(
    path: Path, theme: str, walls: str, finish: str
) -> None:
    root = ET.fromstring(paint_svg(load(path).layout, RenderOptions(theme=theme)))
    ground = THEMES[theme].tile_fill
    on_table = (group(root, walls), group(root, finish))
    in_key = (swatch(root, "wall", ground), swatch(root, "finish", ground))
    for wall, line in (on_table, in_key):
        assert wall and line
        # nothing of the wall is dashed: only the start line alternates
        assert all(paint.get("stroke-dasharray", "none") == "none" for _, paint in wall)
        chequer = colours(line)
        assert len(chequer) == 2
        # the wall has a colour of its own, and never the chequer's light
        # square (#ffffff, the greater of the two as written)
        assert colours(wall) - chequer
        assert max(chequer) == "#ffffff" and "#ffffff" not in colours(wall)

