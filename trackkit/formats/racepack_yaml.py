"""Reading and writing Racepack layout files (YAML, format version 1).

The reader walks PyYAML's node tree (see :mod:`trackkit.formats.yaml_nodes`)
so that every complaint names the line and column it is about, and so that
each tile can be traced back to the path token or ``tiles`` entry that made it
(:class:`SourceMap`).  :data:`FIELDS` is the table of top-level keys: it
feeds both the reader and the JSON Schema.  See ``docs/layout-format.md``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from trackkit.errors import ArgumentError, CircuitError, LayoutError
from trackkit.formats import racepack_hazards as hazard_keys
from trackkit.formats.files import read_text
from trackkit.formats.yaml_nodes import (
    Field,
    Location,
    Reader,
    at,
    choice,
    compose,
    integer,
    integer_field,
    location,
    read_fields,
    scalar,
    shown,
    sub_keys,
    text,
    text_field,
)
from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.piecepack.geometry import TILE, Heading, Point, format_tile_units
from trackkit.piecepack.path_text import format_path, parse_path
from trackkit.racepack.constructions import extra_indices
from trackkit.racepack.layout import (
    MAX_CARS,
    MAX_LAPS,
    MAX_PACKS,
    MAX_ROW,
    OUTSIDE,
    SIDES,
    Layout,
    PitLane,
    WideRow,
)

__all__ = [
    "FIELDS",
    "FORMAT_VERSION",
    "KNOWN_KEYS",
    "LoadedLayout",
    "SourceMap",
    "dump_layout",
    "load_layout",
    "loads_layout",
    "read_layout",
]

FORMAT_VERSION = 1

GAME = "racepack"


@dataclass
class SourceMap:
    """Where things came from in the file: each tile's token or entry, and
    each top-level key."""

    tiles: dict[int, Location] = field(default_factory=dict)
    keys: dict[str, Location] = field(default_factory=dict)
    form: str = "path"

    def tile(self, index: int) -> Location | None:
        return self.tiles.get(index)


@dataclass(frozen=True)
class LoadedLayout:
    """A layout, the file it came from and where each part was written."""

    layout: Layout
    source: SourceMap
    file: str


# --- reading -----------------------------------------------------------------


def load_layout(path: str | os.PathLike[str]) -> LoadedLayout:
    """Read a Racepack layout file.  Raises :class:`LayoutError` naming the
    file, line and column of the first problem when it cannot be read or is
    not a layout."""
    return loads_layout(read_text(path), str(path))


def loads_layout(text: str, file: str = "<layout>") -> LoadedLayout:
    """Read a Racepack layout from YAML text; ``file`` names it in messages.
    Raises :class:`LayoutError` naming the file, line and column of the first
    problem when the text is not a layout."""
    try:
        return read_layout(compose(text), text, file)
    except LayoutError as exc:
        raise exc.located(file) from None


def read_layout(root: yaml.MappingNode, text: str, file: str) -> LoadedLayout:
    """Read a Racepack layout from the node tree of its file's ``text``."""
    return _Reader(text).read(root, file)


class _Reader:
    """Turns the YAML node tree into a :class:`Layout`, checking as it goes."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.source = SourceMap()

    def read(self, root: yaml.MappingNode, file: str) -> LoadedLayout:
        fields, self.source.keys = read_fields(root, FIELDS)
        layout = self._layout(fields, root)
        _place_rows(fields, layout, self.source)
        return LoadedLayout(layout, self.source, file)

    def _layout(self, fields: dict[str, yaml.Node], root: yaml.Node) -> Layout:
        if "trackkit" not in fields:
            raise LayoutError(
                "missing the format version", line=1, column=1, hint="add 'trackkit: 1' as the first line"
            )
        values = {key: _READERS[key](node) for key, node in fields.items()}
        if values["trackkit"] != FORMAT_VERSION:
            raise at(
                fields["trackkit"],
                f"format version {values['trackkit']} is not supported",
                f"this trackkit reads version {FORMAT_VERSION}",
            )
        circuit = self._circuit(fields, values, root)
        start = values.get("start")
        if start is not None and start >= len(circuit):
            raise at(
                fields["start"],
                f"start {start:g} is beyond the last tile ({len(circuit) - 1})",
                f"give a position from 0 to {len(circuit) - 0.5:g}",
            )
        return Layout(
            circuit=circuit,
            name=values.get("name"),
            description=values.get("description"),
            game=values.get("game", "racepack"),
            packs=values.get("packs", 1),
            laps=values.get("laps", 3),
            cars=values.get("cars", 4),
            start=start,
            pit=values.get("pit"),
            wide=values.get("wide"),
            icons=values.get("icons", ()),
            hazards=values.get("hazards", ()),
            spinout_hazards=values.get("spinout_hazards", False),
        )

    def _circuit(self, fields: dict[str, yaml.Node], values: dict[str, Any], root: yaml.Node) -> Circuit:
        has_path, has_tiles = "path" in fields, "tiles" in fields
        if has_path and has_tiles:
            raise at(
                fields["tiles"],
                "give either 'path' or 'tiles', not both",
                "delete one; 'trackkit convert' turns one into the other",
            )
        if not has_path and not has_tiles:
            raise LayoutError(
                "the layout has no circuit",
                line=1,
                column=1,
                hint="add a 'path' (such as 'R 2S R ...') or a 'tiles' list",
            )
        if has_tiles:
            for key in ("heading", "origin"):
                if key in fields:
                    raise at(
                        fields[key],
                        f"'{key}' goes with 'path', not with 'tiles'",
                        "tile positions already fix where the track lies",
                    )
            self.source.form = "tiles"
            return self._tiles(fields["tiles"])
        self.source.form = "path"
        return self._path(fields["path"], values)

    def _path(self, node: yaml.Node, values: dict[str, Any]) -> Circuit:
        pieces = _path_pieces(node, self.text)
        kinds: list[Kind] = []
        for piece, (line, column) in pieces:
            try:
                tokens = parse_path(piece)
            except LayoutError as exc:
                raise LayoutError(
                    exc.message, line=line, column=column + (exc.column or 1) - 1, hint=exc.hint
                ) from None
            for token in tokens:
                for _ in range(token.count):
                    self.source.tiles[len(kinds)] = (line, column + token.offset)
                    kinds.append(token.kind)
        if not kinds:
            raise at(node, "the path has no tiles", "list the tiles, e.g. 'path: R 2S R ...'")
        origin = values.get("origin", (0, 0))
        heading = values.get("heading", Heading.EAST)
        return Circuit.from_path(kinds, origin=origin, heading=heading)

    def _tiles(self, node: yaml.Node) -> Circuit:
        if not isinstance(node, yaml.SequenceNode) or not node.value:
            raise at(node, "'tiles' must be a list of [x, y] positions", "e.g. tiles: [[0, 0], [1, 0], ...]")
        centres: list[Point] = []
        for index, item in enumerate(node.value):
            centres.append(_position(item, f"tile {index}"))
            self.source.tiles[index] = location(item)
        return Circuit.from_centres(centres)


def _game(node: yaml.Node) -> str:
    value = str(text("game")(node)).strip().lower()
    if value != GAME:
        raise at(node, f"unknown game {value!r}", f"known games: {GAME}")
    return value


def _node(node: yaml.Node) -> yaml.Node:
    """Keep a value's node to read later (the path needs the file's text)."""
    return node


def _half_tiles(node: yaml.Node, what: str) -> int:
    """A number of tiles that must be a multiple of one half, in spaces."""
    value = scalar(node)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise at(node, f"{what} must be a number, not {shown(node)}")
    doubled = value * TILE
    if doubled != int(doubled):
        raise at(
            node, f"{what} is {value}; it must be a whole or half number of tiles", "use values like 3 or 3.5"
        )
    return int(doubled)


def _start(node: yaml.Node) -> float:
    halves = _half_tiles(node, "'start'")
    if halves < 0:
        raise at(node, "'start' must not be negative")
    return halves / TILE


def _position(node: yaml.Node, what: str) -> Point:
    if not isinstance(node, yaml.SequenceNode) or len(node.value) != 2:
        raise at(node, f"{what} must be a pair [x, y], not {shown(node)}", "e.g. [3, 0] or [4, 0.5]")
    x, y = (_half_tiles(part, f"{what}'s {axis}") for part, axis in zip(node.value, "xy"))
    return (x, y)


def _origin(node: yaml.Node) -> Point:
    x, y = _position(node, "'origin'")
    if x % TILE or y % TILE:
        raise at(node, "'origin' must be whole tiles", "the driving line starts on the tile grid")
    return (x, y)


def _heading(node: yaml.Node) -> Heading:
    value = text("heading")(node)
    try:
        return Heading.parse(value)
    except ValueError:
        raise at(node, f"unknown heading {value!r}", "use east, north, west or south") from None


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


def _place_rows(fields: dict[str, yaml.Node], layout: Layout, source: SourceMap) -> None:
    """Check each row starts beside a loop tile, and point its tiles at its key."""
    n = len(layout.circuit)
    for key, row in (("pit", layout.pit), ("wide", layout.wide)):
        if row is None or row.first < n:
            continue
        node = next(value for name, value in fields[key].value if name.value == "from")
        raise at(
            node,
            f"'{key}.from' is {row.first}, beyond the last tile ({n - 1})",
            f"give a tile from 0 to {n - 1}",
        )
    for key, indices in extra_indices(layout).items():
        for index in indices:
            source.tiles[index] = source.keys[key]


def _row_lines(layout: Layout) -> list[str]:
    """``pit: {from: 19}`` and ``wide: {...}``, leaving out default values."""
    lines: list[str] = []
    if layout.pit is not None:
        parts = [f"from: {layout.pit.first}"]
        parts += [f"length: {layout.pit.length}"] if layout.pit.length != 4 else []
        parts += [f"side: {layout.pit.side}"] if layout.pit.side != OUTSIDE else []
        lines.append(f"pit: {{{', '.join(parts)}}}")
    if layout.wide is not None:
        parts = [f"from: {layout.wide.first}", f"length: {layout.wide.length}"]
        parts += [f"side: {layout.wide.side}"] if layout.wide.side != OUTSIDE else []
        parts += [f"lanes: {layout.wide.lanes}"] if layout.wide.lanes != 4 else []
        lines.append(f"wide: {{{', '.join(parts)}}}")
    return lines


_HALF_TILES: dict[str, Any] = {"type": "number", "multipleOf": 0.5}
_POSITION: dict[str, Any] = {"type": "array", "items": _HALF_TILES, "minItems": 2, "maxItems": 2}
_PATH_TOKENS = r"^[\s,]*(\d*\s*(?:CL|CR|S|L|R|cl|cr|Cl|cL|Cr|cR|s|l|r)(?![A-Za-z])[\s,]*)+$"
_ROW_FROM = {"type": "integer", "minimum": 0, "description": "First loop tile the row lies beside."}
_SIDE = {
    "enum": list(SIDES),
    "default": OUTSIDE,
    "description": "Which side of the road the row lies on, relative to the ground the loop encloses.",
}


FIELDS: tuple[Field, ...] = (
    Field("trackkit", integer("trackkit", 1), {"const": FORMAT_VERSION, "description": "Format version."}),
    text_field("name", "The track's name."),
    text_field("description", "Free text about the track."),
    Field("game", _game, {"enum": [GAME], "default": GAME}),
    integer_field(
        "packs", 1, MAX_PACKS, default=1, description="Piecepacks supplying tiles (24 tiles each)."
    ),
    integer_field("laps", 1, MAX_LAPS, default=3),
    integer_field("cars", 1, MAX_CARS, default=4),
    Field(
        "path",
        _node,
        {
            "description": "Tiles in driving order: S straight, L/R corner, CL/CR chicane,"
            " each with an optional count (4S).",
            "oneOf": [
                {"type": "string", "pattern": _PATH_TOKENS},
                {"type": "array", "items": {"type": "string"}},
            ],
        },
    ),
    Field(
        "tiles",
        _node,
        {
            "type": "array",
            "items": _POSITION,
            "minItems": 1,
            "description": "Tile centres [x, y] in tiles, in driving order.",
        },
    ),
    Field(
        "heading",
        _heading,
        {
            "enum": [h.name.lower() for h in Heading],
            "default": "east",
            "description": "With 'path': the heading tile 0 is entered with.",
        },
    ),
    Field(
        "origin", _origin, {**_POSITION, "description": "With 'path': where tile 0's driving line starts."}
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

_READERS = {item.key: item.read for item in FIELDS}

KNOWN_KEYS = tuple(_READERS)
"""The names of the top-level keys."""


def _path_pieces(node: yaml.Node, text: str) -> list[tuple[str, Location]]:
    """The path's raw text, in pieces, each with where it starts in the file.

    Tokens are found in the file's own characters, so their columns are exact
    whether the path is one plain line, quoted, folded over several lines or
    a YAML list of tokens.
    """
    if isinstance(node, yaml.SequenceNode):
        pieces: list[tuple[str, Location]] = []
        for item in node.value:
            if not isinstance(item, yaml.ScalarNode):
                raise at(item, "each path entry must be a token such as 4S", "write the path as one line")
            pieces.extend(_path_pieces(item, text))
        return pieces
    if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
        if isinstance(node, yaml.ScalarNode):
            return _path_pieces_of_value(node)
        raise at(node, f"'path' must be text such as 'R 2S R', not {shown(node)}")
    raw = text[node.start_mark.index : node.end_mark.index]
    line, column = location(node)
    if node.style in ("|", ">"):
        header_end = raw.find("\n")
        raw, line, column = raw[header_end + 1 :], line + 1, 1
    elif node.style in ("'", '"'):
        raw, column = raw[1:-1], column + 1
    pieces = []
    for number, row in enumerate(raw.split("\n")):
        start_column = column if number == 0 else 1
        pieces.append((row, (line + number, start_column)))
    return pieces


def _path_pieces_of_value(node: yaml.ScalarNode) -> list[tuple[str, Location]]:
    # A bare number or word PyYAML read as another type (``path: 4``).
    return [(str(node.value), location(node))]


# --- writing -----------------------------------------------------------------


def dump_layout(layout: Layout, form: str = "path", *, extra: dict[str, Any] | None = None) -> str:
    """Write a layout as YAML text, its circuit as a ``path`` or as ``tiles``.

    The output is stable: the same layout always gives the same text.
    Raises :class:`ArgumentError` for a form other than ``path`` or ``tiles``, or
    a ``path`` for a circuit that is not a whole loop.
    """
    lines = [f"trackkit: {FORMAT_VERSION}"]
    if layout.name is not None:
        lines.append(f"name: {_quote(layout.name)}")
    if layout.description is not None:
        lines.append(f"description: {_quote(layout.description)}")
    lines.append(f"game: {layout.game}")
    lines += [f"packs: {layout.packs}", f"laps: {layout.laps}", f"cars: {layout.cars}"]
    lines += _circuit_lines(layout.circuit, form)
    if layout.start is not None:
        lines.append(f"start: {layout.start:g}")
    # special-construction keys are written here
    lines += _row_lines(layout)
    # hazard keys are written here
    lines += hazard_keys.hazard_lines(layout)
    for key, value in (extra or {}).items():
        lines.append(yaml.safe_dump({key: value}, default_flow_style=None, sort_keys=False).rstrip())
    return "\n".join(lines) + "\n"


def _circuit_lines(circuit: Circuit, form: str) -> list[str]:
    if form == "tiles":
        entries = ", ".join(f"[{format_tile_units(x)}, {format_tile_units(y)}]" for x, y in circuit.centres())
        return [f"tiles: [{entries}]"]
    if form != "path":
        raise ArgumentError(f"unknown circuit form {form!r}; use 'path' or 'tiles'")
    if any(t.kind is None for t in circuit):
        raise CircuitError(
            "this circuit cannot be written as a path: some tiles do not follow on"
            " from the tile before; run 'trackkit validate' to see where"
        )
    lines = [f"path: {format_path(circuit.kinds())}"]
    first = circuit.tiles[0]
    origin = circuit.line_origin()
    if first.entry is not None and first.entry is not Heading.EAST:
        lines.append(f"heading: {first.entry.name.lower()}")
    if origin != (0, 0):
        lines.append(f"origin: [{format_tile_units(origin[0])}, {format_tile_units(origin[1])}]")
    return lines


_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ()'.!?/-]*$")


def _quote(text: str) -> str:
    if _PLAIN.match(text) and not text.endswith(" ") and ": " not in text:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
