"""Reading and writing Racepack layout files (YAML, format version 1).

The reader walks PyYAML's node tree (see :mod:`trackkit.layoutfile.yaml_nodes`)
so that every complaint names the line and column it is about, and so that
each tile can be traced back to the path token or ``tiles`` entry that made it
(:class:`SourceMap`).  :data:`FIELDS` is the table of top-level keys: it
feeds both the reader and the JSON Schema.  See ``docs/layout-format.md``.
"""

from __future__ import annotations

import os
from typing import Any

import yaml

from trackkit.errors import ArgumentError, CircuitError, LayoutError
from trackkit.layoutfile.common_fields import (
    check_convertible,
    header_lines,
    path_or_tiles,
    path_start_lines,
    read_tiles,
    tiles_line,
    versioned_values,
)
from trackkit.layoutfile.files import read_text
from trackkit.layoutfile.path_nodes import read_path, refuse_piled
from trackkit.layoutfile.problems import Problems
from trackkit.layoutfile.source import LoadedLayout, SourceMap
from trackkit.layoutfile.yaml_nodes import at, compose
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.path_text import format_path
from trackkit.racepack.constructions import extra_indices
from trackkit.racepack.formats import hazards as hazard_keys
from trackkit.racepack.formats.fields import FIELDS, FORMAT_VERSION
from trackkit.racepack.layout import (
    OUTSIDE,
    Layout,
)

__all__ = [
    "RULE_KEYS",
    "RacepackFile",
    "convert_layout",
    "dump_layout",
    "load_layout",
    "loads_layout",
    "read_layout",
]


RULE_KEYS = {
    "start-finish": "start",
    "tile-budget": "packs",
    "cars": "cars",
    "pit-lane": "pit",
    "wide-straight": "wide",
    "laps": "laps",
}
"""The key each rule about no particular tile points at."""

RacepackFile = LoadedLayout[Layout]
"""A Racepack layout as read from its file."""


# --- reading -----------------------------------------------------------------


def load_layout(path: str | os.PathLike[str]) -> RacepackFile:
    """Read a Racepack layout file.  Raises :class:`LayoutError` naming the
    file, line and column of the first problem when it cannot be read or is
    not a layout."""
    return loads_layout(read_text(path), str(path))


def loads_layout(text: str, file: str = "<layout>") -> RacepackFile:
    """Read a Racepack layout from YAML text; ``file`` names it in messages.
    Raises :class:`LayoutError` naming the file, line and column of the first
    problem when the text is not a layout."""
    try:
        return read_layout(compose(text), text, file)
    except LayoutError as exc:
        raise exc.located(file) from None


def read_layout(root: yaml.MappingNode, text: str, file: str) -> RacepackFile:
    """Read a Racepack layout from the node tree of its file's ``text``."""
    return _Reader(text).read(root, file)


class _Reader:
    """Turns the YAML node tree into a :class:`Layout`, checking as it goes."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.source = SourceMap(rule_keys=RULE_KEYS)

    def read(self, root: yaml.MappingNode, file: str) -> RacepackFile:
        """Read every key, going on past a problem where the rest can still
        be read, and raise one :class:`LayoutError` carrying all of them."""
        problems = Problems()
        fields, values = versioned_values(root, FIELDS, FORMAT_VERSION, self.source, problems)
        layout = None
        with problems.gathered():
            layout = self._layout(fields, values)
            _place_rows(fields, layout, self.source)
        problems.raise_any()
        assert layout is not None
        return RacepackFile(layout, self.source, file)

    def _layout(self, fields: dict[str, yaml.Node], values: dict[str, Any]) -> Layout:
        circuit = self._circuit(fields, values)
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

    def _circuit(self, fields: dict[str, yaml.Node], values: dict[str, Any]) -> Circuit:
        form = path_or_tiles(fields, self.source, track="circuit", example="R 2S R ...", lies="track")
        if form == "tiles":
            centres = read_tiles(fields["tiles"], self.source)
            refuse_piled(centres, self.source.tiles)
            return Circuit.from_centres(centres)
        return self._path(fields["path"], values)

    def _path(self, node: yaml.Node, values: dict[str, Any]) -> Circuit:
        kinds = read_path(node, self.text, self.source)
        origin = values.get("origin", (0, 0))
        heading = values.get("heading", Heading.EAST)
        circuit = Circuit.from_path(kinds, origin=origin, heading=heading)
        refuse_piled(circuit.centres(), self.source.tiles)
        return circuit


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


# --- writing -----------------------------------------------------------------


def convert_layout(layout: Layout, form: str) -> str:
    """``trackkit convert``: the layout written with its circuit as a
    ``path`` or as ``tiles`` (see :func:`dump_layout`), refused with
    :class:`~trackkit.errors.LimitError` past
    :data:`~trackkit.layoutfile.common_fields.MAX_CONVERTED_TILES` tiles."""
    check_convertible(len(layout.circuit))
    return dump_layout(layout, form)


def dump_layout(layout: Layout, form: str = "path", *, extra: dict[str, Any] | None = None) -> str:
    """Write a layout as YAML text, its circuit as a ``path`` or as ``tiles``.

    The output is stable: the same layout always gives the same text.
    Raises :class:`ArgumentError` for a form other than ``path`` or ``tiles``, or
    a ``path`` for a circuit that is not a whole loop.
    """
    lines = header_lines(FORMAT_VERSION, layout.name, layout.description)
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
        return [tiles_line(circuit.centres())]
    if form != "path":
        raise ArgumentError(f"unknown circuit form {form!r}; use 'path' or 'tiles'")
    if any(t.kind is None for t in circuit):
        raise CircuitError(
            "this circuit cannot be written as a path: some tiles do not follow on"
            " from the tile before; run 'trackkit validate' to see where"
        )
    lines = [f"path: {format_path(circuit.kinds())}"]
    return lines + path_start_lines(circuit.tiles[0].entry, circuit.line_origin())
