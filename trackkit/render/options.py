"""The choices a track diagram is drawn with (kept apart from the drawing code,
so that reading them costs no import of svgwrite)."""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.board import MIN_TERMINAL_WIDTH, TerminalOptions

__all__ = [
    "MIN_TERMINAL_WIDTH",
    "SCREEN_PIXELS_PER_SPACE",
    "TRUE_SIZE_DPI",
    "RenderOptions",
    "TerminalOptions",
]

SCREEN_PIXELS_PER_SPACE = 48
"""Default screen size of one space (one inch of table) in pixels."""

TRUE_SIZE_DPI = 300
"""Default resolution of a true-size PNG: pixels per inch, as printers like."""


@dataclass(frozen=True)
class RenderOptions:
    """How to draw a diagram.

    ``theme`` names a look (:mod:`trackkit.render.themes`).  ``true_size``
    gives the picture its width and height in inches, so that printing it at
    100 % makes every tile 2 inches square; otherwise it is sized for a screen
    at ``pixels_per_space`` pixels per space.  ``lanes`` shades the inside lane
    (see :func:`trackkit.racepack.picture_marks.Table.shade`); ``grid`` shows where
    each car starts.  ``title`` replaces the layout's name.  ``numbers``
    prints each tile's index (as validation messages give it) and rings the
    tiles a broken rule names; left at ``None`` it is on exactly when the
    track breaks a rule.  ``dpi`` is the resolution of a true-size PNG, in
    pixels per inch; ``line`` draws the fastest safe lap's racing line.
    """

    theme: str = "print"
    true_size: bool = False
    lanes: bool = False
    grid: bool = False
    line: bool = False
    pixels_per_space: int = SCREEN_PIXELS_PER_SPACE
    title: str | None = None
    numbers: bool | None = None
    dpi: int = TRUE_SIZE_DPI
