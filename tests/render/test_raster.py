"""PDF pages: a paper split's picture recorded once and painted into every
page's window, the PDF holding it once."""

from __future__ import annotations

from typing import Any

import pytest
from support import ROOT

from trackkit import games
from trackkit.render import raster
from trackkit.render.cull import window_parts
from trackkit.render.options import RenderOptions

PAGE = """<?xml version="1.0" encoding="utf-8" ?>
<svg height="11in" width="8.5in">
  <svg id="window" viewBox="1000 0 750 1000">
    <rect height="100" width="100" x="1100" y="100"/>
    <text font-size="25" x="900" y="500">12</text>
  </svg>
  <text x="10" y="10">page 2 of 3</text>
</svg>"""


def pages_of(name: str, paper: str) -> list[str]:
    layout = games.loads((ROOT / "layouts" / name).read_text()).layout
    return games.find_game(layout.game).draw_pages(layout, RenderOptions(true_size=True), paper)


def test_a_page_is_cut_round_its_window() -> None:
    assert window_parts(PAGE) == (
        '<?xml version="1.0" encoding="utf-8" ?>\n<svg height="11in" width="8.5in">\n'
        '  <svg id="window" viewBox="1000 0 750 1000">',
        '    <rect height="100" width="100" x="1100" y="100"/>\n'
        '    <text font-size="25" x="900" y="500">12</text>',
        '  </svg>\n  <text x="10" y="10">page 2 of 3</text>\n</svg>',
    )


def test_a_drawing_without_a_window_or_with_an_open_one_is_not_cut() -> None:
    assert window_parts('<svg viewBox="0 0 10 10">\n  <rect height="1" width="1"/>\n</svg>') is None
    assert window_parts(PAGE.replace("  </svg>\n", "")) is None


def test_a_window_begins_with_a_picture_only_at_a_whole_line() -> None:
    picture = '    <rect height="1" width="1"/>'
    assert raster._begins_with(picture, picture)
    assert raster._begins_with(picture + '\n    <g id="page-map"/>', picture)
    assert not raster._begins_with(picture[:-2] + ' x="1"/>', picture[:-2])


def test_every_page_and_the_page_map_share_one_recording(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dozen pages and the page map of a 48-tile track: the picture is
    drawn by cairosvg once, whatever the number of pages, and the PDF
    holds it once (a form each page paints)."""
    pytest.importorskip("cairosvg")
    recorded: list[str] = []
    record = raster._Painter._record

    def counted(painter: Any, picture: str) -> Any:
        recorded.append(picture)
        return record(painter, picture)

    monkeypatch.setattr(raster._Painter, "_record", counted)
    pages = pages_of("grand-prix.yaml", "a4")
    data = raster.pdf_bytes(pages)
    assert len(pages) > 10
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") == len(pages)
    assert len(recorded) == 1
    assert data.count(b"/Subtype /Form") == 1
    assert data == raster.pdf_bytes(pages)
