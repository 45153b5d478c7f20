"""PNG and PDF output through the optional cairosvg package.

cairosvg draws SVG with the cairo graphics library.  It is an *extra*: a plain
``pip install trackkit`` leaves it out, ``pip install "trackkit[raster]"``
brings it in.  Everything here imports it only when called, and reports its
absence as a :class:`~trackkit.errors.TrackkitError` with the install command
rather than as an import failure.

A PDF may hold several pages (one per sheet of a paper split); a PNG holds one
picture.  Every page of a paper split shows the same picture through its own
*window* (a nested ``<svg id="window">`` that clips it to the part the page
shows; see :mod:`trackkit.render.pages`).  cairosvg walks every element it is
given, so drawing each page whole would draw a long track once per page.
For a PDF the picture is drawn once onto a cairo *recording surface* (a list of
drawing operations cairo can replay onto any other surface, skipping those
that fall outside what is visible) and painted into each page's window; the
page map's window holds the same picture with its outlines and numbers
after it, and gets the same recording.  In the PDF the recording is written
once and each page refers to it.  (A PNG page is drawn whole, less what lies
wholly outside its window: painting a recording onto pixels may shift it by
a pixel.)  cairo stamps a PDF with the time it
was made, so this module sets that stamp to a fixed date (1 January 2000) and
the same SVG gives the same PDF bytes.
"""

from __future__ import annotations

import functools
import os
import re
import struct
import tempfile
import zlib
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from trackkit.errors import LimitError, TrackkitError
from trackkit.render.cull import culled_page, window_parts
from trackkit.render.paper import MAX_PAGES, MAX_PDF_PAGES

__all__ = [
    "FIXED_DATE",
    "INSTALL_HINT",
    "MAX_DPI_PIXELS",
    "MAX_PNG_SIDE",
    "MAX_SCREEN_PIXELS",
    "RASTER_SUFFIXES",
    "load_cairosvg",
    "pdf_bytes",
    "png_bytes",
    "png_pixels",
    "with_resolution",
]

INSTALL_HINT = 'pip install "trackkit[raster]"'

FIXED_DATE = "2000-01-01T00:00:00Z"
"""The creation date written into every PDF, so that output is reproducible."""

RASTER_SUFFIXES = (".png", ".pdf")
"""File endings that need cairosvg."""

_DPI = 96
"""cairosvg's pixels to the inch for a PDF (a PDF is measured in points)."""

_PLACEHOLDER = "trackkit-recorded-picture"
"""The id of the element standing, in a page handed to cairosvg, for the
picture painted from its recording."""


def load_cairosvg() -> ModuleType:
    """Import cairosvg, or raise :class:`TrackkitError` saying how to install it.

    cairosvg also fails to import (with ``OSError``) when the cairo library it
    wraps is missing from the system; that gets the same message.
    """
    try:
        import cairosvg
    except (ImportError, OSError):
        raise TrackkitError(
            f"PNG and PDF output needs the optional cairosvg package; install it with: {INSTALL_HINT}"
        ) from None
    module: ModuleType = cairosvg
    return module


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


def _refuse_too_many_pixels(svg: str, dpi: int | None) -> None:
    """Raise :class:`LimitError` when the PNG would pass its pixel limit."""
    width, height = png_pixels(svg, dpi)
    most = MAX_SCREEN_PIXELS if dpi is None else MAX_DPI_PIXELS
    if width * height > most or max(width, height) > MAX_PNG_SIDE:
        lower = ", or at a lower --dpi" if dpi is not None else ""
        raise LimitError(
            f"the picture would be {width:,} by {height:,} pixels and a PNG holds at most"
            f" {most // 1_000_000} million, {MAX_PNG_SIDE:,} a side; draw it as SVG or PDF{lower}"
        )


def png_bytes(svg: str, dpi: int | None = None) -> bytes:
    """One SVG document drawn as a PNG image on a white background.

    With ``dpi``, a picture sized in inches (a true-size drawing or a page)
    is drawn at that many pixels per inch and the PNG records the resolution
    (its ``pHYs`` chunk), so that an image program prints it at true size.
    A page of a paper split is drawn without what lies outside its window
    (:mod:`trackkit.render.cull`).  Raises :class:`LimitError` past
    :data:`MAX_SCREEN_PIXELS` (without ``dpi``) or :data:`MAX_DPI_PIXELS`
    pixels, before any is drawn.
    """
    _refuse_too_many_pixels(svg, dpi)
    cairosvg = load_cairosvg()
    svg = culled_page(svg)
    if dpi is None:
        data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white")
        return data
    drawn: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white", dpi=dpi)
    return with_resolution(drawn, dpi)


def with_resolution(png: bytes, dpi: int) -> bytes:
    """``png`` with a ``pHYs`` chunk saying it has ``dpi`` pixels per inch,
    put straight after the header chunk (PNG stores pixels per metre)."""
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    header_end = 8 + 4 + 4 + 13 + 4  # signature, then IHDR's length, type, data and checksum
    return png[:header_end] + chunk + png[header_end:]


def pdf_bytes(pages: Sequence[str]) -> bytes:
    """SVG documents drawn as the pages of one PDF, each page sized as its
    SVG, the picture they share drawn once.  Raises :class:`LimitError` past
    :data:`~.paper.MAX_PDF_PAGES` pages."""
    if len(pages) > MAX_PDF_PAGES:
        raise LimitError(
            f"the drawing would take {len(pages):,} pages and a PDF holds at most {MAX_PDF_PAGES};"
            f" print it as SVG pages instead (name the output .svg; up to {MAX_PAGES} pages)"
        )
    load_cairosvg()
    from cairosvg.surface import PDFSurface, cairo

    handle, temporary = tempfile.mkstemp(suffix=".pdf")
    os.close(handle)
    try:
        shared: list[Any] = []

        class PagedPDF(_painting(PDFSurface)):  # type: ignore[misc]
            """Draws each SVG onto the next page of one PDF instead of a new file."""

            def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
                if not shared:
                    surface = cairo.PDFSurface(temporary, width, height)
                    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
                    shared.append(surface)
                else:
                    shared[0].set_size(width, height)
                return shared[0], width, height

        painter = _Painter(_DPI)
        for svg in pages:
            tree, recording = painter.page(svg)
            PagedPDF(tree, None, _DPI, recording).context.show_page()
        if shared:
            shared[0].finish()
        return Path(temporary).read_bytes()
    finally:
        Path(temporary).unlink(missing_ok=True)


class _Painter:
    """Hands cairosvg the pages of one document, each window's picture
    replaced by a placeholder, with the recording to paint there: a
    picture is recorded the first time a window shows it, and a later
    window showing it (with more drawn after it, as on the page map) gets
    the same recording."""

    def __init__(self, dpi: int) -> None:
        self._dpi = dpi
        self._recordings: dict[str, Any] = {}

    def page(self, svg: str) -> tuple[Any, Any]:
        """The parsed page to draw and the recording its placeholder
        stands for (``None`` for a page without a window)."""
        from cairosvg.parser import Tree

        parts = window_parts(svg)
        if parts is None:
            return Tree(bytestring=svg.encode("utf-8")), None
        before, inside, after = parts
        picture = next((known for known in self._recordings if _begins_with(inside, known)), inside)
        if picture not in self._recordings:
            self._recordings[picture] = self._record(picture)
        holder = f'<g id="{_PLACEHOLDER}"/>'
        text = "\n".join([before, holder + inside[len(picture) :], after])
        return Tree(bytestring=text.encode("utf-8")), self._recordings[picture]

    def _record(self, picture: str) -> Any:
        """``picture`` (the elements inside a window) drawn onto an
        unbounded recording surface, in the picture's own units."""
        from cairosvg.parser import Tree

        document = (
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
            f' width="1" height="1" overflow="visible">\n{picture}\n</svg>'
        )
        return _recorder()(Tree(bytestring=document.encode("utf-8")), None, self._dpi).cairo


def _begins_with(inside: str, picture: str) -> bool:
    """Whether a window's ``inside`` is ``picture`` with whole lines, or nothing, after it."""
    return inside.startswith(picture) and inside[len(picture) : len(picture) + 1] in ("", "\n")


@functools.cache
def _painting(surface_class: type) -> type:
    """``surface_class`` (a cairosvg surface) drawing the placeholder
    element by painting the recording it was given."""

    class Painting(surface_class):  # type: ignore[misc]
        def __init__(self, tree: Any, output: Any, dpi: int, recording: Any, **options: Any) -> None:
            self.recording = recording
            super().__init__(tree, output, dpi, **options)

        def draw(self, node: Any) -> None:
            if node.tag != "g" or node.get("id") != _PLACEHOLDER or self.recording is None:
                super().draw(node)
                return
            self.context.save()
            self.context.set_source_surface(self.recording, 0, 0)
            self.context.paint()
            self.context.restore()

    return Painting


@functools.cache
def _recorder() -> type:
    """A cairosvg surface drawing onto an unbounded cairo recording
    surface, one unit of the picture to one unit of the recording."""
    from cairosvg.surface import Surface, cairo

    class Recorder(Surface):  # type: ignore[misc]
        device_units_per_user_units = 1

        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            return cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None), width, height

    return Recorder
