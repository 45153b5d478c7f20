"""The keys of a Racepack layout file: how each value is read, and how the
JSON Schema describes it (:data:`FIELDS`).

Positions are written in tiles and may fall on half tiles (a chicane sits
half a tile off the driving line); they are read into spaces, the unit of
:mod:`trackkit.piecepack.geometry`, so every coordinate is a whole number.
"""

from __future__ import annotations

from typing import Any

import yaml

from trackkit.layoutfile.common_fields import (
    POSITION_SCHEMA,
    game_reader,
    half_tiles,
    heading_field,
    origin_field,
    path_field,
    position,
    tiles_field,
    version_field,
)
from trackkit.layoutfile.fields import Field, Reader, choice, integer, integer_field, sub_keys, text_field
from trackkit.layoutfile.yaml_nodes import at
from trackkit.piecepack.geometry import TILE, Heading
from trackkit.racepack.formats import hazards as hazard_keys
from trackkit.racepack.layout import (
    MAX_CARS,
    MAX_LAPS,
    MAX_PACKS,
    MAX_ROW,
    OUTSIDE,
    SIDES,
    PitLane,
    WideRow,
)

__all__ = ["FIELDS", "FORMAT_VERSION", "GAME", "HEADING_SPELLINGS", "KNOWN_KEYS", "READERS", "position"]

FORMAT_VERSION = 1
"""The version of the layout format this trackkit reads and writes."""

GAME = "racepack"
"""The name a Racepack layout gives in its ``game`` key (the default)."""


_game = game_reader(GAME, f"known games: {GAME}")


def _start(node: yaml.Node) -> float:
    halves = half_tiles(node, "'start'")
    if halves < 0:
        raise at(node, "'start' must not be negative")
    return halves / TILE


HEADING_SPELLINGS = [
    spelling
    for h in Heading
    for spelling in (h.name.lower(), h.name.capitalize(), h.name, h.name[0].lower(), h.name[0])
]
"""The spellings of a heading the schema lists: the reader takes any case of
the word or its initial (``east``, ``East``, ``EAST``, ``e``, ``E``)."""


# --- special constructions: the 'pit' and 'wide' keys ------------------------


_PIT_KEYS: dict[str, Reader] = {
    "from": integer("pit.from", 0),
    "length": integer("pit.length", 1, MAX_ROW),
    "side": choice("pit.side", SIDES),
}
_WIDE_KEYS: dict[str, Reader] = {
    "from": integer("wide.from", 0),
    "length": integer("wide.length", 1, MAX_ROW),
    "side": choice("wide.side", SIDES),
    "lanes": integer("wide.lanes", 3, 4),
}


def _pit(node: yaml.Node) -> PitLane:
    values = sub_keys(node, "pit", _PIT_KEYS, "{from: 19}")
    return PitLane(values["from"], values.get("length", 4), values.get("side", OUTSIDE))


def _wide(node: yaml.Node) -> WideRow:
    values = sub_keys(node, "wide", _WIDE_KEYS, "{from: 19, length: 5}")
    if "length" not in values:
        raise at(
            node, "'wide' needs 'length', the number of tiles in its row", "e.g. wide: {from: 19, length: 5}"
        )
    return WideRow(values["from"], values["length"], values.get("side", OUTSIDE), values.get("lanes", 4))


_HALF_TILES: dict[str, Any] = POSITION_SCHEMA["items"]
_ROW_FROM = {"type": "integer", "minimum": 0, "description": "First loop tile the row lies beside."}
_SIDE = {
    "enum": list(SIDES),
    "default": OUTSIDE,
    "description": "Which side of the road the row lies on, relative to the ground the loop encloses.",
}


FIELDS: tuple[Field, ...] = (
    version_field(FORMAT_VERSION),
    text_field("name", "The track's name."),
    text_field("description", "Free text about the track."),
    Field("game", _game, {"enum": [GAME], "default": GAME}),
    integer_field(
        "packs", 1, MAX_PACKS, default=1, description="Piecepacks supplying tiles (24 tiles each)."
    ),
    integer_field("laps", 1, MAX_LAPS, default=3),
    integer_field("cars", 1, MAX_CARS, default=4),
    path_field(
        "Tiles in driving order: S straight, L/R corner, CL/CR chicane, each with an optional count (4S)."
    ),
    tiles_field("in driving order"),
    heading_field("With 'path': the heading tile 0 is entered with.", HEADING_SPELLINGS),
    origin_field(
        "With 'path': where tile 0's driving line starts.", "the driving line starts on the tile grid"
    ),
    Field(
        "start",
        _start,
        {
            **_HALF_TILES,
            "minimum": 0,
            "description": "Start/finish line: k = entry edge of tile k, k + 0.5 = middle of tile k.",
        },
    ),
    # special-construction keys (hairpin, chicane, pit lane, wide straight)
    Field(
        "pit",
        _pit,
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["from"],
            "properties": {
                "from": _ROW_FROM,
                "length": {"type": "integer", "minimum": 1, "maximum": MAX_ROW, "default": 4},
                "side": _SIDE,
            },
            "description": "A pit lane: a row of tiles against the main straight, off the loop.",
        },
    ),
    Field(
        "wide",
        _wide,
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["from", "length"],
            "properties": {
                "from": _ROW_FROM,
                "length": {"type": "integer", "minimum": 1, "maximum": MAX_ROW},
                "side": _SIDE,
                "lanes": {
                    "enum": [4, 3],
                    "default": 4,
                    "description": "4 racing lanes, or 3 with the outermost lane a pit lane.",
                },
            },
            "description": "A second row of tiles making the main straight two tiles wide.",
        },
    ),
    # hazard keys (spaces, inside lanes, starting grid and hazards)
    *hazard_keys.FIELDS,
)
"""Every top-level key of a Racepack layout, in the order messages list them."""

READERS = {item.key: item.read for item in FIELDS}
"""The reader of each key."""

KNOWN_KEYS = tuple(READERS)
"""The names of the top-level keys."""
