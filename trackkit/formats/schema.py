"""The JSON Schema of layout files, version 1.

Editors that understand JSON Schema (through a YAML language server, say) use
it to complete keys and flag wrong values as you type.  trackkit's own reader
does its own, more precise checking; a test keeps the two in step.
"""

from __future__ import annotations

from typing import Any

_HALF_TILES = {"type": "number", "multipleOf": 0.5}
_POSITION = {"type": "array", "items": _HALF_TILES, "minItems": 2, "maxItems": 2}
_PATH_TOKENS = r"^[\s,]*(\d*\s*(?:CL|CR|S|L|R|cl|cr|Cl|cL|Cr|cR|s|l|r)(?![A-Za-z])[\s,]*)+$"
_ROW_FROM = {"type": "integer", "minimum": 0, "description": "First loop tile the row lies beside."}
_SIDE = {
    "enum": ["outside", "inside"],
    "default": "outside",
    "description": "Which side of the road the row lies on, relative to the ground the loop encloses.",
}
_QUADRANT = {"enum": ["NE", "NW", "SE", "SW", "ne", "nw", "se", "sw"]}


def layout_schema() -> dict[str, Any]:
    """The schema as a JSON-ready dict."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "trackkit layout",
        "description": "A piecepack race track: its circuit of tiles and race settings.",
        "type": "object",
        "additionalProperties": False,
        "required": ["trackkit"],
        "oneOf": [{"required": ["path"]}, {"required": ["tiles"]}],
        "properties": {
            "trackkit": {"const": 1, "description": "Format version."},
            "name": {"type": "string", "description": "The track's name."},
            "description": {"type": "string", "description": "Free text about the track."},
            "game": {"enum": ["racepack"], "default": "racepack"},
            "packs": {
                "type": "integer",
                "minimum": 1,
                "maximum": 8,
                "default": 1,
                "description": "Piecepacks supplying tiles (24 tiles each).",
            },
            "laps": {"type": "integer", "minimum": 1, "maximum": 99, "default": 3},
            "cars": {"type": "integer", "minimum": 1, "maximum": 16, "default": 4},
            "path": {
                "description": "Tiles in driving order: S straight, L/R corner, CL/CR chicane,"
                " each with an optional count (4S).",
                "oneOf": [
                    {"type": "string", "pattern": _PATH_TOKENS},
                    {"type": "array", "items": {"type": "string"}},
                ],
            },
            "heading": {
                "enum": ["east", "north", "west", "south"],
                "default": "east",
                "description": "With 'path': the heading tile 0 is entered with.",
            },
            "origin": {**_POSITION, "description": "With 'path': where tile 0's driving line starts."},
            "tiles": {
                "type": "array",
                "items": _POSITION,
                "minItems": 1,
                "description": "Tile centres [x, y] in tiles, in driving order.",
            },
            "start": {
                **_HALF_TILES,
                "minimum": 0,
                "description": "Start/finish line: k = entry edge of tile k, k + 0.5 = middle of tile k.",
            },
            # special-construction keys (hairpin, chicane, pit lane, wide straight)
            "pit": {
                "type": "object",
                "additionalProperties": False,
                "required": ["from"],
                "properties": {
                    "from": _ROW_FROM,
                    "length": {"type": "integer", "minimum": 1, "maximum": 48, "default": 4},
                    "side": _SIDE,
                },
                "description": "A pit lane: a row of tiles against the main straight, off the loop.",
            },
            "wide": {
                "type": "object",
                "additionalProperties": False,
                "required": ["from", "length"],
                "properties": {
                    "from": _ROW_FROM,
                    "length": {"type": "integer", "minimum": 1, "maximum": 48},
                    "side": _SIDE,
                    "lanes": {
                        "enum": [4, 3],
                        "default": 4,
                        "description": "4 racing lanes, or 3 with the outermost lane a pit lane.",
                    },
                },
                "description": "A second row of tiles making the main straight two tiles wide.",
            },
            # hazard keys (spaces, inside lanes, starting grid and hazards)
            "icons": {
                "type": "object",
                "propertyNames": {"pattern": r"^\d+$"},
                "additionalProperties": _QUADRANT,
                "description": "Where each tile's small suit icon lies: tile -> NE, NW, SE or SW.",
            },
            "hazards": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["tile", "space"],
                    "properties": {"tile": {"type": "integer", "minimum": 0}, "space": _QUADRANT},
                },
                "description": "Hazard tokens in the order placed (written by 'trackkit hazards --write').",
            },
            "spinout_hazards": {
                "type": "boolean",
                "default": False,
                "description": "Play the two-pack variant: a car that spins out leaves a hazard there.",
            },
        },
    }
