"""Lines of words on paper pages: a title, a line of facts or an item of the
key runs whole on some sheet, never over the edge of one sheet onto the next
(issue 38: a RACE! track's line of facts was cut at the first page's edge)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from support import LAYOUTS, SVG

from trackkit.games import find_game, load
from trackkit.picture.page_search import page_cost, plan_pages
from trackkit.picture.paper import PAPERS, get_paper
from trackkit.picture.shapes import line_width
from trackkit.render.options import RenderOptions

Box = tuple[float, float, float, float]

PRINTS = [
    ("race-road-course", "a4"),
    ("race-road-course", "letter"),
    ("race-hairpin", "letter"),
    ("race-oval", "letter"),
    ("figure1-race", "a4"),
    ("figure1", "a4"),
    ("figure1", "letter"),
    ("hairpin", "a4"),
    ("hairpin", "letter"),
    ("chicane", "a4"),
    ("oval", "letter"),
    ("pit-lane", "a4"),
]
"""RACE! and Racepack prints whose every line of words fits a sheet."""

STYLE = ("font-size", "font-weight", "text-anchor")


def texts(element: ET.Element, style: dict[str, str]) -> Iterator[tuple[str, Box]]:
    """Each text under ``element`` and its estimated box (the words' measured
    width, from 0.8 of its size above the baseline to 0.2 below), in the
    units of the picture, with the lettering its groups give it."""
    style = {**style, **{k: element.attrib[k] for k in STYLE if k in element.attrib}}
    if element.tag == f"{SVG}text":
        size = float(style["font-size"])
        width = line_width(element.text or "", size, style.get("font-weight") == "bold")
        anchor = style.get("text-anchor", "start")
        x, y = float(element.attrib["x"]), float(element.attrib["y"])
        left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
        yield element.text or "", (left, y - 0.8 * size, left + width, y + 0.2 * size)
        return
    for child in element:
        yield from texts(child, style)


def inside(box: Box, area: Box) -> bool:
    return area[0] <= box[0] and box[2] <= area[2] and area[1] <= box[1] and box[3] <= area[3]


def meets(box: Box, area: Box) -> bool:
    return box[0] < area[2] and area[0] < box[2] and box[1] < area[3] and area[1] < box[3]


@pytest.mark.parametrize(("name", "paper"), PRINTS, ids=[f"{n}-{p}" for n, p in PRINTS])
def test_every_line_of_words_is_whole_on_a_sheet_and_every_caption_on_its_sheet(name: str, paper: str) -> None:
    layout = load(LAYOUTS / f"{name}.yaml").layout
    pages = find_game(layout.game).draw_pages(layout, RenderOptions(true_size=True), get_paper(paper))
    shown: dict[tuple[str, Box], list[bool]] = {}
    for page in pages[:-1]:
        root = ET.fromstring(page)
        left, top, width, height = (float(v) for v in root.attrib["viewBox"].split())
        window = root.find(f"{SVG}svg")
        assert window is not None and window.get("id") == "window"
        # the sheet's own captions lie on the sheet
        captions = [t for g in root.findall(f"{SVG}g") for t in texts(g, {})]
        assert captions and all(inside(box, (left, top, left + width, top + height)) for _, box in captions)
        x, y, w, h = (float(v) for v in window.attrib["viewBox"].split())
        for text, box in (t for child in window for t in texts(child, {})):
            if meets(box, (x, y, x + w, y + h)):
                shown.setdefault((text, box), []).append(inside(box, (x, y, x + w, y + h)))
    assert shown
    cut = [text for (text, _), whole in shown.items() if not any(whole)]
    assert cut == []


def test_the_road_course_heading_stands_whole_on_its_first_a4_sheet() -> None:
    layout = load(LAYOUTS / "race-road-course.yaml").layout
    pages = find_game("race").draw_pages(layout, RenderOptions(true_size=True), get_paper("a4"))
    window = ET.fromstring(pages[0]).find(f"{SVG}svg")
    assert window is not None
    x, y, w, h = (float(v) for v in window.attrib["viewBox"].split())
    heading = dict(t for child in window for t in texts(child, {}))
    facts = "40 spaces, 5 corners, clockwise · 3 laps · 8 racers"
    assert inside(heading["Road course"], (x, y, x + w, y + h))
    assert inside(heading[facts], (x, y, x + w, y + h))


def test_the_page_search_slides_the_sheets_off_a_line_of_words() -> None:
    # a 12-inch strip of pieces with a 5-inch line of words over the middle
    # of it: two upright Letter sheets, centred, meet at x 6, cutting it
    pieces: list[Box] = [(0.0, 1.0, 12.0, 3.0)]
    words: list[Box] = [(3.5, 0.0, 8.5, 0.5)]
    plan = plan_pages(12.0, 3.0, PAPERS["letter"], pieces, words)
    assert len(plan) == 2
    assert page_cost(12.0, 3.0, PAPERS["letter"], pieces, words) == (2, 0, 0)
    # the line lies whole in one of the windows (slid, or turned)
    windows = [(w.left, w.top, w.left + w.width, w.top + w.height) for w in plan.windows()]
    assert any(inside(words[0], window) for window in windows)


def test_a_line_longer_than_any_sheet_counts_as_cut() -> None:
    pieces: list[Box] = [(0.0, 1.0, 12.0, 3.0)]
    words: list[Box] = [(0.0, 0.0, 11.9, 0.5)]
    assert page_cost(12.0, 3.0, PAPERS["letter"], pieces, words)[2] == 1


