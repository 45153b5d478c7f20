"""Looks for track diagrams: colours, line weights and lettering.

A *theme* says how each part of a diagram is painted.  ``print`` (the default)
is black, white and greys only, so it reads the same from a black-and-white
printer and uses little ink: hazard tokens (null coins turned suit side up)
are white coins told apart by their suit symbol, and a tile at fault is
ringed with a heavy dashed line.  ``color`` paints the tiles as tarmac on a
grass background for the screen, hazard coins in their suit's usual colour
and faults in red.

Both themes follow one convention: the inside lane is shaded *darker* than
the rest of the road, and tile borders are drawn above every fill, heavier
than the grid of spaces on the tiles' backs.  In ``print`` the road, the
inside lane and the pit lane are greys at least 15 apart in lightness
(CIE L*, 0 black to 100 white), so a printer or a photocopier keeps them
apart.  A hairpin's wall is the rulebook's card seen from above: a bar of
the wall's own colour (mid-grey in print, red in colour) ringed in a dark
edge.  It is never striped, so the start/finish line stays the only mark
of dark and light squares, and never a plain line like the road's edge.

Sizes are in spaces (inches), so a diagram printed at true size keeps its line
weights whatever the track's size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trackkit.errors import ArgumentError

__all__ = [
    "COLOR",
    "PRINT",
    "SUIT_COLOURS",
    "THEMES",
    "Theme",
    "get_theme",
]

SUIT_COLOURS: dict[str, str] = {
    "suns": "#d62a2a",
    "moons": "#222222",
    "crowns": "#2f8f3a",
    "arms": "#2d5fb8",
}
"""The customary colour of each piecepack suit."""


@dataclass(frozen=True)
class Theme:
    """How every part of a diagram is painted.  Colours are CSS colour strings,
    widths in spaces."""

    name: str
    background: str
    tile_fill: str
    tile_outline: str
    grid: str
    road_edge: str
    arrow: str
    inside_lane: str
    label_fill: str
    label_outline: str
    label_text: str
    die_fill: str
    die_outline: str
    die_text: str
    chequer_dark: str
    chequer_light: str
    title: str
    subtitle: str
    wall: str
    pit_fill: str
    stop: str
    car_fill: str
    car_text: str
    pole_fill: str
    pole_text: str
    hazard_outline: str
    hazard_text: str
    error: str
    number_text: str
    number_halo: str
    error_dash: str = ""
    suits: dict[str, str] = field(default_factory=lambda: dict(SUIT_COLOURS))
    font: str = "DejaVu Sans, Helvetica, Arial, sans-serif"
    tile_outline_width: float = 0.03
    grid_width: float = 0.012
    error_width: float = 0.1
    turn_width: float = 0.07
    road_edge_width: float = 0.06
    label_outline_width: float = 0.03
    die_outline_width: float = 0.03
    wall_width: float = 0.16
    wall_edge: str = "#000000"
    wall_edge_width: float = 0.03
    pit_divider_width: float = 0.035
    car_outline_width: float = 0.025


PRINT = Theme(
    name="print",
    background="#ffffff",
    tile_fill="#f2f2f2",
    tile_outline="#666666",
    grid="#b3b3b3",
    road_edge="#000000",
    arrow="#6e6e6e",
    inside_lane="#c6c6c6",
    label_fill="#ffffff",
    label_outline="#000000",
    label_text="#000000",
    die_fill="#ffffff",
    die_outline="#000000",
    die_text="#000000",
    chequer_dark="#000000",
    chequer_light="#ffffff",
    title="#000000",
    subtitle="#4d4d4d",
    wall="#808080",
    pit_fill="#9a9a9a",
    stop="#000000",
    car_fill="#ffffff",
    car_text="#000000",
    pole_fill="#000000",
    pole_text="#ffffff",
    hazard_outline="#000000",
    hazard_text="#000000",
    error="#000000",
    number_text="#000000",
    number_halo="#ffffff",
    error_dash="0.2 0.1",
    suits={suit: "#ffffff" for suit in SUIT_COLOURS},
)

COLOR = Theme(
    name="color",
    background="#cfe5c0",
    tile_fill="#6b7380",
    tile_outline="#22262b",
    grid="#959ca6",
    road_edge="#ffffff",
    arrow="#ffd23f",
    inside_lane="#4e555f",
    label_fill="#ffd23f",
    label_outline="#3f444b",
    label_text="#1f2328",
    die_fill="#ffffff",
    die_outline="#b3261e",
    die_text="#b3261e",
    chequer_dark="#111111",
    chequer_light="#ffffff",
    title="#1f2328",
    subtitle="#3d4a36",
    wall="#b3261e",
    wall_edge="#3b0d09",
    pit_fill="#7d6b5a",
    stop="#ffffff",
    car_fill="#ffffff",
    car_text="#1f2328",
    pole_fill="#ffd23f",
    pole_text="#1f2328",
    hazard_outline="#ffffff",
    hazard_text="#ffffff",
    error="#ff2d2d",
    number_text="#ffffff",
    number_halo="#22262b",
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (PRINT, COLOR)}
"""Every theme by name."""


def get_theme(name: str) -> Theme:
    """The theme called ``name``; raises :class:`ArgumentError` for an unknown name."""
    try:
        return THEMES[name]
    except KeyError:
        raise ArgumentError(f"unknown theme {name!r}; use one of: {', '.join(THEMES)}") from None
