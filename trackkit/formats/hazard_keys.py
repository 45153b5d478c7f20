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
column; :mod:`trackkit.formats.layout_yaml` calls them.  Whether the tiles
named are on the loop is a rule, checked by ``validate``
(:mod:`trackkit.racepack.rules.hazards`), not a reading error.
"""

from __future__ import annotations

from collections.abc import Callable

import yaml

from trackkit.errors import LayoutError
from trackkit.racepack.layout import Layout

QUADRANTS = ("NE", "NW", "SE", "SW")
"""The four ways of naming a space of a tile, in the table frame."""


def read_icons(node: yaml.Node) -> tuple[tuple[int, str], ...]:
    """``icons: {TILE: QUADRANT, ...}`` as ``(tile, quadrant)`` pairs in tile order."""
    if not isinstance(node, yaml.MappingNode):
        raise _at(node, "'icons' must map tiles to corners", "e.g. icons: {3: NE, 7: SW}")
    icons: dict[int, str] = {}
    for key, value in node.value:
        tile = _tile_index(key, "an 'icons' key")
        if tile in icons:
            raise _at(key, f"tile {tile} appears twice in 'icons'", "keep one of them")
        icons[tile] = _quadrant(value, f"the icon of tile {tile}")
    return tuple(sorted(icons.items()))


def read_hazards(node: yaml.Node) -> tuple[tuple[int, str], ...]:
    """``hazards: [{tile: T, space: Q}, ...]`` as ``(tile, quadrant)`` pairs, in order."""
    if not isinstance(node, yaml.SequenceNode):
        raise _at(node, "'hazards' must be a list of {tile, space} entries", _HAZARD_EXAMPLE)
    return tuple(_hazard(item) for item in node.value)


def read_flag(name: str) -> Callable[[yaml.Node], bool]:
    """A reader for a ``true``/``false`` key called ``name``."""

    def read(node: yaml.Node) -> bool:
        value = _value(node)
        if not isinstance(value, bool):
            raise _at(node, f"'{name}' must be true or false, not {_shown(node)}")
        return value

    return read


_HAZARD_EXAMPLE = "e.g. hazards: [{tile: 4, space: NE}]"


def _hazard(node: yaml.Node) -> tuple[int, str]:
    if not isinstance(node, yaml.MappingNode):
        raise _at(node, f"each hazard must be a mapping {{tile, space}}, not {_shown(node)}", _HAZARD_EXAMPLE)
    fields: dict[str, yaml.Node] = {}
    for key, value in node.value:
        name = key.value if isinstance(key, yaml.ScalarNode) else None
        if name not in ("tile", "space"):
            raise _at(key, f"unknown hazard key {name!r}", "a hazard has 'tile' and 'space'")
        fields[name] = value
    for needed in ("tile", "space"):
        if needed not in fields:
            raise _at(node, f"this hazard has no '{needed}'", _HAZARD_EXAMPLE)
    return (_tile_index(fields["tile"], "a hazard's tile"), _quadrant(fields["space"], "a hazard's space"))


def _tile_index(node: yaml.Node, what: str) -> int:
    value = _value(node)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _at(node, f"{what} must be a tile number (0 or more), not {_shown(node)}")
    return value


def _quadrant(node: yaml.Node, what: str) -> str:
    value = _value(node)
    word = value.strip() if isinstance(value, str) else None
    if word is None or word.upper() not in QUADRANTS or word not in (word.upper(), word.lower()):
        raise _at(node, f"{what} must be NE, NW, SE or SW, not {_shown(node)}", "corners are compass points")
    return word.upper()


def _value(node: yaml.Node) -> object:
    if not isinstance(node, yaml.ScalarNode):
        return node
    return yaml.SafeLoader("").construct_object(node)


def _shown(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return repr(node.value) if node.value else "an empty value"
    return "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"


def _at(node: yaml.Node, message: str, hint: str | None = None) -> LayoutError:
    mark = node.start_mark
    return LayoutError(message, line=mark.line + 1, column=mark.column + 1, hint=hint)


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
