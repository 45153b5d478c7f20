"""A sheet's furniture drawn from a page plan: cut lines and scissors only
on the sides with a page beyond, side pointers naming that page, and the
page map numbering every window."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from trackkit.picture.page_search import plan_pages
from trackkit.picture.paper import PAPERS
from trackkit.render.canvas import serialise
from trackkit.render.sheets import draw_captions, draw_cuts, new_sheet, page_map

SVG = "{http://www.w3.org/2000/svg}"
PLAN = plan_pages(20.0, 20.0, PAPERS["a4"], None)
NONE: dict[str, int | None] = {"top": None, "bottom": None, "left": None, "right": None}


def sheet_with(draw: Any, sides: dict[str, int | None]) -> ET.Element:
    drawing = new_sheet(PLAN)
    draw(drawing, sides)
    return ET.fromstring(serialise(drawing).encode())


@pytest.mark.parametrize(
    ("beyond", "cuts"),
    [({}, 0), ({"left": 1}, 1), ({"top": 1}, 1), ({"left": 1, "top": 2}, 2), ({"right": 2, "bottom": 3}, 0)],
)
def test_a_sheet_has_a_dashed_cut_line_and_scissors_on_each_side_with_a_page_before_it(
    beyond: dict[str, int], cuts: int
) -> None:
    sheet = sheet_with(lambda drawing, sides: draw_cuts(drawing, PLAN, sides), {**NONE, **beyond})
    group = sheet.find(f"{SVG}g[@id='cut-lines']")
    assert group is not None
    assert len([p for p in group.iter(f"{SVG}path") if p.get("stroke-dasharray")]) == cuts
    assert [t.text for t in group.iter(f"{SVG}text")] == ["✂"] * cuts


def test_each_side_with_a_page_beyond_names_that_page() -> None:
    sides = {"top": 2, "bottom": 9, "left": 4, "right": 6}
    sheet = sheet_with(lambda drawing, s: draw_captions(drawing, PLAN, "Track · page 5 of 9", s), sides)
    words = [t.text for t in sheet.iter(f"{SVG}text")]
    assert words[0] == "Track · page 5 of 9"
    assert {"▲ page 2", "▼ page 9", "▲ page 4", "▲ page 6"} <= set(words)


def test_the_page_map_outlines_and_numbers_every_window() -> None:
    windows = list(PLAN.windows())
    text = page_map(lambda drawing, parent: None, PLAN, windows, "Track")
    root = ET.fromstring(text.encode())
    outlines = root.find(f".//{SVG}g[@id='page-map']")
    numbers = root.find(f".//{SVG}g[@id='page-numbers']")
    assert outlines is not None and numbers is not None
    assert len(list(outlines.iter(f"{SVG}rect"))) == len(windows) > 1
    written = [t.text for t in numbers.iter(f"{SVG}text")]  # each number on its white halo
    assert list(dict.fromkeys(written)) == [str(n) for n in range(1, len(windows) + 1)]
