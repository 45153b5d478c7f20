"""What a PNG may hold, checked before cairo draws anything: pixels (in
all and a side) and shapes.  A PNG's cost grows with both, and a small
layout file can ask for a huge picture, so these are sized from the SVG
text alone (:mod:`trackkit.render.raster` calls them)."""

from __future__ import annotations

import re

from trackkit.errors import LimitError

__all__ = [
    "MAX_DPI_PIXELS",
    "MAX_PNG_SHAPES",
    "MAX_PNG_SIDE",
    "MAX_SCREEN_PIXELS",
    "png_pixels",
    "refuse_too_many_pixels",
    "refuse_too_many_shapes",
    "shape_count",
]

MAX_SCREEN_PIXELS = 16_000_000
"""The most pixels a PNG of the screen drawing may have (some 4,000 a side,
64 MB while it is drawn): its size follows the track's, and cairo takes
about a second and a half to fill that many."""

MAX_DPI_PIXELS = 36_000_000
"""The most pixels a PNG drawn at a chosen resolution may have: an A4 or
Letter page at 600 dpi, or the rulebook's Figure 1 at true size and 300 dpi
(29 million), each in under two seconds."""

MAX_PNG_SIDE = 32_000
"""The most pixels a PNG may have across or down: cairo draws no image
over 32,767 pixels a side."""

MAX_PNG_SHAPES = 4_000
"""The most shapes (SVG elements) one PNG draws: cairo takes some 0.3 ms a
shape, so a Motocross pile of 4,447 tiles (6,510 shapes) took over three
seconds where SVG takes none of that.  The shipped layouts draw some 100 to
1,000."""

_SIZE = re.compile(r'\b(width|height)="([0-9.]+)(in|mm|px)?"')
_PER_INCH = {"in": 1.0, "mm": 1 / 25.4}


def png_pixels(svg: str, dpi: int | None = None) -> tuple[int, int]:
    """The width and height, in pixels, of ``svg`` drawn as a PNG: its
    outer size, in pixels, or in inches or millimetres at ``dpi`` (96 when
    ``None``, as cairosvg reads them)."""
    opening = svg[svg.find("<svg") : svg.find(">", svg.find("<svg"))]
    sizes: dict[str, float] = {}
    for name, number, unit in _SIZE.findall(opening):
        scale = (dpi or 96) * _PER_INCH[unit] if unit in _PER_INCH else 1.0
        sizes.setdefault(name, float(number) * scale)
    return round(sizes.get("width", 0)), round(sizes.get("height", 0))


def refuse_too_many_pixels(svg: str, dpi: int | None) -> None:
    """Raise :class:`LimitError` when the PNG would pass its pixel limit."""
    width, height = png_pixels(svg, dpi)
    most = MAX_SCREEN_PIXELS if dpi is None else MAX_DPI_PIXELS
    if width * height > most or max(width, height) > MAX_PNG_SIDE:
        lower = ", or at a lower --dpi" if dpi is not None else ""
        raise LimitError(
            f"the picture would be {width:,} by {height:,} pixels and a PNG holds at most"
            f" {most // 1_000_000} million, {MAX_PNG_SIDE:,} a side; draw it as SVG or PDF{lower}"
        )


def shape_count(svg: str) -> int:
    """The elements of ``svg``: every tag opened (a tag that closes, ``</g>``, counts none)."""
    return svg.count("<") - svg.count("</") - svg.count("<?") - svg.count("<!")


def refuse_too_many_shapes(svg: str) -> None:
    """Raise :class:`LimitError` when a PNG of ``svg`` would draw more than
    :data:`MAX_PNG_SHAPES` shapes."""
    shapes = shape_count(svg)
    if shapes > MAX_PNG_SHAPES:
        raise LimitError(
            f"the picture has {shapes:,} shapes and a PNG draws at most {MAX_PNG_SHAPES:,}; draw it as SVG"
        )
