"""The looks: greys a printer keeps apart, a grid of spaces that shows in
every theme, on paper and in the terminal."""

from __future__ import annotations

import itertools
import re

import pytest

from trackkit.board import Style
from trackkit.render.roles import ROAD_COLOURS
from trackkit.render.terminal import PALETTES
from trackkit.render.themes import PRINT, THEMES, Theme


def lightness(colour: str) -> float:
    """CIE L* of an sRGB colour ``#rrggbb``: 0 black, 100 white."""

    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    y = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    f = y ** (1 / 3) if y > 0.008856 else 7.787 * y + 16 / 116
    return 116 * f - 16


def test_lightness_runs_from_black_to_white() -> None:
    assert lightness("#000000") == pytest.approx(0, abs=1e-9)
    assert lightness("#ffffff") == pytest.approx(100)
    assert lightness("#777777") == pytest.approx(50, abs=0.5)


def test_print_greys_of_road_inside_lane_and_pit_lane_are_15_apart() -> None:
    greys = {"road": PRINT.tile_fill, "inside lane": PRINT.inside_lane, "pit lane": PRINT.pit_fill}
    for (a, first), (b, second) in itertools.combinations(greys.items(), 2):
        assert abs(lightness(first) - lightness(second)) >= 15, (a, b)
    assert all(re.fullmatch(r"#(..)\1\1", colour) for colour in greys.values())


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_the_space_grid_shows_on_the_road_and_on_the_inside_lane(theme: Theme) -> None:
    grid = lightness(theme.grid)
    assert abs(grid - lightness(theme.tile_fill)) >= 10
    assert abs(grid - lightness(theme.inside_lane)) >= 5


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_a_wall_is_a_solid_card_unlike_the_road_edge_and_the_chequers(theme: Theme) -> None:
    assert theme.wall_width > theme.road_edge_width
    # the card's own colour is neither square of the chequered line, and
    # stands 25 apart in lightness from both, so no printer merges them
    for square in (theme.chequer_dark, theme.chequer_light):
        assert abs(lightness(theme.wall) - lightness(square)) >= 25
    assert theme.wall not in (theme.road_edge, theme.tile_fill, theme.wall_edge)


_SAME_COLOUR = {"30": "40", "37": "47", "90": "100", "97": "107"}
"""Foreground codes and the background code of the same colour."""


@pytest.mark.parametrize("palette", PALETTES.values(), ids=list(PALETTES))
def test_the_terminal_grid_lines_differ_from_their_background(palette: dict[Style, str]) -> None:
    codes = re.findall(r"\d+", palette[Style.LINE])
    foreground = next(c for c in codes if c.startswith(("3", "9")))
    background = next(c for c in codes if c.startswith(("4", "10")))
    assert _SAME_COLOUR.get(foreground) != background


@pytest.mark.parametrize("name", list(ROAD_COLOURS))
def test_road_arrows_stand_out_on_every_space_they_sit_on(name: str) -> None:
    colours = ROAD_COLOURS[name]
    fills = [colours[role] for role in ("space", "corner", "corner-1", "corner-2")]
    assert all(abs(lightness(colours["arrow"]) - lightness(fill)) >= 15 for fill in fills), name
