"""PNG pages of a paper split: the picture recorded once and painted into
each page, the pixels written by our own PNG writer, the pages sized
against their budget before any is drawn, and written all together or not
at all (issue 35)."""

from __future__ import annotations

import io
import struct
import zlib
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from support import ROOT
from typer.testing import CliRunner

from trackkit import games
from trackkit.api import render_file
from trackkit.cli import app
from trackkit.errors import LimitError
from trackkit.picture.paper import get_paper
from trackkit.render import raster
from trackkit.render.options import RenderOptions
from trackkit.render.png_file import png_from_pixels

pytestmark = pytest.mark.skipif(find_spec("cairosvg") is None, reason="cairosvg is not installed")
"""cairosvg draws the pages to compare with; it is imported by the tests
that use it, not when the suite is collected (half a processor second in
every worker)."""


def _cairo() -> Any:
    """cairo, as cairosvg binds it."""
    from cairosvg.surface import cairo

    return cairo

FIGURE1 = ROOT / "layouts" / "figure1.yaml"

LOOP = "trackkit: 1\npath: 58S R 32S R 58S R 32S R\n"
"""A 184-tile loop in 42 bytes: 42 A4 pages and the page map, 374 million
pixels at 300 dpi (the issue's case)."""


def pixels_of(png: bytes) -> np.ndarray:
    """The red, green and blue of every pixel of ``png``, as cairo reads it."""
    image = _cairo().ImageSurface.create_from_png(io.BytesIO(png))
    height, stride, width = image.get_height(), image.get_stride(), image.get_width()
    rows = np.frombuffer(bytes(image.get_data()), np.uint8).reshape(height, stride)[:, : width * 4]
    return rows.reshape(height, width, 4)[..., 2::-1].astype(int)  # BGRA (little-endian) to RGB


def painted(colours: list[tuple[float, float, float]]) -> Any:
    """A 5 by 3 RGB24 surface, white, with a stripe of each colour."""
    cairo = _cairo()
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 5, 3)
    context = cairo.Context(surface)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    for column, colour in enumerate(colours):
        context.set_source_rgb(*colour)
        context.rectangle(column, 0, 1, 3)
        context.fill()
    surface.flush()
    return surface


def encoded(surface: Any, dpi: int | None) -> bytes:
    data = bytes(surface.get_data())
    return png_from_pixels(data, surface.get_width(), surface.get_height(), surface.get_stride(), dpi)


def test_grey_pixels_are_written_one_byte_each_and_read_back_the_same() -> None:
    surface = painted([(0, 0, 0), (0.5, 0.5, 0.5)])
    data = encoded(surface, 300)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:29] == b"IHDR" + struct.pack(">IIBBBBB", 5, 3, 8, 0, 0, 0, 0)
    assert data[33:50] == b"\x00\x00\x00\x09pHYs" + (11811).to_bytes(4, "big") * 2 + b"\x01"
    assert pixels_of(data)[0].tolist() == [[0, 0, 0], [128, 128, 128], *[[255, 255, 255]] * 3]


def test_colour_is_written_three_bytes_a_pixel_each_row_against_the_one_above() -> None:
    surface = painted([(1, 0, 0), (0, 0.5, 1)])
    data = encoded(surface, None)
    assert data[12:29] == b"IHDR" + struct.pack(">IIBBBBB", 5, 3, 8, 2, 0, 0, 0)
    assert b"pHYs" not in data
    rows = zlib.decompress(data[41:-16])
    assert [rows[row * 16] for row in range(3)] == [2, 2, 2]  # filter Up on every row
    assert rows[17:32] == bytes(15)  # the second row is the first again: all zeros
    assert pixels_of(data)[2].tolist() == [[255, 0, 0], [0, 128, 255], *[[255, 255, 255]] * 3]


def test_png_pages_look_as_the_pages_drawn_one_by_one() -> None:
    """Figure 1's A4 pages at 100 dpi, drawn from one recording, against each
    page drawn whole by cairosvg: the same pixels but for the antialiasing
    of an edge here and there.  On the page map, where the picture is
    shrunk, the lettering is spaced as laid out rather than as rounded to
    the map's coarse pixels, so a few words end a pixel or two apart."""
    layout = games.load(FIGURE1).layout
    pages = games.find_game(layout.game).draw_pages(layout, RenderOptions(true_size=True), get_paper("a4"))
    drawn = list(raster.png_pages(pages, 100))
    from cairosvg import svg2png

    assert len(drawn) == len(pages) == 7
    for number, (page, png) in enumerate(zip(pages, drawn), 1):
        whole = svg2png(bytestring=page.encode(), background_color="white", dpi=100)
        ours, theirs = pixels_of(png), pixels_of(whole)
        assert ours.shape == theirs.shape == (827, 1169, 3)  # A4 turned
        # cairosvg leaves the last row and column, which the page's edge cuts, part clear; ours lie on white
        differ = np.abs(ours - theirs)[:-1, :-1].max(axis=2)
        if number < len(pages):
            assert differ.max() <= 24 and (differ > 0).mean() < 0.03
        else:
            assert (differ > 64).mean() < 0.05


def test_png_pages_past_their_budget_are_refused_before_any_is_drawn(tmp_path: Path) -> None:
    source = tmp_path / "loop.yaml"
    source.write_text(LOOP)
    out = tmp_path / "pages.png"
    result = CliRunner().invoke(app, ["render", str(source), "--paper", "a4", "--dpi", "600", "-o", str(out)])
    message = (
        "the 43 pages would be 1,497 million pixels at 600 dpi and PNG pages hold at most 400 million"
        " together; print them as SVG pages (name the output .svg) or at --dpi 310 or lower"
    )
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"{source}: error: {message}\n")
    assert [path.name for path in tmp_path.iterdir()] == ["loop.yaml"]


def test_the_highest_resolution_named_fits_the_budget() -> None:
    layout = games.loads(LOOP).layout
    pages = games.find_game(layout.game).draw_pages(layout, RenderOptions(true_size=True), get_paper("a4"))
    assert raster._pages_pixels(pages, 300) == 43 * 3508 * 2480  # 374 million
    assert raster._pages_pixels(pages, 310) <= raster.MAX_PAGES_PIXELS < raster._pages_pixels(pages, 311)
    with pytest.raises(LimitError, match=r"at --dpi 310 or lower$"):
        raster.png_pages(pages, 311)


def test_pages_that_fail_half_way_leave_none_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The third page fails: the two drawn before it are not left behind,
    nor any temporary file, and a page file that was there stays as it was."""
    drawn: list[int] = []
    draw = raster._png

    def failing(*args: Any) -> bytes:
        drawn.append(1)
        if len(drawn) == 3:
            raise LimitError("the third page fails")
        return draw(*args)

    monkeypatch.setattr(raster, "_png", failing)
    (tmp_path / "f-1.png").write_bytes(b"old page")
    with pytest.raises(LimitError, match="the third page fails"):
        render_file(FIGURE1, tmp_path / "f.png", RenderOptions(dpi=20), "a4", force=True)
    assert len(drawn) == 3
    assert [path.name for path in tmp_path.iterdir()] == ["f-1.png"]
    assert (tmp_path / "f-1.png").read_bytes() == b"old page"


def test_pages_are_written_with_their_progress(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    drawing = render_file(
        FIGURE1, tmp_path / "f.png", RenderOptions(dpi=20), "a4", progress=lambda *done: calls.append(done)
    )
    assert [path.name for path in drawing.written] == [f"f-{number}.png" for number in range(1, 8)]
    assert calls == [(done, 7) for done in range(8)]
    assert all(path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for path in drawing.written)
