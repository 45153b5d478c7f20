"""The keys of a RACE! layout file (``game: race``): how each value is read,
and how the JSON Schema describes it (:data:`FIELDS`).

A RACE! track is a loop of ``spaces``, or a piecepack ``path`` (with its
``heading`` and ``origin``) whose tiles hold two spaces each.  Corners are a
list of ``{from, length, radius}`` mappings.
"""

from __future__ import annotations

from typing import Any

import yaml

from trackkit.errors import LayoutError
from trackkit.layoutfile.common_fields import (
    game_reader,
    heading_field,
    origin_field,
    version_field,
)
from trackkit.layoutfile.fields import (
    Field,
    Reader,
    choice_field,
    flag,
    integer,
    integer_field,
    sub_keys,
    text_field,
)
from trackkit.layoutfile.problems import read_each
from trackkit.layoutfile.yaml_nodes import at, scalar, shown
from trackkit.piecepack.circuit import Kind
from trackkit.piecepack.path_text import parse_path
from trackkit.race.track import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    DEFAULT_LAPS,
    DEFAULT_RACERS,
    DIRECTIONS,
    GAME,
    MAX_CORNER_LENGTH,
    MAX_CORNERS,
    MAX_RACERS,
    MAX_RADIUS,
    MAX_SPACES,
    MIN_SPACES,
    ROAD_TOUCH,
    SPACES_PER_TILE,
    Corner,
)

__all__ = ["FIELDS", "FORMAT_VERSION", "KNOWN_KEYS", "MAX_PATH_TILES", "READERS", "read_path"]

FORMAT_VERSION = 1
"""The version of the layout format this trackkit reads and writes."""

MAX_PATH_TILES = MAX_SPACES // SPACES_PER_TILE
"""The most tiles a RACE! path may lay."""


_game = game_reader(GAME, f"this reader reads game: {GAME}")

DIRECTION_SYNONYMS = {
    "anticlockwise": COUNTERCLOCKWISE,
    "anti-clockwise": COUNTERCLOCKWISE,
    "counter-clockwise": COUNTERCLOCKWISE,
    "ccw": COUNTERCLOCKWISE,
    "widdershins": COUNTERCLOCKWISE,
    "cw": CLOCKWISE,
    "sunwise": CLOCKWISE,
}
"""Other ways of naming a direction, and the word the file takes for each."""


_CORNER_KEYS: dict[str, Reader] = {
    "from": integer("corners.from", 1, MAX_SPACES),
    "length": integer("corners.length", 1, MAX_CORNER_LENGTH),
    "radius": integer("corners.radius", 0, MAX_RADIUS),
}
_CORNER_EXAMPLE = "{from: 13, length: 2, radius: 2}"


def _corner(node: yaml.Node) -> Corner:
    if not isinstance(node, yaml.MappingNode):
        raise at(
            node,
            f"each corner must be a mapping {{from, length, radius}}, not {shown(node)}",
            f"e.g. corners: [{_CORNER_EXAMPLE}]",
        )
    values = sub_keys(node, "corners", _CORNER_KEYS, f"[{_CORNER_EXAMPLE}]", "from", "its first space")
    for key, meaning in (("length", "how many spaces it covers"), ("radius", "its radius rating, 1 or 2")):
        if key not in values:
            raise at(node, f"a corner needs '{key}', {meaning}", f"e.g. {_CORNER_EXAMPLE}")
    return Corner(values["from"], values["length"], values["radius"])


def _corners(node: yaml.Node) -> tuple[Corner, ...]:
    if isinstance(node, yaml.ScalarNode) and scalar(node) is None:
        return ()
    if not isinstance(node, yaml.SequenceNode):
        raise at(node, f"'corners' must be a list, not {shown(node)}", f"e.g. corners: [{_CORNER_EXAMPLE}]")
    if len(node.value) > MAX_CORNERS:
        raise at(
            node, f"'corners' lists {len(node.value):,} corners; trackkit handles at most {MAX_CORNERS:,}"
        )
    return tuple(read_each(node.value, _corner))


def read_path(node: yaml.Node) -> list[Kind]:
    """The tile kinds of a ``path`` (one line of text, or a list of tokens);
    a bad token is reported at its own column on a one-line path."""
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    kinds: list[Kind] = []
    for item in items:
        value = scalar(item)
        style = getattr(item, "style", None)
        if not isinstance(value, str):
            raise at(item, f"'path' must be text such as 'R 2S R', not {shown(item)}")
        try:
            tokens = parse_path(value)
        except LayoutError as error:
            line, column = item.start_mark.line + 1, item.start_mark.column + 1
            quoted = 1 if style in ("'", '"') else 0
            plain = style in (None, "'", '"') and "\n" not in value
            raise LayoutError(
                error.message,
                line=line,
                column=column + quoted + (error.column or 1) - 1 if plain else column,
                hint=error.hint,
            ) from None
        for token in tokens:
            if len(kinds) + token.count > MAX_PATH_TILES:
                raise at(item, f"the path lays more than {MAX_PATH_TILES:,} tiles", "check the counts")
            kinds.extend([token.kind] * token.count)
    if not kinds:
        raise at(node, "the path has no tiles", "list the tiles, e.g. 'path: R 2S R ...'")
    return kinds


_CORNER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["from", "length", "radius"],
    "properties": {
        "from": {"type": "integer", "minimum": 1, "description": "The corner's first space."},
        "length": {"type": "integer", "minimum": 2, "maximum": 4, "description": "Spaces it covers."},
        "radius": {"enum": [1, 2], "description": "Radius rating: 1 is tougher than 2."},
    },
}

FIELDS: tuple[Field, ...] = (
    version_field(FORMAT_VERSION),
    text_field("name", "The track's name."),
    text_field("description", "Free text about the track."),
    Field("game", _game, {"const": GAME, "description": "RACE!, the dice racing game."}),
    integer_field(
        "spaces",
        MIN_SPACES,
        MAX_SPACES,
        description="Spaces round the loop, numbered 1 on in the driving direction (20 or more advised).",
    ),
    choice_field(
        "direction",
        DIRECTIONS,
        default=CLOCKWISE,
        description="Which way the racers go round.",
        synonyms=DIRECTION_SYNONYMS,
    ),
    integer_field(
        "laps",
        1,
        default=DEFAULT_LAPS,
        description="Laps of the race: any number from 1 on ('pick any number you like!').",
    ),
    integer_field(
        "racers",
        1,
        MAX_RACERS,
        default=DEFAULT_RACERS,
        description="Racers in the race (6 or 8 score points).",
    ),
    Field(
        "finish",
        integer("finish", 1, MAX_SPACES),
        {
            "type": "integer",
            "minimum": 1,
            "description": "The finish line lies between space K and the next; the pole starts in space K."
            " Default: the last space.",
        },
    ),
    Field(
        "finish_in_corner",
        flag("finish_in_corner"),
        {
            "type": "boolean",
            "default": True,
            "description": "Whether the finish line may lie inside a corner: true (the rules allow it;"
            " a warning) or false (a house rule forbidding it; an error).",
        },
    ),
    Field(
        "corners",
        _corners,
        {"type": "array", "items": _CORNER_SCHEMA, "description": "Corners (an advanced rule)."},
    ),
    Field(
        "path",
        read_path,
        {
            "description": "The piecepack tiles the track lies on, in driving order (S, L, R, CL, CR);"
            " each tile holds two spaces.",
            "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
        },
    ),
    heading_field("With 'path': the heading tile 0 is entered with."),
    origin_field(
        "With 'path': where tile 0's driving line starts.", "the driving line starts on the tile grid"
    ),
    choice_field(
        "road_touch",
        ROAD_TOUCH,
        default=ROAD_TOUCH[0],
        description="With 'path': whether road may run beside road on the tiles: allowed (a warning)"
        " or forbidden (a house rule; an error).",
    ),
)
"""Every top-level key of a RACE! layout, in the order messages list them."""

READERS = {item.key: item.read for item in FIELDS}
"""The reader of each key."""

KNOWN_KEYS = tuple(READERS)
"""The names of the top-level keys."""
