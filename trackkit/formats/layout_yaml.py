"""Reading and writing layout files (YAML, format version 1).

The reader walks PyYAML's node tree rather than plain Python values so that
every complaint can name the line and column it is about, and so that each
tile can be traced back to the path token or ``tiles`` entry that made it
(:class:`SourceMap`).  See ``docs/layout-format.md`` for the format.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from trackkit.errors import ArgumentError, CircuitError, LayoutError
from trackkit.formats import hazard_keys
from trackkit.piecepack.circuit import Circuit, Kind, format_path, parse_path
from trackkit.piecepack.geometry import TILE, Heading, Point, format_tile_units
from trackkit.racepack.layout import GAMES, OUTSIDE, SIDES, Layout, PitLane, WideRow

FORMAT_VERSION = 1

Location = tuple[int, int]
"""A 1-based (line, column) in the file."""


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
    """Read a layout file.  Raises :class:`LayoutError` naming the file, line and
    column of the first problem when it cannot be read or is not a layout."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LayoutError("no such file", file=name, hint="check the path") from None
    except IsADirectoryError:
        raise LayoutError("is a directory, not a layout file", file=name) from None
    except UnicodeDecodeError as exc:
        raise LayoutError(
            f"not UTF-8 text (byte {exc.start})", file=name, hint="save the file as UTF-8"
        ) from None
    except OSError as exc:
        raise LayoutError(f"cannot read the file: {exc.strerror}", file=name) from None
    return loads_layout(text, name)


def loads_layout(text: str, file: str = "<layout>") -> LoadedLayout:
    """Read a layout from YAML text; ``file`` names it in messages."""
    try:
        return _Reader(text).read(file)
    except LayoutError as exc:
        raise exc.located(file) from None


class _Reader:
    """Turns the YAML node tree into a :class:`Layout`, checking as it goes."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.source = SourceMap()

    def read(self, file: str) -> LoadedLayout:
        root = self._compose()
        fields = self._top_level(root)
        layout = self._layout(fields, root)
        _place_rows(fields, layout, self.source)
        return LoadedLayout(layout, self.source, file)

    def _compose(self) -> yaml.MappingNode:
        try:
            root = yaml.compose(self.text, Loader=yaml.SafeLoader)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = exc.problem or exc.context or "malformed YAML"
            raise LayoutError(
                f"YAML syntax error: {problem}",
                line=mark.line + 1 if mark else None,
                column=mark.column + 1 if mark else None,
                hint="check the indentation and quoting near here",
            ) from None
        except yaml.YAMLError as exc:
            raise LayoutError(f"YAML error: {exc}") from None
        if root is None:
            raise LayoutError(
                "the file is empty", line=1, column=1, hint="start with 'trackkit: 1' and a 'path'"
            )
        if not isinstance(root, yaml.MappingNode):
            raise _at(
                root,
                "a layout must be a mapping of keys to values",
                "write 'key: value' lines, starting with 'trackkit: 1'",
            )
        return root

    def _top_level(self, root: yaml.MappingNode) -> dict[str, yaml.Node]:
        fields: dict[str, yaml.Node] = {}
        for key_node, value_node in root.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, str) or key not in _READERS:
                raise _at(key_node, f"unknown key {key!r}", f"known keys: {', '.join(_READERS)}")
            if key in fields:
                raise _at(key_node, f"key {key!r} appears twice", "keep one of them")
            fields[key] = value_node
            self.source.keys[key] = _location(key_node)
        return fields

    def _layout(self, fields: dict[str, yaml.Node], root: yaml.Node) -> Layout:
        if "trackkit" not in fields:
            raise LayoutError(
                "missing the format version", line=1, column=1, hint="add 'trackkit: 1' as the first line"
            )
        values = {key: _READERS[key](node) for key, node in fields.items()}
        if values["trackkit"] != FORMAT_VERSION:
            raise _at(
                fields["trackkit"],
                f"format version {values['trackkit']} is not supported",
                f"this trackkit reads version {FORMAT_VERSION}",
            )
        circuit = self._circuit(fields, values, root)
        start = values.get("start")
        if start is not None and start >= len(circuit):
            raise _at(
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
            raise _at(
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
                    raise _at(
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
        for text, (line, column) in pieces:
            try:
                tokens = parse_path(text)
            except LayoutError as exc:
                raise LayoutError(
                    exc.message, line=line, column=column + (exc.column or 1) - 1, hint=exc.hint
                ) from None
            for token in tokens:
                for _ in range(token.count):
                    self.source.tiles[len(kinds)] = (line, column + token.offset)
                    kinds.append(token.kind)
        if not kinds:
            raise _at(node, "the path has no tiles", "list the tiles, e.g. 'path: R 2S R ...'")
        origin = values.get("origin", (0, 0))
        heading = values.get("heading", Heading.EAST)
        return Circuit.from_path(kinds, origin=origin, heading=heading)

    def _tiles(self, node: yaml.Node) -> Circuit:
        if not isinstance(node, yaml.SequenceNode) or not node.value:
            raise _at(node, "'tiles' must be a list of [x, y] positions", "e.g. tiles: [[0, 0], [1, 0], ...]")
        centres: list[Point] = []
        for index, item in enumerate(node.value):
            centres.append(_position(item, f"tile {index}"))
            self.source.tiles[index] = _location(item)
        return Circuit.from_centres(centres)


def _location(node: yaml.Node) -> Location:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def _at(node: yaml.Node, message: str, hint: str | None = None) -> LayoutError:
    line, column = _location(node)
    return LayoutError(message, line=line, column=column, hint=hint)


def _scalar(node: yaml.Node) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        return node
    return yaml.SafeLoader("").construct_object(node)


def _integer(name: str, low: int, high: int | None = None) -> Callable[[yaml.Node], int]:
    def read(node: yaml.Node) -> int:
        value = _scalar(node)
        if not isinstance(value, int) or isinstance(value, bool):
            raise _at(node, f"'{name}' must be a whole number, not {_shown(node)}")
        if value < low or (high is not None and value > high):
            limit = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise _at(node, f"'{name}' is {value}; it must be {limit}")
        return value

    return read


def _text(name: str) -> Callable[[yaml.Node], str]:
    def read(node: yaml.Node) -> str:
        value = _scalar(node)
        if not isinstance(value, str):
            raise _at(node, f"'{name}' must be text, not {_shown(node)}", "put it in quotes")
        return value

    return read


def _game(node: yaml.Node) -> str:
    value = _text("game")(node).strip().lower()
    if value not in GAMES:
        raise _at(node, f"unknown game {value!r}", f"known games: {', '.join(GAMES)}")
    return value


def _half_tiles(node: yaml.Node, what: str) -> int:
    """A number of tiles that must be a multiple of one half, in spaces."""
    value = _scalar(node)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _at(node, f"{what} must be a number, not {_shown(node)}")
    doubled = value * TILE
    if doubled != int(doubled):
        raise _at(
            node, f"{what} is {value}; it must be a whole or half number of tiles", "use values like 3 or 3.5"
        )
    return int(doubled)


def _start(node: yaml.Node) -> float:
    halves = _half_tiles(node, "'start'")
    if halves < 0:
        raise _at(node, "'start' must not be negative")
    return halves / TILE


def _position(node: yaml.Node, what: str) -> Point:
    if not isinstance(node, yaml.SequenceNode) or len(node.value) != 2:
        raise _at(node, f"{what} must be a pair [x, y], not {_shown(node)}", "e.g. [3, 0] or [4, 0.5]")
    x, y = (_half_tiles(part, f"{what}'s {axis}") for part, axis in zip(node.value, "xy"))
    return (x, y)


def _origin(node: yaml.Node) -> Point:
    x, y = _position(node, "'origin'")
    if x % TILE or y % TILE:
        raise _at(node, "'origin' must be whole tiles", "the driving line starts on the tile grid")
    return (x, y)


def _heading(node: yaml.Node) -> Heading:
    value = _text("heading")(node)
    try:
        return Heading.parse(value)
    except ValueError:
        raise _at(node, f"unknown heading {value!r}", "use east, north, west or south") from None


def _shown(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return repr(node.value) if node.value else "an empty value"
    return "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"


def _identity(node: yaml.Node) -> yaml.Node:
    return node


# --- special constructions: the 'pit' and 'wide' keys ------------------------


def _choice(name: str, options: tuple[str, ...]) -> Callable[[yaml.Node], str]:
    def read(node: yaml.Node) -> str:
        value = _text(name)(node).strip().lower()
        if value not in options:
            raise _at(node, f"'{name}' is {value!r}; it must be {' or '.join(options)}")
        return value

    return read


def _sub_keys(
    node: yaml.Node, key: str, readers: dict[str, Callable[[yaml.Node], Any]], example: str
) -> dict[str, Any]:
    """Read a mapping of sub-keys such as ``pit: {from: 19}``; ``from`` is required."""
    if not isinstance(node, yaml.MappingNode):
        raise _at(node, f"'{key}' must be a mapping, not {_shown(node)}", f"e.g. {key}: {example}")
    values: dict[str, Any] = {}
    for key_node, value_node in node.value:
        name = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if not isinstance(name, str) or name not in readers:
            raise _at(key_node, f"unknown key {name!r} in '{key}'", f"'{key}' knows: {', '.join(readers)}")
        if name in values:
            raise _at(key_node, f"key {name!r} appears twice in '{key}'", "keep one of them")
        values[name] = readers[name](value_node)
    if "from" not in values:
        raise _at(
            node, f"'{key}' needs 'from', the loop tile its row starts beside", f"e.g. {key}: {example}"
        )
    return values


_PIT_KEYS: dict[str, Callable[[yaml.Node], Any]] = {
    "from": _integer("pit.from", 0),
    "length": _integer("pit.length", 1, 48),
    "side": _choice("pit.side", SIDES),
}
_WIDE_KEYS: dict[str, Callable[[yaml.Node], Any]] = {
    "from": _integer("wide.from", 0),
    "length": _integer("wide.length", 1, 48),
    "side": _choice("wide.side", SIDES),
    "lanes": _integer("wide.lanes", 3, 4),
}


def _pit(node: yaml.Node) -> PitLane:
    values = _sub_keys(node, "pit", _PIT_KEYS, "{from: 19}")
    return PitLane(values["from"], values.get("length", 4), values.get("side", OUTSIDE))


def _wide(node: yaml.Node) -> WideRow:
    values = _sub_keys(node, "wide", _WIDE_KEYS, "{from: 19, length: 5}")
    if "length" not in values:
        raise _at(
            node, "'wide' needs 'length', the number of tiles in its row", "e.g. wide: {from: 19, length: 5}"
        )
    return WideRow(values["from"], values["length"], values.get("side", OUTSIDE), values.get("lanes", 4))


def _place_rows(fields: dict[str, yaml.Node], layout: Layout, source: SourceMap) -> None:
    """Check each row starts beside a loop tile, and point its tiles at its key."""
    from trackkit.racepack.constructions import extra_indices

    n = len(layout.circuit)
    for key, row in (("pit", layout.pit), ("wide", layout.wide)):
        if row is None or row.first < n:
            continue
        node = next(value for name, value in fields[key].value if name.value == "from")
        raise _at(
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


_READERS: dict[str, Callable[[yaml.Node], Any]] = {
    "trackkit": _integer("trackkit", 1),
    "name": _text("name"),
    "description": _text("description"),
    "game": _game,
    "packs": _integer("packs", 1, 8),
    "laps": _integer("laps", 1, 99),
    "cars": _integer("cars", 1, 16),
    "path": _identity,
    "tiles": _identity,
    "heading": _heading,
    "origin": _origin,
    "start": _start,
    # special-construction keys go here
    "pit": _pit,
    "wide": _wide,
    # hazard keys go here
    "icons": hazard_keys.read_icons,
    "hazards": hazard_keys.read_hazards,
    "spinout_hazards": hazard_keys.read_flag("spinout_hazards"),
}
"""Every top-level key the format knows, with the function that reads it."""

KNOWN_KEYS = tuple(_READERS)


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
                raise _at(item, "each path entry must be a token such as 4S", "write the path as one line")
            pieces.extend(_path_pieces(item, text))
        return pieces
    if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
        if isinstance(node, yaml.ScalarNode):
            return _path_pieces_of_value(node)
        raise _at(node, f"'path' must be text such as 'R 2S R', not {_shown(node)}")
    raw = text[node.start_mark.index : node.end_mark.index]
    line, column = _location(node)
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
    return [(str(node.value), _location(node))]


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


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that a failure leaves any old file intact.

    The text goes to a temporary file in the same folder, which then replaces
    ``path`` in one step.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def refuse_overwrite(output: str | os.PathLike[str], inputs: list[str]) -> None:
    """Raise :class:`ArgumentError` when ``output`` is one of the input files."""
    out = Path(output)
    for item in inputs:
        source = Path(item)
        if out.exists() and source.exists() and out.resolve() == source.resolve():
            raise ArgumentError(f"{output}: refusing to overwrite the input file; choose another output")


def convert_file(
    source: str | os.PathLike[str], form: str, output: str | os.PathLike[str] | None = None
) -> str:
    """Read a layout and return it with its circuit written as ``form``.

    With ``output``, also write it there atomically; writing over ``source``
    itself is refused with :class:`ArgumentError`.
    """
    if output is not None:
        refuse_overwrite(output, [str(source)])
    loaded = load_layout(source)
    text = dump_layout(loaded.layout, form)
    if output is not None:
        write_atomic(output, text)
    return text
