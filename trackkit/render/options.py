"""The choices a track diagram is drawn with (kept apart from the drawing code,
so that reading them costs no import of svgwrite)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "SCREEN_PIXELS_PER_SPACE",
    "RenderOptions",
]

SCREEN_PIXELS_PER_SPACE = 48
"""Default screen size of one space (one inch of table) in pixels."""


@dataclass(frozen=True)
class RenderOptions:
    """How to draw a diagram.

    ``theme`` names a look (:mod:`trackkit.render.themes`).  ``true_size``
    gives the picture its width and height in inches, so that printing it at
    100 % makes every tile 2 inches square; otherwise it is sized for a screen
    at ``pixels_per_space`` pixels per space.  ``lanes`` shades the inside lane
    (see :func:`trackkit.render.svg.layer_inside_lanes`); ``grid`` shows where
    each car starts; ``line`` draws the fastest safe lap's racing line.
    ``title`` replaces the layout's name.
    """

    theme: str = "print"
    true_size: bool = False
    lanes: bool = False
    grid: bool = False
    line: bool = False
    pixels_per_space: int = SCREEN_PIXELS_PER_SPACE
    title: str | None = None
