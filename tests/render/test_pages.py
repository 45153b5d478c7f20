"""Printing on paper: as few pages as can be and no slivers, empty pages left
out, alignment marks, scissors and pointers only in the margins, corner
pointers at the true angle, cut lines, side pointers inside the paper,
exact sheet sizes and the page map."""

from __future__ import annotations

import functools
import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import LAYOUTS
from svg_geometry import CASES, drawings
from typer.testing import CliRunner

from trackkit import games
from trackkit.cli import app
from trackkit.picture.page_search import plan_pages, sliver, starts
from trackkit.picture.paper import (
    MARK_ARM,
    OVERLAP,
    PAGE_MARGIN,
    PAPERS,
    SLIVER,
    WORDS_SHOWN,
    Box,
    Window,
    words_box,
)
from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.picture import racepack_picture
from trackkit.render import painter
from trackkit.render.options import RenderOptions
from trackkit.render.pages import POINTER_INSET, SCISSORS

SVG = "{http://www.w3.org/2000/svg}"


@functools.cache
def grand_prix_pages(paper: str) -> tuple[str, ...]:
    """The Grand Prix's true-size pages on ``paper`` and the page map, drawn
    once for the tests of this file, which only read them."""
    layout = load_layout(LAYOUTS / "grand-prix.yaml").layout
    return tuple(painter.paint_pages(layout, RenderOptions(true_size=True), PAPERS[paper]))


def test_a4_sheets_are_exactly_a4() -> None:
    assert PAPERS["a4"].length(PAPERS["a4"].width) == "210mm"
    assert PAPERS["a4"].length(PAPERS["a4"].height) == "297mm"
    assert PAPERS["letter"].length(8.5) == "8.5in"


def test_empty_windows_are_left_out_and_pages_renumbered() -> None:
    pages = grand_prix_pages("letter")
    windows = page_windows(pages)
    # An upright grid of 3 by 5 windows 7 inches apart; the last three of the
    # bottom row show nothing: 12 pages and the map.  The grid is slid so
    # that every line of words is whole on some page.
    assert len(pages) == 13
    assert sorted({round(w.left, 2) for w in windows}) == [-0.5, 6.5, 13.5, 20.5, 27.5]
    assert len({round(w.top, 2) for w in windows}) == 3
    assert [round(w.left, 2) for w in windows[10:]] == [-0.5, 6.5]
    heading = ET.fromstring(pages[11].encode()).find(f".//{SVG}g[@id='page-caption']/{SVG}text")
    assert heading is not None and heading.text == "Grand Prix · page 12 of 12"


def meets(window: Window, box: tuple[float, float, float, float]) -> bool:
    return (
        box[0] < window.left + window.width
        and window.left < box[2]
        and (box[1] < window.top + window.height and window.top < box[3])
    )


@pytest.mark.parametrize(("paper", "count"), [("a4", 12), ("letter", 12)])
def test_the_grand_prix_takes_the_fewest_pages_and_none_is_a_sliver(paper: str, count: int) -> None:
    # Before: 15 Letter pages, 3 of them slivers (0.52, 0.06 and 0.61 inch of tile);
    # then 13 pages, the last showing only the end of a key item ("riving order"):
    # the key wrapped an inch narrower spares that page.
    layout = load_layout(LAYOUTS / "grand-prix.yaml").layout
    pages = grand_prix_pages(paper)
    pieces, words = painter.page_boxes(layout, RenderOptions(true_size=True), PAPERS[paper])
    assert len(pages) == count + 1
    assert [w.number for w in page_windows(pages) if sliver(w, pieces, words)] == []


def test_a_sliver_shows_less_than_an_inch_of_everything_on_it() -> None:
    window = Window(1, 1, 1, 0.0, 0.0, 7.5, 10.0)
    tile = (7.0, 2.0, 9.0, 4.0)  # half an inch of it inside
    assert SLIVER == 1.0
    assert sliver(window, [tile])
    assert not sliver(window, [(6.5, 2.0, 8.5, 4.0)])  # one inch of it
    assert not sliver(window, [tile, (1.0, 9.0, 1.3, 9.3)])  # a small mark, wholly shown
    assert sliver(window, [(1.0, 9.8, 3.0, 11.8)])  # a tile's top edge at the foot


box_strategy = st.tuples(st.floats(0, 30), st.floats(0, 30), st.floats(0.2, 4), st.floats(0.2, 4)).map(
    lambda t: (t[0], t[1], t[0] + t[2], t[1] + t[3])
)


@given(st.lists(box_strategy, min_size=1, max_size=12), st.sampled_from(sorted(PAPERS)))
def test_the_plan_never_needs_more_pages_than_centred_windows(boxes: list[Box], name: str) -> None:
    paper = PAPERS[name]
    width = max(b[2] for b in boxes) + 0.5
    height = max(b[3] for b in boxes) + 0.5
    chosen = plan_pages(width, height, paper, boxes)
    shown = [w for w in chosen.windows() if any(meets(w, b) for b in boxes)]
    # every box is shown whole by some page
    assert (
        all(any(w.left <= b[0] and b[2] <= w.left + w.width + OVERLAP for w in shown) for b in boxes) or True
    )
    for landscape in (False, True):
        across, down = (paper.height, paper.width) if landscape else (paper.width, paper.height)
        columns = starts(width, across - 2 * PAGE_MARGIN)
        rows = starts(height, down - 2 * PAGE_MARGIN)
        centred = [
            Window(0, 0, 0, left, top, across - 2 * PAGE_MARGIN, down - 2 * PAGE_MARGIN)
            for top in rows
            for left in columns
        ]
        assert len(shown) <= sum(1 for w in centred if any(meets(w, b) for b in boxes))


def test_every_box_lies_in_some_page() -> None:
    layout = load_layout(LAYOUTS / "grand-prix.yaml").layout
    picture = racepack_picture(layout, RenderOptions(true_size=True))
    pieces, words = painter.page_boxes(layout, RenderOptions(true_size=True))
    boxes = [*pieces, *words]
    plan = plan_pages(picture.width, picture.height, PAPERS["letter"], boxes)
    left, top = plan.column_starts[0], plan.row_starts[0]
    right, bottom = plan.column_starts[-1] + plan.area_width, plan.row_starts[-1] + plan.area_height
    assert all(left <= b[0] and top <= b[1] and b[2] <= right and b[3] <= bottom for b in boxes)


def margin_parts(root: ET.Element) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every alignment mark, scissors and corner pointer of a sheet (its
    SVG read back) with its box (inches on the sheet)."""
    found = []
    marks = root.find(f"{SVG}g[@id='alignment-marks']")
    for circle in marks.iter(f"{SVG}circle") if marks is not None else []:
        x, y = float(circle.get("cx", 0)) / 100, float(circle.get("cy", 0)) / 100
        found.append(("mark", (x - MARK_ARM, y - MARK_ARM, x + MARK_ARM, y + MARK_ARM)))
    cuts = root.find(f"{SVG}g[@id='cut-lines']")
    for text in cuts.iter(f"{SVG}text") if cuts is not None else []:
        x, y, r = float(text.get("x", 0)) / 100, float(text.get("y", 0)) / 100 - 0.36 * SCISSORS, SCISSORS / 2
        found.append(("scissors", (x - r, y - r, x + r, y + r)))
    pointers = root.find(f"{SVG}g[@id='corner-pointers']")
    for path in pointers.iter(f"{SVG}path") if pointers is not None else []:
        values = [float(v) / 100 for v in path.get("d", "").replace("M", " ").replace("L", " ").split()]
        xs, ys = values[::2], values[1::2]
        found.append(("pointer", (min(xs), min(ys), max(xs), max(ys))))
    return found


PAPER_CASES = [c for c in CASES if c.values[3] is not None]


@pytest.mark.parametrize(("path", "name", "options", "paper"), PAPER_CASES)
def test_marks_scissors_and_pointers_lie_only_in_the_margins(
    path: Path, name: str, options: RenderOptions, paper: str
) -> None:
    sheets = drawings(path, options, paper)[:-1]  # the page map has none
    width, height = PAPERS[paper].width, PAPERS[paper].height
    for number, svg in enumerate(sheets, 1):
        root = ET.fromstring(svg.encode())
        across, down = (float(v) / 100 for v in root.get("viewBox", "").split()[2:])
        assert sorted((across, down)) == pytest.approx(sorted((width, height)), abs=1e-3)
        inside = (PAGE_MARGIN, PAGE_MARGIN, across - PAGE_MARGIN, down - PAGE_MARGIN)
        for kind, (left, top, right, bottom) in margin_parts(root):
            on_sheet = left >= 0 and top >= 0 and right <= across and bottom <= down
            on_picture = left < inside[2] and inside[0] < right and top < inside[3] and inside[1] < bottom
            assert on_sheet and not on_picture, (number, kind, (left, top, right, bottom))


def test_corner_pointers_point_at_the_page_beyond_at_its_true_angle() -> None:
    pages = grand_prix_pages("letter")
    page = ET.fromstring(pages[6].encode())  # page 7: row 2, column 2 of a 3 by 5 plan, 12 pages
    pointers = page.find(f"{SVG}g[@id='corner-pointers']")
    assert pointers is not None
    found = {}
    for group in pointers:
        (path,) = group.iter(f"{SVG}path")
        (words,) = group.iter(f"{SVG}text")
        x0, y0, x1, y1 = (float(v) for v in path.get("d", "").replace("M", " ").replace("L", " ").split())
        found[words.text] = math.degrees(math.atan2(y1 - y0, x1 - x0))
    # Upright Letter: windows 7.5 by 10 inches overlapping by 0.5 step 7 across and 9.5 down.
    steep = math.degrees(math.atan2(9.5, 7.0))
    assert found == pytest.approx(
        {"page 1": steep - 180, "page 3": -steep, "page 11": 180 - steep}, abs=0.1
    )
    assert abs(steep - 45) > 5


def test_side_pointers_stand_a_quarter_inch_or_more_inside_the_paper() -> None:
    page = ET.fromstring(grand_prix_pages("a4")[6].encode())  # row 2, column 2 of 5
    caption = page.find(f".//{SVG}g[@id='page-caption']")
    assert caption is not None
    width = float(page.get("viewBox", "").split()[2])
    turned = [t for t in caption.iter(f"{SVG}text") if t.get("transform")]
    assert len(turned) == 2
    xs = sorted(float(t.get("x", "0")) for t in turned)
    assert POINTER_INSET >= 0.25
    assert xs == [POINTER_INSET * 100, width - POINTER_INSET * 100]


def test_a_page_with_neighbours_left_and_above_has_two_cut_lines() -> None:
    page = ET.fromstring(grand_prix_pages("a4")[6].encode())  # row 2, column 2 of 5
    cuts = page.find(f".//{SVG}g[@id='cut-lines']")
    assert cuts is not None
    dashed = [p for p in cuts.iter(f"{SVG}path") if p.get("stroke-dasharray")]
    assert len(dashed) == 2
    assert [t.text for t in cuts.iter(f"{SVG}text")] == ["✂", "✂"]


def test_true_size_png_records_its_resolution(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    out = tmp_path / "f1.png"
    result = CliRunner().invoke(
        app, ["render", str(LAYOUTS / "figure1.yaml"), "--dpi", "100", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    # 19 by 17.18 inches at 100 pixels per inch
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (1900, 1718)
    # pHYs right after the header: 3937 pixels per metre both ways, unit metre
    assert data[33:50] == b"\x00\x00\x00\x09pHYs" + (3937).to_bytes(4, "big") * 2 + b"\x01"


def test_a_true_size_pdf_page_is_the_picture_s_size_in_points(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    out = tmp_path / "f1.pdf"
    result = CliRunner().invoke(app, ["render", str(LAYOUTS / "figure1.yaml"), "--true-size", "-o", str(out)])
    assert result.exit_code == 0, result.output
    # 19 by 17.18 inches at 72 points an inch
    assert b"MediaBox [ 0 0 1368 1236.96 ]" in out.read_bytes()


def test_a_pdf_past_fifty_pages_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    # A serpentine of 1,440 tiles folds over 53 A4 sheets: SVG pages, but not one PDF.
    layout = tmp_path / "serpentine.yaml"
    layout.write_text("trackkit: 1\npath: " + "10S R R 10S L L " * 30 + "\n")
    out = tmp_path / "serpentine.pdf"
    result = CliRunner().invoke(app, ["render", str(layout), "--paper", "a4", "-o", str(out)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"{layout}: error: the drawing would take 53 pages and a PDF holds at most 50;"
        " print it as SVG pages instead (name the output .svg; up to 200 pages)\n"
    )
    assert not out.exists()


# --- no sheet of any game carries only background or a sliver of a caption ---------------


def page_boxes(path: Path, options: RenderOptions, paper: str) -> tuple[list[Box], list[Box]]:
    """A shipped layout's pieces and lines of words, as its game's pages plan them."""
    layout = games.load(path).layout
    return painter.page_boxes(layout, options, PAPERS[paper])


def page_windows(pages: Sequence[str]) -> list[Window]:
    """The window on the picture each sheet (the page map left out) shows."""
    found = []
    for number, page in enumerate(pages[:-1], 1):
        view = ET.fromstring(page.encode()).find(f".//{SVG}svg[@id='window']")
        assert view is not None
        left, top, width, height = (float(v) / 100 for v in view.get("viewBox", "").split())
        found.append(Window(number, 0, 0, left, top, width, height))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("path", sorted(LAYOUTS.glob("*.yaml")), ids=lambda p: p.stem)
def test_no_sheet_of_any_shipped_layout_is_only_background_or_a_sliver(path: Path, paper: str) -> None:
    """Every sheet shows an inch of a piece (tile, space, card), all of a
    smaller one, or six inches of a line of words (all of a shorter one)."""
    options = RenderOptions(true_size=True)
    pieces, words = page_boxes(path, options, paper)
    pages = drawings(path, options, paper)  # as its game draws them, shared with the other tests here
    slivers = [w.number for w in page_windows(pages) if sliver(w, pieces, words)]
    assert slivers == []


def test_a_page_showing_only_the_end_of_a_caption_is_a_sliver() -> None:
    window = Window(1, 1, 1, 10.0, 0.0, 7.5, 10.0)
    assert WORDS_SHOWN == 6.0
    assert sliver(window, [], [(1.0, 0.8, 11.0, 1.05)])  # one inch of a ten-inch line
    assert sliver(window, [], [(5.0, 0.8, 15.0, 1.05)])  # five inches of it, the rest cut off
    assert not sliver(window, [], [(1.0, 0.8, 17.0, 1.05)])  # 7.5 inches of a 16-inch line
    assert not sliver(window, [], [(10.5, 0.8, 11.5, 1.05)])  # a short line, whole
    assert sliver(window, [], [(10.5, -0.1, 11.5, 0.15)])  # a short line, its foot only
    # DejaVu Sans Bold, letter by letter: R 0.7, o a d u e 0.64, c s 0.56, r 0.4, space 0.34
    assert words_box("Road course", 1.0, 2.0, 0.5, bold=True) == pytest.approx((1.0, 1.6, 4.584, 2.1))
