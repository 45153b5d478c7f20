"""What trackkit writes, it reads back: one check every layout writer makes.

A *writer* is any command that makes layout text: ``convert`` (to a path,
to tiles, to a RACE! track), ``generate`` (every game) and ``hazards
--write``.  Each hands its text to :func:`readable` before writing a file
or printing it.  The check is the reader itself, so the limits are the same
ones, end to end: the file size, the tiles and corners a path may lay, the
spaces and corners of a RACE! track, the digits of a number, how far tiles
lie from the origin.  Text the reader would refuse is refused here with a
:class:`~trackkit.errors.LimitError` (exit status 2) and nothing is written.
"""

from __future__ import annotations

from typing import Any

from trackkit import games
from trackkit.errors import LayoutError, LimitError
from trackkit.layoutfile.files import MAX_INPUT_BYTES
from trackkit.layoutfile.source import LoadedLayout

__all__ = ["read_back", "readable"]


def readable(text: str, what: str = "the layout") -> str:
    """``text`` unchanged when the reader reads it back, every document of
    it; else raise :class:`LimitError` saying which limit it passes.
    ``what`` names the text in the message ("the converted layout")."""
    read_back(text, what)
    return text


def read_back(text: str, what: str = "the layout") -> list[LoadedLayout[Any]]:
    """The layouts of ``text`` as the reader reads them back, every
    document of it; raises as :func:`readable` does."""
    size = len(text.encode("utf-8"))
    if size > MAX_INPUT_BYTES:
        raise LimitError(
            f"{what} would take {size:,} bytes, more than the {MAX_INPUT_BYTES // 1024:,} KiB a layout"
            " file may hold, so trackkit could not read it back; nothing was written"
        )
    try:
        return games.loads_all(text, "<written>")
    except LayoutError as error:
        raise LimitError(
            f"{what} would not read back ({error.message}); nothing was written"
        ) from None
