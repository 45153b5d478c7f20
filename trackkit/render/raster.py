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
So the picture is drawn once onto a cairo *recording surface* (a list of
drawing operations cairo can replay onto any other surface, skipping those
that fall outside what is visible) and painted into each page's window; the
page map's window holds the same picture with its outlines and numbers
after it, and gets the same recording.  In a PDF the recording is written
once and each page refers to it.  For PNG pages the recording is made at the
pages' own pixels (cairo rounds the spacing of letters to the units it
records in, and at the picture's hundred to the inch a page's numbers would
move by a pixel or two), and each page's pixels are written out by
:mod:`trackkit.render.png_file`.  A single PNG (not cut into pages) is drawn
directly: what falls on each page was worked out from the picture before
its SVG was written (:mod:`trackkit.render.painter`), so nothing here
measures the elements of a page.  cairo stamps a PDF with
the time it was made, so this module sets that stamp to a fixed date (1
January 2000) and the same SVG gives the same PDF bytes.
"""

from __future__ import annotations

import functools
import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from trackkit.errors import LimitError, TrackkitError
from trackkit.picture.paper import MAX_PAGES, MAX_PDF_PAGES
from trackkit.render.canvas import UNITS
from trackkit.render.png_file import png_from_pixels
from trackkit.render.raster_limits import (
    MAX_DPI_PIXELS,
    MAX_PNG_SHAPES,
    MAX_PNG_SIDE,
    MAX_SCREEN_PIXELS,
    png_pixels,
    refuse_too_many_pixels,
    refuse_too_many_shapes,
)

__all__ = [
    "FIXED_DATE",
    "INSTALL_HINT",
    "MAX_DPI_PIXELS",
    "MAX_PAGES_PIXELS",
    "MAX_PNG_SHAPES",
    "MAX_PNG_SIDE",
    "MAX_SCREEN_PIXELS",
    "RASTER_SUFFIXES",
    "load_cairosvg",
    "pdf_bytes",
    "png_bytes",
    "png_pages",
    "png_pixels",
    "window_parts",
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


def png_bytes(svg: str, dpi: int | None = None) -> bytes:
    """One SVG document drawn as a PNG image on a white background.

    With ``dpi``, a picture sized in inches (a true-size drawing or a page)
    is drawn at that many pixels per inch and the PNG records the resolution
    (its ``pHYs`` chunk), so that an image program prints it at true size.
    Raises :class:`LimitError` past
    :data:`MAX_SCREEN_PIXELS` (without ``dpi``) or :data:`MAX_DPI_PIXELS`
    pixels, or :data:`MAX_PNG_SHAPES` shapes, before any is drawn.
    """
    refuse_too_many_pixels(svg, dpi)
    refuse_too_many_shapes(svg)
    load_cairosvg()
    from cairosvg.parser import Tree

    return _png(Tree(bytestring=svg.encode("utf-8")), None, dpi)


MAX_PAGES_PIXELS = 400_000_000
"""The most pixels the PNG pages of one paper split may have together
(pages times the pixels of a page): 45 A4 pages at 300 dpi, 11 at 600 dpi,
drawn in about 8 s.  Past it, SVG pages or a lower resolution print the same
track."""


def png_pages(pages: Sequence[str], dpi: int) -> Iterator[bytes]:
    """The pages of a paper split (SVG documents) drawn as PNG images at
    ``dpi``, one after the other as the iterator is read.  The picture the
    pages share is drawn once, onto a recording that each page's window
    paints (as for a PDF, :func:`pdf_bytes`).  Raises :class:`LimitError`
    at once, before any page is drawn, when a page passes
    :data:`MAX_DPI_PIXELS` or all of them :data:`MAX_PAGES_PIXELS`."""
    for page in pages:
        refuse_too_many_pixels(page, dpi)
        refuse_too_many_shapes(page)
    _refuse_too_many_page_pixels(pages, dpi)
    load_cairosvg()
    return _drawn_pages(pages, dpi)


def _refuse_too_many_page_pixels(pages: Sequence[str], dpi: int) -> None:
    """Raise :class:`LimitError` when ``pages`` at ``dpi`` pass
    :data:`MAX_PAGES_PIXELS` together, naming the highest resolution that
    fits."""
    total = _pages_pixels(pages, dpi)
    if total <= MAX_PAGES_PIXELS:
        return
    fitting = int(dpi * (MAX_PAGES_PIXELS / total) ** 0.5)
    while fitting > 1 and _pages_pixels(pages, fitting) > MAX_PAGES_PIXELS:
        fitting -= 1
    raise LimitError(
        f"the {len(pages)} pages would be {total / 1_000_000:,.0f} million pixels at {dpi} dpi and PNG"
        f" pages hold at most {MAX_PAGES_PIXELS // 1_000_000} million together; print them as SVG pages"
        f" (name the output .svg) or at --dpi {fitting} or lower"
    )


def _pages_pixels(pages: Sequence[str], dpi: int) -> int:
    """The pixels of ``pages`` at ``dpi``, added up."""
    return sum(width * height for width, height in (png_pixels(page, dpi) for page in pages))


def _drawn_pages(pages: Sequence[str], dpi: int) -> Iterator[bytes]:
    painter, sheet = _Painter(dpi, dpi / UNITS), _Sheet()
    for svg in pages:
        tree, recording = painter.page(svg)
        yield _png(tree, recording, dpi, sheet)


def _png(tree: Any, recording: Any, dpi: int | None, sheet: _Sheet | None = None) -> bytes:
    """The parsed SVG ``tree`` drawn on a white ``sheet`` at ``dpi``
    (cairosvg's 96 when ``None``), the ``recording`` painted where its
    placeholder stands, and written as a PNG
    (:mod:`trackkit.render.png_file`)."""
    image = _on_white()(tree, None, dpi or _DPI, recording, sheet or _Sheet()).cairo
    image.flush()
    data, stride = image.get_data(), image.get_stride()
    return png_from_pixels(data, image.get_width(), image.get_height(), stride, dpi)


class _Sheet:
    """White pixels to draw a page on, without alpha (cairo's RGB24): the
    same pixels, whitened again, for every page of one size.  A page at
    300 dpi is 35 MB, and memory that large is handed out fresh by the
    system each time, a fault on every 4 KB of it at first touch: reusing
    it halves the time a page takes to draw.  Every pixel is whitened, not
    just the page (its size in pixels is rounded, so a background painted
    over the page alone could leave the last column half covered)."""

    def __init__(self) -> None:
        self._pixels: Any = None

    def blank(self, width: int, height: int) -> Any:
        """A ``width`` by ``height`` cairo image surface, every pixel white."""
        from cairosvg.surface import cairo

        pixels = self._pixels
        if pixels is None or (pixels.get_width(), pixels.get_height()) != (width, height):
            pixels = self._pixels = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
        white = cairo.Context(pixels)
        white.set_source_rgb(1, 1, 1)
        white.paint()
        return pixels


@functools.cache
def _on_white() -> type:
    """A cairosvg surface drawing onto a :class:`_Sheet`'s white pixels,
    painting recordings (:func:`_painting`)."""
    from cairosvg.surface import PNGSurface

    class OnWhite(_painting(PNGSurface)):  # type: ignore[misc]
        def __init__(self, tree: Any, output: Any, dpi: int, recording: Any, sheet: _Sheet) -> None:
            self.sheet = sheet
            super().__init__(tree, output, dpi, recording)

        def _create_surface(self, width: float, height: float) -> tuple[Any, int, int]:
            pixels = self.sheet.blank(round(width), round(height))
            return pixels, pixels.get_width(), pixels.get_height()

    return OnWhite


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
    the same recording.  ``fineness`` is how many device units of the
    recording make one unit of the picture: where cairo rounds (the
    advance from one letter to the next), it rounds to those; a PNG page
    records at its own pixels so that its lettering sits where drawing it
    directly would put it."""

    def __init__(self, dpi: int, fineness: float = 1.0) -> None:
        self._dpi = dpi
        self._fineness = fineness
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
        tree = Tree(bytestring=document.encode("utf-8"))
        return _recorder(self._fineness)(tree, None, self._dpi).cairo


_WINDOW = re.compile(r'^( *)<svg [^>]*id="window"[^>]*>$')


def window_parts(svg: str) -> tuple[str, str, str] | None:
    """``svg`` cut round its window's inside: the text up to the window's
    opening tag, what the window holds (the picture the pages share), and
    the rest from its closing tag; ``None`` when it has no window (or an
    unclosed one)."""
    lines = svg.split("\n")
    for start, line in enumerate(lines):
        window = _WINDOW.match(line)
        if window is None:
            continue
        closing = f"{window.group(1)}</svg>"
        for end in range(start + 1, len(lines)):
            if lines[end] == closing:
                inside = "\n".join(lines[start + 1 : end])
                return "\n".join(lines[: start + 1]), inside, "\n".join(lines[end:])
        return None
    return None


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
def _recorder(fineness: float) -> type:
    """A cairosvg surface drawing onto an unbounded cairo recording
    surface, one unit of the picture to one unit of the recording, each
    unit ``fineness`` device units (see :class:`_Painter`)."""
    from cairosvg.surface import Surface, cairo

    class Recorder(Surface):  # type: ignore[misc]
        device_units_per_user_units = 1

        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            recording = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
            recording.set_device_scale(fineness, fineness)
            return recording, width, height

    return Recorder
