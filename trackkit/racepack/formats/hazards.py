"""The layout-file keys about hazards: ``icons``, ``hazards`` and ``spinout_hazards``.

::

    icons: {3: NE, 7: SW}          # where each tile's small suit icon lies
    hazards:                       # hazard tokens, in the order placed
      - {tile: 4, space: NE}
      - {tile: 9, space: SW}
    spinout_hazards: true          # the two-pack spin-out hazard variant

``icons`` maps a tile index to the quadrant (``NE``, ``NW``, ``SE``, ``SW``,
in the table frame) of the space the tile's suit icon lies under.
``hazards`` lists tokens by tile and space.  ``spinout_hazards`` says the race
plays the variant in which a car that spins out leaves a hazard on the corner.

The readers take PyYAML nodes so that every complaint names a line and
column; :mod:`trackkit.racepack.formats.layout_file` calls them.  Whether the tiles
named are on the loop is a rule, checked by ``validate``
(:mod:`trackkit.racepack.rules.hazards`), not a reading error.
"""

from __future__ import annotations

from typing import Any

import yaml

from trackkit.layoutfile.fields import Field, flag_field
from trackkit.layoutfile.yaml_nodes import at, scalar, shown
from trackkit.racepack.layout import Layout

__all__ = ["FIELDS", "QUADRANTS", "hazard_lines", "read_hazards", "read_icons"]

QUADRANTS = ("NE", "NW", "SE", "SW")
"""The four ways of naming a space of a tile, in the table frame."""


def read_icons(node: yaml.Node) -> tuple[tuple[int, str], ...]:
    """``icons: {TILE: QUADRANT, ...}`` as ``(tile, quadrant)`` pairs in tile order."""
    if not isinstance(node, yaml.MappingNode):
        raise at(node, "'icons' must map tiles to corners", "e.g. icons: {3: NE, 7: SW}")
    icons: dict[int, str] = {}
    for key, value in node.value:
        tile = _tile_index(key, "an 'icons' key")
        if tile in icons:
            raise at(key, f"tile {tile} appears twice in 'icons'", "keep one of them")
        icons[tile] = _quadrant(value, f"the icon of tile {tile}")
    return tuple(sorted(icons.items()))


def read_hazards(node: yaml.Node) -> tuple[tuple[int, str], ...]:
    """``hazards: [{tile: T, space: Q}, ...]`` as ``(tile, quadrant)`` pairs, in order."""
    if not isinstance(node, yaml.SequenceNode):
        raise at(node, "'hazards' must be a list of {tile, space} entries", _HAZARD_EXAMPLE)
    return tuple(_hazard(item) for item in node.value)


_HAZARD_EXAMPLE = "e.g. hazards: [{tile: 4, space: NE}]"


def _hazard(node: yaml.Node) -> tuple[int, str]:
    if not isinstance(node, yaml.MappingNode):
        raise at(node, f"each hazard must be a mapping {{tile, space}}, not {shown(node)}", _HAZARD_EXAMPLE)
    fields: dict[str, yaml.Node] = {}
    for key, value in node.value:
        name = key.value if isinstance(key, yaml.ScalarNode) else None
        if name not in ("tile", "space"):
            raise at(key, f"unknown hazard key {name!r}", "a hazard has 'tile' and 'space'")
        fields[name] = value
    for needed in ("tile", "space"):
        if needed not in fields:
            raise at(node, f"this hazard has no '{needed}'", _HAZARD_EXAMPLE)
    return (_tile_index(fields["tile"], "a hazard's tile"), _quadrant(fields["space"], "a hazard's space"))


def _tile_index(node: yaml.Node, what: str) -> int:
    value = scalar(node)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise at(node, f"{what} must be a tile number (0 or more), not {shown(node)}")
    return value


def _quadrant(node: yaml.Node, what: str) -> str:
    value = scalar(node)
    word = value.strip() if isinstance(value, str) else None
    if word is None or word.upper() not in QUADRANTS or word not in (word.upper(), word.lower()):
        raise at(node, f"{what} must be NE, NW, SE or SW, not {shown(node)}", "corners are compass points")
    return word.upper()


def hazard_lines(layout: Layout) -> list[str]:
    """The hazard keys of ``layout`` as YAML lines; none for the defaults."""
    lines: list[str] = []
    if layout.icons:
        lines.append("icons: {" + ", ".join(f"{tile}: {quadrant}" for tile, quadrant in layout.icons) + "}")
    if layout.hazards:
        lines.append("hazards:")
        lines += [f"  - {{tile: {tile}, space: {quadrant}}}" for tile, quadrant in layout.hazards]
    if layout.spinout_hazards:
        lines.append("spinout_hazards: true")
    return lines


_QUADRANT: dict[str, Any] = {"enum": [*QUADRANTS, *(q.lower() for q in QUADRANTS)]}

FIELDS: tuple[Field, ...] = (
    Field(
        "icons",
        read_icons,
        {
            "type": "object",
            "propertyNames": {"pattern": r"^\d+$"},
            "additionalProperties": _QUADRANT,
            "description": "Where each tile's small suit icon lies: tile -> NE, NW, SE or SW.",
        },
    ),
    Field(
        "hazards",
        read_hazards,
        {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["tile", "space"],
                "properties": {"tile": {"type": "integer", "minimum": 0}, "space": _QUADRANT},
            },
            "description": "Hazard tokens in the order placed (written by 'trackkit hazards --write').",
        },
    ),
    flag_field("spinout_hazards", "Play the two-pack variant: a car that spins out leaves a hazard there."),
)
"""The hazard keys of a Racepack layout."""
