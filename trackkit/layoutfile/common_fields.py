"""Keys and checks every game's layout file shares.

Each game's file starts ``trackkit: 1`` (the *format version*), may give a
``name`` and a ``description``, and names its ``game``.  The games laid on
piecepack tiles (Racepack, Motocross, RACE!) write where the tiles lie the
same way: a ``path`` of tile kinds from a starting ``origin`` and
``heading``, or (Racepack and Motocross) a list of ``tiles`` by their
centres.  The readers, checks and writers of those keys live here once; the
word a message uses for the game's track ("circuit", "course") is a
parameter.

Positions are written in tiles and may fall on half tiles; they are read
into spaces, the unit of :mod:`trackkit.piecepack.geometry`, so every
coordinate is a whole number.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import yaml

from trackkit.errors import LayoutError, LimitError, did_you_mean
from trackkit.layoutfile.fields import Field, Reader, integer, read_fields, text, text_line
from trackkit.layoutfile.problems import Problems
from trackkit.layoutfile.source import SourceMap
from trackkit.layoutfile.yaml_nodes import at, location, scalar, shown, width
from trackkit.piecepack.circuit import MAX_COORDINATE, MAX_TILES
from trackkit.piecepack.geometry import TILE, Heading, Point, format_tile_units

__all__ = [
    "MAX_CONVERTED_TILES",
    "PATH_TOKENS",
    "POSITION_SCHEMA",
    "check_convertible",
    "check_version",
    "game_reader",
    "half_tiles",
    "header_lines",
    "heading_field",
    "heading_reader",
    "keep_node",
    "origin_field",
    "origin_reader",
    "path_field",
    "path_or_tiles",
    "path_start_lines",
    "position",
    "read_tiles",
    "require_version",
    "tiles_field",
    "tiles_line",
    "version_field",
    "versioned_values",
]

PATH_TOKENS = r"^[\s,]*(\d*\s*(?:CL|CR|S|L|R|cl|cr|Cl|cL|Cr|cR|s|l|r)(?![A-Za-z])[\s,]*)+$"
"""The schema's pattern for a one-line ``path``: counted tile kinds."""

POSITION_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {"type": "number", "multipleOf": 0.5},
    "minItems": 2,
    "maxItems": 2,
}
"""The schema of a position ``[x, y]`` in whole or half tiles."""


# --- the format version ------------------------------------------------------


def version_field(version: int) -> Field:
    """The ``trackkit`` key: the format version the file is written in."""
    return Field("trackkit", integer("trackkit", 1), {"const": version, "description": "Format version."})


def require_version(fields: dict[str, yaml.Node]) -> None:
    """Raise unless the file gives its format version at all."""
    if "trackkit" not in fields:
        raise LayoutError(
            "missing the format version", line=1, column=1, hint="add 'trackkit: 1' as the first line"
        )


def check_version(fields: dict[str, yaml.Node], values: dict[str, Any], version: int) -> None:
    """Raise unless the file gives the format version ``version`` (a
    version that could not be read at all is left to its own complaint)."""
    require_version(fields)
    if "trackkit" in values and values["trackkit"] != version:
        raise at(
            fields["trackkit"],
            f"format version {values['trackkit']} is not supported",
            f"this trackkit reads version {version}",
        )


def versioned_values(
    root: yaml.MappingNode,
    table: tuple[Field, ...],
    version: int,
    source: SourceMap,
    problems: Problems,
) -> tuple[dict[str, yaml.Node], dict[str, Any]]:
    """Every top-level key's node and the value of each key that could be
    read; records where each key was written in ``source``.

    An unknown or repeated key and a value that cannot be read go into
    ``problems`` and reading goes on, as it does for every game.  A file
    with no format version is not a layout at all, and one of another
    version is not read further: either raises at once (with the problems
    found so far)."""
    fields, source.keys = read_fields(root, table, problems.found)
    for key_node, _ in root.value:
        key_width = width(key_node)
        if key_width is not None:
            source.widths[location(key_node)] = key_width
    require_version(fields)
    readers = {item.key: item.read for item in table}
    values: dict[str, Any] = {}
    for key, node in fields.items():
        with problems.gathered():
            values[key] = readers[key](node)
    with problems.gathered():
        check_version(fields, values, version)
    if "trackkit" in values and values["trackkit"] != version:
        problems.raise_any()
    return fields, values


def path_field(description: str) -> Field:
    """The ``path`` key, its node kept for the reader that needs the text."""
    return Field(
        "path",
        keep_node,
        {
            "description": description,
            "oneOf": [
                {"type": "string", "pattern": PATH_TOKENS},
                {"type": "array", "items": {"type": "string"}},
            ],
        },
    )


def tiles_field(order: str) -> Field:
    """The ``tiles`` key: centres listed ``order`` ("in driving order")."""
    return Field(
        "tiles",
        keep_node,
        {
            "type": "array",
            "items": POSITION_SCHEMA,
            "minItems": 1,
            "description": f"Tile centres [x, y] in tiles, {order}.",
        },
    )


def heading_field(description: str, spellings: list[str] | None = None) -> Field:
    """The ``heading`` key; the schema lists ``spellings`` (by default the
    four words in lower case), the reader takes any case or the initial."""
    return Field(
        "heading",
        heading_reader(),
        {
            "enum": spellings if spellings is not None else [h.name.lower() for h in Heading],
            "default": "east",
            "description": description,
        },
    )


def origin_field(description: str, hint: str) -> Field:
    """The ``origin`` key: a position in whole tiles; ``hint`` says why."""
    return Field("origin", origin_reader(hint), {**POSITION_SCHEMA, "description": description})


def game_reader(game: str, hint: str) -> Reader:
    """Reads the ``game`` key, which must name ``game`` (in any case)."""

    def read(node: yaml.Node) -> str:
        value = str(text("game")(node)).strip().lower()
        if value != game:
            raise at(node, f"unknown game {value!r}", hint)
        return value

    return read


def keep_node(node: yaml.Node) -> yaml.Node:
    """Keep a value's node to read later (the path needs the file's text)."""
    return node


# --- positions, origin and heading -------------------------------------------


def half_tiles(node: yaml.Node, what: str) -> int:
    """A number of tiles that must be a multiple of one half, in spaces."""
    value = scalar(node)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise at(node, f"{what} must be a number, not {shown(node)}")
    if not _within_reach(value):
        raise at(
            node,
            f"{what} is {shown(node)}; positions lie within {MAX_COORDINATE:,} tiles of the origin",
            "use a number of tiles such as 3 or 3.5",
        )
    doubled = value * TILE
    if doubled != int(doubled):
        raise at(
            node, f"{what} is {value}; it must be a whole or half number of tiles", "use values like 3 or 3.5"
        )
    return int(doubled)


def _within_reach(value: float) -> bool:
    """Whether a number of tiles lies within :data:`MAX_COORDINATE` of the
    origin.  A whole number is compared as it is: one of hundreds of digits
    is too large to turn into a float at all."""
    if isinstance(value, float) and not math.isfinite(value):
        return False
    return abs(value) <= MAX_COORDINATE


def position(node: yaml.Node, what: str) -> Point:
    """A pair ``[x, y]`` of whole or half tiles, in spaces."""
    if not isinstance(node, yaml.SequenceNode) or len(node.value) != 2:
        raise at(node, f"{what} must be a pair [x, y], not {shown(node)}", "e.g. [3, 0] or [4, 0.5]")
    x, y = (half_tiles(part, f"the {axis} of {what}") for part, axis in zip(node.value, "xy"))
    return (x, y)


def origin_reader(hint: str) -> Reader:
    """Reads ``origin``: a position in whole tiles; ``hint`` says why."""

    def read(node: yaml.Node) -> Point:
        x, y = position(node, "'origin'")
        if x % TILE or y % TILE:
            raise at(node, "'origin' must be whole tiles", hint)
        return (x, y)

    return read


def heading_reader() -> Reader:
    """Reads ``heading``: east, north, west or south (any case, or the
    initial); a misspelling is met with the nearest word."""

    def read(node: yaml.Node) -> Heading:
        value = text("heading")(node)
        try:
            return Heading.parse(value)
        except ValueError:
            words = [h.name.lower() for h in Heading]
            near = did_you_mean(value, words)
            raise at(node, f"unknown heading {value!r}{near}", "use east, north, west or south") from None

    return read


# --- a path or a list of tiles -----------------------------------------------


def path_or_tiles(
    fields: dict[str, yaml.Node], source: SourceMap, *, track: str, example: str, lies: str
) -> str:
    """Which way the file lays its tiles, ``path`` or ``tiles``, recorded in
    ``source``.  Raises when it gives both or neither, or gives ``heading``
    or ``origin`` with ``tiles``.  ``track`` names the game's track in the
    message ("circuit"), ``example`` is a path to suggest, and ``lies`` the
    word for what tile positions place ("track")."""
    has_path, has_tiles = "path" in fields, "tiles" in fields
    if has_path and has_tiles:
        raise at(
            fields["tiles"],
            "give either 'path' or 'tiles', not both",
            "delete one; 'trackkit convert' turns one into the other",
        )
    if not has_path and not has_tiles:
        raise LayoutError(
            f"the layout has no {track}",
            line=1,
            column=1,
            hint=f"add a 'path' (such as '{example}') or a 'tiles' list",
        )
    if has_tiles:
        for key in ("heading", "origin"):
            if key in fields:
                raise at(
                    fields[key],
                    f"'{key}' goes with 'path', not with 'tiles'",
                    f"tile positions already fix where the {lies} lies",
                )
    source.form = "tiles" if has_tiles else "path"
    return source.form


def read_tiles(node: yaml.Node, source: SourceMap, most: int = MAX_TILES) -> list[Point]:
    """The centres a ``tiles`` list gives, recording in ``source`` where
    each was written (and how long it is); at most ``most`` of them (a game
    may hold fewer than :data:`~trackkit.piecepack.circuit.MAX_TILES`)."""
    if not isinstance(node, yaml.SequenceNode) or not node.value:
        raise at(node, "'tiles' must be a list of [x, y] positions", "e.g. tiles: [[0, 0], [1, 0], ...]")
    if len(node.value) > most:
        raise at(node, f"'tiles' lists {len(node.value):,} tiles; trackkit handles at most {most:,}")
    centres: list[Point] = []
    for index, item in enumerate(node.value):
        centres.append(position(item, f"tile {index}"))
        source.place(index, location(item), width(item))
    return centres


# --- writing -----------------------------------------------------------------


def header_lines(version: int, name: str | None, description: str | None) -> list[str]:
    """The first lines of a file: its format version, name and description."""
    lines = [f"trackkit: {version}"]
    for key, value in (("name", name), ("description", description)):
        if value is not None:
            lines.append(text_line(key, value))
    return lines


MAX_CONVERTED_TILES = 5_000
"""The most tiles ``trackkit convert`` rewrites, as many as a diagram
shows: the largest legal track has a few hundred, and the converted text is
read back before it is written (see :mod:`trackkit.api.readback`), which
for a list of tiles takes about a second per five thousand."""


def check_convertible(tiles: int, kind: str = "track") -> None:
    """Raise :class:`~trackkit.errors.LimitError` for a layout of more than
    :data:`MAX_CONVERTED_TILES` tiles, before any converting is done;
    ``kind`` is the game's word for its layout (``track``, ``course``)."""
    if tiles > MAX_CONVERTED_TILES:
        raise LimitError(
            f"the {kind} has {tiles:,} tiles; convert rewrites at most {MAX_CONVERTED_TILES:,}"
            f" (a legal {kind} has a few hundred: shorten the path)"
        )


def tiles_line(centres: Iterable[Point]) -> str:
    """``tiles: [[x, y], ...]`` in tiles."""
    entries = ", ".join(f"[{format_tile_units(x)}, {format_tile_units(y)}]" for x, y in centres)
    return f"tiles: [{entries}]"


def path_start_lines(heading: Heading | None, origin: Point) -> list[str]:
    """The ``heading`` and ``origin`` lines after a ``path``, each left out
    when it is the default (east; the origin)."""
    lines: list[str] = []
    if heading is not None and heading is not Heading.EAST:
        lines.append(f"heading: {heading.name.lower()}")
    if origin != (0, 0):
        lines.append(f"origin: [{format_tile_units(origin[0])}, {format_tile_units(origin[1])}]")
    return lines
