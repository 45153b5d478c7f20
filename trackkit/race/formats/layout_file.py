"""Reading and writing RACE! layout files (``game: race``, format version 1).

The reader walks PyYAML's node tree (see :mod:`trackkit.layoutfile.yaml_nodes`)
so that every complaint names its line and column; the source map points
each corner's findings at its entry in the ``corners`` list.  The writer
gives text the reader reads back as the same layout.
"""

from __future__ import annotations

from typing import Any

import yaml

from trackkit.errors import LayoutError
from trackkit.layoutfile.common_fields import header_lines, path_start_lines, versioned_values
from trackkit.layoutfile.fields import schema_of
from trackkit.layoutfile.problems import Problems
from trackkit.layoutfile.source import LoadedLayout, SourceMap
from trackkit.layoutfile.yaml_nodes import at, location, width
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.path_text import format_path
from trackkit.race.formats.fields import FIELDS, FORMAT_VERSION
from trackkit.race.track import (
    CLOCKWISE,
    DEFAULT_LAPS,
    DEFAULT_RACERS,
    ROAD_TOUCH,
    SPACES_PER_TILE,
    RaceLayout,
)

__all__ = ["RULE_KEYS", "RaceFile", "dump_layout", "layout_schema", "read_layout"]

RaceFile = LoadedLayout[RaceLayout]
"""A RACE! layout as read from its file."""

RULE_KEYS = {
    "race/length": "spaces",
    "race/loop": "path",
    "race/overlap": "path",
    "race/touch": "path",
    "race/finish-corner": "finish",
    "race/grid": "racers",
    "race/racers": "racers",
}
"""The key each rule about no particular corner points at."""


def read_layout(root: yaml.MappingNode, text: str, file: str) -> RaceFile:
    """Read a RACE! layout from the node tree of its file's ``text``;
    raises one :class:`LayoutError` naming every problem found, as the
    Racepack reader does."""
    source = SourceMap(form="spaces", rule_keys=RULE_KEYS)
    problems = Problems()
    fields, values = versioned_values(root, FIELDS, FORMAT_VERSION, source, problems)
    circuit = _circuit(fields, values, problems)
    spaces = None
    with problems.gathered():
        spaces = _spaces(fields, values, circuit)
    finish = values.get("finish", spaces)
    if spaces is not None and finish is not None and finish > spaces:
        problems.add(
            at(
                fields["finish"],
                f"'finish' is {finish}, beyond the last space ({spaces})",
                f"give a space from 1 to {spaces}",
            )
        )
    if isinstance(fields.get("corners"), yaml.SequenceNode):
        for index, item in enumerate(fields["corners"].value):
            source.place(index, location(item), width(item))
    problems.raise_any()
    assert spaces is not None and finish is not None
    layout = RaceLayout(
        spaces=spaces,
        finish=finish,
        corners=values.get("corners", ()),
        direction=values.get("direction", CLOCKWISE),
        laps=values.get("laps", DEFAULT_LAPS),
        racers=values.get("racers", DEFAULT_RACERS),
        name=values.get("name"),
        description=values.get("description"),
        circuit=circuit,
        finish_in_corner=values.get("finish_in_corner", True),
        road_touch=values.get("road_touch", ROAD_TOUCH[0]),
    )
    return RaceFile(layout, source, file)


def _circuit(fields: dict[str, yaml.Node], values: dict[str, Any], problems: Problems) -> Circuit | None:
    """The piecepack circuit of a ``path`` (``None`` without one, or when
    the path could not be read)."""
    if "path" not in fields:
        for key in ("heading", "origin", "road_touch"):
            if key in fields:
                problems.add(
                    at(fields[key], f"'{key}' goes with 'path'", "give the piecepack path, or delete it")
                )
        return None
    if "path" not in values:
        return None
    return Circuit.from_path(
        values["path"], origin=values.get("origin", (0, 0)), heading=values.get("heading", Heading.EAST)
    )


def _spaces(fields: dict[str, yaml.Node], values: dict[str, Any], circuit: Circuit | None) -> int | None:
    """How many spaces the loop has: ``spaces``, or twice the path's tiles
    (``None`` when a value it needs could not be read)."""
    if circuit is None:
        if "spaces" not in fields and "path" not in fields:
            raise LayoutError(
                "the layout has no track",
                line=1,
                column=1,
                hint="add 'spaces: N' (a loop of N spaces) or a piecepack 'path'",
            )
        return values.get("spaces")
    derived = len(circuit) * SPACES_PER_TILE
    if "spaces" in values and values["spaces"] != derived:
        raise at(
            fields["spaces"],
            f"'spaces' is {values['spaces']}, but the path's {len(circuit)} tiles hold {derived} spaces",
            f"write spaces: {derived}, or leave it out",
        )
    return derived


def dump_layout(layout: RaceLayout) -> str:
    """Write a RACE! layout as YAML text; the same layout always gives the
    same text, and reading it back gives the same layout."""
    lines = header_lines(FORMAT_VERSION, layout.name, layout.description)
    lines += [
        f"game: {layout.game}",
        f"spaces: {layout.spaces}",
        f"direction: {layout.direction}",
        f"laps: {layout.laps}",
        f"racers: {layout.racers}",
        f"finish: {layout.finish}",
    ]
    if not layout.finish_in_corner:
        lines.append("finish_in_corner: false")
    if layout.corners:
        lines.append("corners:")
        lines += [f"- {{from: {c.first}, length: {c.length}, radius: {c.radius}}}" for c in layout.corners]
    if layout.circuit is not None:
        lines += _path_lines(layout.circuit)
    if layout.road_touch != ROAD_TOUCH[0]:
        lines.append(f"road_touch: {layout.road_touch}")
    return "\n".join(lines) + "\n"


def _path_lines(circuit: Circuit) -> list[str]:
    start = path_start_lines(circuit.tiles[0].entry, circuit.line_origin())
    return [f"path: {format_path(circuit.kinds())}", *start]


def layout_schema() -> dict[str, Any]:
    """The JSON Schema of RACE! layout files, from the reader's own field table."""
    schema = schema_of(
        FIELDS,
        title="trackkit RACE! layout",
        description="A RACE! track: a loop of spaces with rated corners, or a piecepack path.",
        required=["trackkit", "game"],
    )
    schema["anyOf"] = [{"required": ["spaces"]}, {"required": ["path"]}]
    return schema
