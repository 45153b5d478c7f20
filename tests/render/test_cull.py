"""Pages drawn as PNG or PDF leave out what lies outside their window, and look the same."""

from __future__ import annotations

import pytest
from support import ROOT

from trackkit import games
from trackkit.picture.paper import get_paper
from trackkit.render.cull import culled_page
from trackkit.render.options import RenderOptions

PAGE = """<?xml version="1.0" encoding="utf-8" ?>
<svg height="11in" width="8.5in">
  <svg id="window" viewBox="1000 0 750 1000">
    <rect height="100" width="100" x="100" y="100"/>
    <rect height="100" width="100" x="1100" y="100"/>
    <circle cx="850" cy="500" r="50"/>
    <circle cx="960" cy="500" r="50"/>
    <line x1="0" x2="10" y1="0" y2="10"/>
    <path d="M0 0 H500 V40"/>
    <path d="M0 0 C 10 10 20 20 30 30"/>
    <polygon points="2000,0 2100,0 2100,100"/>
    <text font-size="25" x="900" y="500">12</text>
    <text font-size="25" x="10" y="500">12</text>
    <rect height="10" transform="rotate(90)" width="10" x="0" y="0"/>
  </svg>
  <text x="10" y="10">page 2 of 3</text>
</svg>
"""


def test_what_lies_wholly_outside_the_window_goes() -> None:
    assert culled_page(PAGE).splitlines() == [
        '<?xml version="1.0" encoding="utf-8" ?>',
        '<svg height="11in" width="8.5in">',
        '  <svg id="window" viewBox="1000 0 750 1000">',
        '    <rect height="100" width="100" x="1100" y="100"/>',
        '    <circle cx="960" cy="500" r="50"/>',
        '    <path d="M0 0 C 10 10 20 20 30 30"/>',
        '    <text font-size="25" x="900" y="500">12</text>',
        '    <rect height="10" transform="rotate(90)" width="10" x="0" y="0"/>',
        "  </svg>",
        '  <text x="10" y="10">page 2 of 3</text>',
        "</svg>",
    ]


def test_a_drawing_without_a_window_is_left_alone() -> None:
    svg = '<svg viewBox="0 0 10 10">\n  <rect height="1" width="1" x="50" y="50"/>\n</svg>\n'
    assert culled_page(svg) == svg


@pytest.mark.parametrize(("name", "paper"), [("grand-prix.yaml", "a4"), ("race-road-course.yaml", "letter")])
def test_culled_pages_draw_the_same_picture(name: str, paper: str) -> None:
    cairosvg = pytest.importorskip("cairosvg")
    layout = games.loads((ROOT / "layouts" / name).read_text()).layout
    pages = games.find_game(layout.game).draw_pages(layout, RenderOptions(true_size=True), get_paper(paper))
    assert any(len(culled_page(page)) < len(page) for page in pages)
    for page in pages:
        whole = cairosvg.svg2png(bytestring=page.encode(), background_color="white", dpi=30)
        culled = cairosvg.svg2png(bytestring=culled_page(page).encode(), background_color="white", dpi=30)
        assert whole == culled
