"""Printing on paper: empty pages left out, marks clear of lettering, cut
lines, side pointers inside the paper, exact sheet sizes and the page map."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.formats.racepack_yaml import load_layout
from trackkit.render.options import RenderOptions
from trackkit.render.pages import POINTER_INSET, content_boxes, lettering_boxes, render_pages
from trackkit.render.paper import MARK_REACH, PAPERS, mark_positions, plan_pages
from trackkit.render.svg import prepare

SVG = "{http://www.w3.org/2000/svg}"


def grand_prix_pages(paper: str) -> list[str]:
    layout = load_layout(LAYOUTS / "grand-prix.yaml").layout
    return render_pages(layout, RenderOptions(true_size=True), PAPERS[paper])


def test_a4_sheets_are_exactly_a4() -> None:
    assert PAPERS["a4"].length(PAPERS["a4"].width) == "210mm"
    assert PAPERS["a4"].length(PAPERS["a4"].height) == "297mm"
    assert PAPERS["letter"].length(8.5) == "8.5in"


def test_empty_windows_are_left_out_and_pages_renumbered() -> None:
    layout = load_layout(LAYOUTS / "grand-prix.yaml").layout
    scene, _, frame = prepare(layout, RenderOptions(true_size=True))
    plan = plan_pages(frame.width, frame.height, PAPERS["a4"])
    assert len(plan) == 16
    pages = grand_prix_pages("a4")
    # Two of the sixteen windows (bottom row, right) show nothing: 14 pages and the map.
    assert len(pages) == 15
    boxes = content_boxes(scene, frame)
    empty = [
        w.number
        for w in plan.windows()
        if not any(
            b[0] < w.left + w.width and w.left < b[2] and b[1] < w.top + w.height and w.top < b[3]
            for b in boxes
        )
    ]
    assert empty == [15, 16]
    heading = ET.fromstring(pages[13].encode()).find(f".//{SVG}g[@id='page-caption']/{SVG}text")
    assert heading is not None and heading.text == "Grand Prix · page 14 of 14"


def test_alignment_marks_keep_off_the_lettering() -> None:
    for name in ("grand-prix", "figure1", "pit-lane"):
        layout = load_layout(LAYOUTS / f"{name}.yaml").layout
        scene, _, frame = prepare(layout, RenderOptions(true_size=True))
        for paper in PAPERS.values():
            plan = plan_pages(frame.width, frame.height, paper)
            lettering = lettering_boxes(scene, frame)
            for x, y in mark_positions(plan, lettering):
                assert not any(
                    x + MARK_REACH > left
                    and x - MARK_REACH < right
                    and y + MARK_REACH > top
                    and y - MARK_REACH < bottom
                    for left, top, right, bottom in lettering
                ), (name, paper.name, x, y)


def test_side_pointers_stand_a_quarter_inch_or_more_inside_the_paper() -> None:
    page = ET.fromstring(grand_prix_pages("a4")[5].encode())  # row 2, column 2 of 4
    caption = page.find(f".//{SVG}g[@id='page-caption']")
    assert caption is not None
    width = float(page.get("viewBox", "").split()[2])
    turned = [t for t in caption.iter(f"{SVG}text") if t.get("transform")]
    assert len(turned) == 2
    xs = sorted(float(t.get("x", "0")) for t in turned)
    assert POINTER_INSET >= 0.25
    assert xs == [POINTER_INSET * 100, width - POINTER_INSET * 100]


def test_a_page_with_neighbours_left_and_above_has_two_cut_lines() -> None:
    page = ET.fromstring(grand_prix_pages("a4")[5].encode())  # row 2, column 2
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
