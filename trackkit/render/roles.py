"""What each role of a picture's marks looks like in each theme.

A picture (:mod:`trackkit.picture.marks`) says what a mark *is* (a space
of the road, a wall, the pole's disc) and never its colour; this table
says how each theme paints it, as SVG attributes.  ``print`` keeps to
black, white and greys, so it reads the same from a black-and-white
printer; ``color`` tints the corners, the grid and the arrows.  A mark of
several roles (``corner-1 road``) takes the attributes of each in turn;
a role that is not listed takes those of the word before its last hyphen
(``corner-7`` is drawn as ``corner``).

Lengths are in SVG user units, a hundred to the space.
"""

from __future__ import annotations

from collections.abc import Mapping

from trackkit.render.canvas import UNITS, fmt
from trackkit.render.themes import Theme

__all__ = ["CARD_COLOURS", "LINE_COLOURS", "ROAD_COLOURS", "Colours", "role_styles", "style_of"]

Style = dict[str, str]
"""SVG attributes, written as svgwrite takes them (``stroke_width``)."""

Colours = Mapping[str, str]
"""A theme's colours of the road pictures, by what each paints."""

ROAD_COLOURS: dict[str, Colours] = {
    "print": {
        "corner-1": "#8c8c8c", "corner-2": "#cfcfcf", "corner": "#b0b0b0", "space": "#ffffff",
        "tile": "#f2f2f2", "tile-edge": "#8c8c8c", "ink": "#000000", "rating": "#000000",
        "grid": "#000000", "arrow": "#333333", "subtitle": "#4d4d4d",
    },
    "color": {
        "corner-1": "#e07a5f", "corner-2": "#f2cc8f", "corner": "#bbbbbb", "space": "#ffffff",
        "tile": "#e6e6e6", "tile-edge": "#8c8c8c", "ink": "#222222", "rating": "#7a2e1c",
        "grid": "#2d5fb8", "arrow": "#4a7a3a", "subtitle": "#444444",
    },
}
"""The colours of a picture of a road of spaces (corners shaded by their
radius rating, the tougher radius 1 darker), in each theme.  A hairpin's
wall takes the theme's own wall colours, as on a table of tiles."""

PAPER = "#ffffff"
"""The light squares of a chequer and the inside of an open disc."""


def _length(spaces: float) -> str:
    return fmt(round(spaces * UNITS, 1))


def _fault(theme: Theme, share: float) -> Style:
    """The theme's error stroke (red in colour, dashed black in print), its
    width and dashes scaled by ``share`` (a key's sample is half as heavy)."""
    style = {"fill": "none", "stroke": theme.error, "stroke_width": _length(theme.error_width * share)}
    dashes = " ".join(_length(float(v) * share) for v in theme.error_dash.split())
    if dashes:
        style["stroke_dasharray"] = dashes
    return style


RACE_WALL = 0.12
"""How wide a hairpin's wall is drawn on a road of spaces, in spaces."""


def _road_wall(theme: Theme) -> dict[str, Style]:
    """A hairpin's wall on a road of spaces: a rounded bar of the wall's
    colour (``wall-core``) on a wider one of its edge colour (``wall``), so
    the edge rings the core as on a table of tiles."""
    return {
        "wall": {"stroke": theme.wall_edge, "stroke_width": _length(RACE_WALL)},
        "wall-core": {"stroke": theme.wall, "stroke_width": _length(RACE_WALL - 2 * theme.wall_edge_width)},
    }


def role_styles(theme: Theme) -> dict[str, Style]:
    """Every role's attributes in ``theme``."""
    colour = ROAD_COLOURS[theme.name]
    return {
        "ink": {"fill": colour["ink"]},
        "facts": {"fill": colour["subtitle"]},
        "tiles": {"fill": colour["tile"], "stroke": colour["tile-edge"], "stroke_width": "2"},
        "road": {"stroke": colour["ink"], "stroke_width": "3"},
        "space": {"fill": colour["space"]},
        "corner-1": {"fill": colour["corner-1"]},
        "corner-2": {"fill": colour["corner-2"]},
        "corner": {"fill": colour["corner"]},
        **_road_wall(theme),
        "rounded": {"stroke_linecap": "round"},
        "arrow": {"fill": colour["arrow"]},
        "bare": {"stroke": "none"},
        "chequer": {"stroke": colour["ink"], "fill": PAPER},
        "fault": _fault(theme, 1.0),
        "fault-sample": _fault(theme, 0.5),
        "pole": {"fill": colour["grid"], "stroke": colour["grid"], "stroke_width": "4"},
        "place": {"fill": PAPER, "stroke": colour["grid"], "stroke_width": "4"},
        "pole-number": {"fill": PAPER},
        "place-number": {"fill": colour["ink"]},
        "number": {"fill": colour["ink"]},
        "rating": {"fill": colour["rating"]},
        **_tile_roles(theme),
        **_card_roles(theme),
        **_table_roles(theme),
        **_key_roles(theme),
    }


def _tile_roles(theme: Theme) -> dict[str, Style]:
    """The roles of the tile games' pictures (a Motocross course), in the
    theme's own colours: the grass or paper behind, the tiles and their
    spaces, the start, the chequers, the coins and the lettering."""
    return {
        "backdrop": {"fill": theme.background},
        "tile-face": {"fill": theme.tile_fill, "stroke": theme.tile_outline, "stroke_width": "2"},
        "space-grid": {"fill": "none", "stroke": theme.grid, "stroke_width": "1.2"},
        "start-outline": {"fill": "none", "stroke": theme.road_edge, "stroke_width": "6"},
        "edge-ink": {"fill": theme.road_edge},
        "chequer-light": {"fill": theme.chequer_light},
        "chequer-dark": {"fill": theme.chequer_dark},
        "coin-stack": {"stroke": theme.label_outline, "stroke_width": "2.5"},
        "coin": {"fill": theme.label_fill},
        "coin-height": {"fill": theme.label_text, "stroke": "none", "font_family": theme.font},
        "lettering": {"font_family": theme.font},
        "title": {"fill": theme.title},
        "subtitle": {"fill": theme.subtitle},
    }


CARD_COLOURS: dict[str, Colours] = {
    "print": {
        "lead": "#333333", "lead-text": "#ffffff", "trail": "#ffffff", "trail-text": "#000000",
        "ink": "#000000", "road": "#bdbdbd", "accent": "#6e6e6e", "water": "#4d4d4d", "paper": "#ffffff",
    },
    "color": {
        "lead": "#2d5fb8", "lead-text": "#ffffff", "trail": "#2f8f3a", "trail-text": "#ffffff",
        "ink": "#1f2328", "road": "#8a8f96", "accent": "#e07b00", "water": "#2a7fd4", "paper": "#ffffff",
    },
}
"""The colours of a picture of cards (a rally deck) in each theme: each
scoring stack's fill and lettering, and the icons' ink, road, accent (the
Start flag, the Jump's ramp), water and paper; ``print`` keeps to greys."""


def _card_roles(theme: Theme) -> dict[str, Style]:
    """The roles of a picture of cards: the card faces (the opening cards
    grey), their edges, the scoring stacks, and the icons' strokes
    (``icon-road-line``) and fills (``icon-accent``)."""
    colour = CARD_COLOURS[theme.name]
    ink = colour["ink"]
    icons = ("ink", "road", "accent", "water", "paper")
    return {
        "card-face": {"fill": PAPER},
        "card-opening": {"fill": "#e0e0e0"},
        "card-edge": {"stroke": theme.tile_outline, "stroke_width": "2"},
        "card-ink": {"fill": ink},
        "stacks": {"stroke": ink, "stroke_width": "1.5"},
        "stack-outline": {"stroke": ink, "stroke_width": "1.2"},
        **{f"stack-{part}": {"fill": colour[part]} for part in ("lead", "lead-text", "trail", "trail-text")},
        **{f"icon-{part}": {"fill": colour[part]} for part in icons},
        **{f"icon-{part}-line": {"stroke": colour[part]} for part in icons},
        "icon-edge": {"stroke": ink},
        "round": {"stroke_linejoin": "round"},
    }


def style_of(role: str, styles: Mapping[str, Style]) -> Style:
    """The attributes of a mark of ``role`` (words, each a role; a word
    ``#rrggbb`` fills the mark with that colour: a shade worked out from
    figures, such as a simulation's incidents, rather than a kind of thing)."""
    found: Style = {}
    for word in role.split():
        if word.startswith("#"):
            found["fill"] = word
            continue
        while word not in styles and "-" in word:
            word = word.rsplit("-", 1)[0]
        found.update(styles.get(word, {}))
    return found


LINE_COLOURS = {"print": "#000000", "color": "#d81b60"}
"""A racing line's colour in each theme (black on the printed look)."""


def _units(spaces: float) -> str:
    return fmt(spaces * UNITS)


def _dashes(dash: float, gap: float) -> str:
    return f"{_units(dash)} {_units(gap)}"


def _table_roles(theme: Theme) -> dict[str, Style]:
    """The roles of a table of tiles seen from above (a Racepack circuit):
    the ground of the tiles, the lanes, the edges and walls, the arrows,
    the pit lane, the racing line and the tiles' numbers."""
    line = LINE_COLOURS.get(theme.name, LINE_COLOURS["print"])
    return {
        "ground": {"fill": theme.tile_fill},
        "pit-ground": {"fill": theme.pit_fill},
        "inside-lane": {"fill": theme.inside_lane},
        "tile-border": {
            "fill": "none", "stroke": theme.tile_outline, "stroke_width": _units(theme.tile_outline_width),
        },
        "road-edge": {
            "fill": "none", "stroke": theme.road_edge, "stroke_width": _units(theme.road_edge_width),
            "stroke_linecap": "square",
        },
        "pit-divider": {
            "fill": "none", "stroke": theme.road_edge, "stroke_width": _units(theme.pit_divider_width),
            "stroke_dasharray": _dashes(0.15, 0.1),
        },
        "hairpin-wall": _wall_card(theme, 1.0),
        "heading": {"fill": theme.arrow, "stroke": "none"},
        "turn": {"fill": "none", "stroke": theme.arrow, "stroke_width": _units(theme.turn_width)},
        "stop-box": {"fill": "none", "stroke": theme.stop, "stroke_width": _units(theme.pit_divider_width)},
        "stop-ink": {"fill": theme.stop},
        "racing-path": {
            "fill": "none", "stroke": line, "stroke_width": _units(0.06), "stroke_linejoin": "round",
            "stroke_dasharray": _dashes(0.15, 0.08),
        },
        "racing-mark": {"fill": line},
        "tile-number": {"fill": theme.number_text, "stroke": theme.number_halo},
    }


def _wall_card(theme: Theme, share: float) -> Style:
    """A hairpin's card wall seen from above: filled with the wall's colour
    and ringed in its edge colour, the ring ``share`` as heavy as on the
    table (a key's sample is lighter); never dashed, unlike the chequers."""
    return {
        "fill": theme.wall, "stroke": theme.wall_edge,
        "stroke_width": _units(theme.wall_edge_width * share), "stroke_linejoin": "miter",
    }


def _key_roles(theme: Theme) -> dict[str, Style]:
    """The roles of a key's samples, drawn lighter than the marks on the table."""
    line = LINE_COLOURS.get(theme.name, LINE_COLOURS["print"])
    error: Style = {"fill": "none", "stroke": theme.error, "stroke_width": _units(theme.error_width / 2)}
    dashes = " ".join(_units(float(v) / 3) for v in theme.error_dash.split())
    return {
        "key-square": {"stroke": theme.tile_outline, "stroke_width": _units(theme.grid_width * 1.5)},
        "divider-sample": {
            "fill": "none", "stroke": theme.road_edge, "stroke_width": _units(theme.pit_divider_width),
            "stroke_dasharray": _dashes(0.08, 0.05),
        },
        "wall-sample": _wall_card(theme, 0.6),
        "edge-sample": {
            "fill": "none", "stroke": theme.road_edge, "stroke_width": _units(theme.road_edge_width * 0.6),
        },
        "racing-sample": {
            "fill": "none", "stroke": line, "stroke_width": _units(0.06),
            "stroke_dasharray": _dashes(0.15, 0.08),
        },
        "fault-swatch": {**error, **({"stroke_dasharray": dashes} if dashes else {})},
    }
