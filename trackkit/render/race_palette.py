"""The colours of RACE! drawings, one palette per theme (see
:mod:`trackkit.render.themes`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CORNER_FILLS", "PALETTES", "RacePalette", "corner_fill"]

CORNER_FILLS = {1: "#e07a5f", 2: "#f2cc8f"}
"""Corner shading by radius rating; any other rating is drawn in grey."""


@dataclass(frozen=True)
class RacePalette:
    """The colours of a RACE! drawing in one theme: ``print`` keeps to black,
    white and greys; ``color`` tints the corners and the grid."""

    corners: dict[int, str]
    other_corner: str
    space: str
    tile: str
    tile_edge: str
    ink: str
    rating: str
    grid: str
    arrow: str
    wall: str
    subtitle: str


PALETTES = {
    "print": RacePalette(
        corners={1: "#8c8c8c", 2: "#cfcfcf"},
        other_corner="#b0b0b0",
        space="#ffffff",
        tile="#f2f2f2",
        tile_edge="#8c8c8c",
        ink="#000000",
        rating="#000000",
        grid="#000000",
        arrow="#333333",
        wall="#000000",
        subtitle="#4d4d4d",
    ),
    "color": RacePalette(
        corners=CORNER_FILLS,
        other_corner="#bbbbbb",
        space="#ffffff",
        tile="#e6e6e6",
        tile_edge="#8c8c8c",
        ink="#222222",
        rating="#7a2e1c",
        grid="#2d5fb8",
        arrow="#4a7a3a",
        wall="#5a3a1a",
        subtitle="#444444",
    ),
}
"""The palette of each theme (see :mod:`trackkit.render.themes`)."""


def corner_fill(palette: RacePalette, radius: int) -> str:
    return palette.corners.get(radius, palette.other_corner)
