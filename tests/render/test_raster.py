"""PDF pages: a paper split's picture recorded once and painted into every
page's window, the PDF holding it once."""

from __future__ import annotations

from typing import Any

import pytest
from support import ROOT

from trackkit import games
from trackkit.picture.paper import get_paper
from trackkit.render import raster
from trackkit.render.options import RenderOptions
from trackkit.render.raster import window_parts

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
    return games.find_game(layout.game).draw_pages(layout, RenderOptions(true_size=True), get_paper(paper))


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


# --- a PNG's pixels are bounded before cairo draws any (issue 27's second campaign) ------

STAIRCASE = "trackkit: 1\npath: " + "L R " * 200 + "\n"
"""402 tiles climbing a diagonal, a file under 1 KB: its screen drawing would
be 19,248 by 19,449 pixels (the campaign's, with a name and a description,
took 10 s and 1.2 GB to draw)."""


def test_the_pixels_of_a_png_are_read_off_its_size() -> None:
    figure1 = games.load(ROOT / "layouts" / "figure1.yaml").layout
    game = games.find_game(figure1.game)
    assert raster.png_pixels(game.draw_svg(figure1, RenderOptions())) == (912, 825)
    true_size = game.draw_svg(figure1, RenderOptions(true_size=True))
    assert raster.png_pixels(true_size, 300) == (5700, 5154)  # 29 million: drawn
    assert raster.png_pixels('<svg height="297mm" width="210mm">', 600) == (4961, 7016)  # an A4 page: 35 million


@pytest.mark.parametrize(
    ("layout", "arguments", "message"),
    [
        (
            STAIRCASE, [],
            "the picture would be 19,248 by 19,449 pixels and a PNG holds at most 16 million, 32,000 a side;"
            " draw it as SVG or PDF",
        ),
        (
            "trackkit: 1\npath: R 400S R R 400S R\n", [],
            "the picture would be 524 by 38,910 pixels and a PNG holds at most 16 million, 32,000 a side;"
            " draw it as SVG or PDF",
        ),
        (
            (ROOT / "layouts" / "figure1.yaml").read_text(), ["--dpi", "600"],
            "the picture would be 11,400 by 10,308 pixels and a PNG holds at most 36 million, 32,000 a side;"
            " draw it as SVG or PDF, or at a lower --dpi",
        ),
        (
            "trackkit: 1\npath: R 170S R R 170S R\n", ["--dpi", "100"],
            "the picture would be 1,091 by 35,062 pixels and a PNG holds at most 36 million, 32,000 a side;"
            " draw it as SVG or PDF, or at a lower --dpi",
        ),
    ],
    ids=["tall", "long", "dpi", "side"],
)
def test_a_png_past_its_pixels_is_refused_and_nothing_is_written(
    tmp_path: Any, layout: str, arguments: list[str], message: str
) -> None:
    from typer.testing import CliRunner

    from trackkit.cli import app

    source, out = tmp_path / "track.yaml", tmp_path / "track.png"
    source.write_text(layout)
    result = CliRunner().invoke(app, ["render", str(source), *arguments, "-o", str(out)])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"{source}: error: {message}\n")
    assert not out.exists()


def test_the_editor_refuses_a_png_past_its_pixels(tmp_path: Any) -> None:
    from trackkit.edit.session import Overlays, Session
    from trackkit.errors import LimitError

    source = tmp_path / "track.yaml"
    source.write_text(STAIRCASE)
    session = Session(source)
    session.open(source)
    with pytest.raises(LimitError, match="a PNG holds at most 16 million"):
        session.export(session.form, "png", Overlays(lanes=True))


def test_a_png_of_more_shapes_than_cairo_draws_quickly_is_refused_before_drawing() -> None:
    """Every shape costs cairo time: past 4,000 a PNG is refused, naming the count."""
    from trackkit.errors import LimitError
    from trackkit.render import raster_limits
    from trackkit.render.raster_limits import MAX_PNG_SHAPES, shape_count

    def picture(shapes: int) -> str:
        rects = '<rect height="1" width="1"/>' * (shapes - 2)
        return f'<?xml version="1.0" ?><svg height="10" width="10"><g>{rects}</g></svg>'

    assert shape_count(picture(4_000)) == MAX_PNG_SHAPES == 4_000
    assert raster_limits.refuse_too_many_shapes(picture(4_000)) is None
    with pytest.raises(LimitError) as refused:
        raster.png_bytes(picture(4_001))
    assert str(refused.value) == "the picture has 4,001 shapes and a PNG draws at most 4,000; draw it as SVG"


def test_the_shipped_layouts_are_far_within_the_shapes_a_png_draws() -> None:
    from trackkit.render.raster_limits import shape_count

    counts = {
        path.name: shape_count(games.find_game(layout.game).draw_svg(layout, RenderOptions()))
        for path in sorted((ROOT / "layouts").glob("*.yaml"))
        for layout in [games.load(path).layout]
    }
    assert min(counts.values()) >= 80 and max(counts.values()) <= 500
