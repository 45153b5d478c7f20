"""The keys of a Motocross layout file: how each value is read, and how the
JSON Schema describes it (:data:`FIELDS`).

A Motocross file names its game (``game: motocross``), lists its tiles in
the order they were played (a ``path`` of kinds or a list of ``tiles``) and
its jump ramps as ``ramps: {TILE: HEIGHT}``.
"""

from __future__ import annotations

import yaml

from trackkit.layoutfile.common_fields import (
    game_reader,
    heading_field,
    origin_field,
    path_field,
    tiles_field,
    version_field,
)
from trackkit.layoutfile.fields import Field, choice, choice_field, integer_field, text_field
from trackkit.layoutfile.problems import Problems, read_each
from trackkit.layoutfile.yaml_nodes import at, scalar, shown
from trackkit.motocross.course import CORNER_TOUCH, GAME, HOUSE_RULES, MAX_PACKS, MAX_RAMP_COINS
from trackkit.piecepack.circuit import MAX_TILES

__all__ = ["FIELDS", "FORMAT_VERSION", "MAX_PLAYERS_IN_FILE", "READERS", "RULE_KEYS"]

FORMAT_VERSION = 1
"""The version of the layout format this trackkit reads and writes."""

MAX_PLAYERS_IN_FILE = 16
"""The most players a file may name (the rules allow four; the reader takes
more so that validation can say why not)."""

RULE_KEYS = {
    "motocross/tile-count": "packs",
    "motocross/deal": "players",
    "motocross/players": "players",
    "motocross/ramp-coins": "ramps",
    "motocross/ramp-place": "ramps",
}
"""The key each rule about no particular tile points at."""


_game = game_reader(GAME, f"this reader reads '{GAME}' layouts")


def _whole(node: yaml.Node, what: str, low: int, high: int) -> int:
    value = scalar(node)
    if not isinstance(value, int) or isinstance(value, bool):
        raise at(node, f"{what} must be a whole number, not {shown(node)}", "e.g. ramps: {3: 2, 9: 1}")
    if not low <= value <= high:
        raise at(node, f"{what} is {value}; it must be from {low} to {high:,}")
    return value


def _ramps(node: yaml.Node) -> tuple[tuple[int, int], ...]:
    """``{TILE: HEIGHT, ...}``: the ramps, sorted by tile; every bad entry
    is reported."""
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
        return ()
    if not isinstance(node, yaml.MappingNode):
        raise at(node, "'ramps' must map tiles to heights", "e.g. ramps: {3: 2, 9: 1}")
    found: dict[int, int] = {}
    problems = Problems()
    for key_node, value_node in node.value:
        with problems.gathered():
            tile = _whole(key_node, "a ramp's tile", 0, MAX_TILES - 1)
            if tile in found:
                raise at(key_node, f"tile {tile} appears twice in 'ramps'", "give each tile's height once")
            found[tile] = 0
            found[tile] = _height(value_node, tile)
    problems.raise_any()
    return tuple(sorted(found.items()))


def _height(node: yaml.Node, tile: int) -> int:
    if scalar(node) == 0:
        raise at(
            node,
            f"the ramp on tile {tile} is 0 coins high",
            f"a ramp has at least one coin; leave tile {tile} out of 'ramps' for no ramp",
        )
    return _whole(node, f"the height of the ramp on tile {tile}", 1, MAX_RAMP_COINS)


_house_rule = choice("house_rules", HOUSE_RULES)


def _house_rules(node: yaml.Node) -> tuple[str, ...]:
    """``[short-course, ...]``: the house rules the players agreed on."""
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
        return ()
    if not isinstance(node, yaml.SequenceNode):
        raise at(
            node,
            f"'house_rules' must be a list, not {shown(node)}",
            f"e.g. house_rules: [{HOUSE_RULES[0]}]",
        )
    found = read_each(node.value, _house_rule)
    return tuple(dict.fromkeys(found))


FIELDS: tuple[Field, ...] = (
    version_field(FORMAT_VERSION),
    text_field("name", "The course's name."),
    text_field("description", "Free text about the course."),
    Field("game", _game, {"const": GAME, "description": "This is a Motocross course."}),
    integer_field(
        "players",
        1,
        MAX_PLAYERS_IN_FILE,
        default=4,
        description="Players building and racing (3 or 4); the tiles and coins are dealt between them.",
    ),
    integer_field(
        "packs", 1, MAX_PACKS, default=1, description="Piecepacks supplying tiles and coins (24 of each)."
    ),
    path_field(
        "Tiles in the order played: S straight, L/R turn, each with an optional"
        " count (4S); tile 0 is the starting tile, the last the finish tile."
    ),
    tiles_field("in the order played"),
    heading_field(
        "With 'path': the heading the starting tile is laid with (the way the course"
        " leaves it when its token is S)."
    ),
    origin_field("With 'path': the starting tile's centre.", "the starting tile lies on the tile grid"),
    Field(
        "ramps",
        _ramps,
        {
            "type": "object",
            "propertyNames": {"pattern": "^[0-9]+$"},
            "additionalProperties": {"type": "integer", "minimum": 1},
            "description": "Jump ramps: tile number to height in coins (1 to 3), under the tile's exit edge.",
        },
    ),
    choice_field(
        "corner_touch",
        CORNER_TOUCH,
        default=CORNER_TOUCH[0],
        description="Whether tiles meeting only at a corner point touch: allowed (they do not) or"
        " forbidden (they do, except where a turn makes them).",
    ),
    Field(
        "house_rules",
        _house_rules,
        {
            "type": "array",
            "items": {"enum": list(HOUSE_RULES)},
            "uniqueItems": True,
            "description": "House rules the players agreed on. short-course: tiles or building coins"
            " left unplayed are a warning instead of an error.",
        },
    ),
)
"""Every top-level key of a Motocross layout, in the order messages list them."""

READERS = {item.key: item.read for item in FIELDS}
"""The reader of each key."""
