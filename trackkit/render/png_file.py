"""Pixels cairo has drawn, written out as a PNG file.

cairo can write its own PNGs, but it spends most of a page's time there: an
A4 page at 300 dpi is 8.7 million pixels, and cairo's writer compresses all
four bytes of each (alpha too) at zlib's default effort, about half a second
a page.  A printed page of trackkit is mostly white and mostly grey (the
print theme has no colour at all), so this module writes what the picture
needs and no more:

* the picture is drawn on white pixels that have no alpha (cairo's RGB24
  format), so no alpha channel is stored;
* when every pixel is a grey (red, green and blue equal) the file holds one
  byte a pixel (PNG colour type 0) instead of three (type 2);
* every row is stored as its difference from the row above (PNG filter
  *Up*: a long straight line or an empty margin becomes a run of zeros),
  compressed at zlib's quickest effort.

The same pixels always give the same bytes.  With a resolution the file
carries a ``pHYs`` chunk saying how many pixels make an inch, so that an
image program prints it at true size.
"""

from __future__ import annotations

import struct
import sys
import zlib

import numpy as np

__all__ = ["SIGNATURE", "png_chunk", "png_from_pixels", "resolution_chunk"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
"""The eight bytes every PNG file opens with."""

_EFFORT = 1
"""zlib's compression level: the quickest, which on a page of line art
still beats cairo's own writer in size."""

_GREY, _TRUE_COLOUR = 0, 2
"""PNG colour types: one byte a pixel, or red, green and blue."""

_UP = 2
"""PNG filter type *Up*: each byte stored as its difference from the byte
above it."""

_CHANNELS = {"little": (2, 1, 0), "big": (1, 2, 3)}
"""Where red, green and blue lie among the four bytes of one of cairo's
32-bit pixels (stored in the machine's own byte order; the fourth byte is
unused)."""


def png_chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk: its length, its four-letter ``kind``, ``body`` and the
    CRC-32 check of kind and body."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def resolution_chunk(dpi: int) -> bytes:
    """The ``pHYs`` chunk of ``dpi`` pixels to the inch (PNG counts pixels per metre)."""
    per_metre = round(dpi / 0.0254)
    return png_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))


def png_from_pixels(data: bytes | memoryview, width: int, height: int, stride: int, dpi: int | None) -> bytes:
    """The PNG file of ``width`` by ``height`` opaque pixels of cairo's
    RGB24 format (``stride`` bytes a row); with ``dpi``, the file records
    that resolution."""
    rows = np.frombuffer(data, np.uint8).reshape(height, stride)
    red, green, blue = (rows[:, offset : width * 4 : 4] for offset in _CHANNELS[sys.byteorder])
    grey = bool(np.array_equal(red, green) and np.array_equal(green, blue))
    kept = blue if grey else np.stack([red, green, blue], 2).reshape(height, width * 3)
    header = struct.pack(">IIBBBBB", width, height, 8, _GREY if grey else _TRUE_COLOUR, 0, 0, 0)
    chunks = [png_chunk(b"IHDR", header)]
    if dpi is not None:
        chunks.append(resolution_chunk(dpi))
    chunks.append(png_chunk(b"IDAT", zlib.compress(_filtered(kept), _EFFORT)))
    chunks.append(png_chunk(b"IEND", b""))
    return SIGNATURE + b"".join(chunks)


def _filtered(rows: np.ndarray) -> bytes:
    """``rows`` (one row of bytes a pixel row) as PNG stores them: each
    opened by its filter type, *Up*, and holding its difference from the
    row above (the first row's from zeros)."""
    height, length = rows.shape
    stored = np.empty((height, length + 1), np.uint8)
    stored[:, 0] = _UP
    stored[0, 1:] = rows[0]
    np.subtract(rows[1:], rows[:-1], out=stored[1:, 1:])
    return stored.tobytes()
