"""PNG and PDF output through the optional cairosvg package.

cairosvg draws SVG with the cairo graphics library.  It is an *extra*: a plain
``pip install trackkit`` leaves it out, ``pip install "trackkit[raster]"``
brings it in.  Everything here imports it only when called, and reports its
absence as a :class:`~trackkit.errors.TrackkitError` with the install command
rather than as an import failure.

A PDF may hold several pages (one per sheet of a paper split); a PNG holds one
picture.  A page is drawn without what lies outside its window
(:mod:`trackkit.render.cull`), so a long track's pages do not each draw all
of it.  cairo stamps a PDF with the time it was made, so this module sets
that stamp to a fixed date (1 January 2000) and the same SVG gives the same
PDF bytes.
"""

from __future__ import annotations

import os
import struct
import tempfile
import zlib
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from trackkit.errors import TrackkitError
from trackkit.render.cull import culled_page

__all__ = [
    "FIXED_DATE",
    "INSTALL_HINT",
    "RASTER_SUFFIXES",
    "load_cairosvg",
    "pdf_bytes",
    "png_bytes",
    "with_resolution",
]

INSTALL_HINT = 'pip install "trackkit[raster]"'

FIXED_DATE = "2000-01-01T00:00:00Z"
"""The creation date written into every PDF, so that output is reproducible."""

RASTER_SUFFIXES = (".png", ".pdf")
"""File endings that need cairosvg."""


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
    """
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
    """SVG documents drawn as the pages of one PDF, each page sized as its SVG."""
    load_cairosvg()
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface, cairo

    handle, temporary = tempfile.mkstemp(suffix=".pdf")
    os.close(handle)
    try:
        shared: list[Any] = []

        class PagedPDF(PDFSurface):  # type: ignore[misc]
            """Draws each SVG onto the next page of one PDF instead of a new file."""

            def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
                if not shared:
                    surface = cairo.PDFSurface(temporary, width, height)
                    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
                    shared.append(surface)
                else:
                    shared[0].set_size(width, height)
                return shared[0], width, height

        for svg in pages:
            tree = Tree(bytestring=culled_page(svg).encode("utf-8"))
            page = PagedPDF(tree, None, 96)
            page.context.show_page()
        if shared:
            shared[0].finish()
        return Path(temporary).read_bytes()
    finally:
        Path(temporary).unlink(missing_ok=True)
